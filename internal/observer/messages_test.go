package observer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/helpcenter"
	"github.com/uniplus-pool/pool/internal/ops/audit"
	"github.com/uniplus-pool/pool/internal/pool"
)

const msgs = "/api/pc/v1/helpPage/observer/message/"

type messageRow struct {
	ID          string `json:"id"`
	Kind        string `json:"kind"`
	Coin        string `json:"coin"`
	Title       string `json:"title"`
	Summary     string `json:"summary"`
	PublishedAt int64  `json:"publishedAt"`
	Read        bool   `json:"read"`
}

type messagePage struct {
	Total       int          `json:"total"`
	Rows        []messageRow `json:"rows"`
	UnReadCount int          `json:"unReadCount"`
}

func (w *world) messages(token string) messagePage {
	w.t.Helper()
	var p messagePage
	if err := json.Unmarshal(w.want("GET", msgs+"list?page=1&pageSize=50", token, nil, 0), &p); err != nil {
		w.t.Fatal(err)
	}
	return p
}

func (w *world) unread(token string) int {
	w.t.Helper()
	var info struct {
		UnReadCount int `json:"unReadCount"`
	}
	if err := json.Unmarshal(w.want("GET", msgs+"info", token, nil, 0), &info); err != nil {
		w.t.Fatal(err)
	}
	return info.UnReadCount
}

func titles(p messagePage) []string {
	var out []string
	for _, r := range p.Rows {
		out = append(out, r.Title)
	}
	return out
}

func subID(t *testing.T, d *db.DB, code string) int64 {
	t.Helper()
	var id int64
	if err := d.QueryRow(context.Background(), "SELECT id FROM sub_accounts WHERE code = ?", code).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// What each link is told: its devices going offline and back (machine info), its coins'
// settled days (income info) and announcements, within its coins and sub-accounts; read
// marks per link; a message outside the link is not found; readAll clears the marker.
func TestObserverMessages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		w := newWorld(t, d)
		machine := w.add(map[string]any{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "host"})
		income := w.add(map[string]any{"currencyList": []string{"BTC", "LTC"}, "incomeInfoEnabled": true, "note": "partner"})
		spare := w.add(map[string]any{"currencyList": []string{"LTC"}, "machineInfoEnabled": true, "incomeInfoEnabled": true,
			"note": "spare", "subAccounts": []string{"spare"}})
		for _, l := range []link{machine, income, spare} {
			if p := w.messages(l.Token); p.Total != 0 || p.UnReadCount != 0 {
				t.Fatalf("a new link has messages: %+v", p)
			}
		}

		// Every device goes quiet: the sweep takes them offline and notes it.
		ps := &pool.Store{DB: d}
		w.advance(pool.OfflineAfter + time.Minute)
		if n, _, err := ps.SweepDevices(ctx, w.clock()); err != nil || n != 3 {
			t.Fatalf("sweep: %d offline, %v", n, err)
		}
		got := w.messages(machine.Token)
		if want := []string{"farm.rig1 is offline"}; !slices.Equal(titles(got), want) || got.UnReadCount != 1 || got.Rows[0].Read {
			t.Fatalf("machine link: %+v, want %v unread", got, want)
		}
		if s := got.Rows[0].Summary; s != "BTC, sub-account farm: farm.rig1" {
			t.Errorf("summary %q", s)
		}
		if got := w.messages(spare.Token); !slices.Equal(titles(got), []string{"spare.rig2 is offline"}) {
			t.Errorf("spare link: %v", titles(got))
		}
		if got := w.messages(income.Token); got.Total != 0 {
			t.Errorf("income-only link told of devices: %v", titles(got))
		}
		// A second sweep notes nothing new.
		if _, _, err := ps.SweepDevices(ctx, w.clock().Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if got := w.messages(machine.Token); got.Total != 1 {
			t.Errorf("a second sweep repeated the message: %v", titles(got))
		}

		// farm.rig1 comes back: the next sweep notes it.
		w.advance(2 * time.Minute)
		farm := w.messages(machine.Token).Rows[0]
		var rig1 int64
		if err := d.QueryRow(ctx, "SELECT id FROM devices WHERE worker = 'rig1'").Scan(&rig1); err != nil {
			t.Fatal(err)
		}
		if err := ps.Touch(ctx, []int64{rig1}, w.clock()); err != nil {
			t.Fatal(err)
		}
		w.advance(time.Minute)
		if _, _, err := ps.SweepDevices(ctx, w.clock()); err != nil {
			t.Fatal(err)
		}
		got = w.messages(machine.Token)
		if want := []string{"farm.rig1 is back online", "farm.rig1 is offline"}; !slices.Equal(titles(got), want) || got.UnReadCount != 2 {
			t.Fatalf("after the comeback: %v (%d unread), want %v", titles(got), got.UnReadCount, want)
		}

		// Opening one marks it read for this link only.
		var detail struct {
			ID      string `json:"id"`
			Kind    string `json:"kind"`
			PrevID  *string
			NextID  *string `json:"nextId"`
			Devices []struct {
				Worker, SubAccount string
				Since              int64
			} `json:"devices"`
		}
		if err := json.Unmarshal(w.want("GET", msgs+"detail?messageid="+farm.ID, machine.Token, nil, 0), &detail); err != nil {
			t.Fatal(err)
		}
		if detail.Kind != "devicesOffline" || len(detail.Devices) != 1 || detail.Devices[0].Worker != "farm.rig1" ||
			detail.Devices[0].SubAccount != "farm" || detail.Devices[0].Since == 0 || detail.NextID != nil {
			t.Errorf("detail %+v", detail)
		}
		if n := w.unread(machine.Token); n != 1 {
			t.Errorf("after opening one: %d unread, want 1", n)
		}
		// The same message is not the spare link's, nor another id's.
		w.want("GET", msgs+"detail?messageid="+farm.ID, spare.Token, nil, 3)
		w.want("GET", msgs+"detail?messageid="+farm.ID, income.Token, nil, 3)
		w.want("GET", msgs+"detail?messageid=device-1%27%20OR%201=1", machine.Token, nil, 3)
		// Without machine info the device messages go: the feed follows the link as it is now.
		w.want("POST", "/api/pc/v1/customer/observer/link/edit", w.alice.Token, map[string]any{"token": machine.Token,
			"currencyList": []string{"BTC"}, "incomeInfoEnabled": true, "note": "host"}, 0)
		if got := w.messages(machine.Token); got.Total != 0 {
			t.Errorf("income-only now, still told of devices: %v", titles(got))
		}
		w.want("GET", msgs+"detail?messageid="+farm.ID, machine.Token, nil, 3)
		w.want("POST", "/api/pc/v1/customer/observer/link/edit", w.alice.Token, map[string]any{"token": machine.Token,
			"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "note": "host"}, 0)

		// Settled days: each income link is told of its coins' days, summed over its scope.
		day := earnings.DayOf(w.clock()).Prev()
		minute := day.Start().Add(time.Hour).UnixMilli()
		err := d.InTx(ctx, func(tx *db.Tx) error {
			return earnings.AddAccruals(ctx, tx, []earnings.Accrual{
				{SubAccountID: subID(t, d, "farm"), UserID: w.alice.ID, Coin: "BTC", Minute: minute, Reward: 100_000_000, RatioSum: 0.25, DiffSum: 1, Accepted: 1},
				{SubAccountID: subID(t, d, "spare"), UserID: w.alice.ID, Coin: "LTC", Minute: minute, Reward: 100_000_000, RatioSum: 0.5, DiffSum: 1, Accepted: 1},
				{SubAccountID: subID(t, d, "bobs"), UserID: w.bob.ID, Coin: "BTC", Minute: minute, Reward: 100_000_000, RatioSum: 0.125, DiffSum: 1, Accepted: 1},
			})
		})
		if err != nil {
			t.Fatal(err)
		}
		w.advance(time.Minute)
		cs := &coin.Store{DB: d}
		for _, typ := range []string{"BTC", "LTC"} {
			c, err := cs.Get(ctx, typ)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := (&earnings.Store{DB: d}).SettleThrough(ctx, c, day, w.clock()); err != nil {
				t.Fatal(err)
			}
		}
		got = w.messages(income.Token)
		wantIncome := []string{fmt.Sprintf("BTC earnings of %s settled", day), fmt.Sprintf("LTC earnings of %s settled", day)}
		if !slices.Equal(titles(got), wantIncome) {
			t.Fatalf("income link: %v, want %v", titles(got), wantIncome)
		}
		for _, r := range got.Rows {
			want := map[string]string{"BTC": "0.25000000 BTC booked to 1 sub-account.", "LTC": "0.50000000 LTC booked to 1 sub-account."}[r.Coin]
			if r.Summary != want {
				t.Errorf("%s summary %q, want %q", r.Coin, r.Summary, want)
			}
		}
		got = w.messages(spare.Token)
		if want := []string{fmt.Sprintf("LTC earnings of %s settled", day), "spare.rig2 is offline"}; !slices.Equal(titles(got), want) {
			t.Errorf("spare link: %v, want %v", titles(got), want)
		}
		if got := w.messages(machine.Token); slices.ContainsFunc(got.Rows, func(r messageRow) bool { return r.Kind == "earningsSettled" }) {
			t.Errorf("machine-only link told of earnings: %v", titles(got))
		}
		var day1 struct {
			Earnings struct {
				Amount string
				Rows   []struct{ SubAccount, Amount string }
			}
		}
		if err := json.Unmarshal(w.want("GET", msgs+"detail?messageid=earningsSettled-LTC-"+string(day), spare.Token, nil, 0), &day1); err != nil {
			t.Fatal(err)
		}
		if day1.Earnings.Amount != "0.50000000" || len(day1.Earnings.Rows) != 1 || day1.Earnings.Rows[0].SubAccount != "spare" {
			t.Errorf("earnings detail %+v", day1)
		}
		w.want("GET", msgs+"detail?messageid=earningsSettled-BTC-"+string(day), spare.Token, nil, 3)

		// An announcement reaches every link, in the observer's language.
		hs := &helpcenter.Store{DB: d, Now: w.clock}
		id, err := hs.Create(ctx, audit.CLI, helpcenter.KindAnnouncement, helpcenter.Translation{Lang: "en_US", Title: "Maintenance", BodyMD: "The pool <b>pauses</b> at 02:00."})
		if err != nil {
			t.Fatal(err)
		}
		if err := hs.SetPublished(ctx, audit.CLI, helpcenter.KindAnnouncement, id, true, ""); err != nil {
			t.Fatal(err)
		}
		w.advance(time.Minute)
		for _, l := range []link{machine, income, spare} {
			if got := w.messages(l.Token); len(got.Rows) == 0 || got.Rows[0].Title != "Maintenance" || got.Rows[0].Read {
				t.Errorf("announcement not first and unread: %v", titles(got))
			}
		}
		var ann struct{ HTML string }
		if err := json.Unmarshal(w.want("GET", msgs+fmt.Sprintf("detail?messageid=announcement-%d", id), income.Token, nil, 0), &ann); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(ann.HTML, "<b>") || !strings.Contains(ann.HTML, "pauses") {
			t.Errorf("announcement html %q", ann.HTML)
		}

		// readAll clears one link's marker, not another's; a later message is unread again.
		before := w.unread(spare.Token)
		w.want("POST", msgs+"readAll", income.Token, nil, 0)
		if n := w.unread(income.Token); n != 0 {
			t.Errorf("after readAll: %d unread", n)
		}
		if n := w.unread(spare.Token); n != before || n == 0 {
			t.Errorf("another link's marker moved: %d, was %d", n, before)
		}
		if _, _, err := ps.SweepDevices(ctx, w.clock().Add(pool.OfflineAfter+time.Minute)); err != nil {
			t.Fatal(err)
		}
		w.advance(pool.OfflineAfter + 2*time.Minute)
		if n := w.unread(machine.Token); n == 0 {
			t.Errorf("farm.rig1 offline again: nothing unread")
		}

		// Only an observer token reads messages; a deleted link reads none.
		w.want("GET", msgs+"list?page=1&pageSize=10", w.alice.Token, nil, 5)
		w.want("GET", msgs+"list?page=1&pageSize=10", "", nil, 5)
		w.want("POST", "/api/pc/v1/customer/observer/link/delete", w.alice.Token, map[string]any{"token": spare.Token}, 0)
		w.want("GET", msgs+"info", spare.Token, nil, 5)
		w.want("POST", msgs+"readAll", spare.Token, nil, 5)
		var reads int
		if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM observer_message_reads WHERE link_id = ?", spare.ID).Scan(&reads); err != nil || reads != 0 {
			t.Errorf("a deleted link's read marks stay: %d (%v)", reads, err)
		}
	})
}
