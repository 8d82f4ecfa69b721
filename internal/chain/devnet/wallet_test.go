package devnet

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/chain"
)

func TestAddress(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestChain(t, chain.SHA256d, nil)
	addr, script := payout(t, c)
	if !strings.HasPrefix(addr, AddressPrefix) || len(addr) != len(AddressPrefix)+44 {
		t.Fatalf("address %q", addr)
	}
	if len(script) != 25 || script[0] != 0x76 || script[1] != 0xa9 || script[2] != 20 || script[23] != 0x88 || script[24] != 0xac {
		t.Fatalf("script %x is not P2PKH", script)
	}
	// Every single-digit typo is caught by the checksum.
	for i := len(AddressPrefix); i < len(addr); i++ {
		b := []byte(addr)
		if b[i] == '0' {
			b[i] = '1'
		} else {
			b[i] = '0'
		}
		if a, err := c.ValidateAddress(ctx, string(b)); err != nil || a.Valid {
			t.Errorf("typo at %d: %+v, %v", i, a, err)
		}
	}
	for _, bad := range []string{"", "dvn1", "btc1" + addr[4:], addr + "0", addr[:len(addr)-1], "dvn1" + strings.Repeat("z", 44)} {
		if a, err := c.ValidateAddress(ctx, bad); err != nil || a.Valid {
			t.Errorf("ValidateAddress(%q) = %+v, %v", bad, a, err)
		}
	}
	second, _ := payout(t, c)
	if second == addr {
		t.Error("NewAddress repeated itself")
	}
}

func TestSend(t *testing.T) {
	ctx := context.Background()
	c, clock := newTestChain(t, chain.SHA256d, func(cfg *Config) { cfg.Maturity = 2 })
	_, script := payout(t, c)
	dest := otherAddress(1)
	fee := c.cfg.TxFee
	if fee != 10000 {
		t.Fatalf("fee %d, want 0.0001 coin", fee)
	}

	if _, err := c.Send(ctx, dest, 1, ""); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("Send from an empty wallet = %v", err)
	}
	mine(t, c, script)
	if bal := balance(t, c); bal != 0 {
		t.Fatalf("immature balance %d", bal)
	}
	c.MineExternal()
	if bal := balance(t, c); bal != reward {
		t.Fatalf("balance %d after maturity", bal)
	}

	for _, tt := range []struct {
		addr   string
		amount int64
		want   string
	}{
		{dest[:len(dest)-1] + "x", 1, "address"},
		{"1BoatSLRHtKNngkdXEeobR76b53LETtpyT", 1, "dvn1"},
		{dest, 0, "positive"},
		{dest, -5, "positive"},
		{dest, reward, ErrInsufficientFunds.Error()},
	} {
		if _, err := c.Send(ctx, tt.addr, tt.amount, ""); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Send(%q, %d) = %v, want an error about %q", tt.addr, tt.amount, err, tt.want)
		}
	}

	amount := int64(10_00000000)
	txid, err := c.Send(ctx, dest, amount, "withdrawal 1")
	if err != nil {
		t.Fatal(err)
	}
	if bal := balance(t, c); bal != reward-amount-fee {
		t.Errorf("balance %d after sending, want %d", bal, reward-amount-fee)
	}
	wt, err := c.Transaction(ctx, txid)
	if err != nil || wt.Confirmations != 0 || wt.Amount != -amount || wt.Fee != fee || !wt.BlockHash.IsZero() {
		t.Fatalf("pending transaction %+v, %v", wt, err)
	}

	// The next template carries it, with its fee in the coinbase value.
	tmpl, _ := c.Template(ctx)
	if len(tmpl.Transactions) != 1 || tmpl.Transactions[0].TxID != txid || tmpl.CoinbaseValue != reward+fee {
		t.Fatalf("template txs %+v, value %d", tmpl.Transactions, tmpl.CoinbaseValue)
	}
	tx, n, err := chain.ParseTx(tmpl.Transactions[0].Data)
	if err != nil || n != len(tmpl.Transactions[0].Data) || chain.DoubleSHA256(tmpl.Transactions[0].Data) != txid {
		t.Fatalf("transaction data: %v", err)
	}
	destAddr, _ := c.ValidateAddress(ctx, dest)
	if len(tx.Inputs) != 1 || len(tx.Outputs) != 2 || tx.Outputs[0].Value != amount || !bytes.Equal(tx.Outputs[0].Script, destAddr.Script) ||
		tx.Outputs[1].Value != reward-amount-fee || !bytes.Equal(tx.Outputs[1].Script, script) {
		t.Errorf("transaction %+v", tx)
	}

	clock.Add(60e9)
	blk, hash := solve(t, tmpl, script, nil)
	if err := c.SubmitBlock(ctx, blk); err != nil {
		t.Fatalf("block with the payment: %v", err)
	}
	wt, _ = c.Transaction(ctx, txid)
	if wt.Confirmations != 1 || wt.BlockHash != hash {
		t.Errorf("confirmed transaction %+v, want block %s", wt, hash)
	}
	if next, _ := c.Template(ctx); len(next.Transactions) != 0 {
		t.Error("a confirmed transaction is still in templates")
	}
	c.MineExternal()
	if wt, _ = c.Transaction(ctx, txid); wt.Confirmations != 2 {
		t.Errorf("confirmations %d after another block", wt.Confirmations)
	}
	// The block's coinbase took the fee: reward + fee more once it matures.
	if bal, want := balance(t, c), 2*reward+fee-amount-fee; bal != want {
		t.Errorf("balance %d, want %d", bal, want)
	}

	// Nobody in the pool mines: the other miners' next block confirms the payment.
	txid2, err := c.Send(ctx, dest, 1_00000000, "")
	if err != nil {
		t.Fatal(err)
	}
	ext := c.MineExternal()
	if wt, _ := c.Transaction(ctx, txid2); wt.Confirmations != 1 || wt.BlockHash != ext {
		t.Errorf("payment after an external block %+v", wt)
	}
	if b, _ := c.Block(ctx, ext); b.CoinbaseValue != reward+fee {
		t.Errorf("external coinbase %d, want reward + fee", b.CoinbaseValue)
	}

	// A payment to the wallet itself costs only the fee.
	own, _ := payout(t, c)
	before := balance(t, c)
	self, err := c.Send(ctx, own, 1_00000000, "")
	if err != nil {
		t.Fatal(err)
	}
	if bal := balance(t, c); bal != before-fee {
		t.Errorf("self payment took %d, want the fee %d", before-bal, fee)
	}
	if wt, _ := c.Transaction(ctx, self); wt.Amount != 0 || wt.Fee != fee {
		t.Errorf("self payment %+v", wt)
	}

	if _, err := c.Transaction(ctx, chain.Hash{3}); !errors.Is(err, chain.ErrNotFound) {
		t.Errorf("Transaction(unknown) = %v", err)
	}
}

// A payment confirmed in a pool block that gets orphaned is pending again, and the
// competing block confirms it.
func TestSendOrphaned(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestChain(t, chain.SHA256d, func(cfg *Config) { cfg.Maturity = 1 })
	_, script := payout(t, c)
	mine(t, c, script)
	txid, err := c.Send(ctx, otherAddress(2), 1_00000000, "")
	if err != nil {
		t.Fatal(err)
	}
	c.mu.Lock()
	c.cfg.OrphanRate = 1
	c.mu.Unlock()
	pool := mine(t, c, script)
	if wt, _ := c.Transaction(ctx, txid); wt.BlockHash != pool {
		t.Fatalf("payment not in the pool block: %+v", wt)
	}
	winner := c.MineExternal()
	if wt, _ := c.Transaction(ctx, txid); wt.BlockHash != winner || wt.Confirmations != 1 {
		t.Errorf("after the reorg %+v, want in %s", wt, winner)
	}
	if got := confirmations(t, c, pool); got != -1 {
		t.Errorf("pool block confirmations %d", got)
	}
}

// A payout is held (reserved, in no template, unknown to Transaction) until broadcast,
// survives a restart while held, and answers its txid again when broadcast twice; a
// released payout frees its amount.
func TestPayout(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "devnet-TST.json")
	clock := newClock()
	cfg := testConfig(chain.SHA256d, clock)
	cfg.StatePath = path
	cfg.Maturity = 1
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	_, script := payout(t, c)
	mine(t, c, script)
	c.MineExternal()
	fee := c.cfg.TxFee
	outs := []chain.PayoutOutput{{Address: otherAddress(1), Amount: 1_00000000}, {Address: otherAddress(2), Amount: 2_00000000}}
	if _, err := c.BuildPayout(ctx, []chain.PayoutOutput{outs[0], outs[0]}); err == nil {
		t.Fatal("a payout paid one address twice")
	}
	if _, err := c.BuildPayout(ctx, []chain.PayoutOutput{{Address: otherAddress(1), Amount: reward}}); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("a payout above the balance: %v", err)
	}
	released, err := c.BuildPayout(ctx, outs)
	if err != nil {
		t.Fatal(err)
	}
	if bal := balance(t, c); bal != reward-3_00000000-fee {
		t.Fatalf("balance %d with a payout held", bal)
	}
	if err := c.ReleasePayout(ctx, released); err != nil {
		t.Fatal(err)
	}
	if bal := balance(t, c); bal != reward {
		t.Fatalf("balance %d after release", bal)
	}
	p, err := c.BuildPayout(ctx, outs)
	if err != nil {
		t.Fatal(err)
	}
	if tmpl, _ := c.Template(ctx); len(tmpl.Transactions) != 0 {
		t.Fatalf("a held payout is in the template: %+v", tmpl.Transactions)
	}
	if _, err := c.Transaction(ctx, p.TxID); !errors.Is(err, chain.ErrNotFound) {
		t.Fatalf("a held payout is reported: %v", err)
	}
	tx, _, err := chain.ParseTx(p.Raw)
	if err != nil || len(tx.Outputs) != 3 || tx.Outputs[0].Value != 1_00000000 || tx.Outputs[1].Value != 2_00000000 {
		t.Fatalf("payout transaction %+v %v", tx, err)
	}
	// Restarted while held: the payout is still there to broadcast.
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if c, err = New(cfg); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for range 2 {
		txid, err := c.Broadcast(ctx, p.Raw)
		if err != nil || txid != p.TxID {
			t.Fatalf("broadcast %s %v", txid, err)
		}
	}
	if tmpl, _ := c.Template(ctx); len(tmpl.Transactions) != 1 || tmpl.Transactions[0].TxID != p.TxID {
		t.Fatalf("template after broadcast %+v", tmpl.Transactions)
	}
	if wt, err := c.Transaction(ctx, p.TxID); err != nil || wt.Amount != -3_00000000 || wt.Fee != fee {
		t.Fatalf("sent payout %+v %v", wt, err)
	}
	if _, err := c.Broadcast(ctx, append([]byte{1}, p.Raw...)); err == nil {
		t.Fatal("a foreign transaction was broadcast")
	}
}

// A premine is spendable before any block: the demo pays its first withdrawals at once.
func TestPremine(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestChain(t, chain.SHA256d, func(cfg *Config) { cfg.Premine = 5 * reward })
	if bal := balance(t, c); bal != 5*reward {
		t.Fatalf("balance %d, want the premine %d", bal, 5*reward)
	}
	p, err := c.BuildPayout(ctx, []chain.PayoutOutput{{Address: otherAddress(1), Amount: reward}})
	if err != nil {
		t.Fatal(err)
	}
	if bal := balance(t, c); bal != 4*reward-p.Fee {
		t.Fatalf("balance %d after paying one reward", bal)
	}
	var cfg Config
	if err := cfg.Apply(map[string]string{"premine": "-1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := New(cfg); err == nil {
		t.Fatal("a negative premine was accepted")
	}
}
