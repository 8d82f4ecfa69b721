package app

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// With --price-api the jobs role fetches prices itself: the price call answers what the
// (local) price API said, without anyone running `poold admin price set`.
func TestServeFetchesPricesFromThePriceAPI(t *testing.T) {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/simple/price" || r.URL.Query().Get("ids") != "bitcoin" {
			http.NotFound(w, r)
			return
		}
		io.WriteString(w, `{"bitcoin":{"usd":91234.5,"cny":650000.75}}`)
	}))
	defer api.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dbPath := filepath.Join(t.TempDir(), "poold.db")
	if err := Run(ctx, []string{"admin", "--db", dbPath, "coin", "add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d", "--decimals", "8", "--driver", "devnet"}, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"serve", "--http", "127.0.0.1:0", "--db", dbPath, "--roles", "api,jobs", "--log-level", "warn",
			"--price-api", api.URL, "--price-ids", "BTC=bitcoin"}, noEnv, nil, pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no listening line: %v", err)
	}
	go io.Copy(io.Discard, pr)
	base := strings.TrimSpace(strings.TrimPrefix(line, "poold: listening on "))

	var got string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get(base + "/api/pc/v1/dashboard/currency/price?currencyType=BTC&legalTender=CNY")
		if err != nil {
			t.Fatal(err)
		}
		var e struct {
			Code int
			Data json.RawMessage
		}
		_ = json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if e.Code == 0 {
			got = string(e.Data)
			break
		}
	}
	if !strings.Contains(got, "650000.75") {
		t.Fatalf("price call answered %q, want the fetched CNY price", got)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
