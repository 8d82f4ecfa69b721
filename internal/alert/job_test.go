package alert_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/alert"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/notify"
)

// A rig that stops is one offline alert after its threshold (10 minutes for a share
// every 10 s), however often the job looks, and one recovery when it is back; each is one
// mail in the language the owner saved in, and SMS when chosen. Re-runs send nothing twice.
func TestOfflineAlertAndRecovery(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		w.save("farm", map[string]any{"bySms": true}, "ko_KR")
		// farm.rig2 keeps mining all along; farm.rig1 stops at t0.
		w.mine("farm.rig2", t0, t0.Add(2*time.Hour), 6)
		if r := w.run(t0); r.Events != 0 {
			t.Fatalf("first look: %+v", r)
		}
		for _, m := range []time.Duration{5 * time.Minute, 9 * time.Minute, 10 * time.Minute} {
			if r := w.run(t0.Add(m)); r.Events != 0 {
				t.Fatalf("alerted after %s: %+v", m, r)
			}
		}
		r := w.run(t0.Add(11 * time.Minute))
		if r.Events != 1 || r.Sent != 2 {
			t.Fatalf("after 11 minutes: %+v, want one event sent by email and SMS", r)
		}
		mails := w.email.all()
		if len(mails) != 1 || len(w.sms.all()) != 1 {
			t.Fatalf("%d mails, %d texts", len(mails), len(w.sms.all()))
		}
		m := mails[0]
		if m.To != "alice@example.com" || m.Lang != "ko_KR" || m.SubAccount != "farm" || m.Digest || len(m.Items) != 1 {
			t.Fatalf("mail %+v", m)
		}
		it := m.Items[0]
		if it.Kind != notify.AlertOffline || it.Worker != "farm.rig1" || it.Coin != "BTC" || !it.At.Equal(t0.Truncate(time.Millisecond)) ||
			it.Threshold != 10*time.Minute {
			t.Fatalf("item %+v", it)
		}
		if s := w.sms.all()[0]; s.To != "13800138000" || s.Channel != notify.ChannelSMS {
			t.Fatalf("text %+v", s)
		}
		rendered, err := notify.RenderAlert(m)
		if err != nil || !strings.Contains(rendered.Subject, "오프라인 1대") || !strings.Contains(rendered.Text, "farm.rig1(BTC) 오프라인") {
			t.Fatalf("rendered %q / %q: %v", rendered.Subject, rendered.Text, err)
		}
		// The job keeps looking while the rig is down: nothing more.
		for _, m := range []time.Duration{12 * time.Minute, 20 * time.Minute, 40 * time.Minute} {
			if r := w.run(t0.Add(m)); r.Events+r.Sent != 0 {
				t.Fatalf("at %s: %+v", m, r)
			}
		}
		// Back at 41 minutes.
		w.mine("farm.rig1", t0.Add(41*time.Minute), t0.Add(42*time.Minute), 6)
		if r := w.run(t0.Add(42 * time.Minute)); r.Events != 1 || r.Sent != 2 {
			t.Fatalf("back: %+v", r)
		}
		for i := 0; i < 3; i++ {
			if r := w.run(t0.Add(42 * time.Minute)); r.Events+r.Sent != 0 {
				t.Fatalf("a re-run: %+v", r)
			}
		}
		mails = w.email.all()
		if len(mails) != 2 || mails[1].Items[0].Kind != notify.AlertOnline || !mails[1].Items[0].At.Equal(t0.Add(42*time.Minute).Truncate(time.Millisecond)) {
			t.Fatalf("mails %+v", mails)
		}
		if got := w.events(); got[alert.KindOffline] != 1 || got[alert.KindOnline] != 1 || len(got) != 2 {
			t.Fatalf("events %v", got)
		}

		// The owner's list: newest first, each told.
		var page struct {
			Total int `json:"total"`
			Rows  []struct {
				Kind             string `json:"kind"`
				Worker           string `json:"worker"`
				ThresholdMinutes int    `json:"thresholdMinutes"`
				Delivery         string `json:"delivery"`
			} `json:"rows"`
		}
		if err := json.Unmarshal(w.ok("GET", "/api/pc/v1/pool/alert/list?code=farm&page=1&pageSize=10", w.alice.Token, "", nil), &page); err != nil {
			t.Fatal(err)
		}
		if page.Total != 2 || page.Rows[0].Kind != "online" || page.Rows[1].Kind != "offline" || page.Rows[1].ThresholdMinutes != 10 ||
			page.Rows[0].Delivery != "sent" || page.Rows[1].Worker != "farm.rig1" {
			t.Fatalf("list %+v", page)
		}
	})
}

// Two jobs processes judging and sending at once write each event once and send each
// notice once; a send that fails after the server took the message is sent once more
// after the lease, and never again.
func TestAlertIdempotency(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		w.save("farm", nil, "en_US")
		w.run(t0)
		other := w.newJob()
		at := t0.Add(11 * time.Minute)
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for _, j := range []*alert.Job{w.job, other, w.job, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := j.Judge(w.ctx, at); err != nil {
					errs <- err
				}
			}()
		}
		wg.Wait()
		for _, j := range []*alert.Job{w.job, other, w.job, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, _, err := j.Send(w.ctx, at); err != nil {
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Errorf("a concurrent run: %v", err)
		}
		// Two rigs of farm stopped at t0: one event each, one mail naming both.
		if got := w.events(); got[alert.KindOffline] != 2 || len(got) != 1 {
			t.Fatalf("events %v", got)
		}
		if mails := w.email.all(); len(mails) != 1 || len(mails[0].Items) != 2 {
			t.Fatalf("mails %+v", mails)
		}

		// farm comes back; the mail server drops the connection after taking the recovery.
		w.email.failNext = 1
		w.mine("farm.rig1", t0.Add(20*time.Minute), t0.Add(21*time.Minute), 6)
		w.mine("farm.rig2", t0.Add(20*time.Minute), t0.Add(21*time.Minute), 6)
		if r := w.run(t0.Add(21 * time.Minute)); r.Events != 2 || r.Failed != 1 {
			t.Fatalf("recovery with a failed send: %+v", r)
		}
		if r := w.run(t0.Add(22 * time.Minute)); r.Sent != 0 {
			t.Fatalf("sent again within the lease: %+v", r)
		}
		if r := w.run(t0.Add(21*time.Minute + alert.Lease + time.Second)); r.Sent != 1 {
			t.Fatalf("not sent again after the lease: %+v", r)
		}
		for i := 0; i < 3; i++ {
			if r := w.run(t0.Add(30 * time.Minute)); r.Sent+r.Events != 0 {
				t.Fatalf("a later run: %+v", r)
			}
		}
		if n := len(w.email.all()); n != 3 {
			t.Fatalf("%d mails, want the alert, and the recovery twice (once lost)", n)
		}
	})
}

// The hashrate alert fires below the chosen share of the 24 h average, not while a rig is
// merely slow by luck, and recovers above the band; a stopped rig is left to the offline
// alert.
func TestHashrateAlert(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		w.save("farm", map[string]any{"offlineEnabled": false, "hashrateEnabled": true, "hashratePercent": 70}, "en_US")
		w.run(t0)
		// rig1 drops to a third for 20 minutes; rig2 keeps going.
		w.mine("farm.rig1", t0, t0.Add(20*time.Minute), 2)
		w.mine("farm.rig2", t0, t0.Add(20*time.Minute), 6)
		for _, m := range []time.Duration{5 * time.Minute, 10 * time.Minute, 14 * time.Minute} {
			if r := w.run(t0.Add(m)); r.Events != 0 { // settling after the first look
				t.Fatalf("alerted at %s: %+v", m, r)
			}
		}
		r := w.run(t0.Add(20*time.Minute + 10*time.Second))
		got := w.events()
		if got[alert.KindHashrateLow] != 1 || len(got) != 1 {
			t.Fatalf("events %v (last run %+v)", got, r)
		}
		mails := w.email.all()
		if len(mails) != 1 || mails[0].Items[0].Kind != notify.AlertHashrateLow || mails[0].Items[0].Worker != "farm.rig1" ||
			mails[0].Items[0].Percent > 40 || mails[0].Items[0].Percent < 30 {
			t.Fatalf("mails %+v", mails)
		}
		if !strings.HasSuffix(mails[0].Items[0].Average, "H/s") {
			t.Fatalf("average %q", mails[0].Items[0].Average)
		}
		// Back at full speed for 20 minutes: one recovery.
		w.mine("farm.rig1", t0.Add(20*time.Minute), t0.Add(40*time.Minute), 6)
		w.mine("farm.rig2", t0.Add(20*time.Minute), t0.Add(40*time.Minute), 6)
		for _, m := range []time.Duration{25 * time.Minute, 30 * time.Minute, 35 * time.Minute, 40 * time.Minute} {
			w.run(t0.Add(m + 10*time.Second))
		}
		if got := w.events(); got[alert.KindHashrateLow] != 1 || got[alert.KindHashrateBack] != 1 || len(got) != 2 {
			t.Fatalf("events %v", got)
		}
		// rig2 stops dead: with offline alerts off, it is not a hashrate alert either.
		w.mine("farm.rig1", t0.Add(40*time.Minute), t0.Add(70*time.Minute), 6)
		for _, m := range []time.Duration{41 * time.Minute, 45 * time.Minute, 55 * time.Minute, 70 * time.Minute} {
			w.run(t0.Add(m + 10*time.Second))
		}
		if got := w.events(); got[alert.KindHashrateLow] != 1 || len(got) != 2 {
			t.Fatalf("a stopped rig raised %v", got)
		}
	})
}

// With the daily digest the job writes the events at once but mails them together once a
// day at the chosen hour (in the owner's time zone); turning the digest off sends what
// waits.
func TestDailyDigest(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		// t0 is 16:00 in Beijing; the digest goes at 17:00.
		w.save("farm", map[string]any{"digest": true, "digestHour": 17}, "zh_CN")
		w.run(t0)
		w.mine("farm.rig2", t0, t0.Add(4*time.Hour), 6)
		if r := w.run(t0.Add(11 * time.Minute)); r.Events != 1 || r.Sent != 0 {
			t.Fatalf("a digest event: %+v", r)
		}
		w.mine("farm.rig1", t0.Add(30*time.Minute), t0.Add(2*time.Hour), 6)
		if r := w.run(t0.Add(31 * time.Minute)); r.Events != 1 || r.Sent != 0 {
			t.Fatalf("a second digest event: %+v", r)
		}
		var page struct {
			Rows []struct {
				Delivery string `json:"delivery"`
			} `json:"rows"`
		}
		_ = json.Unmarshal(w.ok("GET", "/api/pc/v1/pool/alert/list?code=farm", w.alice.Token, "", nil), &page)
		if len(page.Rows) != 2 || page.Rows[0].Delivery != "digest" {
			t.Fatalf("list %+v", page)
		}
		if r := w.run(t0.Add(59 * time.Minute)); r.Digests != 0 || len(w.email.all()) != 0 {
			t.Fatalf("a digest before its hour: %+v", r)
		}
		if r := w.run(t0.Add(61 * time.Minute)); r.Digests != 1 || r.Sent != 1 {
			t.Fatalf("the digest at 17:01: %+v", r)
		}
		for i := 0; i < 2; i++ {
			if r := w.run(t0.Add(62 * time.Minute)); r.Digests+r.Sent != 0 {
				t.Fatalf("a second digest: %+v", r)
			}
		}
		mails := w.email.all()
		if len(mails) != 1 || !mails[0].Digest || mails[0].Day != "2026-11-25" || len(mails[0].Items) != 2 || mails[0].Lang != "zh_CN" {
			t.Fatalf("digest %+v", mails)
		}
		rendered, err := notify.RenderAlert(mails[0])
		if err != nil || !strings.Contains(rendered.Subject, "每日告警汇总") || !strings.Contains(rendered.Subject, "1 台离线，1 台恢复在线") {
			t.Fatalf("digest subject %q: %v", rendered.Subject, err)
		}
		// Another outage the same evening waits for tomorrow's digest...
		if r := w.run(t0.Add(2*time.Hour + 11*time.Minute)); r.Events != 1 || r.Digests != 0 {
			t.Fatalf("a third event: %+v", r)
		}
		if r := w.run(t0.Add(3 * time.Hour)); r.Digests != 0 {
			t.Fatalf("two digests a day: %+v", r)
		}
		// ...unless the digest is turned off: then it goes at once.
		w.save("farm", map[string]any{"digest": false}, "zh_CN")
		if r := w.run(t0.Add(3 * time.Hour)); r.Digests != 1 || r.Sent != 1 {
			t.Fatalf("after the digest is turned off: %+v", r)
		}
		if mails := w.email.all(); len(mails) != 2 || len(mails[1].Items) != 1 {
			t.Fatalf("mails %+v", mails)
		}
	})
}

// Alerts appear in the observer messages of links that share their coin (and
// sub-account), with machine info; a link of another coin is not told.
func TestAlertsInObserverMessages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		w.save("farm", nil, "en_US")
		w.save("spare", nil, "en_US")
		w.run(t0)
		w.mine("farm.rig2", t0, t0.Add(time.Hour), 6)
		w.run(t0.Add(11 * time.Minute)) // farm.rig1 and spare.rig3 stop
		link := func(spec map[string]any) string {
			var l struct {
				Token string `json:"token"`
			}
			if err := json.Unmarshal(w.ok("POST", "/api/pc/v1/customer/observer/link/add", w.alice.Token, "", spec), &l); err != nil {
				t.Fatal(err)
			}
			return l.Token
		}
		btc := link(map[string]any{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "incomeInfoEnabled": false, "note": "host"})
		ltcIncome := link(map[string]any{"currencyList": []string{"LTC"}, "machineInfoEnabled": false, "incomeInfoEnabled": true, "note": "partner"})
		type row struct {
			ID    string `json:"id"`
			Kind  string `json:"kind"`
			Coin  string `json:"coin"`
			Title string `json:"title"`
		}
		list := func(token, lang string) []row {
			var p struct {
				Rows []row `json:"rows"`
			}
			if err := json.Unmarshal(w.ok("GET", "/api/pc/v1/helpPage/observer/message/list?page=1&pageSize=50", token, lang, nil), &p); err != nil {
				t.Fatal(err)
			}
			return p.Rows
		}
		rows := list(btc, "en_US")
		if len(rows) != 1 || rows[0].Kind != "alert" || rows[0].Coin != "BTC" || rows[0].Title != "Alert: farm.rig1 is offline" ||
			!strings.HasPrefix(rows[0].ID, "alert-") {
			t.Fatalf("BTC link: %+v", rows)
		}
		if zh := list(btc, "zh_HK"); zh[0].Title != "警報：farm.rig1 已離線" {
			t.Fatalf("in zh_HK: %q", zh[0].Title)
		}
		if rows := list(ltcIncome, "en_US"); len(rows) != 0 {
			t.Fatalf("an income-only LTC link told of alerts: %+v", rows)
		}
		var detail struct {
			Alerts []struct {
				Worker string `json:"worker"`
				Kind   string `json:"kind"`
				Since  int64  `json:"since"`
			} `json:"alerts"`
		}
		if err := json.Unmarshal(w.ok("GET", "/api/pc/v1/helpPage/observer/message/detail?messageid="+rows[0].ID, btc, "", nil), &detail); err != nil {
			t.Fatal(err)
		}
		if len(detail.Alerts) != 1 || detail.Alerts[0].Worker != "farm.rig1" || detail.Alerts[0].Kind != "offline" || detail.Alerts[0].Since != t0.UnixMilli() {
			t.Fatalf("detail %+v", detail)
		}
	})
}
