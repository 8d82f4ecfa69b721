package coin

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
)

type uidKey struct{}

// testAuth stands in for the account middlewares: the x-test-user header is the user.
func testAuth(required bool) httpx.Middleware {
	return func(next httpx.HandlerFunc) httpx.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) error {
			id, err := strconv.ParseInt(r.Header.Get("x-test-user"), 10, 64)
			if err != nil {
				if required {
					return httpx.LoginRequired("")
				}
				return next(w, r)
			}
			return next(w, r.WithContext(context.WithValue(r.Context(), uidKey{}, id)))
		}
	}
}

func TestCoinListsAndUserOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &Store{DB: d}
		for i, typ := range []string{"ALEO", "IRON", "KAS", "BTC"} {
			c := Coin{Type: typ, Name: typ + " coin", Algorithm: "sha256d", ChainUnit: typ, MinHashUnit: "MH/s", Decimals: 8,
				SettleModel: SettleModelPPS, SettleTime: "08:00", Driver: DriverDevnet, OpenStatus: typ != "IRON", SortOrder: i}
			if err := s.Put(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		for _, uid := range []int64{1, 2} {
			if _, err := d.Exec(ctx, `INSERT INTO users (id, uid, nickname, password_hash, lang, created_at, updated_at) VALUES (?, ?, 'u', 'x', 'en_US', 0, 0)`, uid, strconv.FormatInt(10000000+uid, 10)); err != nil {
				t.Fatal(err)
			}
		}
		rt := httpx.NewRouter(slog.New(slog.DiscardHandler), httpx.Options{DefaultLang: "en_US"})
		(&Handler{Store: s, User: testAuth(true), Optional: testAuth(false), UserID: func(ctx context.Context) (int64, bool) {
			id, ok := ctx.Value(uidKey{}).(int64)
			return id, ok
		}}).Routes(rt)
		srv := httptest.NewServer(rt)
		defer srv.Close()
		call := func(method, path, body, user string) (int, string, string) {
			req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
			req.Header.Set("language", "en_US")
			if user != "" {
				req.Header.Set("x-test-user", user)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var e struct {
				Code int
				Msg  string
				Data json.RawMessage
			}
			_ = json.NewDecoder(resp.Body).Decode(&e)
			return resp.StatusCode, e.Msg, string(e.Data)
		}
		order := func(data string) string {
			var list []ChainType
			_ = json.Unmarshal([]byte(data), &list)
			var out []string
			for _, c := range list {
				out = append(out, c.Type)
			}
			return strings.Join(out, ",")
		}
		_, _, data := call("GET", "/api/pc/v1/currency/list", "", "")
		if order(data) != "ALEO,IRON,KAS,BTC" || !strings.Contains(data, `"value":"IRON","driver":"devnet"`) || !strings.Contains(data, `"status":0`) {
			t.Fatalf("list %s", data)
		}
		if st, _, _ := call("PUT", "/api/pc/v1/common/basic/saveSortCurrency", `["BTC"]`, ""); st != 401 {
			t.Fatalf("save without login: %d", st)
		}
		if st, _, _ := call("PUT", "/api/pc/v1/common/basic/saveSortCurrency", `{"currencyList":["btc","KAS"]}`, "1"); st != 200 {
			t.Fatalf("save: %d", st)
		}
		for _, bad := range []struct{ body, msg string }{
			{`["BTC","BTC"]`, "listed twice"}, {`["DOGE"]`, "no coin DOGE"}, {`[]`, "Coin order is required"}, {`[5]`, "no coin"},
			{`{"list":[]}`, "Coin order is required"}, {`"BTC"`, "Coin order is not valid"},
		} {
			if st, msg, _ := call("PUT", "/api/pc/v1/common/basic/saveSortCurrency", bad.body, "1"); st != 400 || !strings.Contains(msg, bad.msg) {
				t.Errorf("%s: %d %q", bad.body, st, msg)
			}
		}
		if _, _, data := call("GET", "/api/pc/v1/common/basic/showCurrencyList", "", "1"); order(data) != "BTC,KAS,ALEO,IRON" {
			t.Fatalf("user 1 order %s", order(data))
		}
		if _, _, data := call("GET", "/api/pc/v1/common/basic/showCurrencyList", "", "2"); order(data) != "ALEO,IRON,KAS,BTC" {
			t.Fatalf("user 2 sees user 1's order: %s", order(data))
		}
		if _, _, data := call("GET", "/api/pc/v1/common/basic/showCurrencyList", "", ""); order(data) != "ALEO,IRON,KAS,BTC" {
			t.Fatalf("visitor order %s", order(data))
		}
		call("GET", "/api/pc/v1/common/basic/resetSortCurrency", "", "1")
		if _, _, data := call("GET", "/api/pc/v1/common/basic/showCurrencyList", "", "1"); order(data) != "ALEO,IRON,KAS,BTC" {
			t.Fatalf("after reset %s", order(data))
		}
		if _, _, data := call("GET", "/api/pc/v1/common/basic/hashUnit/list?currencyType=btc", "", ""); data != `["MH/s","GH/s","TH/s","PH/s","EH/s"]` {
			t.Fatalf("units %s", data)
		}
		if st, msg, _ := call("GET", "/api/pc/v1/common/basic/hashUnit/list?currencyType=XYZ", "", ""); st != 404 || !strings.Contains(msg, "XYZ") {
			t.Fatalf("unknown coin units: %d %s", st, msg)
		}
	})
}
