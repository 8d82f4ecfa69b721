package withdraw_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// inbox keeps the codes sent to a mailbox or phone.
type inbox struct {
	mu    sync.Mutex
	codes []notify.Code
}

func (b *inbox) SendCode(_ context.Context, c notify.Code) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.codes = append(b.codes, c)
	return nil
}

func (b *inbox) SendNotice(context.Context, notify.Notice) error { return nil }

func (b *inbox) last(t *testing.T, to, scene string) string {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := len(b.codes) - 1; i >= 0; i-- {
		if b.codes[i].To == to && b.codes[i].Scene == scene {
			return b.codes[i].Code
		}
	}
	t.Fatalf("no %s code to %s", scene, to)
	return ""
}

// twoFactorStub is alice's authenticator app: on or off, and one right code.
type twoFactorStub struct{ on bool }

func (s *twoFactorStub) Enabled(context.Context, int64) (bool, error) { return s.on, nil }
func (s *twoFactorStub) Verify(_ context.Context, _ int64, code string) error {
	if code != "246810" {
		return httpx.Warn("validation.required", i18n.Params{"field": "authenticator code"})
	}
	return nil
}

// verifyRig is the account calls (codes, bind) and the withdrawal calls on one router, for
// alice (email only) with a funded sub-account and one usable address.
type verifyRig struct {
	e     *env
	rt    *httpx.Router
	alice accounttest.User
	sub   pool.SubAccount
	addr  withdraw.Address
	mail  *inbox
	sms   *inbox
	totp  *twoFactorStub
}

func newVerifyRig(t *testing.T, e *env) *verifyRig {
	t.Helper()
	ctx := context.Background()
	e.coin.OpenStatus = true
	if err := e.store.Coins.Put(ctx, e.coin); err != nil {
		t.Fatal(err)
	}
	r := &verifyRig{e: e, alice: accounttest.NewUser(t, e.d, "alice@example.com", "", e.clock.Now()), mail: &inbox{}, sms: &inbox{}, totp: &twoFactorStub{}}
	pools := &pool.Store{DB: e.d, Now: e.clock.Now}
	var err error
	if r.sub, err = pools.CreateSubAccount(ctx, r.alice.ID, "alice", "main", "TST"); err != nil {
		t.Fatal(err)
	}
	accounts := &account.Service{Store: &account.Store{DB: e.d}, Guard: patient{}, Email: r.mail, SMS: r.sms, Now: e.clock.Now,
		Async: func(f func()) { f() }}
	r.rt = httpx.NewRouter(slog.New(slog.DiscardHandler), httpx.Options{DefaultLang: "en_US", RequireJSON: true})
	(&account.Handler{Service: accounts, Limiter: allowAll{}}).Routes(r.rt)
	(&withdraw.Handler{Store: e.store, Pool: pools, Account: accounts, User: (&account.Handler{Service: accounts}).RequireUser,
		Limiter: allowAll{}, TwoFactor: r.totp}).Routes(r.rt)
	e.credit(r.sub.ID, r.alice.ID, coinU)
	r.addr = e.usableAddress(r.alice.ID, e.otherAddress(1))
	return r
}

// answer is an API envelope with its HTTP status.
type answer struct {
	Status int
	Code   int             `json:"code"`
	Msg    string          `json:"msg"`
	Data   json.RawMessage `json:"data"`
}

// do runs a call as alice; headers are pairs (language, timezone...).
func (r *verifyRig) do(t *testing.T, method, path string, body any, headers ...string) answer {
	t.Helper()
	var raw []byte
	if body != nil {
		raw, _ = json.Marshal(body)
	}
	req := httptest.NewRequest(method, path, bytes.NewReader(raw))
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("x-token", r.alice.Token)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	r.rt.ServeHTTP(w, req)
	var a answer
	if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
		t.Fatalf("%s %s: %d %s", method, path, w.Code, w.Body)
	}
	a.Status = w.Code
	return a
}

func (r *verifyRig) want(t *testing.T, a answer, code int, msg string) {
	t.Helper()
	if a.Code != code || !strings.Contains(a.Msg, msg) {
		t.Fatalf("got %d code %d %q (data %s), want code %d %q", a.Status, a.Code, a.Msg, a.Data, code, msg)
	}
}

// ticket passes the slider.
func (r *verifyRig) ticket(t *testing.T) string {
	t.Helper()
	c := r.do(t, "POST", "/api/pc/v1/common/captcha/new", nil)
	chk := r.do(t, "POST", "/api/pc/v1/common/captcha/check", accounttest.CaptchaCheck(t, c.Data))
	var tk struct{ Ticket string }
	if err := json.Unmarshal(chk.Data, &tk); err != nil || tk.Ticket == "" {
		t.Fatalf("captcha %+v", chk)
	}
	return tk.Ticket
}

// code sends a code for scene to alice's own email or a phone and answers it; the clock
// passes the 60 s between two codes to one target.
func (r *verifyRig) code(t *testing.T, channel, to, scene string) string {
	t.Helper()
	path, param, box := "/api/pc/v1/customer/email/code/send", "email", r.mail
	if channel == "sms" {
		path, param, box = "/api/pc/v1/customer/sms/code/send", "phone", r.sms
	}
	r.want(t, r.do(t, "GET", path+"?"+url.Values{param: {to}, "scenes": {scene}, "ticket": {r.ticket(t)}}.Encode(), nil), 0, "")
	r.e.clock.Add(61 * time.Second)
	return box.last(t, to, scene)
}

// reload reads alice's session user again (her phone, her last contact change).
func (r *verifyRig) reload(t *testing.T) account.User {
	t.Helper()
	u, err := (&account.Store{DB: r.e.d}).UserByID(context.Background(), r.e.d, r.alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// Issue 29 item 2: after a phone is bound (as a thief with the session and the account's
// email code, or its password, would bind one), a withdrawal and a new or changed address
// are refused for 24 hours with a message that names the end in the reader's time zone
// (data.holdUntil too), and nothing changes: no withdrawal, the balance and the book as
// they were. The withdrawal dialog's info names the end. A description edit is no move of
// money and passes. After the 24 hours (the test clock) both go through.
func TestWithdrawalsAndAddressChangesWaitADayAfterAContactChange(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		r := newVerifyRig(t, e)
		phone := "13800138000"
		proof := r.code(t, "email", "alice@example.com", "bindPhone")
		bind := r.code(t, "sms", phone, "bindPhone")
		r.want(t, r.do(t, "POST", "/api/pc/v1/customer/phone/bind", map[string]any{"phone": phone, "code": bind, "currentCode": proof}), 0, "Bound")
		changed := r.reload(t).ContactChangedAt
		if changed == 0 {
			t.Fatal("the bind left no contact change time")
		}
		end := time.UnixMilli(changed).Add(account.ContactHold)

		var info struct {
			HoldUntil int64 `json:"holdUntil"`
		}
		infoPath := "/api/pc/v1/customer/withdraw/info?subAccount=alice&currencyType=TST"
		_ = json.Unmarshal(r.do(t, "GET", infoPath, nil).Data, &info)
		if info.HoldUntil != end.UnixMilli() {
			t.Fatalf("info holdUntil %d, want %d", info.HoldUntil, end.UnixMilli())
		}
		apply := map[string]any{"subAccount": "alice", "currencyType": "TST", "amount": "0.5", "addressId": r.addr.ID, "network": "TST",
			"verifyType": "phone", "code": r.code(t, "sms", phone, "withdraw")}
		book := func() string {
			list, err := e.store.Addresses(context.Background(), r.alice.ID, "")
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, a := range list {
				b.WriteString(a.Address + "|" + a.Description + ";")
			}
			return b.String()
		}
		before := book()
		tokyo := end.In(time.FixedZone("JST", 9*3600)).Format("2006-01-02 15:04") + " (UTC+09:00)"
		for _, c := range []struct{ lang, want string }{
			{"en_US", "paused for 24 hours after a phone or email change on your account: possible again from " + tokyo + "."},
			{"zh_CN", "24 小时内暂停提现以及新增、修改提现地址，" + tokyo + " 起恢复。"},
		} {
			a := r.do(t, "POST", "/api/pc/v1/customer/withdraw/apply", apply, "language", c.lang, "timezone", "Asia/Tokyo")
			r.want(t, a, 3, c.want)
			if a.Status != http.StatusBadRequest || string(a.Data) != `{"holdUntil":`+jsonInt(end.UnixMilli())+`}` {
				t.Fatalf("refusal %d data %s", a.Status, a.Data)
			}
		}
		add := map[string]any{"currencyType": "TST", "address": e.otherAddress(2), "network": "TST", "description": "new",
			"verifyType": "phone", "code": r.code(t, "sms", phone, "addressBook")}
		r.want(t, r.do(t, "POST", "/api/pc/v1/customer/address/save", add, "timezone", "Asia/Tokyo"), 3, "possible again from "+tokyo)
		edit := map[string]any{"id": r.addr.ID, "currencyType": "TST", "address": e.otherAddress(3), "network": "TST",
			"verifyType": "phone", "code": add["code"]}
		r.want(t, r.do(t, "POST", "/api/pc/v1/customer/address/save", edit), 3, "paused for 24 hours")
		if n := count(t, d, "withdrawals"); n != 0 || book() != before {
			t.Fatalf("during the hold: %d withdrawals, book %s (was %s)", n, book(), before)
		}
		if b := e.balance(r.sub.ID); b.Available != coinU || b.Frozen != 0 {
			t.Fatalf("balance moved: %+v", b)
		}
		// A new label sends money nowhere new: it passes, with the code the refusals left.
		label := map[string]any{"id": r.addr.ID, "currencyType": "TST", "address": r.addr.Address, "network": "TST", "description": "cold",
			"verifyType": "phone", "code": add["code"]}
		r.want(t, r.do(t, "POST", "/api/pc/v1/customer/address/save", label), 0, "")

		// Just before the end: still held. At the end: both go through.
		e.clock.Add(end.Sub(e.clock.Now()) - 2*time.Minute)
		apply["code"] = r.code(t, "sms", phone, "withdraw") // the clock moves 61 s: 59 s before the end
		r.want(t, r.do(t, "POST", "/api/pc/v1/customer/withdraw/apply", apply), 3, "paused for 24 hours")
		e.clock.Add(59 * time.Second)
		r.want(t, r.do(t, "POST", "/api/pc/v1/customer/withdraw/apply", apply), 0, "")
		add["code"] = r.code(t, "sms", phone, "addressBook")
		r.want(t, r.do(t, "POST", "/api/pc/v1/customer/address/save", add), 0, "")
		if n := count(t, d, "withdrawals"); n != 1 {
			t.Fatalf("%d withdrawals after the hold", n)
		}
		info.HoldUntil = -1
		_ = json.Unmarshal(r.do(t, "GET", infoPath, nil).Data, &info)
		if info.HoldUntil != 0 {
			t.Fatalf("info after the hold: %d", info.HoldUntil)
		}
		e.checkLedger()
	})
}

func jsonInt(v int64) string { b, _ := json.Marshal(v); return string(b) }

// Issue 29 item 5: withdrawal settings changed with a session alone, with two-factor
// sign-in on too, and could name an address inside its 48 hours. Saving a setting now
// takes the second verification of a withdrawal (the code, and the authenticator's code
// when it is on) and refuses a locked address; each refusal stores nothing and leaves the
// code usable. Turning a setting off takes none.
func TestSettingsTakeTheSecondVerification(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		r := newVerifyRig(t, e)
		ctx := context.Background()
		locked, err := e.store.SaveAddress(ctx, r.alice.ID, withdraw.AddressInput{Coin: "TST", Address: e.otherAddress(7), Network: "TST"}, noCode)
		if err != nil {
			t.Fatal(err)
		}
		settings := func() string {
			st, err := e.store.Settings(ctx, r.sub.ID)
			if err != nil {
				t.Fatal(err)
			}
			s := st["TST"]
			return jsonInt(s.Amount) + "/" + jsonInt(s.AddressID) + "/" + map[bool]string{true: "on", false: "off"}[s.Enabled]
		}
		path := "/api/pc/v1/customer/withdraw/setting"
		on := map[string]any{"subAccount": "alice", "currencyType": "TST", "autoEnabled": true, "amount": "0.5", "addressId": r.addr.ID}
		r.want(t, r.do(t, "POST", path, on), 3, "Verification method is required")
		on["verifyType"], on["code"] = "email", "000000"
		r.want(t, r.do(t, "POST", path, on), 3, "wrong or has expired")
		code := r.code(t, "email", "alice@example.com", "withdraw")
		on["code"], on["addressId"] = code, locked.ID
		for lang, msg := range map[string]string{"en_US": "48 hours after it was saved: 48 h to go", "zh_CN": "还需 48 小时"} {
			r.want(t, r.do(t, "POST", path, on, "language", lang), 3, msg)
		}
		if got := settings(); got != "0/0/off" {
			t.Fatalf("after refusals the setting is %s", got)
		}
		// The authenticator's code too while two-factor sign-in is on.
		r.totp.on = true
		on["addressId"] = r.addr.ID
		r.want(t, r.do(t, "POST", path, on), 3, "authenticator")
		on["totpCode"] = "246810"
		r.want(t, r.do(t, "POST", path, on), 0, "saved")
		if got := settings(); got != jsonInt(coinU/2)+"/"+jsonInt(r.addr.ID)+"/on" {
			t.Fatalf("saved setting %s", got)
		}
		// The code is spent with the save.
		on["amount"] = "0.7"
		r.want(t, r.do(t, "POST", path, on), 3, "wrong or has expired")
		// Off takes no verification, by the form or by the turn-off call.
		r.want(t, r.do(t, "POST", path, map[string]any{"subAccount": "alice", "currencyType": "TST", "autoEnabled": false}), 0, "saved")
		if got := settings(); got != jsonInt(coinU/2)+"/"+jsonInt(r.addr.ID)+"/off" {
			t.Fatalf("turned off: %s", got)
		}
		r.want(t, r.do(t, "GET", "/api/pc/v1/customer/withdraw/setting/closed?subAccount=alice&currencyType=TST", nil), 0, "saved")
		// The store refuses a locked address whoever calls it.
		if _, err := e.store.SaveSetting(ctx, withdraw.SettingInput{UserID: r.alice.ID, SubAccountID: r.sub.ID, Coin: "TST", Enabled: true,
			Amount: "0.5", AddressID: locked.ID}); key(err) != "withdraw.addressLocked" {
			var he *httpx.Error
			t.Fatalf("SaveSetting to a locked address: %v %v", err, errors.As(err, &he))
		}
	})
}
