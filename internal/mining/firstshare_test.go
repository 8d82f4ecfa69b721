package mining_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// miner is one authorized stratum connection with its current job (dialMiner).
type miner struct {
	c       *stratum.Client
	en1     []byte
	en2Size int
	job     *stratum.Job
	worker  string
	next    uint32
}

func dialMiner(t *testing.T, ctx context.Context, r *rig, workers ...string) *miner {
	t.Helper()
	c, err := stratum.Dial(ctx, r.addr, stratum.ClientOptions{UserAgent: "cgminer/4.12.1"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	en1, en2Size, err := c.Subscribe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range workers {
		if err := c.Authorize(ctx, w, "x"); err != nil {
			t.Fatalf("authorize %s: %v", w, err)
		}
	}
	m := &miner{c: c, en1: en1, en2Size: en2Size, worker: workers[0]}
	select {
	case m.job = <-c.Jobs():
	case <-ctx.Done():
		t.Fatal("no job")
	}
	return m
}

// share submits one share of worker meeting the connection's target (good) or missing
// it (bad), and answers the pool's verdict.
func (m *miner) share(t *testing.T, ctx context.Context, worker string, good bool) error {
	t.Helper()
	target := chain.DifficultyToTarget(m.c.Difficulty(), chain.SHA256d)
	for {
		m.next++
		en2 := []byte{byte(m.next >> 24), byte(m.next >> 16), byte(m.next >> 8), byte(m.next)}
		var nonce uint32
		if good {
			for start := uint32(0); ; {
				sol, ok, err := mining.Solve(m.job, chain.SHA256d, m.en1, en2, m.job.NTime, target, start, 1<<16)
				if err != nil {
					t.Fatal(err)
				}
				if ok {
					nonce = sol.Nonce
					break
				}
				start += sol.Tries
			}
		} else {
			for n := uint32(0); ; n++ {
				if _, ok, _ := mining.Solve(m.job, chain.SHA256d, m.en1, en2, m.job.NTime, target, n, 1); !ok {
					nonce = n
					break
				}
			}
		}
		err := m.c.Submit(ctx, worker, m.job.ID, en2, m.job.NTime, nonce, 0)
		var se *stratum.Error
		if errors.As(err, &se) && se.Code == stratum.CodeJobNotFound {
			select { // a new block made the job stale: take the next one
			case m.job = <-m.c.Jobs():
			case <-ctx.Done():
				t.Fatal("no new job")
			}
			continue
		}
		return err
	}
}

// An authorize asks the pool nothing but the name: no device is made until the worker's
// first accepted share, which asks once per connection; invalid shares before it count
// nowhere but in the server's counters, those after it on the device.
func TestDeviceComesWithTheFirstAcceptedShare(t *testing.T) {
	d, script := quietDevnet(t, 1e12) // no share is a block
	r := startRig(t, "BTC", chain.SHA256d, d, script, 1.0/65536)
	workers := r.engine.Workers.(*fixedWorkers)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	var names []string
	for i := 0; i < 50; i++ {
		names = append(names, fmt.Sprintf("acct1.idle%02d", i))
	}
	idle := dialMiner(t, ctx, r, names...)
	if n, calls := workers.devices(); n != 0 || calls != 0 {
		t.Fatalf("50 authorizes made %d devices (%d calls)", n, calls)
	}
	for i := 0; i < 3; i++ {
		if err := idle.share(t, ctx, names[0], false); err == nil {
			t.Fatal("a bad share was accepted")
		}
	}
	if n, _ := workers.devices(); n != 0 {
		t.Fatalf("invalid shares made %d devices", n)
	}
	if err := idle.share(t, ctx, names[0], true); err != nil {
		t.Fatal(err)
	}
	if err := idle.share(t, ctx, names[0], true); err != nil {
		t.Fatal(err)
	}
	if err := idle.share(t, ctx, names[0], false); err == nil {
		t.Fatal("a bad share was accepted")
	}
	if n, calls := workers.devices(); n != 1 || calls != 1 {
		t.Fatalf("%d devices after %d calls, want 1 device asked for once", n, calls)
	}
	// Another connection with the same worker asks again (once) and gets the same device.
	other := dialMiner(t, ctx, r, names[0])
	if err := other.share(t, ctx, names[0], true); err != nil {
		t.Fatal(err)
	}
	if n, calls := workers.devices(); n != 1 || calls != 2 {
		t.Fatalf("%d devices after %d calls", n, calls)
	}
	if err := r.engine.Shares.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if r.sink.accepted != 3 || r.sink.rejected != 1 {
		t.Fatalf("sink %+v, want 3 accepted and the 1 rejected share after the device", r.sink)
	}
	if st := r.server.Stats(); st.SharesRejected != 4 || st.SharesAccepted != 3 {
		t.Fatalf("server stats %+v", st)
	}
}

// When the pool refuses a new worker's device (its sub-account at the device cap), the
// miner reads why, the share counts nowhere, and the refusal holds for a while without
// asking the pool at every share; workers with a device go on.
func TestDeviceCapRefusesTheShare(t *testing.T) {
	d, script := quietDevnet(t, 1e12) // no share is a block
	r := startRig(t, "BTC", chain.SHA256d, d, script, 1.0/65536)
	workers := r.engine.Workers.(*fixedWorkers)
	workers.max = 1
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	m := dialMiner(t, ctx, r, "acct1.rig1", "acct1.rig2")
	if err := m.share(t, ctx, "acct1.rig1", true); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		err := m.share(t, ctx, "acct1.rig2", true)
		var se *stratum.Error
		if !errors.As(err, &se) || se.Code != stratum.CodeUnauthorized || se.Message != "sub-account device limit reached" {
			t.Fatalf("share %d past the cap: %v", i, err)
		}
	}
	if n, calls := workers.devices(); n != 1 || calls != 2 {
		t.Fatalf("%d devices, %d calls: want 1 device, the refused worker asked once", n, calls)
	}
	if err := m.share(t, ctx, "acct1.rig1", true); err != nil {
		t.Fatal(err)
	}
	if err := r.engine.Shares.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if r.sink.accepted != 2 || r.sink.rejected != 0 {
		t.Fatalf("sink %+v", r.sink)
	}
	if got := r.engine.DevicesRefused(); got != 1 {
		t.Fatalf("DevicesRefused %d", got)
	}
}
