package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/chaintest"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/pool"
)

// The whole way on litecoind regtest, through the API a miner uses: a CPU miner mines
// through our stratum into node A, its shares earn, the day settles on the movable clock,
// the miner adds an address and withdraws by hand; node B sees the transaction, it
// confirms, and the withdrawal is a success with its hash. Then an auto-withdrawal is set
// outside the payment window and paid inside it.
func TestWithdrawalsOnLitecoinRegtest(t *testing.T) {
	if testing.Short() {
		t.Skip("starts litecoind and poold")
	}
	pair := chaintest.StartLitecoinPair(t)
	ctx := context.Background()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "poold.db")
	port := freePort(t)
	add := []string{"admin", "--db", dbPath, "coin", "add", "LTC", "--name", "Litecoin", "--algorithm", "scrypt", "--unit", "LTC",
		"--hash-unit", "H/s", "--ports", fmt.Sprint(port), "--driver", "bitcoind", "--bind", "--payout-confirmations", "2",
		"--min-withdraw", "1000000", "--withdraw-fee", "100000",
		"--driver-config", "rpc_url=" + pair.URL, "--driver-config", "rpc_user=" + pair.User, "--driver-config", "rpc_password=" + pair.Password,
		"--driver-config", "wallet=" + pair.Wallet, "--driver-config", "rules=mweb,segwit", "--driver-config", "start_difficulty=0.0001",
		"--driver-config", "maturity=5"}
	if err := Run(ctx, add, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	const email, password = "ltc@example.com", "Passw0rd!ltc"
	seedMiner(t, dbPath, "ltc_miner", email, password, "ltcfarm", "LTC")
	s := startServeOn(t, dbPath, "LTC", "--stratum-bind", "127.0.0.1", "--test-clock", "--payout-every", "1s")
	api, code := s.loginByEmail(t, email, password)

	// Mine through our stratum: scrypt shares, some of them regtest blocks.
	start := pair.A.Height(t)
	// A CPU miner's software (not an ASIC's, which binds under an ASIC account only).
	m := dialStratumAs(t, ctx, s.StratumPort, "cpuminer/2.5.1", "ltcfarm.rig01")
	m.algo = chain.Scrypt
	for i := 0; i < 40 && pair.A.Height(t) < start+3; i++ {
		if err := m.share(ctx, "ltcfarm.rig01", true); err != nil {
			t.Fatalf("share %d: %v", i, err)
		}
	}
	if h := pair.A.Height(t); h < start+3 {
		t.Fatalf("node A at %d after 40 shares from %d", h, start)
	}
	pair.Sync(t)
	defer func() {
		if t.Failed() {
			d, _ := db.Open(ctx, dbPath)
			for _, q := range []string{"SELECT COUNT(*) FROM share_minutes", "SELECT COUNT(*) FROM pps_minutes", "SELECT COUNT(*) FROM devices WHERE bound", "SELECT COUNT(*) FROM devices"} {
				var n int
				_ = d.QueryRow(ctx, q).Scan(&n)
				t.Logf("%s: %d", q, n)
			}
			t.Logf("serve output:\n%s", s.Stdout.String())
			d.Close()
		}
	}()
	waitFor(t, 30*time.Second, "settling earnings", func() bool {
		return strings.Contains(string(api("GET", "/api/pc/v1/earnings/summary", nil)), `"coin":"LTC"`)
	})

	// An address outside the pool's wallet, in the book; then two days pass: the day
	// settles and the address's 48 hours are over.
	pair.A.Call(t, "createwallet", "outside")
	outside := &chaintest.Client{URL: pair.URL, User: pair.User, Password: pair.Password, Wallet: "outside"}
	raw, err := outside.CallWallet(ctx, "getnewaddress")
	if err != nil {
		t.Fatal(err)
	}
	var addr string
	_ = json.Unmarshal(raw, &addr)
	var entry struct{ ID int64 }
	_ = json.Unmarshal(api("POST", "/api/pc/v1/customer/address/save", map[string]any{"currencyType": "LTC", "address": addr, "network": "LTC",
		"description": "outside", "verifyType": "email", "code": code("addressBook")}), &entry)
	// The account's email is told of the change.
	waitFor(t, 10*time.Second, "the address book notice", func() bool {
		raw, _ := os.ReadFile(s.Outbox)
		return strings.Contains(string(raw), "Notice: addressBook") && strings.Contains(string(raw), addr)
	})
	s.advance(t, 49*time.Hour)
	waitFor(t, 90*time.Second, "a settled balance", func() bool {
		var info struct{ Available string }
		_ = json.Unmarshal(api("GET", "/api/pc/v1/customer/withdraw/info?subAccount=ltcfarm&currencyType=LTC", nil), &info)
		return info.Available != "" && info.Available != "0.00000000"
	})

	// By hand.
	var w struct {
		ID      int64
		OrderNo string
	}
	_ = json.Unmarshal(api("POST", "/api/pc/v1/customer/withdraw/apply", map[string]any{"subAccount": "ltcfarm", "currencyType": "LTC", "amount": "1.25",
		"addressId": entry.ID, "network": "LTC", "remark": "regtest", "verifyType": "email", "code": code("withdraw"), "requestId": "regtest-1"}), &w)
	txid := waitForWithdrawal(t, api, w.ID, "processing", true)
	// Node B has it: in its mempool, then in a block it mined.
	waitFor(t, 30*time.Second, "the payout in node B's mempool", func() bool {
		return strings.Contains(string(pair.B.Call(t, "getrawmempool")), txid)
	})
	pair.Generate(t, pair.B, 2)
	pair.Sync(t)
	waitForWithdrawal(t, api, w.ID, "success", true)
	if got := paidOnB(t, pair, txid, addr); got != 124_900_000 {
		t.Fatalf("node B's block pays %s %d litoshi, want 1.249 LTC", addr, got)
	}

	// Automatic: set outside the window (12:00-24:00 Beijing), paid inside it.
	now := s.clockNow(t)
	bj := now.In(time.FixedZone("Asia/Shanghai", 8*3600))
	if bj.Hour() < 12 {
		s.advance(t, time.Date(bj.Year(), bj.Month(), bj.Day(), 12, 30, 0, 0, bj.Location()).Sub(bj))
	}
	api("POST", "/api/pc/v1/customer/withdraw/setting", map[string]any{"subAccount": "ltcfarm", "currencyType": "LTC", "autoEnabled": true,
		"amount": "0.5", "addressId": entry.ID, "verifyType": "email", "code": code("withdraw")})
	bj = s.clockNow(t).In(bj.Location())
	s.advance(t, time.Date(bj.Year(), bj.Month(), bj.Day()+1, 0, 30, 0, 0, bj.Location()).Sub(bj))
	var auto struct {
		Rows []struct {
			ID     int64
			Kind   string
			Status string
			TxHash string
		}
	}
	waitFor(t, 30*time.Second, "the auto-withdrawal", func() bool {
		_ = json.Unmarshal(api("GET", "/api/pc/v1/customer/withdraw/list?subAccount=ltcfarm", nil), &auto)
		return len(auto.Rows) == 2 && auto.Rows[0].Kind == "auto"
	})
	autoTx := waitForWithdrawal(t, api, auto.Rows[0].ID, "processing", true)
	pair.Generate(t, pair.A, 2)
	pair.Sync(t)
	waitForWithdrawal(t, api, auto.Rows[0].ID, "success", true)
	if paidOnB(t, pair, autoTx, addr) <= 0 {
		t.Fatal("node B's chain does not pay the auto-withdrawal")
	}
	if err := Run(ctx, []string{"admin", "--db", dbPath, "--log-level", "error", "wallet", "check", "--coin", "LTC"}, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatalf("wallet check: %v", err)
	}
	if err := Run(ctx, []string{"admin", "--db", dbPath, "--log-level", "error", "ledger", "check"}, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatalf("ledger check: %v", err)
	}
}

// seedMiner adds an active account (nickname, email, password) with one sub-account
// whose default coin is coin to the database at dbPath.
func seedMiner(t *testing.T, dbPath, nickname, email, password, subAccount, coin string) {
	t.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	hash, _ := account.HashPassword(password, account.DefaultArgon2)
	u, err := (&account.Store{DB: d}).CreateUser(ctx, d, account.User{Nickname: nickname, PasswordHash: hash,
		AccountType: account.TypeNormal, Status: account.StatusActive, Lang: "en_US", Email: email})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&pool.Store{DB: d}).CreateSubAccount(ctx, u.ID, subAccount, subAccount, coin); err != nil {
		t.Fatal(err)
	}
}

// loginByEmail logs in by password and answers api, which calls the API as that user and
// fails the test on anything but success, and code, which has a verification code for
// scene sent to the email (the resend interval passed on the server's clock first) and
// answers it.
func (s runningServe) loginByEmail(t *testing.T, email, password string) (api func(method, path string, body any) json.RawMessage, code func(scene string) string) {
	t.Helper()
	var login struct{ Token string }
	_ = json.Unmarshal(s.ok(t, "POST", "/api/pc/v1/common/customer/login/email/pwd", map[string]any{"email": email, "password": password, "ticket": s.ticket(t)}), &login)
	api = func(method, path string, body any) json.RawMessage {
		t.Helper()
		status, env := s.do(t, method, path, body, "x-token", login.Token)
		if status != 200 || env.Code != 0 {
			t.Fatalf("%s %s: %d code %d %s", method, path, status, env.Code, env.Msg)
		}
		return env.Data
	}
	code = func(scene string) string {
		t.Helper()
		s.advance(t, 61*time.Second)
		q := url.Values{"email": {email}, "scenes": {scene}, "ticket": {s.ticket(t)}}
		api("GET", "/api/pc/v1/customer/email/code/send?"+q.Encode(), nil)
		return s.lastCode(t)
	}
	return api, code
}

// startServeOn runs serve on an existing database with every role until the test ends,
// once its api and coin's stratum listen. The coin's port was free when the test asked,
// but a test of another package may take it before serve listens: then the coin moves
// to another port (runningServe.StratumPort says which).
func startServeOn(t *testing.T, dbPath, coin string, args ...string) runningServe {
	t.Helper()
	for attempt := 1; ; attempt++ {
		s, err := tryStartServeOn(t, dbPath, coin, args...)
		if err == nil {
			return s
		}
		if attempt == 5 || !strings.Contains(err.Error(), "address already in use") {
			t.Fatalf("serve stopped before it listened: %v", err)
		}
		move := []string{"admin", "--db", dbPath, "coin", "set", coin, "--ports", fmt.Sprint(freePort(t)), "--reason", "test: free port"}
		if err := Run(context.Background(), move, noEnv, nil, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
}

// tryStartServeOn is startServeOn's one try, answering serve's error if it ended first.
func tryStartServeOn(t *testing.T, dbPath, coin string, args ...string) (runningServe, error) {
	t.Helper()
	s := runningServe{Outbox: filepath.Join(filepath.Dir(dbPath), "outbox.log"), Stdout: &lockedBuffer{}, Stderr: &lockedBuffer{}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	all := append([]string{"serve", "--http", "127.0.0.1:0", "--db", dbPath, "--outbox", s.Outbox, "--log-level", "warn"}, args...)
	go func() { done <- Run(ctx, all, noEnv, nil, s.Stdout, s.Stderr) }()
	api := regexp.MustCompile(`listening on (http://\S+)`)
	stratum := regexp.MustCompile(`stratum for ` + regexp.QuoteMeta(coin) + ` \(\w+\) on \S+:(\d+)`)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		select {
		case err := <-done:
			cancel()
			if err == nil {
				err = errors.New("serve ended")
			}
			return s, err
		default:
		}
		out := s.Stdout.String()
		a, m := api.FindStringSubmatch(out), stratum.FindStringSubmatch(out)
		if a != nil && m != nil {
			s.URL = a[1]
			s.StratumPort, _ = strconv.Atoi(m[1])
			break
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("waited 30s for serve to listen; it printed:\n%s", out)
		}
	}
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Error("serve did not stop")
		}
	})
	return s, nil
}

// clockNow is the server's test clock now.
func (s runningServe) clockNow(t *testing.T) time.Time {
	t.Helper()
	var r struct {
		Now int64 `json:"now"`
	}
	_ = json.Unmarshal(s.ok(t, "POST", testClockPath, map[string]any{"seconds": 1}), &r)
	return time.UnixMilli(r.Now)
}

func waitFor(t *testing.T, limit time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", limit, what)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// waitForWithdrawal waits until withdrawal id shows status (with a hash when hashed) and
// answers its hash.
func waitForWithdrawal(t *testing.T, api func(string, string, any) json.RawMessage, id int64, status string, hashed bool) string {
	t.Helper()
	var hash string
	// Three minutes: an IronFish payout is proved by the node (a zk-SNARK per spend), which
	// on a loaded two-core machine took over a minute.
	waitFor(t, 3*time.Minute, fmt.Sprintf("withdrawal %d to be %s", id, status), func() bool {
		var page struct {
			Rows []struct {
				ID     int64
				Status string
				TxHash string
			}
		}
		_ = json.Unmarshal(api("GET", "/api/pc/v1/customer/withdraw/list?pageSize=50", nil), &page)
		for _, r := range page.Rows {
			if r.ID == id && r.Status == status && (!hashed || r.TxHash != "") {
				hash = r.TxHash
				return true
			}
		}
		return false
	})
	return hash
}

// paidOnB finds transaction txid in node B's last blocks and sums what it pays addr.
func paidOnB(t *testing.T, pair *chaintest.Pair, txid, addr string) int64 {
	t.Helper()
	for h := pair.B.Height(t); h > pair.B.Height(t)-10; h-- {
		var sum int64
		found := false
		for _, o := range pair.B.BlockOutputs(t, h) {
			if o.TxID != txid {
				continue
			}
			found = true
			if o.Address == addr {
				v, err := chain.ParseNodeAmount(o.Value.String(), 8)
				if err != nil {
					t.Fatal(err)
				}
				sum += v
			}
		}
		if found {
			return sum
		}
	}
	return 0
}
