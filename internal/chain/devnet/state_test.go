package devnet

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/chain"
)

func TestStateRoundTrip(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sub", "devnet-TST.json")
	clock := newClock()
	cfg := testConfig(chain.Scrypt, clock)
	cfg.StatePath = path
	cfg.Maturity = 1
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	addr, script := payout(t, c)
	pool := mine(t, c, script)
	c.MineExternal()
	txid, err := c.Send(ctx, otherAddress(1), 5_00000000, "kept")
	if err != nil {
		t.Fatal(err)
	}
	// Saved on every change already, before Close.
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no state file before Close: %v", err)
	}
	wantBal := balance(t, c)
	wantTmpl, _ := c.Template(ctx)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if matches, _ := filepath.Glob(path + ".tmp-*"); len(matches) != 0 {
		t.Errorf("temporary files left: %v", matches)
	}

	c2, err := New(cfg)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer c2.Close()
	if h := height(t, c2); h != 2 {
		t.Errorf("height %d after reopening", h)
	}
	if got := confirmations(t, c2, pool); got != 2 {
		t.Errorf("pool block confirmations %d", got)
	}
	if got := balance(t, c2); got != wantBal {
		t.Errorf("balance %d, want %d", got, wantBal)
	}
	if wt, err := c2.Transaction(ctx, txid); err != nil || wt.Confirmations != 0 || wt.Amount != -5_00000000 {
		t.Errorf("transaction %+v, %v", wt, err)
	}
	tmpl, _ := c2.Template(ctx)
	if tmpl.PrevHash != wantTmpl.PrevHash || len(tmpl.Transactions) != 1 || tmpl.Transactions[0].TxID != txid {
		t.Errorf("template after reopening %+v", tmpl)
	}
	// The wallet still knows its address: a new coinbase to it is credited.
	c2.mu.Lock()
	known := c2.keys[mustKey(t, addr)]
	c2.mu.Unlock()
	if !known {
		t.Error("wallet address forgotten")
	}
	mine(t, c2, script)
	if got := balance(t, c2); got != wantBal+tmpl.CoinbaseValue {
		t.Errorf("balance %d after another block", got)
	}
}

func mustKey(t *testing.T, addr string) [20]byte {
	k, err := decodeAddress(addr)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestStateCorrupt(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"garbage.json":   "{not json",
		"orphan.json":    `{"format":1,"coin":"TST","genesis":"` + mustGenesis(t) + `","tip":"` + strings.Repeat("11", 32) + `","blocks":[]}`,
		"format.json":    `{"format":99}`,
		"wrongcoin.json": `{"format":1,"coin":"LTC","genesis":"` + strings.Repeat("00", 32) + `"}`,
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		cfg := testConfig(chain.SHA256d, newClock())
		cfg.StatePath = path
		_, err := New(cfg)
		if err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: New = %v, want an error naming the file", name, err)
		}
		if got, _ := os.ReadFile(path); string(got) != content {
			t.Errorf("%s: the file was changed", name)
		}
	}
}

func mustGenesis(t *testing.T) string {
	g, err := genesisBlock("TST")
	if err != nil {
		t.Fatal(err)
	}
	return g.Hash.String()
}
