package withdraw_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/big"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// plainAmount is the grammar of an amount a person types: digits, and optionally a point
// and digits.
var plainAmount = regexp.MustCompile(`^([0-9]+)(?:\.([0-9]+))?$`)

// FuzzParseAmount fuzzes the amount of a withdrawal and of an auto-withdrawal setting
// (withdraw.ParseAmount, decimal text to minor units) against big.Rat arithmetic. It
// takes exactly the plain decimals that are above zero, fit int64 minor units, have at
// most as many decimal places as the coin and at most MaxDecimals that are not trailing
// zeros; what it takes is the exact value, a whole number of the smallest step a
// withdrawal may name, and writes back (chain.FormatAmount) to text that parses to it
// again. A refusal is one of the SPEC section 8 messages.
func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"1", "0.5", "0.00001", "1.50000", "1.0000000", "0012.5", " 3 ", "92233720368.54775807",
		"", "abc", "1e3", "1.", ".5", "-1", "-0", "0", "0.00000", "1.000001", "1.000000000", "99999999999999", " 1,5",
		"+1", "1_000", "0x10", "１", "NaN", "-Inf", "1.5\u00a0", "\u20281"} {
		f.Add(s, uint8(8))
	}
	f.Add("12345678901234567890", uint8(0))
	f.Add("9223372036854775807", uint8(0))
	f.Add("9223372036854775808", uint8(0))
	f.Add("9.22337", uint8(18))
	f.Add("0.1", uint8(0))
	f.Fuzz(func(t *testing.T, s string, d uint8) {
		c := coin.Coin{Type: "TST", Decimals: int(d % 19)} // chain amounts have 0 to 18 decimals
		places := min(withdraw.MaxDecimals, c.Decimals)
		got, err := withdraw.ParseAmount(s, c)

		want, ok := refAmount(strings.TrimSpace(s), c.Decimals, places)
		if ok != (err == nil) || got != want {
			t.Fatalf("ParseAmount(%q, %d decimals) = %d, %v; reference %d, %v", s, c.Decimals, got, err, want, ok)
		}
		if err != nil {
			var e *httpx.Error
			if !errors.As(err, &e) || e.Status != http.StatusBadRequest {
				t.Fatalf("ParseAmount(%q): not a 400: %v", s, err)
			}
			switch e.Key {
			case "withdraw.fieldsRequired", "withdraw.amountWrong", "withdraw.positive", "withdraw.decimals":
			default:
				t.Fatalf("ParseAmount(%q): %s", s, e.Key)
			}
			return
		}
		step := int64(math.Pow10(c.Decimals - places))
		if got <= 0 || got%step != 0 {
			t.Fatalf("ParseAmount(%q, %d) = %d: not a positive multiple of %d", s, c.Decimals, got, step)
		}
		text := chain.FormatAmount(got, c.Decimals)
		if back, err := withdraw.ParseAmount(text, c); err != nil || back != got {
			t.Fatalf("%q -> %d -> %q -> %d, %v", s, got, text, back, err)
		}
	})
}

// refAmount is the reference reading of a trimmed amount: ok and the minor units when
// ParseAmount must take it.
func refAmount(s string, decimals, places int) (int64, bool) {
	m := plainAmount.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	frac := m[2]
	if len(frac) > decimals || len(strings.TrimRight(frac, "0")) > places {
		return 0, false
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, false
	}
	r.Mul(r, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)))
	if !r.IsInt() || r.Sign() <= 0 || !r.Num().IsInt64() {
		return 0, false
	}
	return r.Num().Int64(), true
}

// moneyRig is the address book, the withdrawal settings and withdrawals served by the real
// router and handlers, on SQLite: alice with a funded sub-account and one usable address
// (and an email bound, so every money call needs a code, and none was ever sent), and
// mallory, who has nothing.
type moneyRig struct {
	d              *db.DB
	rt             *httpx.Router
	alice, mallory accounttest.User
	sub            pool.SubAccount
	addr           withdraw.Address
	book           string // alice's address book as it must stay
}

// patient is a Guard that never makes anyone wait: the fuzzer's wrong codes would
// otherwise turn every later call into "try again in an hour" and hide the paths behind.
type patient struct{}

func (patient) State(context.Context, string) (ratelimit.State, error) { return ratelimit.State{}, nil }
func (patient) Fail(context.Context, string, ratelimit.Policy) (ratelimit.Verdict, error) {
	return ratelimit.Verdict{Failures: 1}, nil
}
func (patient) Succeed(context.Context, string, time.Duration) error { return nil }

// allowAll lets every call through the hourly caps, for the same reason.
type allowAll struct{}

func (allowAll) Allow(context.Context, string, int, time.Duration) (bool, error) { return true, nil }

func newMoneyRig(tb testing.TB) *moneyRig {
	ctx := context.Background()
	d := dbtest.SQLite(tb)
	clk := &clock{t: time.Date(2025, 3, 1, 6, 0, 0, 0, time.UTC)} // 14:00 in Beijing: settings may change
	cfg := devnet.DefaultConfig("TST", chain.SHA256d)
	cfg.OtherMiners, cfg.NetworkHashRate, cfg.Now = false, 0, clk.Now
	cfg.Rand = rand.New(rand.NewPCG(3, 4))
	cfg.Logger = slog.New(slog.DiscardHandler)
	ch, err := devnet.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = ch.Close() })
	coins := &coin.Store{DB: d}
	if err := coins.Put(ctx, coin.Coin{Type: "TST", Name: "Test", AliasName: "TST", Algorithm: "sha256d", ChainUnit: "TST", MinHashUnit: "H/s",
		Decimals: 8, SettleModel: coin.SettleModelPPS, SettleTime: "08:00", FeeBps: 100, Driver: coin.DriverDevnet, MinWithdraw: minW,
		WithdrawFee: fee, PayoutConfirmations: 2, OpenStatus: true}); err != nil {
		tb.Fatal(err)
	}
	m := &moneyRig{d: d, alice: accounttest.NewUser(tb, d, "alice@example.com", "", clk.Now()),
		mallory: accounttest.NewUser(tb, d, "mallory@example.com", "", clk.Now())}
	pools := &pool.Store{DB: d, Now: clk.Now}
	if m.sub, err = pools.CreateSubAccount(ctx, m.alice.ID, "alice", "main", "TST"); err != nil {
		tb.Fatal(err)
	}
	store := &withdraw.Store{DB: d, Coins: coins, Chains: chains{ch}, Now: clk.Now}
	key := chain.DoubleSHA256([]byte("fuzz"))
	if m.addr, err = store.SaveAddress(ctx, m.alice.ID, withdraw.AddressInput{Coin: "TST", Address: devnet.EncodeAddress([20]byte(key[:20])),
		Network: "TST", Description: "cold"}, noCode); err != nil {
		tb.Fatal(err)
	}
	if _, err := d.Exec(ctx, "UPDATE withdraw_addresses SET usable_at = 0"); err != nil {
		tb.Fatal(err)
	}
	err = d.InTx(ctx, func(tx *db.Tx) error {
		_, err := ledger.Post(ctx, tx, []ledger.Entry{{SubAccountID: m.sub.ID, UserID: m.alice.ID, Coin: "TST", Kind: ledger.KindEarning,
			Available: 2 * coinU, Earned: 2 * coinU, Ref: "fuzz", IdemKey: "fuzz-credit", At: clk.Now()}})
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	accounts := &account.Service{Store: &account.Store{DB: d}, Guard: patient{}, Now: clk.Now}
	m.rt = httpx.NewRouter(slog.New(slog.DiscardHandler), httpx.Options{DefaultLang: "en_US", RequireJSON: true})
	(&withdraw.Handler{Store: store, Pool: pools, Account: accounts, User: (&account.Handler{Service: accounts}).RequireUser,
		Limiter: allowAll{}}).Routes(m.rt)
	m.book = m.snapshot(tb, "SELECT id, user_id, coin, address, network, description, usable_at, updated_at FROM withdraw_addresses ORDER BY id")
	return m
}

// snapshot is the rows of a query as text, to compare before and after.
func (m *moneyRig) snapshot(tb testing.TB, query string) string {
	rows, err := m.d.Query(context.Background(), query)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var b strings.Builder
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			tb.Fatal(err)
		}
		fmt.Fprintln(&b, vals...)
	}
	if err := rows.Err(); err != nil {
		tb.Fatal(err)
	}
	return b.String()
}

// The money calls that take a JSON body.
var moneyCalls = []string{
	"/api/pc/v1/customer/withdraw/apply",
	"/api/pc/v1/customer/address/save",
	"/api/pc/v1/customer/address/delete",
	"/api/pc/v1/customer/withdraw/setting",
}

// FuzzMoneyCalls posts fuzzed bodies to the money calls through the real router and
// handlers, as alice or as mallory, with a live session. Whatever the body: the answer is
// the JSON envelope with a 4xx, never a 5xx (a decoding or validation slip that reaches
// the database as an error); no withdrawal is made and no balance moves, the address
// book is unchanged (every change needs a code, and none was sent); and a setting saved
// is alice's own, on her address, at an amount that is a valid withdrawal at least the
// coin's minimum. Settings are the one call that may succeed, and only to turn a setting
// off: turning one on needs the second verification, and no code was sent. It writes one
// row, in SQLite, so an iteration costs a fraction of a millisecond.
func FuzzMoneyCalls(f *testing.F) {
	m := newMoneyRig(f)
	id := m.addr.ID
	for _, b := range []string{
		fmt.Sprintf(`{"subAccount":"alice","currencyType":"TST","amount":"0.5","addressId":%d,"network":"TST","remark":"rent","requestId":"r-1","verifyType":"email","code":"123456"}`, id),
		fmt.Sprintf(`{"subAccount":"alice","currencyType":"tst","amount":"1.00001","addressId":%d,"network":"tst","remark":"","requestId":"","verifyType":"email","code":"000000","totpCode":"123456"}`, id),
		fmt.Sprintf(`{"id":0,"currencyType":"TST","address":%q,"network":"TST","description":"hot","verifyType":"email","code":"123456"}`, m.addr.Address),
		fmt.Sprintf(`{"id":%d,"currencyType":"TST","address":%q,"network":"TST","description":"cold\u202e","verifyType":"phone","code":"1"}`, id, m.addr.Address),
		fmt.Sprintf(`{"id":%d,"verifyType":"email","code":"123456"}`, id),
		fmt.Sprintf(`{"subAccount":"alice","currencyType":"TST","autoEnabled":true,"amount":"0.5","addressId":%d}`, id),
		fmt.Sprintf(`{"subAccount":"alice","currencyType":"TST","autoEnabled":true,"amount":"0.001","addressId":%d}`, id),
		`{"subAccount":"alice","currencyType":"TST","autoEnabled":false,"amount":"","addressId":0}`,
		`{"subAccount":"alice","currencyType":"TST","amount":"-1","addressId":1,"network":"TST"}`,
		`{"subAccount":"alice","currencyType":"TST","amount":"1e3","addressId":1,"network":"TST","amount":"1"}`,
		`{"subAccount":"alice","currencyType":"TST","amount":"99999999999999","addressId":1,"network":"TST","admin":true}`,
		`{"subAccount":"alice","currencyType":"TST","amount":0.5,"addressId":"1"}`,
		`{"id":9223372036854775807}`, `{"id":-1}`, `[]`, `null`, ``, `{`,
	} {
		for call := range len(moneyCalls) * 2 {
			f.Add(uint8(call), []byte(b))
		}
	}
	f.Fuzz(func(t *testing.T, call uint8, body []byte) {
		path := moneyCalls[int(call)%len(moneyCalls)]
		who := m.alice
		if int(call)/len(moneyCalls)%2 == 1 {
			who = m.mallory
		}
		req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("x-token", who.Token)
		w := httptest.NewRecorder()
		m.rt.ServeHTTP(w, req)
		var env struct {
			Code int             `json:"code"`
			Msg  string          `json:"msg"`
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &env); err != nil {
			t.Fatalf("%s %q: %d %s", path, body, w.Code, w.Body)
		}
		setting := strings.HasSuffix(path, "/setting")
		if w.Code >= 500 || (w.Code == http.StatusOK) != (env.Code == 0) || (env.Code == 0 && !(setting && who.ID == m.alice.ID)) {
			t.Fatalf("%s as %s %q: %d %+v", path, who.Email, body, w.Code, env)
		}
		m.check(t, path, body)
	})
}

// check holds the money to its place after a call.
func (m *moneyRig) check(t *testing.T, path string, body []byte) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Fatalf("after %s %q: "+format, append([]any{path, body}, args...)...)
	}
	if n := m.snapshot(t, "SELECT id FROM withdrawals"); n != "" {
		fail("withdrawals %s", n)
	}
	if b := m.snapshot(t, "SELECT sub_account_id, user_id, available, frozen, withdrawn FROM balances"); b != fmt.Sprintln(m.sub.ID, m.alice.ID, 2*coinU, 0, 0) {
		fail("balances %s", b)
	}
	if book := m.snapshot(t, "SELECT id, user_id, coin, address, network, description, usable_at, updated_at FROM withdraw_addresses ORDER BY id"); book != m.book {
		fail("address book %s, was %s", book, m.book)
	}
	rows, err := m.d.Query(context.Background(), "SELECT sub_account_id, user_id, coin, enabled, amount, address_id FROM withdraw_settings")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var sub, user, amount, addr int64
		var c string
		var on bool
		if err := rows.Scan(&sub, &user, &c, &on, &amount, &addr); err != nil {
			t.Fatal(err)
		}
		if sub != m.sub.ID || user != m.alice.ID || c != "TST" || addr != m.addr.ID ||
			(on && (amount < minW || amount <= fee || amount%1000 != 0)) { // 1000: 10^(8-5), the finest amount
			fail("setting sub %d user %d %s on %v amount %d address %d", sub, user, c, on, amount, addr)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}
