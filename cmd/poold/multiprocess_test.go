package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/jobs"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// mpLease is the jobs processes' --job-lease: short, so a killed holder's period is taken
// over within seconds.
const mpLease = 3 * time.Second

// mpJobEvery is each job of the jobs role that one process a period runs, and its period
// with the default flags: the test checks that each of them runs once per period.
var mpJobEvery = map[string]time.Duration{
	"earnings_settle": time.Minute, "device_sweep": time.Minute, "device_sort_keys": time.Minute,
	"auto_withdraw": time.Minute, "payouts": time.Minute, "alerts": time.Minute,
	"trends": 10 * time.Minute, "share_rollup": 10 * time.Minute,
	"rate_limit_sweep": 10 * time.Minute, "failure_sweep": 10 * time.Minute, "account_sweep": 10 * time.Minute,
	"earnings_prune": 10 * time.Minute, "solo_prune": 10 * time.Minute, "job_runs_prune": time.Hour,
}

// mpPerProcessJobs are the jobs every jobs process runs itself, unclaimed.
var mpPerProcessJobs = []string{"wallet_check", "payouts_in_process"}

// A pool of separate poold processes on one PostgreSQL database (DESIGN.md "One binary,
// several roles"): two api processes, one stratum process and two jobs processes.
//
//   - A user signs up and logs in through one api process and is known to the other.
//   - A miner's shares through the stratum process show in the device list and the
//     overview of both api processes.
//   - Rate limits and login throttling are one across the api processes, in the database
//     and, with --redis, in Redis.
//   - Every periodic job runs exactly once per period across the two jobs processes, the
//     test clock moving them through periods.
//   - Killing with SIGKILL: the jobs process in the middle of a long settlement (the other
//     takes its periods over once the lease expires, and every day is booked once), an
//     api process (the other keeps serving its sessions), the stratum process (restarted,
//     the miner reconnects, and every accepted share is counted once).
func TestMultiProcessPool(t *testing.T) {
	if testing.Short() {
		t.Skip("starts poold processes")
	}
	started := time.Now()
	ctx := context.Background()
	dsn, _ := dbtest.NewPostgresSchema(t)
	dir := t.TempDir()
	stratumPort := mpFreePort(t)
	if err := run(ctx, []string{"admin", "--db", dsn, "--log-level", "error", "coin", "add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d",
		"--ports", strconv.Itoa(stratumPort), "--driver", "devnet", "--driver-config", "network_hashrate=1e12", "--driver-config", "other_miners=false",
		"--driver-config", "start_difficulty=0.000002", "--driver-config", "min_difficulty=0.000001"}); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	// Every api process of a pool needs the same secret key; made here so that none of
	// them makes its own while another reads it.
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	secret := filepath.Join(dir, "secret.key")
	if err := os.WriteFile(secret, key, 0o600); err != nil {
		t.Fatal(err)
	}
	common := func(name string) []string {
		return []string{"serve", "--db", dsn, "--outbox", filepath.Join(dir, name+".outbox"), "--secret-key-file", secret}
	}
	jobsArgs := func(name string) []string {
		return append(common(name), "--roles", "jobs", "--admin-http", "127.0.0.1:0", "--test-clock", "--job-lease", mpLease.String(), "--log-level", "info")
	}
	apiArgs := func(name string, extra ...string) []string {
		return append(append(common(name), "--roles", "api", "--http", "127.0.0.1:0", "--captcha-pow-bits", "4", "--log-level", "warn"), extra...)
	}
	stratumArgs := append(common("stratum"), "--roles", "stratum", "--stratum-bind", "127.0.0.1", "--admin-http", "127.0.0.1:0", "--log-level", "warn")

	jobs1, jobs2 := startPoold(t, dir, "jobs1", jobsArgs("jobs1")...), startPoold(t, dir, "jobs2", jobsArgs("jobs2")...)
	apiA, apiB := startPoold(t, dir, "apiA", apiArgs("apiA")...), startPoold(t, dir, "apiB", apiArgs("apiB")...)
	strat := startPoold(t, dir, "stratum", stratumArgs...)
	for _, p := range []*poold{jobs1, jobs2} {
		p.admin = p.waitLine(t, `admin listening on (http://\S+)`)
	}
	apiA.url, apiB.url = apiA.waitLine(t, `listening on (http://\S+)`), apiB.waitLine(t, `listening on (http://\S+)`)
	strat.waitLine(t, `stratum for BTC \(devnet\)`)
	t.Logf("%s: five processes up", time.Since(started).Round(time.Millisecond))

	// (a) One user across the api processes: the slider made by one and passed on the
	// other, the code sent by one and used on the other, the session made by one and
	// honoured by the other.
	const email, password = "multi@example.org", "Several-processes-1"
	if status, env := apiA.sendCode(t, email, "register", apiB.ticket(t)); status != 200 || env.Code != 0 {
		t.Fatalf("code through A: %d %d %s", status, env.Code, env.Msg)
	}
	// (e) The 60 s between two codes to one address hold across processes.
	if status, env := apiB.sendCode(t, email, "register", apiB.ticket(t)); status != http.StatusTooManyRequests {
		t.Fatalf("a second code at once through B: %d %d %s, want 429", status, env.Code, env.Msg)
	}
	apiB.ok(t, "POST", "/api/pc/v1/common/customer/register/email", "", map[string]any{
		"email": email, "emailCode": apiA.lastCode(t), "nickName": "multi_proc", "password": password, "agentInviteCode": nil})
	token := apiA.login(t, email, password)
	var me struct{ Email string }
	_ = json.Unmarshal(apiB.ok(t, "GET", "/api/pc/v1/customer/baseInfo", token, nil), &me)
	if me.Email != email {
		t.Fatalf("B knows the session A made as %q", me.Email)
	}
	apiB.ok(t, "POST", "/api/pc/v1/pool/subaccount/create", token, map[string]any{"code": "multifarm", "alias": "Multi", "defaultCoin": "BTC"})
	if subs := string(apiA.ok(t, "GET", "/api/pc/v1/pool/subaccount/list", token, nil)); !strings.Contains(subs, `"multifarm"`) {
		t.Fatalf("A does not list the sub-account B made: %s", subs)
	}

	// (e) Login throttling is one across the processes: five wrong passwords, spread over
	// both, make the next attempt wait, wherever it goes. Per-process counting would
	// have given neither process more than three.
	throttledAcross(t, "the database", apiA, apiB, "nobody-db@example.org")
	if n := mpCount(t, d, "SELECT COUNT(*) FROM auth_throttle WHERE key LIKE ?", "%nobody-db@example.org%"); n == 0 {
		t.Fatal("no throttle rows in the database")
	}

	// (b) Shares through the stratum process reach both api processes.
	miner := &testMiner{addr: fmt.Sprintf("127.0.0.1:%d", stratumPort), worker: "multifarm.rig1"}
	defer miner.close()
	miner.mine(t, ctx, 5)
	waitShares(t, d, miner.accepted)
	for _, api := range []*poold{apiA, apiB} {
		api.waitDevice(t, token, "rig1", -1)
	}

	// (d) The stratum process killed and started again: the miner reconnects, and every
	// accepted share is in share_minutes once. Its shares were flushed before the kill
	// (the aggregator flushes every 10 s; a SIGKILL loses what it has not flushed yet).
	strat.kill(t)
	strat2 := startPoold(t, dir, "stratum2", stratumArgs...)
	strat2.waitLine(t, `stratum for BTC \(devnet\)`)
	if reconnects := miner.mine(t, ctx, 5); reconnects != 1 {
		t.Fatalf("the miner connected %d times after the restart", reconnects)
	}
	waitShares(t, d, miner.accepted)
	if n := mpCount(t, d, "SELECT COUNT(*) FROM devices WHERE worker = 'rig1'"); n != 1 {
		t.Fatalf("%d devices for rig1 after the restart", n)
	}
	miner.close()
	t.Logf("%s: shares counted through a stratum restart", time.Since(started).Round(time.Millisecond))

	// (c) Every job once per period: the jobs clock moved on 10 minutes at a time gives
	// every job but the hourly one a new period each time.
	for round := range 3 {
		first, second := jobs1, jobs2
		if round%2 == 1 {
			first, second = second, first
		}
		first.advance(t, 10*time.Minute)
		second.advance(t, 10*time.Minute)
		due := time.Now().Add(time.Duration(round+1) * 10 * time.Minute)
		waitFor(t, "every job to run its new period", 60*time.Second, func() bool {
			for job, every := range mpJobEvery {
				if every <= 10*time.Minute && mpCount(t, d, "SELECT COUNT(*) FROM job_runs WHERE job = ? AND period >= ? AND finished_at > 0", job, jobs.Period(due, every)) == 0 {
					return false
				}
			}
			return true
		})
	}
	checkOncePerPeriod(t, d, jobs1, jobs2)
	t.Logf("%s: every job once per period", time.Since(started).Round(time.Millisecond))

	// (d) A jobs process killed in the middle of a settlement: eight days of 3000
	// sub-accounts fall due when the clock moves on ten days, one process claims the
	// settlement and is killed, and the other takes the period over once the lease
	// expires. Each sub-account's day is booked once.
	today := earnings.DayOf(time.Now())
	addAccruals(t, d, today.Next(), 8, 3000)
	jobs1.advance(t, 10*24*time.Hour)
	jobs2.advance(t, 10*24*time.Hour)
	due := time.Now()
	holder, period := waitRunningSettlement(t, d)
	killed, survivor := jobs1, jobs2
	if holderPID(holder) == jobs2.cmd.Process.Pid {
		killed, survivor = jobs2, jobs1
	}
	if holderPID(holder) != killed.cmd.Process.Pid {
		t.Fatalf("the settlement's holder %q is neither jobs process (%d, %d)", holder, jobs1.cmd.Process.Pid, jobs2.cmd.Process.Pid)
	}
	// Killed once it has booked a day or two, so that the takeover has to carry on from
	// where the killed run left off.
	waitFor(t, "the first days to be settled", 30*time.Second, func() bool {
		return mpCount(t, d, "SELECT COUNT(*) FROM settlements") > 0
	})
	killed.kill(t)
	killedAt := time.Now()
	daysBefore := mpCount(t, d, "SELECT COUNT(*) FROM settlements")
	var takenOver struct {
		holder   string
		attempts int
		error    string
	}
	waitFor(t, "the survivor to take the settlement over", 2*time.Minute, func() bool {
		err := d.QueryRow(ctx, "SELECT holder, attempts, error FROM job_runs WHERE job = 'earnings_settle' AND period = ? AND finished_at > 0", period).
			Scan(&takenOver.holder, &takenOver.attempts, &takenOver.error)
		return err == nil
	})
	if holderPID(takenOver.holder) != survivor.cmd.Process.Pid || takenOver.attempts != 2 || takenOver.error != "" {
		t.Fatalf("settlement period after the kill: %+v, want finished by pid %d on the second attempt", takenOver, survivor.cmd.Process.Pid)
	}
	if wait := time.Since(killedAt); wait > mpLease+30*time.Second {
		t.Errorf("taken over %s after the kill, the lease is %s", wait, mpLease)
	}
	survivor.waitLine(t, `job taken over.*job=earnings_settle`)
	checkSettled(t, d, survivor, today.Next(), 8, 3000)
	t.Logf("settlement: %s killed %s after it fell due with %d days settled; %s took it over %s after the kill",
		killed.name, killedAt.Sub(due).Round(time.Millisecond), daysBefore, survivor.name, time.Since(killedAt).Round(time.Millisecond))
	// Whatever else the killed process held is taken over too.
	waitFor(t, "every period the killed process held to finish", time.Minute, func() bool {
		return mpCount(t, d, "SELECT COUNT(*) FROM job_runs WHERE finished_at = 0") == 0
	})
	if n := mpCount(t, d, "SELECT COUNT(*) FROM job_runs WHERE attempts > 2 OR (attempts = 2 AND holder <> ?)", takenOver.holder); n != 0 {
		t.Fatalf("%d periods started more than once other than by the survivor's takeovers", n)
	}
	t.Logf("%s: a killed jobs process's settlement taken over", time.Since(started).Round(time.Millisecond))

	// The clock moved on ten days, past a session's 7 idle days: the miner logs in again,
	// as one would after ten days away.
	token = apiA.login(t, email, password)

	// (b) The API's figures are of whole minutes, and the last share's minute is over by
	// now: both api processes count every accepted share, once.
	for _, api := range []*poold{apiA, apiB} {
		api.waitDevice(t, token, "rig1", miner.accepted)
	}

	// (d) An api process killed: the other serves the session the killed one made.
	apiA.kill(t)
	_ = json.Unmarshal(apiB.ok(t, "GET", "/api/pc/v1/customer/baseInfo", token, nil), &me)
	if me.Email != email {
		t.Fatalf("B after A was killed: %q", me.Email)
	}
	apiB.login(t, email, password)
	if _, err := http.Get(apiA.url + "/healthz"); err == nil {
		t.Fatal("the killed api process still answers")
	}
	// The survivors stop cleanly on SIGTERM.
	for _, p := range []*poold{survivor, apiB, strat2} {
		p.stop(t)
	}
	t.Logf("%s: an api process killed, the others stopped", time.Since(started).Round(time.Millisecond))

	// (e) With --redis the throttling is shared through Redis instead: two more api
	// processes on a Redis database of the test's own.
	redisURL := os.Getenv("POOLD_TEST_REDIS")
	if redisURL == "" {
		redisURL = "redis://127.0.0.1:6379/13"
	}
	if redisURL == "skip" {
		t.Logf("POOLD_TEST_REDIS=skip: throttling through Redis not tried")
		return
	}
	rdb := cleanRedis(t, redisURL)
	apiC, apiD := startPoold(t, dir, "apiC", apiArgs("apiC", "--redis", redisURL)...), startPoold(t, dir, "apiD", apiArgs("apiD", "--redis", redisURL)...)
	apiC.url, apiD.url = apiC.waitLine(t, `listening on (http://\S+)`), apiD.waitLine(t, `listening on (http://\S+)`)
	throttledAcross(t, "Redis", apiC, apiD, "nobody-redis@example.org")
	if n := mpCount(t, d, "SELECT COUNT(*) FROM auth_throttle WHERE key LIKE ?", "%nobody-redis@example.org%"); n != 0 {
		t.Fatalf("%d throttle rows in the database with --redis", n)
	}
	if keys, err := rdb.Keys(ctx, "poold:rl:*nobody-redis@example.org*").Result(); err != nil || len(keys) == 0 {
		t.Fatalf("no throttle keys in Redis (%v)", err)
	}
	t.Logf("%s: done", time.Since(started).Round(time.Millisecond))
}

// throttledAcross fails five passwords for address, alternating between a and b, and
// checks that the sixth attempt, on the process that did not see the fifth, must wait.
func throttledAcross(t *testing.T, store string, a, b *poold, address string) {
	t.Helper()
	procs := []*poold{a, b}
	for i := range 5 {
		status, env := procs[i%2].tryLogin(t, address, "wrong-password")
		if i < 4 && status == http.StatusTooManyRequests {
			t.Fatalf("%s: failure %d already throttled: %s", store, i+1, env.Msg)
		}
	}
	if status, env := b.tryLogin(t, address, "wrong-password"); status != http.StatusTooManyRequests {
		t.Fatalf("%s: the sixth attempt after five failures across two processes: %d %d %s, want 429", store, status, env.Code, env.Msg)
	}
}

// checkOncePerPeriod checks the job_runs table against both jobs processes' metrics, at a
// moment when no period is running: each job ran, each period once (one start, finished),
// the processes ran as many periods between them as the table holds, and each job was
// also left by a process to the other at least once (they competed for it).
func checkOncePerPeriod(t *testing.T, d *db.DB, procs ...*poold) {
	t.Helper()
	// Periods of the minute jobs keep starting as the wall clock runs: count the table on
	// both sides of the scrapes until nothing changed in between.
	var rows map[string]int
	var runs, skips map[string]float64
	for try := 0; ; try++ {
		waitFor(t, "no period to be running", 30*time.Second, func() bool {
			return mpCount(t, d, "SELECT COUNT(*) FROM job_runs WHERE finished_at = 0") == 0
		})
		before := jobRows(t, d)
		runs, skips = map[string]float64{}, map[string]float64{}
		for _, p := range procs {
			scraped := p.metrics(t)
			for job, n := range metricByJob(scraped, "poold_job_runs_total", `how="(claimed|taken_over)"`) {
				runs[job] += n
			}
			perProcess := metricByJob(scraped, "poold_job_runs_total", `how="per_process"`)
			for _, job := range mpPerProcessJobs {
				if perProcess[job] < 1 {
					t.Errorf("%s: %s never ran it", job, p.name)
				}
			}
			for job, n := range metricByJob(scraped, "poold_job_skips_total", "") {
				skips[job] += n
			}
		}
		rows = jobRows(t, d)
		if fmt.Sprint(before) == fmt.Sprint(rows) && mpCount(t, d, "SELECT COUNT(*) FROM job_runs WHERE finished_at = 0") == 0 {
			break
		}
		if try == 5 {
			t.Fatal("the job_runs table never held still around the scrapes")
		}
	}
	for job := range mpJobEvery {
		if rows[job] == 0 {
			t.Errorf("%s: no period in job_runs", job)
		}
	}
	for _, job := range mpPerProcessJobs {
		if rows[job] != 0 {
			t.Errorf("%s: every process's own, yet %d periods claimed in job_runs", job, rows[job])
		}
	}
	for job, n := range rows {
		if runs[job] != float64(n) {
			t.Errorf("%s: %d periods in job_runs, the jobs processes ran %g", job, n, runs[job])
		}
		if skips[job] < 1 {
			t.Errorf("%s: never left by one process to the other", job)
		}
	}
	if n := mpCount(t, d, "SELECT COUNT(*) FROM job_runs WHERE attempts <> 1"); n != 0 {
		t.Errorf("%d periods started more than once", n)
	}
	t.Logf("periods per job: %v", rows)
}

// jobRows counts job_runs rows by job.
func jobRows(t *testing.T, d *db.DB) map[string]int {
	t.Helper()
	rs, err := d.Query(context.Background(), "SELECT job, COUNT(*) FROM job_runs GROUP BY job")
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	out := map[string]int{}
	for rs.Next() {
		var job string
		var n int
		if err := rs.Scan(&job, &n); err != nil {
			t.Fatal(err)
		}
		out[job] = n
	}
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

var metricLine = regexp.MustCompile(`^(\w+)\{(.*)\} (\S+)$`)

// metricByJob sums a metric's samples by their job label, of the samples whose labels
// match labels ("": all).
func metricByJob(scraped, name, labels string) map[string]float64 {
	out := map[string]float64{}
	for _, line := range strings.Split(scraped, "\n") {
		m := metricLine.FindStringSubmatch(line)
		if m == nil || m[1] != name || !regexp.MustCompile(labels).MatchString(m[2]) {
			continue
		}
		job := regexp.MustCompile(`job="([^"]*)"`).FindStringSubmatch(m[2])
		v, err := strconv.ParseFloat(m[3], 64)
		if job != nil && err == nil {
			out[job[1]] += v
		}
	}
	return out
}

// addAccruals writes accruals for days days from first, for subs sub-accounts that are
// no one's on the API (ids far above the test user's), three minutes a day.
func addAccruals(t *testing.T, d *db.DB, first earnings.Day, days, subs int) {
	t.Helper()
	ctx := context.Background()
	day := first
	for range days {
		rows := make([]earnings.Accrual, 0, subs*3)
		for i := range subs {
			sub := int64(1_000_000 + i)
			for m := range 3 {
				rows = append(rows, earnings.Accrual{SubAccountID: sub, UserID: 2_000_000 + sub%40, Coin: "BTC",
					Minute: day.Start().Add(time.Duration(m*131) * time.Minute).UnixMilli(), Reward: 312_500_000, FeeBps: 100,
					RatioSum: 1e-7 * float64(1+(i+m)%7), DiffSum: 0.1, Accepted: 1})
			}
		}
		if err := d.InTx(ctx, func(tx *db.Tx) error { return earnings.AddAccruals(ctx, tx, rows) }); err != nil {
			t.Fatal(err)
		}
		day = day.Next()
	}
}

// waitRunningSettlement waits for a jobs process to hold a settlement period unfinished
// and answers its holder and period.
func waitRunningSettlement(t *testing.T, d *db.DB) (holder string, period int64) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		err := d.QueryRow(context.Background(), "SELECT holder, period FROM job_runs WHERE job = 'earnings_settle' AND finished_at = 0").Scan(&holder, &period)
		if err == nil {
			return holder, period
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no settlement seen running (finished settlements: %d); make the backlog larger", mpCount(t, d, "SELECT COUNT(*) FROM settlements"))
	return "", 0
}

// holderPID is the process id in a jobs.NewHolder name ("host:pid:random").
func holderPID(holder string) int {
	parts := strings.Split(holder, ":")
	if len(parts) < 3 {
		return -1
	}
	pid, err := strconv.Atoi(parts[len(parts)-2])
	if err != nil {
		return -1
	}
	return pid
}

// checkSettled waits for days days from first to be settled, moving the survivor's clock
// a minute on (a new period) when the takeover found the settlement lock still held by
// the killed process's connection, and checks that each sub-account's day is booked
// once and the ledger balances.
func checkSettled(t *testing.T, d *db.DB, survivor *poold, first earnings.Day, days, subs int) {
	t.Helper()
	last := first
	for range days - 1 {
		last = last.Next()
	}
	settled := func() bool {
		return mpCount(t, d, "SELECT COUNT(*) FROM settlements WHERE coin = 'BTC' AND day >= ? AND day <= ?", string(first), string(last)) == days
	}
	for try := 0; !settled(); try++ {
		if try == 3 {
			t.Fatalf("%d of %d days settled", mpCount(t, d, "SELECT COUNT(*) FROM settlements WHERE coin = 'BTC' AND day >= ? AND day <= ?", string(first), string(last)), days)
		}
		deadline := time.Now().Add(20 * time.Second)
		for !settled() && time.Now().Before(deadline) {
			time.Sleep(100 * time.Millisecond)
		}
		if !settled() {
			t.Logf("settlement incomplete after the takeover; one more period")
			survivor.advance(t, time.Minute)
		}
	}
	if n := mpCount(t, d, "SELECT COUNT(*) FROM earnings WHERE sub_account_id >= 1000000"); n != days*subs {
		t.Fatalf("%d earnings rows for %d days of %d sub-accounts", n, days, subs)
	}
	if n := mpCount(t, d, "SELECT COUNT(*) FROM (SELECT DISTINCT sub_account_id, coin, day FROM earnings) x"); n != mpCount(t, d, "SELECT COUNT(*) FROM earnings") {
		t.Fatalf("a sub-account's day booked twice")
	}
	if rep, err := ledger.Check(context.Background(), d); err != nil || !rep.OK() {
		t.Fatalf("ledger check: %+v %v", rep.Mismatches, err)
	}
}

// waitShares waits until share_minutes holds exactly want accepted shares, and checks
// that it never holds more.
func waitShares(t *testing.T, d *db.DB, want int) {
	t.Helper()
	got := 0
	waitFor(t, fmt.Sprintf("%d accepted shares in share_minutes", want), 40*time.Second, func() bool {
		got = mpCount(t, d, "SELECT COALESCE(SUM(accepted), 0) FROM share_minutes WHERE coin = 'BTC'")
		if got > want {
			t.Fatalf("share_minutes holds %d accepted shares, the miner had %d accepted", got, want)
		}
		return got == want
	})
}

// cleanRedis connects to the test's Redis database and deletes poold's keys in it: the
// address throttle of 127.0.0.1 would otherwise carry over from earlier runs.
func cleanRedis(t *testing.T, redisURL string) *redis.Client {
	t.Helper()
	opt, err := redis.ParseURL(redisURL)
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	t.Cleanup(func() { rdb.Close() })
	ctx := context.Background()
	keys, err := rdb.Keys(ctx, "poold:*").Result()
	if err != nil {
		t.Fatalf("redis at %s: %v (POOLD_TEST_REDIS=skip to run without)", redisURL, err)
	}
	if len(keys) > 0 {
		if err := rdb.Del(ctx, keys...).Err(); err != nil {
			t.Fatal(err)
		}
	}
	return rdb
}

func mpCount(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// waitFor polls cond every 50 ms until it holds, for at most within.
func waitFor(t *testing.T, what string, within time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", within, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func mpFreePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// poold is a `poold serve` child process: this test binary run as poold (TestMain).
type poold struct {
	name   string
	cmd    *exec.Cmd
	out    *syncBuffer // stdout and stderr
	exited chan struct{}
	url    string // its api, with the api role
	admin  string // its admin listener, with --admin-http
	err    func() error
}

// startPoold starts a child process with args in dir; it is killed when the test ends,
// and its output is in the test log when the test failed.
func startPoold(t *testing.T, dir, name string, args ...string) *poold {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := &poold{name: name, out: &syncBuffer{}, exited: make(chan struct{})}
	var waitErr error
	p.cmd = exec.Command(self, args...)
	p.cmd.Dir = dir // where a default ./data would go
	p.cmd.Env = append(os.Environ(), childEnv+"=1")
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { waitErr = p.cmd.Wait(); close(p.exited) }()
	p.err = func() error { <-p.exited; return waitErr }
	t.Cleanup(func() {
		p.kill(t)
		if t.Failed() {
			out := p.out.String()
			if len(out) > 6000 {
				out = "..." + out[len(out)-6000:]
			}
			t.Logf("--- %s (pid %d):\n%s", p.name, p.cmd.Process.Pid, out)
		}
	})
	return p
}

// waitLine waits for a line of output matching pattern and answers its first group.
func (p *poold) waitLine(t *testing.T, pattern string) string {
	t.Helper()
	re := regexp.MustCompile(pattern)
	deadline := time.Now().Add(60 * time.Second)
	for {
		if m := re.FindStringSubmatch(p.out.String()); m != nil {
			if len(m) > 1 {
				return m[1]
			}
			return m[0]
		}
		select {
		case <-p.exited:
			t.Fatalf("%s exited without printing %q:\n%s", p.name, pattern, p.out.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not print %q:\n%s", p.name, pattern, p.out.String())
		}
	}
}

// stop sends SIGTERM and waits for a clean exit.
func (p *poold) stop(t *testing.T) {
	t.Helper()
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
		if err := p.err(); err != nil {
			t.Errorf("%s stopped with %v", p.name, err)
		}
	case <-time.After(30 * time.Second):
		t.Errorf("%s did not stop within 30 s of SIGTERM", p.name)
	}
}

// kill sends SIGKILL and waits for the process to be gone.
func (p *poold) kill(t *testing.T) {
	t.Helper()
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	select {
	case <-p.exited:
	case <-time.After(10 * time.Second):
		t.Errorf("%s did not die", p.name)
	}
}

// mpClient talks to the children without keeping connections to processes the test kills.
var mpClient = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}

type mpEnvelope struct {
	Code int
	Msg  string
	Data json.RawMessage
}

// call sends one API request with the session token (when not "") and decodes the envelope.
func (p *poold) call(t *testing.T, method, path, token string, body any) (int, mpEnvelope) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, p.url+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("language", "en_US")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("x-token", token)
	}
	resp, err := mpClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s %s: %v", p.name, method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var env mpEnvelope
	if err := json.Unmarshal(raw, &env); err != nil {
		t.Fatalf("%s %s %s: not an envelope (%d): %s", p.name, method, path, resp.StatusCode, raw)
	}
	return resp.StatusCode, env
}

// ok sends a request that must succeed and answers its data.
func (p *poold) ok(t *testing.T, method, path, token string, body any) json.RawMessage {
	t.Helper()
	status, env := p.call(t, method, path, token, body)
	if status != 200 || env.Code != 0 {
		t.Fatalf("%s %s %s: %d code %d %s", p.name, method, path, status, env.Code, env.Msg)
	}
	return env.Data
}

// ticket passes the slider.
func (p *poold) ticket(t *testing.T) string {
	t.Helper()
	check := accounttest.CaptchaCheck(t, p.ok(t, "POST", "/api/pc/v1/common/captcha/new", "", nil))
	var tk struct{ Ticket string }
	_ = json.Unmarshal(p.ok(t, "POST", "/api/pc/v1/common/captcha/check", "", check), &tk)
	return tk.Ticket
}

func (p *poold) sendCode(t *testing.T, email, scene, ticket string) (int, mpEnvelope) {
	t.Helper()
	q := url.Values{"email": {email}, "scenes": {scene}, "ticket": {ticket}}
	return p.call(t, "GET", "/api/pc/v1/common/customer/email/send?"+q.Encode(), "", nil)
}

// lastCode is the newest code in the process's outbox.
func (p *poold) lastCode(t *testing.T) string {
	t.Helper()
	outbox := ""
	for i, a := range p.cmd.Args {
		if a == "--outbox" && i+1 < len(p.cmd.Args) {
			outbox = p.cmd.Args[i+1]
		}
	}
	raw, err := os.ReadFile(outbox)
	if err != nil {
		t.Fatal(err)
	}
	all := regexp.MustCompile(`(?m)^Code: (\d{6})`).FindAllStringSubmatch(string(raw), -1)
	if len(all) == 0 {
		t.Fatalf("no code in %s:\n%s", outbox, raw)
	}
	return all[len(all)-1][1]
}

func (p *poold) tryLogin(t *testing.T, email, password string) (int, mpEnvelope) {
	t.Helper()
	return p.call(t, "POST", "/api/pc/v1/common/customer/login/email/pwd", "", map[string]any{"email": email, "password": password, "ticket": p.ticket(t)})
}

// login logs in and answers the session token.
func (p *poold) login(t *testing.T, email, password string) string {
	t.Helper()
	status, env := p.tryLogin(t, email, password)
	var lr struct{ Token string }
	_ = json.Unmarshal(env.Data, &lr)
	if status != 200 || env.Code != 0 || lr.Token == "" {
		t.Fatalf("%s login: %d %d %s", p.name, status, env.Code, env.Msg)
	}
	return lr.Token
}

// waitDevice waits until the device list shows worker as the sub-account's one device
// and, unless accepted is negative, with a hash rate and the overview counting accepted
// shares. Hash rates and counts are of whole minutes: a share's shows once its minute
// is over.
func (p *poold) waitDevice(t *testing.T, token, worker string, accepted int) {
	t.Helper()
	deadline := time.Now().Add(75 * time.Second)
	for {
		var list struct {
			Rows []struct {
				Worker           string
				RealTimeHashRate struct{ HashRate float64 }
			}
		}
		raw := p.ok(t, "GET", "/api/pc/v1/pool/device/list?coin=BTC&subAccount=multifarm", token, nil)
		_ = json.Unmarshal(raw, &list)
		var ov struct{ Accepted int }
		rawOv := p.ok(t, "GET", "/api/pc/v1/pool/device/overview?coin=BTC&subAccount=multifarm", token, nil)
		_ = json.Unmarshal(rawOv, &ov)
		shown := len(list.Rows) == 1 && list.Rows[0].Worker == worker
		if shown && (accepted < 0 || list.Rows[0].RealTimeHashRate.HashRate > 0 && ov.Accepted == accepted) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s does not show %s with %d accepted shares:\n%s\n%s", p.name, worker, accepted, raw, rawOv)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// advance moves a process's test clock on (the admin listener serves it without the api role).
func (p *poold) advance(t *testing.T, by time.Duration) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"seconds": by.Seconds()})
	resp, err := mpClient.Post(p.admin+"/api/test/clock/advance", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		raw, _ := io.ReadAll(resp.Body)
		t.Fatalf("%s clock: %d %s", p.name, resp.StatusCode, raw)
	}
}

// metrics scrapes the admin listener's /metrics.
func (p *poold) metrics(t *testing.T) string {
	t.Helper()
	resp, err := mpClient.Get(p.admin + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return string(raw)
}

// syncBuffer is an output buffer a child process writes while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// testMiner is a stratum miner the test drives share by share, so that it knows exactly
// which shares the pool accepted; it reconnects when its connection breaks.
type testMiner struct {
	addr, worker string
	c            *stratum.Client
	en1          []byte
	size         int
	job          *stratum.Job
	next         uint32
	accepted     int
}

// connect dials until the stratum port answers (its process may be starting), then
// subscribes and authorizes.
func (m *testMiner) connect(t *testing.T, ctx context.Context) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		c, err := stratum.Dial(ctx, m.addr, stratum.ClientOptions{UserAgent: "cgminer/4.12.1"})
		if err == nil {
			m.en1, m.size, err = c.Subscribe(ctx)
			if err == nil {
				err = c.Authorize(ctx, m.worker, "x")
			}
			if err == nil {
				m.c, m.job = c, nil
				return
			}
			c.Close()
		}
		if time.Now().After(deadline) {
			t.Fatalf("miner: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (m *testMiner) close() {
	if m.c != nil {
		m.c.Close()
		m.c = nil
	}
}

// mine submits shares until n more are accepted, reconnecting whenever the connection
// breaks, and says how many times it connected.
func (m *testMiner) mine(t *testing.T, ctx context.Context, n int) (connects int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	for done := 0; done < n; {
		if m.c == nil {
			m.connect(t, ctx)
			connects++
		}
		err := m.share(ctx)
		var se *stratum.Error
		switch {
		case err == nil:
			done++
			m.accepted++
		case errors.As(err, &se):
			t.Logf("miner: share refused: %v", err)
		case ctx.Err() != nil:
			t.Fatalf("miner: %d of %d shares: %v", done, n, err)
		default: // the connection broke: the stratum process is gone
			m.close()
		}
	}
	return connects
}

// share finds and submits one share of the newest job at the connection's difficulty.
func (m *testMiner) share(ctx context.Context) error {
	for m.job == nil {
		select {
		case j, ok := <-m.c.Jobs():
			if !ok {
				return errors.New("connection closed")
			}
			m.job = j
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	// A newer job may be waiting (a new block): shares of the old one would be stale.
newest:
	for {
		select {
		case j, ok := <-m.c.Jobs():
			if !ok {
				return errors.New("connection closed")
			}
			m.job = j
		default:
			break newest
		}
	}
	m.next++
	en2 := make([]byte, m.size)
	for i := 0; i < 4 && i < len(en2); i++ {
		en2[len(en2)-1-i] = byte(m.next >> (8 * i))
	}
	target := chain.DifficultyToTarget(m.c.Difficulty(), chain.SHA256d)
	for nonce := uint32(0); ; {
		sol, ok, err := mining.Solve(m.job, chain.SHA256d, m.en1, en2, m.job.NTime, target, nonce, 1<<16)
		if err != nil {
			return err
		}
		if ok {
			return m.c.Submit(ctx, m.worker, m.job.ID, en2, m.job.NTime, sol.Nonce, 0)
		}
		if nonce+sol.Tries < nonce {
			return errors.New("nonce space exhausted")
		}
		nonce += sol.Tries
	}
}
