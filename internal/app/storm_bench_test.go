package app

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// stormClientEnv makes the test binary the miners' side of BenchmarkStratumStorm: one
// process cannot hold both ends of 10,000 connections under the machine's file limit, and
// the pool's memory must be measured without its clients in it.
const stormClientEnv = "POOLD_STORM_CLIENTS"

// stormSubAccounts is how many sub-accounts the storm's miners mine to: a farm of
// 10,000 rigs spread over 100 sub-accounts, so authorize looks up many names, not one.
const stormSubAccounts = 100

// runStormClients connects n miners to addr all at once. Each subscribes, authorizes,
// waits for its first job, solves one share at the pool's (tiny) difficulty and submits
// it, as a rig does after a pool restart. It prints "storm <work p50> <p99> <max> <share
// p50> <p99> <max> <failed>" (seconds since the storm began), then keeps the connections
// idle, reading what the pool sends, until stdin closes.
func runStormClients(spec string) int {
	var addr string
	var n int
	if _, err := fmt.Sscanf(spec, "%s %d", &addr, &n); err != nil {
		fmt.Fprintln(os.Stderr, "bad spec:", err)
		return 2
	}
	_, _ = raiseFileLimit()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	start := time.Now()
	work := make([]time.Duration, n)
	share := make([]time.Duration, n)
	clients := make([]*stratum.Client, n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	fail := func(i int, what string, err error) {
		mu.Lock()
		defer mu.Unlock()
		if len(failures) < 5 {
			failures = append(failures, fmt.Sprintf("miner %d: %s: %v", i, what, err))
		}
		work[i], share[i] = time.Hour, time.Hour
	}
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := stratum.Dial(ctx, addr, stratum.ClientOptions{UserAgent: "storm/1"})
			if err != nil {
				fail(i, "dial", err)
				return
			}
			clients[i] = c
			en1, en2Size, err := c.Subscribe(ctx)
			if err != nil {
				fail(i, "subscribe", err)
				return
			}
			worker := fmt.Sprintf("storm%d.rig%d", i%stormSubAccounts, i)
			if err := c.Authorize(ctx, worker, "x"); err != nil {
				fail(i, "authorize", err)
				return
			}
			var job *stratum.Job
			select {
			case job = <-c.Jobs():
			case <-ctx.Done():
				fail(i, "first job", ctx.Err())
				return
			}
			work[i] = time.Since(start)
			if os.Getenv("POOLD_STORM_NO_SHARE") != "" {
				share[i] = work[i]
				return
			}
			en2 := make([]byte, en2Size)
			target := chain.DifficultyToTarget(c.Difficulty(), chain.SHA256d)
			sol, ok, err := mining.Solve(job, chain.SHA256d, en1, en2, job.NTime, target, 0, ^uint32(0))
			if err != nil || !ok {
				fail(i, "solve", err)
				return
			}
			if err := c.Submit(ctx, worker, job.ID, en2, job.NTime, sol.Nonce, 0); err != nil {
				fail(i, "submit", err)
				return
			}
			share[i] = time.Since(start)
		}()
	}
	wg.Wait()
	for _, f := range failures {
		fmt.Fprintln(os.Stderr, f)
	}
	slices.Sort(work)
	slices.Sort(share)
	q := func(d []time.Duration, p float64) float64 { return d[min(n-1, int(p*float64(n)))].Seconds() }
	fmt.Printf("storm %.3f %.3f %.3f %.3f %.3f %.3f %d\n", q(work, 0.5), q(work, 0.99), work[n-1].Seconds(),
		q(share, 0.5), q(share, 0.99), share[n-1].Seconds(), len(failures))
	_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
	for _, c := range clients {
		if c != nil {
			c.Close()
		}
	}
	return 0
}

// BenchmarkStratumStorm is 10,000 miners reconnecting at once to a pool that has just
// restarted, through the real authorize and first-share paths with the database in them:
// the miners first meet the pool as new rigs (their devices are made), the pool restarts,
// and they all come back at once. work-s-max is how long the last one waited for its
// first job after the restart, share-s-max until its first share was answered, and
// bytes/conn what each one costs the pool once they all sit idle and authorized (heap and
// goroutine stacks after a GC; the pool and its clients are different processes).
// new-work-s-max and new-share-s-max are the same figures for the first storm, when every
// device is new.
func BenchmarkStratumStorm(b *testing.B) {
	n := 10_000
	if v, err := strconv.Atoi(os.Getenv("POOLD_STORM_MINERS")); err == nil && v > 0 {
		n = v
	}
	for _, dbName := range []string{"sqlite", "postgres"} {
		b.Run(dbName, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				dsn := ""
				if dbName == "postgres" {
					dsn, _ = dbtest.NewPostgresSchema(b)
				}
				runStorm(b, dsn, n)
			}
		})
	}
}

// stormFigures is what one storm's clients measured, in seconds.
type stormFigures struct {
	work, share [3]float64 // p50, p99, max
}

// storm runs n storm clients against port; stop ends them.
func storm(b *testing.B, port, n int) (stormFigures, func()) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), stormClientEnv+"="+fmt.Sprintf("127.0.0.1:%d %d", port, n))
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	stop := func() {
		stdin.Close()
		_ = cmd.Wait()
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	var f stormFigures
	var failed int
	if err == nil {
		_, err = fmt.Sscanf(line, "storm %g %g %g %g %g %g %d", &f.work[0], &f.work[1], &f.work[2],
			&f.share[0], &f.share[1], &f.share[2], &failed)
	}
	if err != nil || failed > 0 {
		stop()
		b.Fatalf("storm clients: %q %v", line, err)
	}
	return f, stop
}

func runStorm(b *testing.B, dsn string, n int) {
	coinFlags := []string{"--driver-config", "start_difficulty=0.000000001", "--driver-config", "min_difficulty=0.000000001"}
	// Every miner comes from loopback: the per-address caps are lifted.
	serveFlags := append([]string{"--stratum-max-per-address", "0", "--max-new-devices-per-address", "0"}, strings.Fields(os.Getenv("POOLD_BENCH_FLAGS"))...)
	p := startDevnetPoolOn(b, dsn, coinFlags, serveFlags...)
	seedStormSubAccounts(b, p.dbPath)
	first, stopFirst := storm(b, p.port, n)
	stopFirst()
	if err := p.stop(); err != nil {
		b.Fatal(err)
	}
	p = serveDevnetPool(b, p.dbPath, p.port, serveFlags...)
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	goroutines := runtime.NumGoroutine()
	again, stopAgain := storm(b, p.port, n)
	defer stopAgain()
	// Let the engine's aggregator flush, then measure the idle pool.
	time.Sleep(2 * time.Second)
	// A goroutine's stack shrinks by half at most at each collection, when it uses under a
	// quarter of it: collect until the stacks the storm grew are back to their size.
	for range 8 {
		runtime.GC()
		time.Sleep(100 * time.Millisecond)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if path := os.Getenv("POOLD_STORM_GOROUTINES"); path != "" {
		if f, err := os.Create(path); err == nil {
			_ = pprof.Lookup("goroutine").WriteTo(f, 1)
			f.Close()
		}
	}
	if path := os.Getenv("POOLD_STORM_HEAP_PROFILE"); path != "" {
		// What the idle connections hold, for `go tool pprof -sample_index=inuse_space`.
		if f, err := os.Create(path); err == nil {
			_ = pprof.WriteHeapProfile(f)
			f.Close()
		}
	}
	heap := float64(after.HeapInuse) - float64(before.HeapInuse)
	stack := float64(after.StackInuse) - float64(before.StackInuse)
	b.ReportMetric(first.work[2], "new-work-s-max")
	b.ReportMetric(first.share[2], "new-share-s-max")
	b.ReportMetric(again.work[0], "work-s-p50")
	b.ReportMetric(again.work[2], "work-s-max")
	b.ReportMetric(again.share[0], "share-s-p50")
	b.ReportMetric(again.share[2], "share-s-max")
	b.ReportMetric((heap+stack)/float64(n), "bytes/conn")
	b.ReportMetric(stack/float64(n), "stack-bytes/conn")
	b.ReportMetric(float64(runtime.NumGoroutine()-goroutines)/float64(n), "goroutines/conn")
}

// seedStormSubAccounts makes the storm's sub-accounts (storm0 ... storm99), one user each
// (a user holds a few sub-accounts at most).
func seedStormSubAccounts(b *testing.B, dsn string) {
	ctx := context.Background()
	d, err := db.Open(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	ps := &pool.Store{DB: d}
	for i := range stormSubAccounts {
		u, err := (&account.Store{DB: d}).CreateUser(ctx, d, account.User{Nickname: "farm", PasswordHash: "x",
			AccountType: account.TypeNormal, Status: account.StatusActive, Lang: "en_US", Email: fmt.Sprintf("farm%d@example.com", i)})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := ps.CreateSubAccount(ctx, u.ID, fmt.Sprintf("storm%d", i), "Storm", "BTC"); err != nil {
			b.Fatal(err)
		}
	}
}
