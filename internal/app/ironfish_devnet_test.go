package app

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain/chaintest"
	"github.com/uniplus-pool/pool/internal/db"
)

// ironFishMiner is IronFish's own pool miner (the SDK's MiningPoolMiner), unmodified,
// mining for worker on a stratum port; rate is its own hashrate figure as it last printed it
// (the last 5 s), average its own figure since it started.
type ironFishMiner struct {
	mu      sync.Mutex
	rate    float64
	average float64
	stderr  bytes.Buffer
}

func (m *ironFishMiner) hashRate() float64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.rate
}

func (m *ironFishMiner) averageRate() float64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.average
}

func startIronFishMiner(t *testing.T, port int, worker string) *ironFishMiner {
	t.Helper()
	dir, node := chaintest.CoinJS(t)
	cmd := exec.Command(node, filepath.Join(dir, "ironfish-miner.js"), "127.0.0.1", fmt.Sprint(port), worker, "1")
	cmd.Dir = dir
	m := &ironFishMiner{}
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = &lockedWriter{mu: &m.mu, w: &m.stderr}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			var l struct{ HashRate, Average float64 }
			if json.Unmarshal(sc.Bytes(), &l) == nil && l.HashRate > 0 {
				m.mu.Lock()
				m.rate, m.average = l.HashRate, l.Average
				m.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		stdin.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	return m
}

// The whole way on a real IronFish devnet node (the SDK's full node) with IronFish's own
// miner: the miner mines through our IronFish stratum for a sub-account's worker, its
// shares are accepted and its device appears, its blocks go to the node, which takes
// them, and they mature; the day settles; the miner withdraws to another wallet account
// of the node, which is paid exactly once and sees it.
func TestIronFishDevnetMineSettleWithdraw(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an IronFish node and poold")
	}
	node := chaintest.StartIronfishNode(t)
	ctx := context.Background()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "poold.db")
	port := freePort(t)
	// A share every 2^16 hashes to start with (the SDK miner does under a million a
	// second on one thread, and hands over at most 100 shares a second); vardiff raises it.
	add := []string{"admin", "--db", dbPath, "coin", "add", "IRON", "--name", "Iron Fish", "--algorithm", "blake3", "--unit", "IRON",
		"--hash-unit", "H/s", "--ports", fmt.Sprint(port), "--driver", "ironfish", "--bind", "--payout-confirmations", "2",
		"--min-withdraw", "1000000", "--withdraw-fee", "100000",
		"--driver-config", "rpc_addr=" + node.Addr, "--driver-config", "start_difficulty=0.0000152587890625",
		"--driver-config", "min_difficulty=0.0000152587890625", "--driver-config", "maturity=3"}
	if err := Run(ctx, add, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	const email, password = "iron@example.com", "Passw0rd!iron"
	seedMiner(t, dbPath, "iron_miner", email, password, "ironfarm", "IRON")
	s := startServeOn(t, dbPath, "IRON", "--stratum-bind", "127.0.0.1", "--test-clock", "--payout-every", "1s", "--log-level", "info")
	api, code := s.loginByEmail(t, email, password)
	var miner *ironFishMiner
	defer func() {
		if t.Failed() {
			d, _ := db.Open(ctx, dbPath)
			for _, q := range []string{"SELECT COUNT(*) FROM share_minutes", "SELECT COUNT(*) FROM found_blocks", "SELECT COUNT(*) FROM devices"} {
				var n int
				_ = d.QueryRow(ctx, q).Scan(&n)
				t.Logf("%s: %d", q, n)
			}
			// When each block came (found_at follows the test clock): a chain that stopped
			// growing leaves a broadcast payout with no block to hold it.
			if rows, err := d.Query(ctx, "SELECT height, status, found_at FROM found_blocks ORDER BY id"); err == nil {
				for rows.Next() {
					var h, at int64
					var st string
					_ = rows.Scan(&h, &st, &at)
					t.Logf("block %d %s found at %s", h, st, time.UnixMilli(at).UTC().Format(time.TimeOnly))
				}
				rows.Close()
			}
			d.Close()
			t.Logf("serve output:\n%s\nlog:\n%.6000s", s.Stdout.String(), s.Stderr.String())
			if miner != nil {
				miner.mu.Lock()
				t.Logf("miner:\n%.4000s", miner.stderr.String())
				miner.mu.Unlock()
			}
			t.Logf("node:\n%.4000s", node.Log())
		}
	}()

	began := time.Now()
	stage := func(what string) { t.Logf("%5.1fs %s", time.Since(began).Seconds(), what) }
	start, _ := node.Head(t)
	miner = startIronFishMiner(t, s.StratumPort, "ironfarm.rig01")
	d, err := db.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	count := func(q string, args ...any) int {
		var n int
		if err := d.QueryRow(ctx, q, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	waitFor(t, 60*time.Second, "the rig's device", func() bool {
		return count("SELECT COUNT(*) FROM devices WHERE worker = ?", "rig01") == 1
	})
	stage("the rig's device")
	diffSum := func() float64 {
		var v float64
		_ = d.QueryRow(ctx, "SELECT COALESCE(SUM(diff_sum), 0) FROM share_minutes WHERE coin = 'IRON'").Scan(&v)
		return v
	}
	// The aggregator flushes every 10 s: the sums lag by up to that at both readings.
	s1, t1 := diffSum(), time.Now()
	waitFor(t, 90*time.Second, "three blocks of ours on the node", func() bool {
		h, _ := node.Head(t)
		return h >= start+3 && count("SELECT COUNT(*) FROM found_blocks WHERE coin = 'IRON' AND status <> 'rejected'") >= 3
	})
	if n := count("SELECT COUNT(*) FROM found_blocks WHERE coin = 'IRON' AND status = 'rejected'"); n != 0 {
		t.Errorf("%d blocks rejected by the node", n)
	}
	// Each block the pool holds for good is the node's block at its height.
	waitFor(t, 60*time.Second, "the pool to follow its blocks", func() bool {
		return count("SELECT COUNT(*) FROM found_blocks WHERE coin = 'IRON' AND confirmations > 0") >= 3
	})
	rows, err := d.Query(ctx, "SELECT height, hash FROM found_blocks WHERE coin = 'IRON' AND status IN ('pending', 'confirmed') AND confirmations > 0")
	if err != nil {
		t.Fatal(err)
	}
	type found struct {
		height int64
		hash   string
	}
	var blocks []found
	for rows.Next() {
		var f found
		if err := rows.Scan(&f.height, &f.hash); err != nil {
			t.Fatal(err)
		}
		blocks = append(blocks, f)
	}
	rows.Close()
	for _, f := range blocks {
		var r struct {
			Block struct {
				Hash     string `json:"hash"`
				Sequence int64  `json:"sequence"`
			} `json:"block"`
		}
		node.MustCall(t, "chain/getBlock", map[string]any{"sequence": f.height}, &r)
		if r.Block.Hash != f.hash {
			t.Errorf("block at %d: the pool recorded %s, the node has %s", f.height, f.hash, r.Block.Hash)
		}
	}
	stage("blocks followed")
	waitFor(t, 120*time.Second, "a confirmed block", func() bool {
		return count("SELECT COUNT(*) FROM found_blocks WHERE coin = 'IRON' AND status = 'confirmed'") >= 1
	})
	stage("a confirmed block")
	waitFor(t, 30*time.Second, "settling earnings", func() bool {
		return strings.Contains(string(api("GET", "/api/pc/v1/earnings/summary", nil)), `"coin":"IRON"`)
	})
	// The hashrate the pool saw (accepted share difficulty x 2^32 a second, between the
	// flushed sums when the device appeared and now) beside the miner's own figure.
	s2, t2 := diffSum(), time.Now()
	t.Logf("IronFish SDK miner: its own figure %.0f H/s on average since it started; the pool saw %.0f H/s over %.0f s",
		miner.averageRate(), (s2-s1)*(1<<32)/t2.Sub(t1).Seconds(), t2.Sub(t1).Seconds())

	// An address of another account of the node's wallet, in the book; two days pass.
	outside := node.CreateAccount(t, "outside")
	var entry struct{ ID int64 }
	_ = json.Unmarshal(api("POST", "/api/pc/v1/customer/address/save", map[string]any{"currencyType": "IRON", "address": outside, "network": "IRON",
		"description": "outside", "verifyType": "email", "code": code("addressBook")}), &entry)
	s.advance(t, 49*time.Hour)
	waitFor(t, 90*time.Second, "a settled balance", func() bool {
		var info struct{ Available string }
		_ = json.Unmarshal(api("GET", "/api/pc/v1/customer/withdraw/info?subAccount=ironfarm&currencyType=IRON", nil), &info)
		return info.Available != "" && info.Available != "0.00000000"
	})
	before := node.Balance(t, "outside", 0)
	var w struct {
		ID int64
	}
	_ = json.Unmarshal(api("POST", "/api/pc/v1/customer/withdraw/apply", map[string]any{"subAccount": "ironfarm", "currencyType": "IRON", "amount": "0.5",
		"addressId": entry.ID, "network": "IRON", "remark": "devnet", "verifyType": "email", "code": code("withdraw"), "requestId": "iron-1"}), &w)
	var txHash string
	defer func() {
		if t.Failed() {
			t.Logf("withdrawals: %s", api("GET", "/api/pc/v1/customer/withdraw/list?pageSize=50", nil))
			var out bytes.Buffer
			_ = Run(ctx, []string{"admin", "--db", dbPath, "--log-level", "error", "wallet", "check", "--coin", "IRON"}, noEnv, nil, &out, &out)
			t.Logf("wallet check: %s", out.String())
			h, hash := node.Head(t)
			t.Logf("node head %d %s; miner at %.0f H/s", h, hash, miner.hashRate())
			var st json.RawMessage
			_, stream, err := node.Call(ctx, "mempool/getTransactions", map[string]any{"limit": 10})
			t.Logf("mempool: %s %v %v", st, stream, err)
			var tx json.RawMessage
			node.MustCall(t, "wallet/getAccountTransaction", map[string]any{"hash": txHash}, &tx)
			t.Logf("pool wallet's view of the payout: %.1500s", tx)
		}
	}()
	stage("withdrawal applied")
	txHash = waitForWithdrawal(t, api, w.ID, "processing", true)
	stage("withdrawal broadcast")
	// The miner keeps mining, so the payout is mined and confirms (two blocks; the node
	// takes a few seconds to build a template with it, proving its reward transaction).
	waitFor(t, 3*time.Minute, "the withdrawal to succeed", func() bool {
		return strings.Contains(string(api("GET", "/api/pc/v1/customer/withdraw/list?pageSize=50", nil)), `"status":"success"`)
	})
	stage("withdrawal confirmed")
	node.WaitWalletAt(t, "outside")
	after := node.Balance(t, "outside", 0)
	if got := after.Unconfirmed - before.Unconfirmed; got != 49_900_000 {
		t.Fatalf("the outside account got %d ore, want 0.499 IRON (0.5 less the 0.001 fee): tx %s", got, txHash)
	}
	var txs struct {
		Transactions []struct {
			Hash string `json:"hash"`
		} `json:"transactions"`
	}
	_, stream, err := node.Call(ctx, "wallet/getAccountTransactions", map[string]any{"account": "outside"})
	if err != nil {
		t.Fatal(err)
	}
	if len(stream) != 1 {
		t.Fatalf("the outside account has %d transactions, want exactly one: %s", len(stream), stream)
	}
	_ = txs
	if err := Run(ctx, []string{"admin", "--db", dbPath, "--log-level", "error", "ledger", "check"}, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatalf("ledger check: %v", err)
	}
}
