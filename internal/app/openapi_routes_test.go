package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/market"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/ops/audit"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/solo"
	"github.com/uniplus-pool/pool/internal/twofactor"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// Every route, against a real in-process server over SQLite with the demo's coins,
// prices, price history and help-centre articles, a sub-account with a reporting device,
// pool statistics and users made through the API: each route is called with good input
// (a success) and at least one bad input (an error), and the contract middleware checks
// every request and real response against openapi.json.
func TestOpenAPIEveryRouteAgainstARealServer(t *testing.T) {
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	d := dbtest.SQLite(t)
	ctx := context.Background()
	if err := (&content.Store{DB: d}).EnsureDefaults(ctx); err != nil {
		t.Fatal(err)
	}
	if err := seedDemo(ctx, d); err != nil {
		t.Fatal(err)
	}
	seedPoolStats(t, d)

	mail := &codeBox{}
	cfg := config.Default()
	cfg.StratumHost = "pool.example.com"
	cfg.MetricsToken = "metrics-token-for-tests"
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	// The server's clock is moved out of the payment window (00:00-12:00 Beijing time),
	// where withdrawal settings cannot change, so the settings calls can succeed whenever
	// the test runs; the locked window has its own tests in internal/withdraw.
	var offset time.Duration
	if withdraw.InPaymentWindow(time.Now()) {
		offset = 12 * time.Hour
	}
	clock := func() time.Time { return time.Now().Add(offset) }
	rt := NewRouter(Deps{Config: cfg, DB: d, Log: log, Limiter: &ratelimit.DB{DB: d}, Guard: &ratelimit.DBGuard{DB: d}, Email: mail, SMS: mail, Now: clock})
	cov := &routeCoverage{c: c, seen: map[string]*[2]int{}}
	srv := httptest.NewServer(c.Handler(cov.wrap(rt), t.Errorf))
	t.Cleanup(srv.Close)
	a := &apiClient{t: t, base: srv.URL, hc: &http.Client{Transport: uncheckedTransport()}}

	// ------------------------------------------------------------ plain routes
	a.plain("GET", "/version.json", 200)
	a.plain("GET", "/metrics", 200, "Authorization", "Bearer "+cfg.MetricsToken)
	a.plain("GET", "/metrics", 401)
	a.plain("GET", "/healthz", 200)
	a.plain("GET", "/api/openapi.json", 200)
	a.call("GET", "/api/openapi.json", "", nil, 400, "language", "fr_FR")
	a.plain("GET", "/legal/Privacy-Policy/en_US", 200)
	a.plain("GET", "/legal/Cookies/en_US", 404)
	a.plain("GET", "/legal/Disclaimer/fr_FR", 404)
	// Unknown /api paths and methods answer envelopes too.
	a.call("GET", "/api/pc/v1/nothing/here", "", nil, 404)
	a.call("DELETE", "/api/pc/v1/contact", "", nil, 405)

	// ------------------------------------------------------------ content
	a.call("GET", "/api/pc/v1/common/basic/language/list", "", nil, 200)
	a.call("GET", "/api/pc/v1/common/basic/language/list", "", nil, 400, "language", "fr_FR")
	a.call("GET", "/api/pc/v1/common/basic/language/list", "", nil, 400, "timezone", "Mars/Olympus")
	a.call("GET", "/api/pc/v1/sys/config?keyType=global&sysKey=telegram_url", "", nil, 200)
	a.call("GET", "/api/pc/v1/sys/config?keyType=global", "", nil, 400)
	a.call("GET", "/api/pc/v1/sys/config?keyType=global&sysKey=nope", "", nil, 404)
	a.call("GET", "/api/pc/v1/common/agreement", "", nil, 200)
	a.call("GET", "/api/pc/v1/common/agreement?type=Disclaimer&language=ko_KR&source=mobile", "", nil, 200)
	a.call("GET", "/api/pc/v1/common/agreement?type=Cookies", "", nil, 400)
	a.call("POST", "/api/pc/v1/contact", "", map[string]any{"name": "Li Wei", "contactInformation": "li@example.com"}, 200)
	a.call("POST", "/api/pc/v1/contact", "", map[string]any{"name": "", "contactInformation": "li@example.com"}, 400)
	a.call("POST", "/api/pc/v1/contact", "", `{"name":`, 400)
	// Writes take JSON only (docs/security.md "JSON bodies").
	a.call("POST", "/api/pc/v1/contact", "", map[string]any{"name": "Li Wei", "contactInformation": "li@example.com"}, 415, "Content-Type", "text/plain")
	a.call("POST", "/api/pc/v1/contact", "", `{"name":"Li Wei","contactInformation":"li@example.com","name":"x"}`, 400)
	a.call("POST", "/api/pc/v1/contact", "", `{"name":"Li Wei","contactInformation":"li@example.com","admin":true}`, 400)
	a.call("GET", "/api/pc/v1/app/download", "", nil, 200)
	if _, err := (&content.Store{DB: d}).SetRelease(ctx, audit.CLI, content.Release{OperateSystem: "linux", Version: "1.4.2",
		URL: "https://dl.example.com/uniplus-1.4.2.tar.gz", Notes: "GPU telemetry"}); err != nil {
		t.Fatal(err)
	}
	a.call("GET", "/api/pc/v1/app/download", "", nil, 200)
	a.call("GET", "/api/pc/v1/app/download?operateSystem=linux", "", nil, 200)
	a.call("GET", "/api/pc/v1/app/download?operateSystem=beos", "", nil, 400)
	a.call("GET", "/api/pc/v1/app/download?operateSystem=ios", "", nil, 200) // none published: data null

	// ------------------------------------------------------------ accounts
	a.call("POST", "/api/pc/v1/common/captcha/new", "", nil, 400, "language", "fr_FR")
	a.call("POST", "/api/pc/v1/common/captcha/check", "", map[string]any{"id": "x"}, 400)
	const pw, pw2 = "Passw0rd-1", "Passw0rd-2"

	// Register and log in by email.
	reg := "reg@example.com"
	a.call("GET", "/api/pc/v1/common/customer/email/send?"+query("email", reg, "scenes", "nope", "ticket", "x"), "", nil, 400)
	a.call("GET", "/api/pc/v1/common/customer/email/send?"+query("email", reg, "scenes", "register", "ticket", a.ticket()), "", nil, 200)
	code := mail.last(t, reg, "register")
	a.call("GET", "/api/pc/v1/customer/email/code/check?"+query("email", reg, "scenes", "register", "code", wrongCode(code)), "", nil, 400)
	a.call("GET", "/api/pc/v1/customer/email/code/check?"+query("email", reg, "scenes", "register", "code", code), "", nil, 200)
	a.call("POST", "/api/pc/v1/common/customer/register/email", "", map[string]any{"email": "bad", "emailCode": code, "nickName": "reg_user", "password": pw}, 400)
	a.call("POST", "/api/pc/v1/common/customer/register/email", "", map[string]any{"email": reg, "emailCode": code, "nickName": "reg_user",
		"password": pw, "agentInviteCode": nil}, 200)
	a.call("POST", "/api/pc/v1/common/customer/login/email/pwd", "", map[string]any{"email": reg, "password": pw}, 400)
	tokR := a.login("/api/pc/v1/common/customer/login/email/pwd", map[string]any{"email": reg, "password": pw, "ticket": a.ticket()})

	// Register and log in by phone.
	phone := "13800000001"
	a.call("GET", "/api/pc/v1/common/customer/phone/send?"+query("phone", "123", "scenes", "register", "ticket", "x"), "", nil, 400)
	a.call("GET", "/api/pc/v1/common/customer/phone/send?"+query("phone", phone, "scenes", "register", "ticket", a.ticket()), "", nil, 200)
	code = mail.last(t, phone, "register")
	a.call("GET", "/api/pc/v1/customer/sms/code/check?"+query("phone", phone, "scenes", "register"), "", nil, 400)
	a.call("GET", "/api/pc/v1/customer/sms/code/check?"+query("phone", phone, "scenes", "register", "code", code), "", nil, 200)
	a.call("POST", "/api/pc/v1/common/customer/register/phone", "", map[string]any{"phone": phone, "nickName": "phone_user", "password": pw}, 400)
	// An agent's invite code: the invite page's check, and a registration that carries it.
	if _, err := (&account.Store{DB: d}).AddAgent(ctx, audit.CLI, account.Agent{Code: "AGENT7", Name: "Agent Seven"}, clock()); err != nil {
		t.Fatal(err)
	}
	a.call("GET", "/api/pc/v1/common/customer/invite/check?"+query("code", "AGENT7"), "", nil, 200)
	a.call("GET", "/api/pc/v1/common/customer/invite/check?"+query("code", "NOBODY"), "", nil, 200)
	a.call("GET", "/api/pc/v1/common/customer/invite/check?"+query("code", "<script>"), "", nil, 400)
	a.call("POST", "/api/pc/v1/common/customer/register/phone", "", map[string]any{"phone": phone, "phoneCode": code, "nickName": "phone_user",
		"password": pw, "agentInviteCode": "NOBODY"}, 400)
	a.call("POST", "/api/pc/v1/common/customer/register/phone", "", map[string]any{"phone": phone, "phoneCode": code, "nickName": "phone_user",
		"password": pw, "agentInviteCode": "AGENT7"}, 200)
	a.call("POST", "/api/pc/v1/common/customer/login/phone/pwd", "", map[string]any{"phone": phone, "password": pw}, 400)
	tokP := a.login("/api/pc/v1/common/customer/login/phone/pwd", map[string]any{"phone": phone, "password": pw, "ticket": a.ticket()})

	// Log in with codes.
	l := newAccount(t, d, "lc@example.com", "13800000002", pw)
	a.call("GET", "/api/pc/v1/common/customer/email/send?"+query("email", l.Email, "scenes", "login", "ticket", a.ticket()), "", nil, 200)
	a.call("POST", "/api/pc/v1/common/customer/login/email/code", "", map[string]any{"email": l.Email, "code": "12"}, 400)
	a.login("/api/pc/v1/common/customer/login/email/code", map[string]any{"email": l.Email, "code": mail.last(t, l.Email, "login")})
	a.call("GET", "/api/pc/v1/common/customer/phone/send?"+query("phone", l.Phone, "scenes", "login", "ticket", a.ticket()), "", nil, 200)
	a.call("POST", "/api/pc/v1/common/customer/login/phone/code", "", map[string]any{"phone": l.Phone}, 400)
	tokL := a.login("/api/pc/v1/common/customer/login/phone/code", map[string]any{"phone": l.Phone, "code": mail.last(t, l.Phone, "login")})

	// The account itself.
	a.call("GET", "/api/pc/v1/customer/baseInfo", tokR, nil, 200)
	a.call("GET", "/api/pc/v1/customer/baseInfo", "", nil, 401)
	a.call("GET", "/api/pc/v1/customer/baseInfo", "not-a-session", nil, 401)
	a.call("POST", "/api/pc/v1/customer/username/upd", tokR, map[string]any{"userName": "renamed_1"}, 200)
	a.call("POST", "/api/pc/v1/customer/username/upd", tokR, map[string]any{"userName": ""}, 400)
	// Bind a phone to the email account, an email to the phone account.
	bindPhone := "13800000003"
	a.call("GET", "/api/pc/v1/customer/sms/code/send?"+query("phone", bindPhone, "scenes", "bindPhone", "ticket", "x"), "", nil, 401)
	a.call("GET", "/api/pc/v1/customer/sms/code/send?"+query("phone", bindPhone, "scenes", "bindPhone", "ticket", a.ticket()), tokR, nil, 200)
	a.call("POST", "/api/pc/v1/customer/phone/bind", tokR, map[string]any{"phone": bindPhone, "code": "abc"}, 400)
	a.call("POST", "/api/pc/v1/customer/phone/bind", tokR, map[string]any{"phone": bindPhone, "code": mail.last(t, bindPhone, "bindPhone")}, 400) // no password or currentCode
	a.call("POST", "/api/pc/v1/customer/phone/bind", tokR, map[string]any{"phone": bindPhone, "code": mail.last(t, bindPhone, "bindPhone"), "password": pw}, 200)
	bindEmail := "bind@example.com"
	a.call("GET", "/api/pc/v1/customer/email/code/send?"+query("email", bindEmail, "scenes", "bindEmail", "ticket", "x"), "", nil, 401)
	a.call("GET", "/api/pc/v1/customer/email/code/send?"+query("email", bindEmail, "scenes", "bindEmail", "ticket", a.ticket()), tokP, nil, 200)
	a.call("POST", "/api/pc/v1/customer/email/bind", tokP, map[string]any{"code": mail.last(t, bindEmail, "bindEmail")}, 400)
	a.call("POST", "/api/pc/v1/customer/email/bind", tokP, map[string]any{"email": bindEmail, "code": mail.last(t, bindEmail, "bindEmail"), "password": pw}, 200)
	// Change both contacts.
	ch := newAccount(t, d, "c@example.com", "13800000004", pw)
	a.call("GET", "/api/pc/v1/customer/sms/code/send?"+query("phone", ch.Phone, "scenes", "changePhone", "ticket", a.ticket()), ch.Token, nil, 200)
	a.call("GET", "/api/pc/v1/customer/sms/code/send?"+query("phone", "13800000005", "scenes", "newPhone", "ticket", a.ticket()), ch.Token, nil, 200)
	a.call("POST", "/api/pc/v1/customer/phone/change", ch.Token, map[string]any{"code": mail.last(t, ch.Phone, "changePhone")}, 400)
	a.call("POST", "/api/pc/v1/customer/phone/change", ch.Token, map[string]any{"code": mail.last(t, ch.Phone, "changePhone"),
		"newPhone": "13800000005", "newCode": mail.last(t, "13800000005", "newPhone")}, 200)
	a.call("GET", "/api/pc/v1/customer/email/code/send?"+query("email", ch.Email, "scenes", "changeEmail", "ticket", a.ticket()), ch.Token, nil, 200)
	a.call("GET", "/api/pc/v1/customer/email/code/send?"+query("email", "c2@example.com", "scenes", "newEmail", "ticket", a.ticket()), ch.Token, nil, 200)
	a.call("POST", "/api/pc/v1/customer/email/change", ch.Token, map[string]any{}, 400)
	a.call("POST", "/api/pc/v1/customer/email/change", ch.Token, map[string]any{"code": mail.last(t, ch.Email, "changeEmail"),
		"newEmail": "c2@example.com", "newCode": mail.last(t, "c2@example.com", "newEmail")}, 200)
	// Passwords.
	a.call("POST", "/api/pc/v1/customer/password/check", ch.Token, map[string]any{"oldPassword": "wrong-pass"}, 400)
	a.call("POST", "/api/pc/v1/customer/password/check", ch.Token, map[string]any{"oldPassword": pw}, 200)
	a.call("POST", "/api/pc/v1/customer/password/upd/oldPassword", ch.Token, map[string]any{"password": pw, "newPassword": "short"}, 400)
	a.call("POST", "/api/pc/v1/customer/password/upd/oldPassword", ch.Token, map[string]any{"password": pw, "newPassword": pw2}, 200)
	rs := newAccount(t, d, "d@example.com", "13800000006", pw)
	a.call("GET", "/api/pc/v1/customer/sms/code/send?"+query("phone", rs.Phone, "scenes", "resetPwdByPhone", "ticket", a.ticket()), rs.Token, nil, 200)
	a.call("POST", "/api/pc/v1/customer/password/upd/phoneCode", rs.Token, map[string]any{"phone": rs.Phone, "code": mail.last(t, rs.Phone, "resetPwdByPhone"), "newPassword": ""}, 400)
	a.call("POST", "/api/pc/v1/customer/password/upd/phoneCode", rs.Token, map[string]any{"phone": rs.Phone, "code": mail.last(t, rs.Phone, "resetPwdByPhone"), "newPassword": pw2}, 200)
	a.call("GET", "/api/pc/v1/customer/email/code/send?"+query("email", rs.Email, "scenes", "resetPwdByEmail", "ticket", a.ticket()), rs.Token, nil, 200)
	a.call("POST", "/api/pc/v1/customer/password/upd/emailCode", rs.Token, map[string]any{"code": mail.last(t, rs.Email, "resetPwdByEmail"), "newPassword": pw}, 400)
	a.call("POST", "/api/pc/v1/customer/password/upd/emailCode", rs.Token, map[string]any{"email": rs.Email, "code": mail.last(t, rs.Email, "resetPwdByEmail"), "newPassword": pw}, 200)
	// Account type, cancellation, logout.
	a.call("GET", "/api/pc/v1/common/basic/account/type/list", "", nil, 200)
	a.call("GET", "/api/pc/v1/common/basic/account/type/list", "", nil, 400, "language", "fr_FR")
	a.call("POST", "/api/pc/v1/customer/change/account/type", rs.Token, map[string]any{"accountTypeCode": "gold"}, 400)
	a.call("POST", "/api/pc/v1/customer/change/account/type", rs.Token, map[string]any{"accountTypeCode": "asic"}, 200)
	a.call("POST", "/api/pc/v1/customer/change/account/type", rs.Token, map[string]any{"accountTypeCode": "asic"}, 200)
	gone := newAccount(t, d, "gone@example.com", "", pw)
	a.call("POST", "/api/pc/v1/customer/account/cancel", gone.Token, map[string]any{"password": ""}, 400)
	a.call("POST", "/api/pc/v1/customer/account/cancel", gone.Token, map[string]any{"password": pw}, 200)
	a.call("POST", "/api/app/v1/customer/account/logOut", "", nil, 401)
	a.call("POST", "/api/app/v1/customer/account/logOut", tokL, nil, 200)

	// Two-factor sign-in: enrol, the login's second step, recovery codes, off. (A user has
	// 5 code tries in 15 minutes; this uses 5.)
	tf := newAccount(t, d, "tf@example.com", "", pw)
	tfp := "/api/pc/v1/customer/2fa/"
	a.call("GET", tfp+"status", tf.Token, nil, 200)
	a.call("GET", tfp+"status", "", nil, 401)
	var enrolment struct {
		Secret string `json:"secret"`
	}
	a.decode(a.call("POST", tfp+"setup", tf.Token, map[string]any{}, 200), &enrolment)
	a.call("POST", tfp+"enable", tf.Token, map[string]any{"code": "12"}, 400)
	firstCode, _ := twofactor.Code(enrolment.Secret, clock())
	var recovery struct {
		RecoveryCodes []string `json:"recoveryCodes"`
	}
	a.decode(a.call("POST", tfp+"enable", tf.Token, map[string]any{"code": firstCode}, 200), &recovery)
	a.call("POST", tfp+"setup", tf.Token, map[string]any{}, 400)
	var pending struct {
		Challenge string `json:"challenge"`
	}
	a.decode(a.call("POST", "/api/pc/v1/common/customer/login/email/pwd", "", map[string]any{"email": tf.Email, "password": pw, "ticket": a.ticket()}, 200), &pending)
	a.call("POST", "/api/pc/v1/common/customer/login/2fa", "", map[string]any{"challenge": pending.Challenge, "code": "000000"}, 400)
	a.call("POST", "/api/pc/v1/common/customer/login/2fa", "", map[string]any{"challenge": pending.Challenge, "code": recovery.RecoveryCodes[0]}, 200)
	a.call("POST", "/api/pc/v1/common/customer/login/2fa", "", map[string]any{"challenge": pending.Challenge, "code": recovery.RecoveryCodes[1]}, 400)
	a.call("POST", tfp+"recovery", tf.Token, map[string]any{}, 400)
	a.decode(a.call("POST", tfp+"recovery", tf.Token, map[string]any{"code": recovery.RecoveryCodes[2]}, 200), &recovery)
	a.call("POST", tfp+"disable", tf.Token, map[string]any{"password": "wrong-pass", "code": recovery.RecoveryCodes[0]}, 400)
	a.call("POST", tfp+"disable", tf.Token, map[string]any{"password": pw, "code": recovery.RecoveryCodes[0]}, 200)

	// ------------------------------------------------------------ pool
	demo := demoSession(t, d)
	a.call("POST", "/api/pc/v1/pool/subaccount/create", demo, map[string]any{"code": "X!", "alias": "Farm A", "defaultCoin": "BTC"}, 400)
	a.call("POST", "/api/pc/v1/pool/subaccount/create", demo, map[string]any{"code": "farm_a", "alias": "Farm A", "defaultCoin": "BTC"}, 200)
	a.call("POST", "/api/pc/v1/pool/subaccount/create", demo, map[string]any{"code": "spare", "alias": "Spare", "defaultCoin": "BTC"}, 200)
	a.call("POST", "/api/pc/v1/pool/subaccount/delete", demo, map[string]any{}, 400)
	a.call("POST", "/api/pc/v1/pool/subaccount/delete", demo, map[string]any{"code": "spare"}, 200)
	a.call("POST", "/api/pc/v1/pool/subaccount/delete", demo, map[string]any{"code": "spare"}, 404)
	a.call("GET", "/api/pc/v1/pool/subaccount/list", "", nil, 401)
	a.call("GET", "/api/pc/v1/pool/subaccount/list", tokR, nil, 200) // none yet
	a.call("POST", "/api/pc/v1/pool/subaccount/rename", demo, map[string]any{"code": "nobody", "alias": "x"}, 404)
	a.call("POST", "/api/pc/v1/pool/subaccount/rename", demo, map[string]any{"code": "farm_a", "alias": "Farm B"}, 200)
	a.call("POST", "/api/pc/v1/pool/subaccount/coin", demo, map[string]any{"code": "farm_a", "coin": "LTC"}, 400)
	a.call("POST", "/api/pc/v1/pool/subaccount/coin", demo, map[string]any{"code": "farm_a", "coin": "KAS"}, 200)
	a.call("POST", "/api/pc/v1/pool/subaccount/coin", demo, map[string]any{"code": "farm_a", "coin": "BTC"}, 200)
	a.call("GET", "/api/pc/v1/pool/subaccount/uniplus?code=", demo, nil, 400)
	a.call("GET", "/api/pc/v1/pool/subaccount/uniplus?code=farm_a", demo, nil, 200)
	a.call("POST", "/api/pc/v1/pool/subaccount/uniplus/regenerate", demo, map[string]any{}, 400)
	var up struct {
		UniplusID string `json:"uniplusId"`
	}
	a.decode(a.call("POST", "/api/pc/v1/pool/subaccount/uniplus/regenerate", demo, map[string]any{"code": "farm_a"}, 200), &up)
	// The device agent.
	report := map[string]any{"worker": "farm_a.rig01", "coin": "BTC",
		"hardware": map[string]any{"cpuModel": "AMD Ryzen 5 5600", "cpuTemp": 51.5, "cpuUsage": 12, "memTotal": 16 << 30, "memUsed": 4 << 30,
			"diskTotal": 500 << 30, "diskUsed": 100 << 30, "os": "Uniplus OS", "osVersion": "1.4.2", "driverVersion": "550.54",
			"minerSoftware": "lolMiner", "minerVersion": "1.88", "minerRunning": true, "intranetIp": "192.168.1.20", "region": "Lab",
			"burned": false, "runningPool": "stratum+tcp://pool.example.com:1237"},
		"gpus": []map[string]any{
			{"index": 0, "model": "RTX 4090", "status": "up", "hashrate": 120e6, "temperature": 64, "fan": 55, "power": 320,
				"coreClock": 2520, "memoryClock": 1313, "memoryModel": "GDDR6X Micron", "manufacturer": "NVIDIA"},
			{"index": 1, "status": "up"},
		}}
	a.call("POST", "/api/agent/v1/report", "", report, 401)
	a.call("POST", "/api/agent/v1/report", "", map[string]any{"worker": "rig01", "coin": "BTC", "surprise": 1}, 400, pool.AgentHeader, up.UniplusID)
	var dev struct {
		DeviceID int64 `json:"deviceId"`
	}
	a.decode(a.call("POST", "/api/agent/v1/report", "", report, 200, pool.AgentHeader, up.UniplusID), &dev)
	seedShares(t, d, dev.DeviceID, "BTC")
	a.call("GET", "/api/pc/v1/pool/subaccount/list", demo, nil, 200)
	a.call("GET", "/api/pc/v1/pool/subaccount/detail?code=nobody", demo, nil, 404)
	a.call("GET", "/api/pc/v1/pool/subaccount/detail?code=farm_a", demo, nil, 200)
	a.call("GET", "/api/pc/v1/pool/device/overview", demo, nil, 400)
	a.call("GET", "/api/pc/v1/pool/device/overview?coin=BTC", demo, nil, 200)
	a.call("GET", "/api/pc/v1/pool/device/overview?coin=BTC&subAccount=farm_a", demo, nil, 200)
	a.call("GET", "/api/pc/v1/pool/device/list?status=weird", demo, nil, 400)
	a.call("GET", "/api/pc/v1/pool/device/list?subAccount=nobody", demo, nil, 404)
	a.rows(a.call("GET", "/api/pc/v1/pool/device/list", demo, nil, 200), "rows")
	a.call("GET", "/api/pc/v1/pool/device/list?"+query("coin", "BTC", "subAccount", "farm_a", "status", "normal", "bound", "false",
		"keyword", "rig", "page", "1", "pageSize", "20"), demo, nil, 200)
	id := strconv.FormatInt(dev.DeviceID, 10)
	a.call("GET", "/api/pc/v1/pool/device/detail?id=0", demo, nil, 400)
	a.call("GET", "/api/pc/v1/pool/device/detail?id=999999", demo, nil, 404)
	a.rows(a.call("GET", "/api/pc/v1/pool/device/detail?id="+id, demo, nil, 200), "gpus")
	a.call("GET", "/api/pc/v1/pool/device/list?sort=temperature", demo, nil, 400)
	a.rows(a.call("GET", "/api/pc/v1/pool/device/list?"+query("sort", "realTimeHashRate", "order", "desc"), demo, nil, 200), "rows")
	a.call("GET", "/api/pc/v1/pool/hashrate/history?coin=BTC&range=1y", demo, nil, 400)
	a.call("GET", "/api/pc/v1/pool/hashrate/history?coin=BTC&subAccount=nobody", demo, nil, 404)
	a.rows(a.call("GET", "/api/pc/v1/pool/hashrate/history?coin=BTC&subAccount=farm_a&range=7d", demo, nil, 200), "")
	a.call("GET", "/api/pc/v1/pool/device/hashrate?id="+id+"&range=1y", demo, nil, 400)
	a.rows(a.call("GET", "/api/pc/v1/pool/device/hashrate?id="+id+"&range=30d", demo, nil, 200), "")
	a.call("GET", "/api/pc/v1/pool/device/hashrate?id="+id+"&hours=500", demo, nil, 400)
	a.rows(a.call("GET", "/api/pc/v1/pool/device/hashrate?id="+id+"&hours=2", demo, nil, 200), "")
	a.call("POST", "/api/pc/v1/pool/device/alias", demo, map[string]any{"id": 0, "alias": "x"}, 400)
	a.call("POST", "/api/pc/v1/pool/device/alias", demo, map[string]any{"id": dev.DeviceID, "alias": "Rig one"}, 200)
	a.call("POST", "/api/pc/v1/pool/device/bind", demo, map[string]any{"id": dev.DeviceID}, 400)
	a.call("POST", "/api/pc/v1/pool/device/bind", demo, map[string]any{"id": dev.DeviceID, "bound": true}, 200)
	a.call("POST", "/api/pc/v1/pool/device/bind", tokR, map[string]any{"id": dev.DeviceID, "bound": true}, 404)
	// Removal: an online device is refused, a stranger's is not found, an offline one goes.
	var spare struct {
		DeviceID int64 `json:"deviceId"`
	}
	report["worker"] = "farm_a.spare01"
	a.decode(a.call("POST", "/api/agent/v1/report", "", report, 200, pool.AgentHeader, up.UniplusID), &spare)
	report["worker"] = "farm_a.rig01"
	a.call("POST", "/api/pc/v1/pool/device/remove", demo, map[string]any{"id": spare.DeviceID}, 400)
	if _, err := d.Exec(ctx, "UPDATE devices SET status = ? WHERE id = ?", pool.StatusOffline, spare.DeviceID); err != nil {
		t.Fatal(err)
	}
	a.call("POST", "/api/pc/v1/pool/device/remove", tokR, map[string]any{"id": spare.DeviceID}, 404)
	a.call("POST", "/api/pc/v1/pool/device/remove", demo, map[string]any{"id": spare.DeviceID}, 200)
	a.call("POST", "/api/pc/v1/pool/device/removeOffline", demo, map[string]any{"subAccount": "nobody"}, 404)
	a.call("POST", "/api/pc/v1/pool/device/removeOffline", demo, map[string]any{"subAccount": "farm_a", "coin": "DOGE"}, 400)
	a.call("POST", "/api/pc/v1/pool/device/removeOffline", demo, map[string]any{"subAccount": "farm_a", "coin": "KAS"}, 200)

	// ------------------------------------------------------------ alerts
	al := "/api/pc/v1/pool/alert/"
	a.call("GET", al+"setting?code=farm_a", "", nil, 401)
	a.call("GET", al+"setting?code=", demo, nil, 400)
	a.call("GET", al+"setting?code=farm_a", tokR, nil, 404) // another user's sub-account
	a.call("GET", al+"setting?code=farm_a", demo, nil, 200)
	alertOn := map[string]any{"code": "farm_a", "offlineEnabled": true, "hashrateEnabled": true, "hashratePercent": 70,
		"byEmail": true, "bySms": false, "digest": false, "digestHour": 8}
	a.call("POST", al+"setting", demo, map[string]any{"code": "farm_a", "offlineEnabled": true, "hashrateEnabled": true, "hashratePercent": 5,
		"byEmail": true, "bySms": false, "digest": false, "digestHour": 8}, 400)
	a.call("POST", al+"setting", tokR, alertOn, 404)
	a.call("POST", al+"setting", demo, alertOn, 200)
	// The rig stops: the alert job writes its offline alert.
	if err := (&pool.Store{DB: d}).Touch(ctx, []int64{dev.DeviceID}, time.Now()); err != nil {
		t.Fatal(err)
	}
	alerts := newAlertJob(d, cfg, mail, mail, log)
	for _, at := range []time.Duration{0, 11 * time.Minute} {
		if _, err := alerts.Run(ctx, time.Now().Add(at)); err != nil {
			t.Fatal(err)
		}
	}
	a.call("GET", al+"list?code=farm_a&pageSize=7", demo, nil, 400)
	a.call("GET", al+"list?code=nobody", demo, nil, 404)
	a.rows(a.call("GET", al+"list?code=farm_a&page=1&pageSize=10", demo, nil, 200), "rows")

	// ------------------------------------------------------------ earnings
	seedEarnings(t, d, "farm_a", "BTC")
	a.call("GET", "/api/pc/v1/earnings/summary?subAccount=nobody", demo, nil, 404)
	a.rows(a.call("GET", "/api/pc/v1/earnings/summary", demo, nil, 200), "")
	a.rows(a.call("GET", "/api/pc/v1/earnings/summary?subAccount=farm_a", demo, nil, 200), "")
	a.call("GET", "/api/pc/v1/earnings/days", demo, nil, 400)
	a.call("GET", "/api/pc/v1/earnings/days?coin=BTC&pageSize=7", demo, nil, 400)
	a.rows(a.call("GET", "/api/pc/v1/earnings/days?coin=BTC&page=1&pageSize=10", demo, nil, 200), "rows")
	a.rows(a.call("GET", "/api/pc/v1/earnings/days?coin=BTC&subAccount=farm_a", demo, nil, 200), "rows")
	a.call("GET", "/api/pc/v1/earnings/chart?coin=BTC&days=12", demo, nil, 400)
	a.rows(a.call("GET", "/api/pc/v1/earnings/chart?coin=BTC&days=7", demo, nil, 200), "")
	settledDay := string(earnings.DayOf(time.Now()).Prev().Prev())
	a.call("GET", "/api/pc/v1/earnings/day?coin=BTC&day=23-11-2026", demo, nil, 400)
	a.rows(a.call("GET", "/api/pc/v1/earnings/day?coin=BTC&day="+settledDay, demo, nil, 200), "rows")
	a.rows(a.call("GET", "/api/pc/v1/earnings/day?coin=BTC&subAccount=farm_a&day="+string(earnings.DayOf(time.Now())), demo, nil, 200), "rows")
	a.call("GET", "/api/pc/v1/earnings/audit?coin=BTC&day="+settledDay, demo, nil, 400)
	a.call("GET", "/api/pc/v1/earnings/audit?coin=BTC&subAccount=farm_a&day=2020-01-01", demo, nil, 404)
	a.call("GET", "/api/pc/v1/earnings/audit?coin=BTC&subAccount=farm_a&day="+settledDay, tokR, nil, 404)
	if csv := a.text("GET", "/api/pc/v1/earnings/audit?coin=BTC&subAccount=farm_a&day="+settledDay, demo, 200); !strings.Contains(csv, "micro = floor(") {
		t.Fatalf("audit CSV without its formula: %.300s", csv)
	}
	// ------------------------------------------------------------ solo
	if err := (&solo.Store{DB: d}).AddSoloShares(ctx, []mining.SoloShare{
		{Coin: "BTC", Address: demoSoloAddress, Worker: "solo-rig01", Difficulty: 0.001, Actual: 0.004, Height: 812, NetDiff: 2.5, At: time.Now().Add(-time.Minute)},
		{Coin: "BTC", Address: demoSoloAddress, Worker: "", Difficulty: 0.001, Actual: 3, Height: 813, NetDiff: 2.5, Block: true, At: time.Now().Add(-30 * time.Second)},
	}); err != nil {
		t.Fatal(err)
	}
	soloQ := "?currencyType=BTC&address=" + demoSoloAddress
	a.call("GET", "/api/pc/v1/solo/search"+soloQ, "", nil, 200)
	a.call("GET", "/api/pc/v1/solo/search?currencyType=BTC&address=", "", nil, 400)
	a.call("GET", "/api/pc/v1/solo/search?currencyType=KAS&address="+demoSoloAddress, "", nil, 400)
	for _, p := range []string{"summary", "workers", "shares", "hashrate"} {
		a.call("GET", "/api/pc/v1/solo/"+p+soloQ, "", nil, 200)
		a.call("GET", "/api/pc/v1/solo/"+p+"?currencyType=BTC&address=nobody", "", nil, 404)
	}
	a.call("GET", "/api/pc/v1/solo/shares"+soloQ+"&pageSize=7", "", nil, 400)
	// ------------------------------------------------------------ explorer
	a.call("GET", "/api/pc/v1/explorer/overview?currencyType=BTC", "", nil, 200)
	a.call("GET", "/api/pc/v1/explorer/overview?currencyType=DOGE", "", nil, 400)
	a.call("GET", "/api/pc/v1/explorer/blocks?currencyType=BTC&page=1&pageSize=10", "", nil, 200)
	a.call("GET", "/api/pc/v1/explorer/blocks?currencyType=BTC&pageSize=7", "", nil, 400)
	a.call("GET", "/api/pc/v1/explorer/block?currencyType=BTC&height=0", "", nil, 200)
	a.call("GET", "/api/pc/v1/explorer/block?currencyType=BTC&height=999999", "", nil, 404)
	a.call("GET", "/api/pc/v1/explorer/search?currencyType=BTC&q=0", "", nil, 200)
	a.call("GET", "/api/pc/v1/explorer/search?currencyType=BTC&q=", "", nil, 400)
	// A payout the pool broadcast: search names it a transaction, shown from the records.
	payTx := strings.Repeat("ab", 32)
	if _, err := d.Exec(ctx, `INSERT INTO payouts (coin, status, txid, network_fee, outputs, created_at, broadcast_at)
		VALUES ('BTC', 'broadcast', ?, 1000, 1, 1, 1)`, payTx); err != nil {
		t.Fatal(err)
	}
	a.call("GET", "/api/pc/v1/explorer/search?currencyType=BTC&q="+payTx, "", nil, 200)
	a.call("GET", "/api/pc/v1/explorer/transaction?currencyType=BTC&txid="+payTx, "", nil, 200)
	a.call("GET", "/api/pc/v1/explorer/transaction?currencyType=BTC&txid="+strings.Repeat("cd", 32), "", nil, 404)
	a.call("GET", "/api/pc/v1/explorer/transaction?currencyType=BTC&txid=12", "", nil, 400)
	var ranking struct {
		Rows []struct {
			ID string `json:"id"`
		} `json:"rows"`
	}
	a.decode(a.call("GET", "/api/pc/v1/explorer/ranking?currencyType=BTC", "", nil, 200), &ranking)
	if len(ranking.Rows) == 0 {
		t.Fatal("no ranked BTC miner in the route test's data")
	}
	a.call("GET", "/api/pc/v1/explorer/ranking/detail?currencyType=BTC&id="+ranking.Rows[0].ID, "", nil, 200)
	a.call("GET", "/api/pc/v1/explorer/ranking?currencyType=BTC&by=luck", "", nil, 400)
	a.call("GET", "/api/pc/v1/explorer/ranking/detail?currencyType=BTC&id=0000000000000000", "", nil, 404)
	// ------------------------------------------------------------ observer links
	obs := "/api/pc/v1/customer/observer/link/"
	a.call("GET", obs+"get", "", nil, 401)
	a.call("GET", obs+"get", demo, nil, 200) // none yet
	a.call("POST", obs+"add", demo, map[string]any{"currencyList": []string{}, "machineInfoEnabled": true, "incomeInfoEnabled": false, "note": "host"}, 400)
	a.call("POST", obs+"add", demo, map[string]any{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "incomeInfoEnabled": false, "note": "host",
		"subAccounts": []string{"nobody"}}, 404)
	var link struct {
		Token string `json:"token"`
		ID    int64  `json:"id"`
	}
	a.decode(a.call("POST", obs+"add", demo, map[string]any{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "incomeInfoEnabled": true,
		"note": "host", "subAccounts": []string{"farm_a"}, "expiresIn": 7}, 200), &link)
	a.call("POST", obs+"edit", demo, map[string]any{"token": link.Token, "currencyList": []string{"BTC"}, "machineInfoEnabled": false, "incomeInfoEnabled": false, "note": "host"}, 400)
	a.call("POST", obs+"edit", tokR, map[string]any{"token": link.Token, "currencyList": []string{"BTC"}, "machineInfoEnabled": true, "incomeInfoEnabled": false, "note": "x"}, 404)
	a.call("POST", obs+"edit", demo, map[string]any{"token": link.Token, "currencyList": []string{"BTC"}, "machineInfoEnabled": true, "incomeInfoEnabled": true,
		"note": "partner", "subAccounts": []string{"farm_a"}}, 200)
	a.call("POST", "/api/observer/link/detail", "", nil, 403)
	a.call("POST", "/api/observer/link/detail", link.Token, nil, 200)
	a.call("GET", "/api/observer/link/valid?token=ob_nothing", "", nil, 403)
	a.call("GET", "/api/observer/link/valid?token="+url.QueryEscape(link.Token), "", nil, 200)
	// The link reads within its coins and sub-accounts, and nothing else.
	a.call("GET", "/api/pc/v1/pool/device/overview?coin=BTC", link.Token, nil, 200)
	a.call("GET", "/api/pc/v1/pool/device/overview?coin=BTC&subAccount=spare", link.Token, nil, 403)
	a.rows(a.call("GET", "/api/pc/v1/earnings/summary", link.Token, nil, 200), "")
	a.rows(a.call("GET", obs+"get", demo, nil, 200), "")
	a.call("GET", "/api/pc/v1/assets/overview", link.Token, nil, 403)
	a.call("POST", obs+"regenerate", demo, map[string]any{"token": ""}, 400)
	var fresh struct {
		Token string `json:"token"`
	}
	a.decode(a.call("POST", obs+"regenerate", demo, map[string]any{"token": link.Token}, 200), &fresh)
	a.call("GET", "/api/observer/link/valid?token="+url.QueryEscape(link.Token), "", nil, 403)
	// Observer messages: the link's own, with its read marks.
	msgs := "/api/pc/v1/helpPage/observer/message/"
	a.call("GET", msgs+"list?pageSize=7", fresh.Token, nil, 400)
	a.call("GET", msgs+"list", demo, nil, 403)
	var feed struct {
		Rows []struct {
			ID string `json:"id"`
		} `json:"rows"`
	}
	a.decode(a.call("GET", msgs+"list?page=1&pageSize=10", fresh.Token, nil, 200), &feed)
	if len(feed.Rows) == 0 {
		t.Fatal("the demo link has no messages (announcements at least)")
	}
	a.call("GET", msgs+"detail", fresh.Token, nil, 400)
	a.call("GET", msgs+"detail?messageid=device-x", fresh.Token, nil, 400)
	a.call("GET", msgs+"detail?messageid=device-999999", fresh.Token, nil, 404)
	a.call("GET", msgs+"detail?messageid="+feed.Rows[0].ID, fresh.Token, nil, 200)
	a.call("GET", msgs+"info?showContent=true", fresh.Token, nil, 200)
	a.call("GET", msgs+"info", link.Token, nil, 403)
	a.call("POST", msgs+"readAll", link.Token, nil, 403)
	a.call("POST", msgs+"readAll", fresh.Token, nil, 200)
	a.call("POST", obs+"delete", demo, map[string]any{"token": link.Token}, 404)
	a.call("POST", obs+"delete", demo, map[string]any{"id": link.ID}, 200)
	a.call("GET", "/api/observer/link/valid", fresh.Token, nil, 403)

	a.call("GET", "/api/pc/v1/assets/overview?fiat=EUR", demo, nil, 400)
	a.rows(a.call("GET", "/api/pc/v1/assets/overview?fiat=CNY", demo, nil, 200), "")
	a.rows(a.call("GET", "/api/pc/v1/assets/overview?subAccount=farm_a", demo, nil, 200), "")
	a.call("GET", "/api/pc/v1/assets/entries?coin=BTC&kind=gift", demo, nil, 400)
	a.call("GET", "/api/pc/v1/assets/entries?coin=BTC&from=yesterday", demo, nil, 400)
	a.rows(a.call("GET", "/api/pc/v1/assets/entries?"+query("coin", "BTC", "subAccount", "farm_a", "kind", "earning", "from", settledDay, "to", string(earnings.DayOf(time.Now())), "page", "1", "pageSize", "10"), demo, nil, 200), "rows")

	// ------------------------------------------------------------ withdraw
	wd := "/api/pc/v1/customer/"
	sendCode := func(scene string) string {
		// The resend interval is per contact: age the last code instead of waiting.
		if _, err := d.Exec(ctx, "UPDATE verification_codes SET created_at = created_at - 61000 WHERE target = ?", demoEmail); err != nil {
			t.Fatal(err)
		}
		a.call("GET", wd+"email/code/send?"+query("email", demoEmail, "scenes", scene, "ticket", a.ticket()), demo, nil, 200)
		return mail.last(t, demoEmail, scene)
	}
	btcAddr := devnet.EncodeAddress([20]byte{1, 2, 3})
	a.call("GET", wd+"address/list?currencyType=BTC", "", nil, 401)
	a.call("GET", wd+"address/list", demo, nil, 200)
	a.call("POST", wd+"address/save", demo, map[string]any{"currencyType": "BTC", "address": "1NotDevnet", "network": "BTC"}, 400)
	a.call("POST", wd+"address/save", demo, map[string]any{"currencyType": "BTC", "address": btcAddr, "network": "BTC", "verifyType": "email", "code": "000000"}, 400)
	var entry struct {
		ID int64 `json:"id"`
	}
	a.decode(a.call("POST", wd+"address/save", demo, map[string]any{"currencyType": "BTC", "address": btcAddr, "network": "BTC",
		"description": "cold", "verifyType": "email", "code": sendCode("addressBook")}, 200), &entry)
	a.rows(a.call("GET", wd+"address/list?currencyType=BTC", demo, nil, 200), "")
	a.call("POST", wd+"address/delete", demo, map[string]any{"id": entry.ID + 99, "verifyType": "email", "code": "123456"}, 404)
	a.call("GET", wd+"withdraw/setting/list", demo, nil, 400)
	a.rows(a.call("GET", wd+"withdraw/setting/list?subAccount=farm_a", demo, nil, 200), "rows")
	a.call("GET", wd+"withdraw/setting/closed?subAccount=nobody&currencyType=BTC", demo, nil, 404)
	a.call("GET", wd+"withdraw/info?subAccount=farm_a&currencyType=NOPE", demo, nil, 400)
	a.call("GET", wd+"withdraw/info?subAccount=farm_a&currencyType=BTC", demo, nil, 200)
	apply := map[string]any{"subAccount": "farm_a", "currencyType": "BTC", "amount": "0.0015", "addressId": entry.ID, "network": "BTC", "remark": "test"}
	a.call("POST", wd+"withdraw/apply", demo, map[string]any{"subAccount": "farm_a", "currencyType": "BTC", "amount": "0.0000001", "addressId": entry.ID, "network": "BTC"}, 400)
	a.call("POST", wd+"withdraw/apply", demo, apply, 400) // no verification
	if _, err := d.Exec(ctx, "UPDATE withdraw_addresses SET usable_at = 0 WHERE id = ?", entry.ID); err != nil {
		t.Fatal(err)
	}
	apply["verifyType"], apply["code"], apply["requestId"] = "email", sendCode("withdraw"), "route-1"
	var made, again struct{ ID int64 }
	a.decode(a.call("POST", wd+"withdraw/apply", demo, apply, 200), &made)
	// The answer was lost and the client sends the same request again, its code spent: the
	// same withdrawal comes back, and nothing more is booked.
	a.decode(a.call("POST", wd+"withdraw/apply", demo, apply, 200), &again)
	if again.ID != made.ID || made.ID == 0 {
		t.Fatalf("a resubmitted request answered withdrawal %d, the first %d", again.ID, made.ID)
	}
	// Withdrawing is limited to 20 requests an hour per user: the 21st is refused before its
	// verification is looked at (two above counted already; the phone is not bound, which
	// refuses the others without counting as a wrong code).
	unbound := map[string]any{"subAccount": "farm_a", "currencyType": "BTC", "amount": "0.0015", "addressId": entry.ID, "network": "BTC", "verifyType": "phone", "code": "000000"}
	for i := 2; i < withdraw.WithdrawalsPerHour; i++ {
		a.call("POST", wd+"withdraw/apply", demo, unbound, 400)
	}
	a.call("POST", wd+"withdraw/apply", demo, unbound, 429)
	a.call("GET", wd+"withdraw/list?pageSize=7", demo, nil, 400)
	a.rows(a.call("GET", wd+"withdraw/list?subAccount=farm_a&currencyType=BTC", demo, nil, 200), "rows")
	a.call("POST", wd+"withdraw/setting", demo, map[string]any{"subAccount": "farm_a", "currencyType": "BTC", "autoEnabled": true, "amount": "0.001", "addressId": entry.ID}, 400)
	a.call("POST", wd+"withdraw/setting", demo, map[string]any{"subAccount": "farm_a", "currencyType": "BTC", "autoEnabled": true, "amount": "0.5", "addressId": entry.ID}, 400) // no verification
	a.call("POST", wd+"withdraw/setting", demo, map[string]any{"subAccount": "farm_a", "currencyType": "BTC", "autoEnabled": true, "amount": "0.5", "addressId": entry.ID,
		"verifyType": "email", "code": sendCode("withdraw")}, 200)
	a.call("POST", wd+"address/delete", demo, map[string]any{"id": entry.ID, "verifyType": "email", "code": sendCode("addressBook")}, 400)
	a.call("GET", wd+"withdraw/setting/closed?subAccount=farm_a&currencyType=BTC", demo, nil, 200)
	a.call("POST", wd+"address/delete", demo, map[string]any{"id": entry.ID, "verifyType": "email", "code": mail.last(t, demoEmail, "addressBook")}, 200)

	// ------------------------------------------------------------ overclock
	oc := "/api/pc/v1/pool/overclock/"
	gpuReport := map[string]any{"worker": "farm_a.gpu01", "coin": "ALEO", "hardware": map[string]any{"minerRunning": true}, "gpus": []map[string]any{}}
	var gpu struct {
		DeviceID int64 `json:"deviceId"`
	}
	a.decode(a.call("POST", "/api/agent/v1/report", "", gpuReport, 200, pool.AgentHeader, up.UniplusID), &gpu)
	tplBody := map[string]any{"name": "4090 fast", "coin": "ALEO", "gpuCategory": "NVIDIA", "coreClock": 150, "coreClockLock": 1500,
		"memClock": 2000, "memClockLock": nil, "power": 250, "fan": nil}
	a.call("POST", oc+"template/create", demo, map[string]any{"name": "x", "coin": "ALEO", "gpuCategory": "NVIDIA", "coreClock": 100}, 400)
	a.call("POST", oc+"template/create", demo, map[string]any{"name": "x", "coin": "BTC", "gpuCategory": "NVIDIA", "power": 0}, 400)
	a.call("POST", oc+"template/create", "", tplBody, 401)
	var tpl struct {
		ID int64 `json:"id"`
	}
	a.decode(a.call("POST", oc+"template/create", demo, tplBody, 200), &tpl)
	a.call("POST", oc+"template/create", demo, tplBody, 400) // the name is taken
	a.rows(a.call("GET", oc+"template/list?coin=ALEO&page=1&pageSize=10", demo, nil, 200), "rows")
	a.call("GET", oc+"template/list?pageSize=7", demo, nil, 400)
	a.call("GET", oc+"template/list?coin=DOGE", demo, nil, 400)
	tplBody["id"], tplBody["power"], tplBody["fan"] = tpl.ID, 0, 60
	a.call("POST", oc+"template/edit", demo, tplBody, 200)
	a.call("POST", oc+"template/edit", tokR, tplBody, 404)
	tplBody["fan"] = 101
	a.call("POST", oc+"template/edit", demo, tplBody, 400)
	a.call("POST", oc+"apply", demo, map[string]any{"templateId": tpl.ID, "deviceIds": []int64{gpu.DeviceID, dev.DeviceID}}, 400) // BTC: no overclocking
	a.call("POST", oc+"apply", tokR, map[string]any{"templateId": tpl.ID, "deviceIds": []int64{gpu.DeviceID}}, 404)
	a.call("POST", oc+"apply", demo, map[string]any{"templateId": tpl.ID, "deviceIds": []int64{}}, 400)
	a.rows(a.call("POST", oc+"apply", demo, map[string]any{"templateId": tpl.ID, "deviceIds": []int64{gpu.DeviceID}}, 200), "")
	gpuID := strconv.FormatInt(gpu.DeviceID, 10)
	a.rows(a.call("GET", oc+"device/status?deviceIds="+gpuID, demo, nil, 200), "")
	a.call("GET", oc+"device/status?deviceIds="+gpuID, tokR, nil, 404)
	a.call("GET", oc+"device/status?deviceIds=x", demo, nil, 400)
	var pend struct {
		Version int64 `json:"version"`
	}
	a.decode(a.call("GET", "/api/agent/v1/overclock/pending?worker=gpu01", "", nil, 200, pool.AgentHeader, up.UniplusID), &pend)
	a.call("GET", "/api/agent/v1/overclock/pending?worker=gpu01", "", nil, 401)
	a.call("GET", "/api/agent/v1/overclock/pending?worker=other_sub.gpu01", "", nil, 400, pool.AgentHeader, up.UniplusID)
	a.call("POST", "/api/agent/v1/overclock/ack", "", map[string]any{"worker": "gpu01", "version": pend.Version, "status": "done"}, 400,
		pool.AgentHeader, up.UniplusID)
	a.call("POST", "/api/agent/v1/overclock/ack", "", map[string]any{"worker": "nobody", "version": pend.Version, "status": "applied"}, 404,
		pool.AgentHeader, up.UniplusID)
	a.call("POST", "/api/agent/v1/overclock/ack", "", map[string]any{"worker": "gpu01", "version": pend.Version, "status": "applied",
		"message": "settings applied to 1 GPU(s)"}, 200, pool.AgentHeader, up.UniplusID)
	a.call("GET", "/api/agent/v1/overclock/pending?worker=gpu01", "", nil, 200, pool.AgentHeader, up.UniplusID) // null now
	// BTC: no overclocking.
	a.call("POST", oc+"cancel", demo, map[string]any{"deviceIds": []int64{dev.DeviceID}}, 400)
	a.rows(a.call("POST", oc+"cancel", demo, map[string]any{"deviceIds": []int64{gpu.DeviceID}}, 200), "")
	a.call("POST", oc+"template/delete", tokR, map[string]any{"id": tpl.ID}, 404)
	a.call("POST", oc+"template/delete", demo, map[string]any{"id": tpl.ID}, 200)

	// ------------------------------------------------------------ market
	a.rows(a.call("GET", "/api/pc/v1/dashboard/list", "", nil, 200), "")
	a.call("GET", "/api/pc/v1/dashboard/list?legalTender=CNY", "", nil, 200)
	a.call("GET", "/api/pc/v1/dashboard/list?legalTender=EUR", "", nil, 400)
	a.call("GET", "/api/pc/v1/dashboard/currency/price?currencyType=BTC&legalTender=USD", "", nil, 200)
	a.call("GET", "/api/pc/v1/dashboard/currency/price?legalTender=USD", "", nil, 400)
	a.call("GET", "/api/pc/v1/dashboard/currency/price?currencyType=DOGE", "", nil, 404)
	calc := map[string]any{"currencyType": "BTC", "legalTender": "USD", "coinPrice": "96500", "customerHashRate": 100, "customerHashRateUnit": "KH/s",
		"networkHashRate": "400", "networkHashRateUnit": "KH/s", "rate": 0.01}
	a.call("POST", "/api/pc/v1/dashboard/income/calculate", "", calc, 200)
	calc["containConsumption"], calc["electricityPrice"], calc["equipmentConsumption"], calc["legalTender"] = true, "0.1", 50, "CNY"
	a.call("POST", "/api/pc/v1/dashboard/income/calculate", "", calc, 200)
	calc["currencyType"] = "LTC"
	a.call("POST", "/api/pc/v1/dashboard/income/calculate", "", calc, 400)
	calc["currencyType"] = "DOGE"
	a.call("POST", "/api/pc/v1/dashboard/income/calculate", "", calc, 404)
	a.call("POST", "/api/pc/v1/dashboard/income/calculate", "", map[string]any{"currencyType": "BTC", "coinPrice": -1}, 400)
	if _, err := (&market.Trends{DB: d}).Record(ctx, mustCoins(t, d), mustPrices(t, d), &mining.Blocks{DB: d}, time.Now()); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	trend := "/api/pc/v1/dashboard/currency/base/static/trend?"
	a.rows(a.call("GET", trend+query("currencyType", "BTC", "beginTime", unixMS(now.Add(-48*time.Hour)), "endTime", unixMS(now.Add(time.Minute))), "", nil, 200), "")
	a.rows(a.call("GET", trend+query("currencyType", "BTC", "beginTime", now.AddDate(0, 0, -60).Format("2006-01-02")+" 00:00:00",
		"endTime", now.Format("2006-01-02")+" 23:59:59"), "", nil, 200, "timezone", "Asia/Shanghai"), "")
	a.call("GET", trend+query("currencyType", "BTC", "beginTime", unixMS(now), "endTime", unixMS(now.Add(-time.Hour))), "", nil, 400)
	a.call("GET", trend+query("currencyType", "DOGE", "beginTime", unixMS(now.Add(-time.Hour)), "endTime", unixMS(now)), "", nil, 404)

	// ------------------------------------------------------------ help centre
	for _, kind := range []string{"announcement", "faq"} {
		base := "/api/pc/v1/helpPage/" + kind
		a.call("GET", base+"/list?pageSize=7", "", nil, 400)
		first := a.firstRow(a.call("GET", base+"/list?page=1&pageSize=10", "", nil, 200))
		a.call("GET", base+"/detail?id=abc", "", nil, 400)
		a.call("GET", base+"/detail?id=999999", "", nil, 404)
		a.call("GET", base+"/detail?id="+first, "", nil, 200)
	}
	a.call("GET", "/api/pc/v1/helpPage/notice/list", "", nil, 401)
	first := a.firstRow(a.call("GET", "/api/pc/v1/helpPage/notice/list", demo, nil, 200))
	a.call("GET", "/api/pc/v1/helpPage/notice/unread", "", nil, 401)
	a.call("GET", "/api/pc/v1/helpPage/notice/unread", demo, nil, 200)
	a.call("GET", "/api/pc/v1/helpPage/notice/detail?id="+first, "", nil, 401)
	a.call("GET", "/api/pc/v1/helpPage/notice/detail?id="+first, demo, nil, 200)
	a.call("POST", "/api/pc/v1/helpPage/notice/readAll", "", nil, 401)
	a.call("POST", "/api/pc/v1/helpPage/notice/readAll", demo, nil, 200)

	// ------------------------------------------------------------ coins
	a.call("GET", "/api/pc/v1/currency/list", "", nil, 200)
	a.call("GET", "/api/pc/v1/currency/list", "", nil, 400, "language", "fr_FR")
	a.call("PUT", "/api/pc/v1/common/basic/saveSortCurrency", "", []string{"KAS"}, 401)
	a.call("PUT", "/api/pc/v1/common/basic/saveSortCurrency", demo, []string{"DOGE"}, 400)
	a.call("PUT", "/api/pc/v1/common/basic/saveSortCurrency", demo, []string{"KAS", "BTC"}, 200)
	a.call("PUT", "/api/pc/v1/common/basic/saveSortCurrency", demo, map[string]any{"currencyList": []string{"IRON", "KAS"}}, 200)
	a.call("GET", "/api/pc/v1/common/basic/showCurrencyList", "", nil, 200)
	a.call("GET", "/api/pc/v1/common/basic/showCurrencyList", demo, nil, 200)
	a.call("GET", "/api/pc/v1/common/basic/showCurrencyList", demo, nil, 400, "language", "fr_FR")
	a.call("GET", "/api/pc/v1/common/basic/resetSortCurrency", "", nil, 401)
	a.call("GET", "/api/pc/v1/common/basic/resetSortCurrency", demo, nil, 200)
	a.call("GET", "/api/pc/v1/common/basic/hashUnit/list?currencyType=LTC", "", nil, 200)
	a.call("GET", "/api/pc/v1/common/basic/hashUnit/list", "", nil, 400)
	a.call("GET", "/api/pc/v1/common/basic/hashUnit/list?currencyType=DOGE", "", nil, 404)

	// A database that does not answer: /healthz says so.
	d.Close()
	a.plain("GET", "/healthz", 503)

	// Every route was called with a good and a bad input. /version.json takes no input to
	// get wrong.
	noBadInput := map[string]bool{"GET /version.json": true}
	for _, r := range rt.Routes() {
		key := r.Method + " " + r.Path
		seen := cov.get(key)
		if seen[0] == 0 {
			t.Errorf("%s: never called with good input", key)
		}
		if seen[1] == 0 && !noBadInput[key] {
			t.Errorf("%s: never called with bad input", key)
		}
	}
	if t.Failed() {
		t.Log(cov)
	}
}

// routeCoverage counts, per documented route, the successes and the errors it answered.
type routeCoverage struct {
	c    *contract
	mu   sync.Mutex
	seen map[string]*[2]int
}

func (rc *routeCoverage) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &teeWriter{ResponseWriter: w}
		h.ServeHTTP(sw, r)
		route, _, err := rc.c.router.FindRoute(r)
		if err != nil {
			return
		}
		key := route.Method + " " + route.Path
		rc.mu.Lock()
		defer rc.mu.Unlock()
		if rc.seen[key] == nil {
			rc.seen[key] = &[2]int{}
		}
		if sw.status < 400 {
			rc.seen[key][0]++
		} else {
			rc.seen[key][1]++
		}
	})
}

func (rc *routeCoverage) get(key string) [2]int {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if s := rc.seen[key]; s != nil {
		return *s
	}
	return [2]int{}
}

func (rc *routeCoverage) String() string {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	var lines []string
	for k, v := range rc.seen {
		lines = append(lines, fmt.Sprintf("%s good %d bad %d", k, v[0], v[1]))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// uncheckedTransport is the transport under TestMain's contract check: the route test
// checks on the server side, and each exchange should be reported once.
func uncheckedTransport() http.RoundTripper {
	if ct, ok := http.DefaultTransport.(*contractTransport); ok {
		return ct.base
	}
	return http.DefaultTransport
}

// apiClient calls the server and insists on the status each call expects.
type apiClient struct {
	t    *testing.T
	base string
	hc   *http.Client
}

// call sends body (a string is sent as it is, anything else as JSON) with the session
// token and extra headers (name, value, ...), and answers the envelope's data.
func (a *apiClient) call(method, path, token string, body any, want int, headers ...string) json.RawMessage {
	a.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			a.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, a.base+path, rd)
	if err != nil {
		a.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("language", "en_US")
	if token != "" {
		req.Header.Set("x-token", token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		a.t.Fatalf("%s %s: status %d, want %d: %s", method, path, resp.StatusCode, want, raw)
	}
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		a.t.Fatalf("%s %s: not an envelope: %s", method, path, raw)
	}
	return env.Data
}

// text fetches a route that answers a document (a CSV) with a session, and returns it.
func (a *apiClient) text(method, path, token string, want int) string {
	a.t.Helper()
	req, _ := http.NewRequest(method, a.base+path, nil)
	req.Header.Set("language", "en_US")
	req.Header.Set("x-token", token)
	resp, err := a.hc.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		a.t.Fatalf("%s %s: status %d, want %d: %.300s", method, path, resp.StatusCode, want, raw)
	}
	return string(raw)
}

// seedEarnings gives a sub-account accruals on coin two days ago and today, and settles
// the older day, so the earnings and asset calls have settled and settling figures.
func seedEarnings(t *testing.T, d *db.DB, code, coinType string) {
	t.Helper()
	ctx := context.Background()
	var sub, user int64
	if err := d.QueryRow(ctx, "SELECT id, user_id FROM sub_accounts WHERE code = ?", code).Scan(&sub, &user); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	old := earnings.DayOf(now).Prev().Prev()
	var rows []earnings.Accrual
	for i := 0; i < 30; i++ {
		for _, start := range []time.Time{old.Start(), earnings.DayOf(now).Start()} {
			rows = append(rows, earnings.Accrual{SubAccountID: sub, UserID: user, Coin: coinType, Minute: start.Add(time.Duration(i) * time.Minute).UnixMilli(),
				Reward: 312_500_000, FeeBps: 100, RatioSum: 0.00002, DiffSum: 3e9, Accepted: 12})
		}
	}
	if err := d.InTx(ctx, func(tx *db.Tx) error { return earnings.AddAccruals(ctx, tx, rows) }); err != nil {
		t.Fatal(err)
	}
	c, err := (&coin.Store{DB: d}).Get(ctx, coinType)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&earnings.Store{DB: d}).SettleThrough(ctx, c, old, now); err != nil {
		t.Fatal(err)
	}
}

// plain fetches a route that answers no envelope.
func (a *apiClient) plain(method, path string, want int, headers ...string) {
	a.t.Helper()
	req, _ := http.NewRequest(method, a.base+path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		a.t.Fatalf("%s %s: status %d, want %d: %.300s", method, path, resp.StatusCode, want, raw)
	}
}

func (a *apiClient) decode(data json.RawMessage, v any) {
	a.t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		a.t.Fatalf("data %s: %v", data, err)
	}
}

// ticket passes the slider like a person and answers the ticket.
func (a *apiClient) ticket() string {
	a.t.Helper()
	check := accounttest.CaptchaCheck(a.t, a.call("POST", "/api/pc/v1/common/captcha/new", "", nil, 200))
	var tk struct {
		Ticket string `json:"ticket"`
	}
	a.decode(a.call("POST", "/api/pc/v1/common/captcha/check", "", check, 200), &tk)
	return tk.Ticket
}

// login answers the token of a successful login call.
func (a *apiClient) login(path string, body map[string]any) string {
	a.t.Helper()
	var lr struct {
		Token string `json:"token"`
	}
	a.decode(a.call("POST", path, "", body, 200), &lr)
	if lr.Token == "" {
		a.t.Fatalf("%s: no token", path)
	}
	return lr.Token
}

// rows insists that data (or its field, when not empty) is a list with something in it,
// so that the document is checked against real rows and not only against [].
func (a *apiClient) rows(data json.RawMessage, field string) {
	a.t.Helper()
	if field != "" {
		var m map[string]json.RawMessage
		a.decode(data, &m)
		data = m[field]
	}
	var list []json.RawMessage
	a.decode(data, &list)
	if len(list) == 0 {
		a.t.Fatalf("no %s in %s", field, data)
	}
}

// firstRow answers the id of the first row of a page.
func (a *apiClient) firstRow(data json.RawMessage) string {
	a.t.Helper()
	var p struct {
		Rows []struct {
			ID int64 `json:"id"`
		} `json:"rows"`
	}
	a.decode(data, &p)
	if len(p.Rows) == 0 {
		a.t.Fatalf("empty page: %s", data)
	}
	return strconv.FormatInt(p.Rows[0].ID, 10)
}

// query builds a query string from name, value pairs.
func query(kv ...string) string {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v.Encode()
}

func unixMS(t time.Time) string { return strconv.FormatInt(t.UnixMilli(), 10) }

// wrongCode is a well-formed code that is not code.
func wrongCode(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

// codeBox keeps the codes the server sends, as a mailbox or phone would.
type codeBox struct {
	mu    sync.Mutex
	codes []notify.Code
}

func (b *codeBox) SendCode(_ context.Context, c notify.Code) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.codes = append(b.codes, c)
	return nil
}

func (b *codeBox) last(t *testing.T, to, scene string) string {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := len(b.codes) - 1; i >= 0; i-- {
		if b.codes[i].To == to && b.codes[i].Scene == scene {
			return b.codes[i].Code
		}
	}
	t.Fatalf("no %s code sent to %s", scene, to)
	return ""
}

// testAccount is an active account with a password and a live session.
type testAccount struct {
	account.User
	Token string
}

func newAccount(t *testing.T, d *db.DB, email, phone, password string) testAccount {
	t.Helper()
	ctx := context.Background()
	hash, err := account.HashPassword(password, account.Argon2Params{Memory: 1024, Time: 1, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	store := &account.Store{DB: d}
	u, err := store.CreateUser(ctx, d, account.User{Nickname: strings.Split(email, "@")[0], Email: email, Phone: phone, PasswordHash: hash,
		AccountType: account.TypeNormal, Status: account.StatusActive, Lang: "en_US"})
	if err != nil {
		t.Fatal(err)
	}
	token, err := store.CreateSession(ctx, d, u.ID, "127.0.0.1", "test", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return testAccount{User: u, Token: token}
}

// demoSession logs the demo account in (it owns the demo's sub-accounts and notices).
func demoSession(t *testing.T, d *db.DB) string {
	t.Helper()
	ctx := context.Background()
	store := &account.Store{DB: d}
	u, err := store.UserByContact(ctx, d, account.ChannelEmail, demoEmail)
	if err != nil {
		t.Fatal(err)
	}
	token, err := store.CreateSession(ctx, d, u.ID, "127.0.0.1", "test", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// seedPoolStats stores chain and pool figures for the open demo coins: a network of
// 400 kH/s finding a block a minute, the pool 10% of it.
func seedPoolStats(t *testing.T, d *db.DB) {
	t.Helper()
	ctx := context.Background()
	blocks := &mining.Blocks{DB: d}
	for _, dc := range demoCoins() {
		if !dc.OpenStatus {
			continue
		}
		reward, _ := strconv.ParseInt(dc.DriverConfig["block_reward"], 10, 64)
		st := mining.PoolStats{Coin: dc.Type, PoolHashRate: 40_000, PoolHashRate24h: 38_000, ActiveMiners: 2, NetworkHashRate: 400_000,
			NetworkDifficulty: 60 * 400_000 / 4294967296.0, Height: 1000, BlockReward: reward, Driver: coin.DriverDevnet,
			UpdatedAt: time.Now().UnixMilli()}
		if err := blocks.SaveStats(ctx, st); err != nil {
			t.Fatal(err)
		}
	}
}

// seedShares gives a device half an hour of accepted shares, as the engine would.
func seedShares(t *testing.T, d *db.DB, deviceID int64, coinType string) {
	t.Helper()
	now := time.Now().Truncate(time.Minute)
	var rows []pool.ShareMinute
	for i := 1; i <= 30; i++ {
		rows = append(rows, pool.ShareMinute{DeviceID: deviceID, Minute: now.Add(-time.Duration(i) * time.Minute), Coin: coinType,
			DiffSum: 0.5, Accepted: 50, Rejected: 1, Stale: 1})
	}
	if err := pool.AddShareMinutes(context.Background(), d, rows); err != nil {
		t.Fatal(err)
	}
}

func mustCoins(t *testing.T, d *db.DB) []coin.Coin {
	t.Helper()
	list, err := (&coin.Store{DB: d}).List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func mustPrices(t *testing.T, d *db.DB) map[string]map[string]market.Micros {
	t.Helper()
	p, err := (&market.Prices{DB: d}).All(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return p
}
