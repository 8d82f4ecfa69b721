package withdraw_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// A send of the wallet that no payout holds (someone else spending the pool wallet) stops
// the coin's payouts, shows in the wallet check and in "wallet sends", and once an
// operator accepts it with a note, payouts go on and it is not flagged again.
func TestSendsThePoolDidNotMakeStopPayouts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.fund(10 * coinU)
		e.credit(1, 1, coinU)
		a := e.usableAddress(1, e.otherAddress(1))
		// Paid by the pool: known, nothing stops.
		if _, err := e.store.Withdraw(ctx, withdraw.Request{UserID: 1, SubAccountID: 1, Coin: "TST", AddressID: a.ID, Network: "TST", Amount: "0.2"}, noCode); err != nil {
			t.Fatal(err)
		}
		e.payUntilDone(e.chain)
		stray, err := e.chain.Send(ctx, e.otherAddress(2), coinU, "not the pool")
		if err != nil {
			t.Fatal(err)
		}
		w, err := e.store.Withdraw(ctx, withdraw.Request{UserID: 1, SubAccountID: 1, Coin: "TST", AddressID: a.ID, Network: "TST", Amount: "0.3"}, noCode)
		if err != nil {
			t.Fatal(err)
		}
		before, _ := e.chain.Balance(ctx)
		for range 2 {
			r, err := e.store.Pay(ctx, e.coin, e.chain, nil)
			if !errors.Is(err, withdraw.ErrUnknownSends) || r.Batched+r.Signed+r.Broadcast != 0 {
				t.Fatalf("Pay with a stray send: %+v %v", r, err)
			}
		}
		if got, _ := e.store.Get(ctx, d, w.ID); got.Status != withdraw.StatusRequested {
			t.Fatalf("withdrawal %s while payouts are stopped", got.Status)
		}
		if after, _ := e.chain.Balance(ctx); after != before {
			t.Fatalf("wallet %d -> %d while payouts are stopped", before, after)
		}
		run := e.admin
		out, err := run("wallet", "check", "--coin", "TST")
		if err == nil || !strings.Contains(out, "1 wallet sends have no payout") {
			t.Fatalf("wallet check with a stray send: %v\n%s", err, out)
		}
		out, err = run("wallet", "sends")
		if err != nil || strings.Count(out, "\n") != 2 || !strings.Contains(out, stray.String()) || !strings.Contains(out, "waiting") {
			t.Fatalf("wallet sends: %v\n%s", err, out)
		}
		if _, err := run("wallet", "accept", stray.String(), "--coin", "TST"); err == nil {
			t.Fatal("accepted without a note")
		}
		if _, err := run("wallet", "accept", "ff"+stray.String()[2:], "--coin", "TST", "--note", "x"); err == nil {
			t.Fatal("accepted a send nobody found")
		}
		if _, err := run("wallet", "accept", stray.String(), "--coin", "TST", "--note", "cold storage move, ticket 12"); err != nil {
			t.Fatal(err)
		}
		if _, err := run("wallet", "accept", stray.String(), "--coin", "TST", "--note", "again"); err == nil {
			t.Fatal("accepted twice")
		}
		// In the operator audit log, as the command line's.
		if rows := auditOf(t, d, "walletSend:TST:"+stray.String()); len(rows) != 1 || rows[0].Actor != ops.ActorCLI ||
			rows[0].Action != "wallet.send.accept" || rows[0].Reason != "cold storage move, ticket 12" {
			t.Fatalf("audit log: %+v", rows)
		}
		r := e.payUntilDone(e.chain)
		if r.Paid != 1 {
			t.Fatalf("after the send was accepted: %+v", r)
		}
		if got, _ := e.store.Get(ctx, d, w.ID); got.Status != withdraw.StatusConfirmed {
			t.Fatalf("withdrawal %s after the send was accepted", got.Status)
		}
		if out, err = run("wallet", "check", "--coin", "TST"); err != nil {
			t.Fatalf("wallet check after: %v\n%s", err, out)
		}
		// Two more from outside, a minute later, accepted together.
		e.clock.Add(time.Minute)
		for i := range 2 {
			if _, err := e.chain.Send(ctx, e.otherAddress(3+i), coinU/10, "outside"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := e.store.Pay(ctx, e.coin, e.chain, nil); !errors.Is(err, withdraw.ErrUnknownSends) {
			t.Fatalf("Pay with two more stray sends: %v", err)
		}
		if _, err := run("wallet", "accept", "--all", "--coin", "TST"); err == nil {
			t.Fatal("accepted all without a note")
		}
		if out, err := run("wallet", "accept", "--all", "--coin", "TST", "--note", "old sends"); err != nil || !strings.Contains(out, "2 sends of TST accepted") {
			t.Fatalf("accept --all: %v\n%s", err, out)
		}
		if rows := auditOf(t, d, "coin:TST"); len(rows) != 1 || rows[0].Action != "wallet.send.acceptAll" || !strings.Contains(string(rows[0].Before), `"waiting":2`) {
			t.Fatalf("audit log of accept --all: %+v", rows)
		}
		if _, err := e.store.Pay(ctx, e.coin, e.chain, nil); err != nil {
			t.Fatalf("Pay after accept --all: %v", err)
		}
		list, err := e.store.WalletSends(ctx, "TST")
		if err != nil || len(list) != 3 || list[2].TxID != stray.String() || list[2].AcceptedAt == 0 || list[2].Note != "cold storage move, ticket 12" {
			t.Fatalf("recorded sends %+v %v", list, err)
		}
		e.checkLedger()
	})
}

// A database restored from a backup taken before a withdrawal was paid holds it as
// requested. The payout job must not pay it again: the wallet's send has no payout in the
// restored database, so nothing is paid until an operator has set it right.
func TestRestoredDatabaseDoesNotPayTwice(t *testing.T) {
	d := dbtest.SQLite(t)
	e := newEnv(t, d)
	ctx := context.Background()
	e.fund(10 * coinU)
	e.credit(1, 1, coinU)
	a := e.usableAddress(1, e.otherAddress(1))
	w, err := e.store.Withdraw(ctx, withdraw.Request{UserID: 1, SubAccountID: 1, Coin: "TST", AddressID: a.ID, Network: "TST", Amount: "0.5"}, noCode)
	if err != nil {
		t.Fatal(err)
	}
	// The nightly backup: a consistent copy of the live database (deploy/backup uses
	// sqlite3's .backup; VACUUM INTO gives the same snapshot without the sqlite3 tool).
	backup := filepath.Join(t.TempDir(), "backup.db")
	if _, err := d.Exec(ctx, "VACUUM INTO ?", backup); err != nil {
		t.Fatal(err)
	}
	start, _ := e.chain.Balance(ctx)
	if r := e.payUntilDone(e.chain); r.Paid != 1 {
		t.Fatalf("before the restore: %+v", r)
	}
	var fee int64
	if err := d.QueryRow(ctx, "SELECT network_fee FROM payouts").Scan(&fee); err != nil {
		t.Fatal(err)
	}
	if end, _ := e.chain.Balance(ctx); end != start-w.Received-fee {
		t.Fatalf("wallet %d -> %d for one withdrawal of %d (fee %d)", start, end, w.Received, fee)
	}
	// The database is lost and the backup restored.
	restored, err := db.Open(ctx, backup)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { restored.Close() })
	store := &withdraw.Store{DB: restored, Coins: &coin.Store{DB: restored}, Chains: chains{e.chain}, Now: e.clock.Now}
	if got, _ := store.Get(ctx, restored, w.ID); got.Status != withdraw.StatusRequested {
		t.Fatalf("restored withdrawal is %s", got.Status)
	}
	before, _ := e.chain.Balance(ctx)
	for range 3 {
		if _, err := store.Pay(ctx, e.coin, e.chain, nil); !errors.Is(err, withdraw.ErrUnknownSends) {
			t.Fatalf("Pay on the restored database: %v", err)
		}
		e.chain.MineExternal()
	}
	if after, _ := e.chain.Balance(ctx); after != before {
		t.Fatalf("paid again after the restore: wallet %d -> %d", before, after)
	}
	var payouts int
	if err := restored.QueryRow(ctx, "SELECT COUNT(*) FROM payouts").Scan(&payouts); err != nil || payouts != 0 {
		t.Fatalf("%d payouts made on the restored database (%v)", payouts, err)
	}
	r, err := store.CheckWallet(ctx, e.coin, e.chain)
	if err != nil || r.UnknownSends != 1 || !strings.Contains(r.Problem(), "payouts are stopped") {
		t.Fatalf("wallet check on the restored database: %+v %v", r, err)
	}
}
