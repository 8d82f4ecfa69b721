package market_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/market"
	"github.com/uniplus-pool/pool/internal/mining"
)

func TestSimplePriceAPIClient(t *testing.T) {
	var gotQuery, gotKey string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotQuery, gotKey = r.URL.RawQuery, r.Header.Get("x-cg-demo-api-key")
		switch r.URL.Query().Get("ids") {
		case "bitcoin,kaspa":
			io.WriteString(w, `{"bitcoin":{"usd":97000.5,"cny":700000.25},"kaspa":{"usd":0.123456,"cny":0.9}}`)
		case "broken":
			io.WriteString(w, `{"broken":{"usd":1}}`)
		default:
			http.Error(w, "rate limited", http.StatusTooManyRequests)
		}
	}))
	defer srv.Close()
	api := &market.SimplePriceAPI{BaseURL: srv.URL + "/", APIKey: "k1"}
	q, err := api.Quotes(context.Background(), map[string]string{"BTC": "bitcoin", "KAS": "kaspa"})
	if err != nil {
		t.Fatal(err)
	}
	if q["BTC"].USD != 97_000_500_000 || q["BTC"].CNY != 700_000_250_000 || q["KAS"].USD != 123_456 {
		t.Fatalf("quotes %+v", q)
	}
	if !strings.Contains(gotQuery, "vs_currencies=usd%2Ccny") || gotKey != "k1" {
		t.Fatalf("request %q key %q", gotQuery, gotKey)
	}
	if _, err := api.Quotes(context.Background(), map[string]string{"X": "broken"}); err == nil {
		t.Fatal("a quote without cny accepted")
	}
	if _, err := api.Quotes(context.Background(), map[string]string{"X": "other"}); err == nil || !strings.Contains(err.Error(), "429") {
		t.Fatalf("HTTP error: %v", err)
	}
}

type envelope struct {
	Code int             `json:"code"`
	Msg  string          `json:"msg"`
	Data json.RawMessage `json:"data"`
}

func TestDashboardAndCalculatorOnBothDatabases(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		coins := &coin.Store{DB: d}
		base := coin.Coin{Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC", MinHashUnit: "TH/s", Decimals: 8, FeeBps: 200,
			SettleModel: coin.SettleModelPPS, SettleTime: "08:00", Driver: coin.DriverDevnet, OpenStatus: true}
		btc := base
		btc.Type, btc.SortOrder = "BTC", 1
		kas := base
		kas.Type, kas.Name, kas.ChainUnit, kas.OpenStatus, kas.SortOrder = "KAS", "Kaspa", "KAS", false, 2
		kas.ClosedMsg = map[string]string{"en_US": "Kaspa is paused for an upgrade", "zh_CN": "Kaspa 升级暂停"}
		for _, c := range []coin.Coin{btc, kas} {
			if err := coins.Put(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		prices := &market.Prices{DB: d}
		var out bytes.Buffer
		if err := prices.Admin(ctx, []string{"set", "btc", "usd", "60000"}, &out); err != nil {
			t.Fatal(err)
		}
		for _, bad := range [][]string{{"set", "BTC", "EUR", "1"}, {"set", "BTC", "USD", "-1"}, {"set", "BTC", "USD", "lots"}, {"set"}} {
			if err := prices.Admin(ctx, bad, &out); err == nil {
				t.Errorf("price %v accepted", bad)
			}
		}
		// price set is in the operator audit log as cli, the refused ones not.
		for _, v := range []string{"61000.5", "60000"} { // and back, for the figures below
			if err := prices.Admin(ctx, []string{"set", "btc", "usd", v}, &out); err != nil {
				t.Fatal(err)
			}
		}
		var entries []string
		audited, err := d.Query(ctx, "SELECT actor, object_id, COALESCE(before_json, ''), after_json FROM ops_audit WHERE action = 'price.set' ORDER BY id")
		if err != nil {
			t.Fatal(err)
		}
		for audited.Next() {
			var actor, object, before, after string
			if err := audited.Scan(&actor, &object, &before, &after); err != nil {
				t.Fatal(err)
			}
			entries = append(entries, strings.Join([]string{actor, object, before, after}, " "))
		}
		audited.Close()
		if want := []string{`cli BTC/USD  {"micros":60000000000}`, `cli BTC/USD {"micros":60000000000} {"micros":61000500000}`,
			`cli BTC/USD {"micros":61000500000} {"micros":60000000000}`}; fmt.Sprint(entries) != fmt.Sprint(want) {
			t.Fatalf("audit entries %q, want %q", entries, want)
		}
		// BTC: 600 s blocks at 500 EH/s (difficulty = 500e18 x 600 / 2^32), 3.125 a block.
		stats := &mining.Blocks{DB: d}
		if err := stats.SaveStats(ctx, mining.PoolStats{Coin: "BTC", PoolHashRate: 2.5e15, ActiveMiners: 7, NetworkHashRate: 500e18,
			NetworkDifficulty: 500e18 * 600 / 4294967296, Height: 900000, BlockReward: 312_500_000, Driver: "devnet"}); err != nil {
			t.Fatal(err)
		}
		rt := httpx.NewRouter(slog.New(slog.DiscardHandler), httpx.Options{DefaultLang: "en_US"})
		(&market.Handler{Coins: coins, Stats: stats, Prices: prices}).Routes(rt)
		srv := httptest.NewServer(rt)
		defer srv.Close()
		call := func(method, path, body, lang string) (int, envelope) {
			req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
			req.Header.Set("language", lang)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var e envelope
			_ = json.NewDecoder(resp.Body).Decode(&e)
			return resp.StatusCode, e
		}
		status, e := call("GET", "/api/pc/v1/dashboard/list?legalTender=USD", "", "en_US")
		var rows []market.Row
		if err := json.Unmarshal(e.Data, &rows); err != nil || status != 200 || len(rows) != 2 {
			t.Fatalf("list %d %s", status, e.Data)
		}
		r := rows[0]
		// 1 TH/s of 500 EH/s: 144 x 3.125 x 2e-9 = 9e-7 BTC, less 2%: 8.82e-7 BTC = 0.05292 USD
		// (four significant digits below one).
		if r.CurrencyType != "BTC" || r.CoinPrice != "60000.00" || r.DayExpectIncomeCoin != "0.00000088" || r.DayExpectIncome != "0.05292" ||
			r.PoolHashRateShow != "2.50" || r.PoolHashRateUnit != "PH/s" || r.NetworkHashRateUnit != "EH/s" || r.BlockTime != 600 ||
			r.ActiveMiners != 7 || r.RateShow != "2.00%" || r.Driver != "devnet" || r.DayExpectIncomeUnit != "USD / TH/s" || r.BlockReward != "3.12500000" {
			t.Fatalf("BTC row %+v", r)
		}
		if rows[1].OpenStatus || rows[1].ClosedMsg != "Kaspa is paused for an upgrade" || rows[1].CoinPrice != "0.00" {
			t.Fatalf("KAS row %+v", rows[1])
		}
		if status, e := call("GET", "/api/pc/v1/dashboard/list?legalTender=EUR", "", "en_US"); status != 400 || e.Code != 3 {
			t.Fatalf("EUR: %d %+v", status, e)
		}
		calc := `{"currencyType":"BTC","legalTender":"USD","coinPrice":"60000","customerHashRate":"100","customerHashRateUnit":"TH/s",
			"networkHashRate":"500","networkHashRateUnit":"EH/s","rate":"0.02","containConsumption":true,"equipmentConsumption":"999.99","electricityPrice":"0.05"}`
		status, e = call("POST", "/api/pc/v1/dashboard/income/calculate", calc, "en_US")
		if status != 200 || !strings.Contains(string(e.Data), `"dayExpectIncome":"4.09"`) || !strings.Contains(string(e.Data), `"dayExpectIncomeCoin":"0.00008820"`) {
			t.Fatalf("calculate %d %s %s", status, e.Msg, e.Data)
		}
		closed := strings.Replace(calc, `"BTC"`, `"KAS"`, 1)
		if status, e := call("POST", "/api/pc/v1/dashboard/income/calculate", closed, "zh_CN"); status != 400 || e.Msg != "Kaspa 升级暂停" {
			t.Fatalf("closed coin: %d %+v", status, e)
		}
		if status, e := call("POST", "/api/pc/v1/dashboard/income/calculate", strings.Replace(calc, `"100"`, `"1000"`, 1), "en_US"); status != 400 || !strings.Contains(e.Msg, "at most 999.99") {
			t.Fatalf("hashrate over the limit: %d %+v", status, e)
		}
		if status, e := call("POST", "/api/pc/v1/dashboard/income/calculate", strings.Replace(calc, `"BTC"`, `"DOGE"`, 1), "en_US"); status != 404 || !strings.Contains(e.Msg, "DOGE") {
			t.Fatalf("unknown coin: %d %+v", status, e)
		}
		if status, e := call("GET", "/api/pc/v1/dashboard/currency/price?currencyType=btc&legalTender=USD", "", "en_US"); status != 200 || !strings.Contains(string(e.Data), `"price":"60000.000000"`) {
			t.Fatalf("price %d %s", status, e.Data)
		}
		if status, _ := call("GET", "/api/pc/v1/dashboard/currency/price?currencyType=KAS", "", "en_US"); status != 404 {
			t.Fatalf("no price: %d", status)
		}
	})
}
