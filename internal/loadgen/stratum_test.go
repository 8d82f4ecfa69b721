package loadgen

import (
	"context"
	"io"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// checkingPool accepts workers of sub-account "farm" and checks every share's proof of
// work against the difficulty its job was sent with, as the engine does.
type checkingPool struct {
	accepted, invalid atomic.Int64
}

func (p *checkingPool) Authorize(_ context.Context, _ *stratum.SessionInfo, worker, _ string) error {
	if !strings.HasPrefix(worker, "farm.") {
		return &stratum.Error{Code: stratum.CodeUnauthorized, Message: "unknown sub-account"}
	}
	return nil
}

func (p *checkingPool) Submit(_ context.Context, _ *stratum.SessionInfo, sh stratum.Share) stratum.SubmitResult {
	target := chain.DifficultyToTarget(sh.Difficulty, chain.SHA256d)
	if _, ok, err := mining.Solve(sh.Job, chain.SHA256d, sh.Extranonce1, sh.Extranonce2, sh.NTime, target, sh.Nonce, 1); err != nil || !ok {
		p.invalid.Add(1)
		return stratum.SubmitResult{Err: &stratum.Error{Code: stratum.CodeLowDifficulty, Message: "low difficulty share"}}
	}
	p.accepted.Add(1)
	return stratum.SubmitResult{Accepted: true}
}

func (p *checkingPool) Disconnected(*stratum.SessionInfo) {}

func startCheckingPool(t *testing.T, minDiff float64) (*stratum.Server, *checkingPool, string) {
	t.Helper()
	h := &checkingPool{}
	srv, err := stratum.NewServer(stratum.Config{InitialDifficulty: 1, MinDifficulty: minDiff, Logger: nil}, h)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close(context.Background()) })
	srv.Broadcast(testJob("1", true))
	return srv, h, ln.Addr().String()
}

func testJob(id string, clean bool) *stratum.Job {
	j := &stratum.Job{ID: id, Coinb1: []byte("coinbase-part-one"), Coinb2: []byte("coinbase-part-two"),
		MerkleBranch: [][32]byte{{1, 2, 3}, {4, 5, 6}}, Version: 0x20000000, NBits: 0x207fffff,
		NTime: uint32(time.Now().Unix()), CleanJobs: clean, CreatedAt: time.Now()}
	j.PrevHash[0] = id[0]
	return j
}

// Miners ask for a tiny difficulty, get it, and every share they send passes the pool's
// proof-of-work check; a new job in the middle is followed; the counts agree with the
// pool's.
func TestRunStratumSubmitsValidShares(t *testing.T) {
	srv, pool, addr := startCheckingPool(t, 1e-9)
	go func() {
		time.Sleep(700 * time.Millisecond)
		srv.Broadcast(testJob("2", true))
	}()
	res, err := RunStratum(context.Background(), StratumConfig{Addr: addr, Conns: 20, ShareEvery: 200 * time.Millisecond,
		Duration: 1500 * time.Millisecond, ConnectRate: 100, SubAccounts: []string{"farm"}, Suggest: 1e-9,
		ReportEvery: time.Second, Label: "test", Out: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	f := res.Final
	if pool.invalid.Load() != 0 || f.Rejected != 0 || f.Errors != 0 || f.Disconnects != 0 {
		t.Fatalf("invalid %d, final %+v, errors %v", pool.invalid.Load(), f, res.FirstErrors)
	}
	// 20 miners, 5 shares a second each, for about 1.3 s after the 0.2 s of connecting.
	if f.Accepted < 80 || int64(f.Accepted) != pool.accepted.Load() || f.Accepted+f.Stale != f.Sent {
		t.Fatalf("accepted %d (pool %d), stale %d, sent %d", f.Accepted, pool.accepted.Load(), f.Stale, f.Sent)
	}
	if f.Up != 20 {
		t.Fatalf("%d miners up at the end, want 20", f.Up)
	}
	if res.FirstJobN != 20 || res.MaxDiff != 1e-9 {
		t.Fatalf("first jobs %d, difficulty %g: the suggestion was not taken", res.FirstJobN, res.MaxDiff)
	}
	md := res.Markdown()
	if !strings.Contains(md, "| miners up |") || !strings.Contains(md, "(end)") || !strings.Contains(md, "20 of 20 miners") {
		t.Errorf("markdown:\n%s", md)
	}
}

// A refused worker is an error of its own kind, printed once however many miners hit it;
// the storm reports no first job for miners that got none.
func TestRunStratumCountsRefusals(t *testing.T) {
	_, _, addr := startCheckingPool(t, 1e-9)
	var out strings.Builder
	res, err := RunStratum(context.Background(), StratumConfig{Addr: addr, Conns: 10, ShareEvery: time.Second,
		Duration: 500 * time.Millisecond, Storm: true, SubAccounts: []string{"nobody"}, Suggest: 1e-9, Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	if res.Final.Errors < 10 || res.Final.Sent != 0 || res.FirstJobN != 0 {
		t.Fatalf("final %+v, first jobs %d", res.Final, res.FirstJobN)
	}
	if n := strings.Count(out.String(), "unknown sub-account"); n != 1 {
		t.Fatalf("the refusal printed %d times:\n%s", n, out.String())
	}
}
