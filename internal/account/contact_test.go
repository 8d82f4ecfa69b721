package account_test

import (
	"context"
	"encoding/json"
	"net/url"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/notify"
)

// userRow reads the user as the store has it now.
func (h *harness) userRow(email string) account.User {
	h.t.Helper()
	u, err := h.svc.Store.UserByContact(context.Background(), h.db, account.ChannelEmail, email)
	if err != nil {
		h.t.Fatal(err)
	}
	return u
}

// Issue 29 item 2: a stolen session on an email-only account bound the thief's phone with
// nothing but a code to that phone, and the phone then passed the second verification of
// withdrawals. Now a bind needs the password or a code to the contact the account has;
// without either, or with a wrong one, nothing changes (no phone, no hold, no notice, the
// thief's bind code unspent). The holder's bind with the right proof binds, starts the
// 24-hour hold and tells the email, in the language the account registered in.
func TestStolenSessionCannotBindAContact(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		reg := h.sendEmail("victim@example.com", "register", "")
		h.lang = "zh_CN" // the holder registers in Chinese
		h.want(h.post("/api/pc/v1/common/customer/register/email", "", map[string]any{
			"email": "victim@example.com", "emailCode": reg, "nickName": "victim", "password": ownerPW}), 200, 0, "")
		h.lang = ""
		stolen := h.login("victim@example.com", ownerPW)
		thief := "13800138000"
		bind := h.sendSMS(thief, "bindPhone", stolen)
		unchanged := func(when string) {
			t.Helper()
			u := h.userRow("victim@example.com")
			if u.Phone != "" || u.ContactChangedAt != 0 {
				t.Fatalf("%s: phone %q, contact changed at %d", when, u.Phone, u.ContactChangedAt)
			}
			if n := len(h.mail.all()) + len(h.sms.all()); n != 0 {
				t.Fatalf("%s: notices %+v %+v", when, h.mail.all(), h.sms.all())
			}
		}
		for lang, msg := range map[string]string{"en_US": "first confirm it is you", "zh_CN": "需要确认是您本人"} {
			h.lang = lang
			h.want(h.post("/api/pc/v1/customer/phone/bind", stolen, map[string]any{"phone": thief, "code": bind}), 400, 3, msg)
		}
		h.lang = ""
		unchanged("a bind with the session alone")
		h.want(h.post("/api/pc/v1/customer/phone/bind", stolen, map[string]any{"phone": thief, "code": bind, "password": "guess-1234"}), 400, 3, "password is wrong")
		h.want(h.post("/api/pc/v1/customer/phone/bind", stolen, map[string]any{"phone": thief, "code": bind, "currentCode": "000000"}), 400, 3, "wrong or has expired")
		// A code to the email for another scene proves nothing for a bind.
		reset := h.sendEmail("victim@example.com", "resetPwdByEmail", stolen)
		h.want(h.post("/api/pc/v1/customer/phone/bind", stolen, map[string]any{"phone": thief, "code": bind, "currentCode": reset}), 400, 3, "wrong or has expired")
		unchanged("a bind with a wrong password or code")
		// Nothing was spent: the thief's code and the email's code still work for whoever holds
		// the email (here, to show it; the thief never sees the email's code).
		proof := h.sendEmail("victim@example.com", "bindPhone", stolen)
		h.mail.mu.Lock()
		h.mail.codes = nil
		h.mail.mu.Unlock()
		at := h.clock.Now()
		h.want(h.post("/api/pc/v1/customer/phone/bind", stolen, map[string]any{"phone": thief, "code": bind, "currentCode": proof}), 200, 0, "Bound")
		u := h.userRow("victim@example.com")
		if u.Phone != thief || u.ContactChangedAt != at.UnixMilli() {
			t.Fatalf("after the bind: phone %q, changed at %d, want %d", u.Phone, u.ContactChangedAt, at.UnixMilli())
		}
		if end, on := u.ContactHoldUntil(at.Add(23 * time.Hour)); !on || !end.Equal(time.UnixMilli(at.UnixMilli()).Add(account.ContactHold)) {
			t.Fatalf("hold %v %v", end, on)
		}
		if _, on := u.ContactHoldUntil(at.Add(account.ContactHold)); on {
			t.Fatal("the hold outlasts its 24 hours")
		}
		// Both codes were spent with the bind (a bind to another phone with them is refused).
		h.want(h.post("/api/pc/v1/customer/phone/bind", stolen, map[string]any{"phone": thief, "code": bind, "currentCode": proof}), 400, 3, "already bound")
		told := h.mail.noticesTo("victim@example.com", notify.NoticeContactChanged)
		if len(told) != 1 || told[0].Lang != "zh_CN" || told[0].Params["action"] != "phoneBound" || told[0].Params["target"] != "138****8000" ||
			told[0].Params["until"] != at.Add(24*time.Hour).In(time.FixedZone("CST", 8*3600)).Format("2006-01-02 15:04") {
			t.Fatalf("the email was told %+v", told)
		}
		if n := len(h.sms.noticesTo(thief, notify.NoticeContactChanged)); n != 0 {
			t.Fatalf("the new phone was told %d times: only the contacts the account had are", n)
		}
		// A bindPhone code by email needs a phone still to bind.
		h.want(h.get("/api/pc/v1/customer/email/code/send", stolen, url.Values{"email": {"victim@example.com"}, "scenes": {"bindPhone"}, "ticket": {h.ticket()}}), 400, 3, "already has a phone")

		// A change of the phone tells the phone it replaces and the email.
		h.clock.Add(time.Hour)
		oldCode := h.sendSMS(thief, "changePhone", stolen)
		newCode := h.sendSMS("13700137000", "newPhone", stolen)
		h.want(h.post("/api/pc/v1/customer/phone/change", stolen, map[string]any{"code": oldCode, "newPhone": "13700137000", "newCode": newCode}), 200, 0, "")
		if u := h.userRow("victim@example.com"); u.ContactChangedAt != h.clock.Now().UnixMilli() {
			t.Fatalf("a change starts the hold again: %d", u.ContactChangedAt)
		}
		for _, n := range append(h.sms.noticesTo(thief, notify.NoticeContactChanged), h.mail.noticesTo("victim@example.com", notify.NoticeContactChanged)[1:]...) {
			if n.Params["action"] != "phoneChanged" || n.Params["target"] != "137****7000" || n.Lang != "zh_CN" {
				t.Fatalf("change notice %+v", n)
			}
		}
		if a, b := len(h.sms.noticesTo(thief, notify.NoticeContactChanged)), len(h.mail.noticesTo("victim@example.com", notify.NoticeContactChanged)); a != 1 || b != 2 {
			t.Fatalf("notices of the change: old phone %d, email %d (with the bind's)", a, b)
		}
	})
}

// The password proves a bind too, and an account with a phone only binds an email with a
// bindEmail code by SMS; its phone is told.
func TestBindWithPasswordOrACodeByPhone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		phone := "13600136000"
		reg := h.sendSMS(phone, "register", "")
		h.want(h.post("/api/pc/v1/common/customer/register/phone", "", map[string]any{"phone": phone, "phoneCode": reg, "nickName": "rig_boss", "password": ownerPW}), 200, 0, "")
		r := h.post("/api/pc/v1/common/customer/login/phone/pwd", "", map[string]any{"phone": phone, "password": ownerPW, "ticket": h.ticket()})
		h.want(r, 200, 0, "")
		tok := loginToken(t, r)
		code := h.sendEmail("boss@example.com", "bindEmail", tok)
		// The proof's code goes to the bound phone by SMS, for the bindEmail scene.
		h.want(h.get("/api/pc/v1/customer/sms/code/send", tok, url.Values{"phone": {"13900139000"}, "scenes": {"bindEmail"}, "ticket": {h.ticket()}}), 400, 3, "is not the phone number")
		proof := h.sendSMS(phone, "bindEmail", tok)
		h.want(h.post("/api/pc/v1/customer/email/bind", tok, map[string]any{"email": "boss@example.com", "code": code, "currentCode": proof}), 200, 0, "Bound")
		if told := h.sms.noticesTo(phone, notify.NoticeContactChanged); len(told) != 1 || told[0].Params["action"] != "emailBound" || told[0].Params["target"] != "bos***@example.com" {
			t.Fatalf("the phone was told %+v", told)
		}

		// The password alone proves it as well (a second account, email only).
		h.register("other@example.com", otherPW)
		t2 := h.login("other@example.com", otherPW)
		c2 := h.sendSMS("13500135000", "bindPhone", t2)
		h.want(h.post("/api/pc/v1/customer/phone/bind", t2, map[string]any{"phone": "13500135000", "code": c2, "password": " " + otherPW + " "}), 200, 0, "Bound")
		if told := h.mail.noticesTo("other@example.com", notify.NoticeContactChanged); len(told) != 1 || told[0].Params["action"] != "phoneBound" {
			t.Fatalf("the email was told %+v", told)
		}
	})
}

// loginToken is the token a login answered.
func loginToken(t *testing.T, r reply) string {
	t.Helper()
	var lr struct{ Token string }
	if err := json.Unmarshal(r.Data, &lr); err != nil || lr.Token == "" {
		t.Fatalf("login answered %s", r.Data)
	}
	return lr.Token
}
