package stratum

import (
	"bytes"
	"context"
	"testing"
	"time"
)

// TestSubmitChecks walks every check of mining.submit, in the order the server applies
// them, with the code each failure gets.
func TestSubmitChecks(t *testing.T) {
	type env struct {
		srv *testServer
		w   *wire
		job *Job
		en1 string
	}
	params := func(e env, en2, ntime, nonce string, more ...any) []any {
		return append([]any{"acct.rig1", e.job.ID, en2, ntime, nonce}, more...)
	}
	good := func(e env) []any { return params(e, "00000001", hex32(e.job.NTime), "00000001") }
	withBits := func(bits string) func(e env) []any {
		return func(e env) []any { return params(e, "00000001", hex32(e.job.NTime), "00000001", bits) }
	}
	submitGood := func(e env) {
		if m := e.w.call("mining.submit", good(e)...); m.code() != 0 {
			e.w.t.Fatalf("first submit: %v", m.Error)
		}
	}
	cases := []struct {
		name        string
		noSubscribe bool
		mask        uint32 // version-rolling mask asked for in mining.configure; 0: none
		setup       func(e env)
		params      func(e env) []any
		code        int
		check       func(t *testing.T, e env, sh Share)
	}{
		{name: "accepted", params: good, check: func(t *testing.T, e env, sh Share) {
			if sh.Worker != "acct.rig1" || sh.Job != e.job || hex32(sh.NTime) != hex32(e.job.NTime) || sh.Nonce != 1 ||
				!bytes.Equal(sh.Extranonce2, []byte{0, 0, 0, 1}) || sh.Difficulty != 1 || sh.Version != e.job.Version ||
				hexString(sh.Extranonce1) != e.en1 || sh.ReceivedAt.IsZero() {
				t.Errorf("share %+v", sh)
			}
		}},
		{name: "not subscribed", noSubscribe: true, params: good, code: CodeNotSubscribed},
		{name: "worker not authorized here", params: func(e env) []any {
			p := good(e)
			p[0] = "acct.rig2"
			return p
		}, code: CodeUnauthorized},
		{name: "worker not a string", params: func(e env) []any { p := good(e); p[0] = 7; return p }, code: CodeOther},
		{name: "four params", params: func(e env) []any { return good(e)[:4] }, code: CodeOther},
		{name: "seven params", params: func(e env) []any { return append(good(e), "00000000", "x") }, code: CodeOther},
		{name: "extranonce2 too short", params: func(e env) []any { return params(e, "000001", hex32(e.job.NTime), "00000001") }, code: CodeOther},
		{name: "extranonce2 too long", params: func(e env) []any { return params(e, "0000000001", hex32(e.job.NTime), "00000001") }, code: CodeOther},
		{name: "extranonce2 not hex", params: func(e env) []any { return params(e, "zz000000", hex32(e.job.NTime), "00000001") }, code: CodeOther},
		{name: "ntime short", params: func(e env) []any { return params(e, "00000001", "5f5e10", "00000001") }, code: CodeOther},
		{name: "nonce not hex", params: func(e env) []any { return params(e, "00000001", hex32(e.job.NTime), "0000000g") }, code: CodeOther},
		{name: "nonce a number", params: func(e env) []any { p := good(e); p[4] = 1; return p }, code: CodeOther},
		{name: "version bits short", mask: 0x1fffe000, params: withBits("2000"), code: CodeOther},
		{name: "unknown job", params: func(e env) []any { p := good(e); p[1] = "ffff"; return p }, code: CodeJobNotFound},
		{name: "job voided by a clean job", setup: func(e env) {
			e.srv.Broadcast(testJob("j2", true, e.job.NTime))
		}, params: good, code: CodeJobNotFound},
		{name: "job still within history", setup: func(e env) {
			for i := range e.srv.cfg.JobHistory - 1 {
				e.srv.Broadcast(testJob("h"+string(rune('a'+i)), false, e.job.NTime))
			}
		}, params: good},
		{name: "job pushed out of history", setup: func(e env) {
			for i := range e.srv.cfg.JobHistory {
				e.srv.Broadcast(testJob("h"+string(rune('a'+i)), false, e.job.NTime))
			}
		}, params: good, code: CodeJobNotFound},
		{name: "ntime before the job's", params: func(e env) []any { return params(e, "00000001", hex32(e.job.NTime-1), "00000001") }, code: CodeOther},
		{name: "ntime two hours ahead", params: func(e env) []any {
			return params(e, "00000001", hex32(uint32(time.Now().Add(MaxNTimeAhead).Unix()-60)), "00000001")
		}},
		{name: "ntime past two hours ahead", params: func(e env) []any {
			return params(e, "00000001", hex32(uint32(time.Now().Add(MaxNTimeAhead).Unix()+60)), "00000001")
		}, code: CodeOther},
		{name: "version bits without configure", params: withBits("00002000"), code: CodeOther},
		{name: "zero version bits without configure", params: withBits("00000000")},
		{name: "version bits outside the mask", mask: 0x1fffe000, params: withBits("00001000"), code: CodeOther},
		{name: "version bits outside the negotiated part of the mask", mask: 0x00c00000, params: withBits("00200000"), code: CodeOther},
		{name: "version bits inside the mask", mask: 0x1fffe000, params: withBits("00002000"), check: func(t *testing.T, e env, sh Share) {
			if sh.Version != 0x20002000 {
				t.Errorf("version %08x, want 20002000", sh.Version)
			}
		}},
		{name: "whole rolled version instead of bits", mask: 0x1fffe000, params: withBits("20a02000"), check: func(t *testing.T, e env, sh Share) {
			if sh.Version != 0x20a02000 {
				t.Errorf("version %08x, want 20a02000", sh.Version)
			}
		}},
		{name: "duplicate", setup: submitGood, params: good, code: CodeDuplicate},
		{name: "same share with other version bits", mask: 0x1fffe000, setup: func(e env) {
			if m := e.w.call("mining.submit", withBits("00002000")(e)...); m.code() != 0 {
				e.w.t.Fatalf("first submit: %v", m.Error)
			}
		}, params: withBits("00004000")},
		{name: "low difficulty (handler)", params: func(e env) []any { return params(e, "00000001", hex32(e.job.NTime), hex32(nonceLowDifficulty)) }, code: CodeLowDifficulty},
		{name: "handler rejects without a reason", setup: func(e env) {
			e.srv.h.submit = func(context.Context, Share) SubmitResult { return SubmitResult{} }
		}, params: good, code: CodeOther},
		{name: "block candidate", params: func(e env) []any { return params(e, "00000001", hex32(e.job.NTime), hex32(nonceBlock)) },
			check: func(t *testing.T, e env, sh Share) {
				if st := e.srv.Stats(); st.Blocks != 1 {
					t.Errorf("blocks %d, want 1", st.Blocks)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := startServer(t, Config{}, nil)
			e := env{srv: srv, w: dialWire(t, srv.addr), job: testJob("j1", true, nowNTime()-60)}
			srv.Broadcast(e.job)
			if c.mask != 0 {
				e.w.call("mining.configure", []string{"version-rolling"}, map[string]any{"version-rolling.mask": hex32(c.mask)})
			}
			if c.noSubscribe {
				if m := e.w.call("mining.authorize", "acct.rig1", "x"); string(m.Result) != "true" {
					t.Fatalf("authorize: %v", m.Error)
				}
			} else {
				e.en1 = e.w.handshake("acct.rig1")
			}
			if c.setup != nil {
				c.setup(e)
			}
			m := e.w.call("mining.submit", c.params(e)...)
			if m.code() != c.code {
				t.Fatalf("code %d (%v), want %d", m.code(), m.Error, c.code)
			}
			if c.code == 0 && string(m.Result) != "true" {
				t.Fatalf("result %s, want true", m.Result)
			}
			if c.check != nil {
				c.check(t, e, srv.h.lastShare(t))
			}
			st := srv.Stats()
			switch c.code {
			case 0:
				if st.SharesAccepted == 0 {
					t.Errorf("stats %+v: no accepted share", st)
				}
			case CodeJobNotFound:
				if st.SharesStale != 1 {
					t.Errorf("stats %+v: want one stale", st)
				}
			case CodeDuplicate:
				if st.SharesDuplicate != 1 {
					t.Errorf("stats %+v: want one duplicate", st)
				}
			default:
				if st.SharesRejected != 1 {
					t.Errorf("stats %+v: want one rejected", st)
				}
			}
		})
	}
}

func hexString(b []byte) string { return string(appendHexBytes(nil, b)) }

// TestDifficultyAtJobTime checks that a share is worth the difficulty in force when its
// job went to the connection, not the one in force when it arrives.
func TestDifficultyAtJobTime(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{}, nil)
	j1 := testJob("j1", true, nowNTime()-60)
	srv.Broadcast(j1)
	w := dialWire(t, srv.addr)
	w.handshake("acct.rig1")
	if n := w.note(); n.Method != "mining.set_difficulty" || n.Params[0] != 1.0 {
		t.Fatalf("first note %+v", n)
	}
	if n := w.note(); n.Method != "mining.notify" || n.Params[0] != "j1" || n.Params[8] != true {
		t.Fatalf("second note %+v", n)
	}

	if m := w.call("mining.suggest_difficulty", 4); string(m.Result) != "true" {
		t.Fatalf("suggest: %v", m.Error)
	}
	if n := w.note(); n.Method != "mining.set_difficulty" || n.Params[0] != 4.0 {
		t.Fatalf("after suggest %+v", n)
	}
	if got := srv.Stats().DifficultyChanges; got != 1 {
		t.Fatalf("difficulty changes counted: %d", got)
	}
	n := w.note()
	resent, _ := n.Params[0].(string)
	if n.Method != "mining.notify" || resent == "j1" || n.Params[8] != false {
		t.Fatalf("re-sent job %+v", n)
	}

	submit := func(jobID string, nonce uint32) (int, Share) {
		m := w.call("mining.submit", "acct.rig1", jobID, "00000000", hex32(j1.NTime), hex32(nonce))
		if m.code() != 0 {
			return m.code(), Share{}
		}
		return 0, srv.h.lastShare(t)
	}
	if _, sh := submit("j1", 1); sh.Difficulty != 1 || sh.Job != j1 {
		t.Errorf("share for the job sent at difficulty 1: %v %v", sh.Difficulty, sh.Job)
	}
	if _, sh := submit(resent, 2); sh.Difficulty != 4 || sh.Job != j1 {
		t.Errorf("share for the job re-sent at difficulty 4: %v %v", sh.Difficulty, sh.Job)
	}
	// The re-sent job is the same work: the same share under either id is one share.
	if code, _ := submit(resent, 1); code != CodeDuplicate {
		t.Errorf("same share under the re-sent id: code %d, want %d", code, CodeDuplicate)
	}
	j2 := testJob("j2", false, j1.NTime)
	srv.Broadcast(j2)
	if n := w.note(); n.Params[0] != "j2" {
		t.Fatalf("broadcast note %+v", n)
	}
	if _, sh := submit("j2", 3); sh.Difficulty != 4 || sh.Job != j2 {
		t.Errorf("share for a job broadcast after the change: %v", sh.Difficulty)
	}
	if _, sh := submit("j1", 4); sh.Difficulty != 1 {
		t.Errorf("late share for the old job: %v, want 1", sh.Difficulty)
	}
}

// A job's accepted shares are remembered in a slice while few and in a map once many;
// a duplicate is caught on both sides of the move.
func TestSeenSharesAcrossTheMoveToAMap(t *testing.T) {
	var e seenShares
	for n := uint32(0); n < 3*seenFew; n++ {
		if e.has(shareKey{nonce: n}) {
			t.Fatalf("share %d is new, called a duplicate", n)
		}
		e.add(shareKey{nonce: n})
		for old := uint32(0); old <= n; old += 7 {
			if !e.has(shareKey{nonce: old}) {
				t.Fatalf("after %d shares, share %d again was not a duplicate", n+1, old)
			}
		}
	}
	if e.many == nil || e.few != nil {
		t.Fatalf("after %d shares: few %d, many %v", 3*seenFew, len(e.few), e.many != nil)
	}
}

// One solution is one share, whatever job it is sent under. On a quiet chain the engine
// refreshes the job every 30 s with nothing changed but its id, so two live jobs make the
// same header for the same extranonce2, ntime and nonce; the duplicate check was per job,
// and a miner got the same solution accepted, and paid, once per live job. Jobs that make
// other headers (another coinbase) still take it; a new tip forgets what was seen.
func TestSameHeaderUnderTwoJobsIsOneShare(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{}, nil)
	ntime := nowNTime() - 60
	j1 := testJob("j1", true, ntime)
	srv.Broadcast(j1)
	w := dialWire(t, srv.addr)
	w.handshake("acct.rig1")
	refresh := testJob("j2", false, ntime+30) // the same work under a new id and a later ntime
	srv.Broadcast(refresh)
	submit := func(job string) wireMsg {
		return w.call("mining.submit", "acct.rig1", job, "0000002a", hex32(ntime+40), "0badcafe")
	}
	if m := submit("j1"); m.code() != 0 {
		t.Fatalf("first send: %+v", m)
	}
	if m := submit("j2"); m.code() != CodeDuplicate {
		t.Fatalf("the same solution under the refreshed job: %+v, want a duplicate", m)
	}
	srv.h.mu.Lock()
	handed := len(srv.h.shares)
	srv.h.mu.Unlock()
	if st := srv.Stats(); handed != 1 || st.SharesAccepted != 1 || st.SharesDuplicate != 1 {
		t.Fatalf("%d shares reached the handler, stats %+v: want one accepted and one duplicate", handed, st)
	}
	// Another coinbase is another header: the same numbers there are a new share.
	other := testJob("j3", false, ntime)
	other.Coinb2 = append([]byte{0x04, 0, 0, 0, 3}, other.Coinb2...)
	srv.Broadcast(other)
	if m := submit("j3"); m.code() != 0 {
		t.Fatalf("under a job with another coinbase: %+v", m)
	}
	// A new tip: the seen shares are dropped once the clean job is out.
	tip := testJob("j4", true, ntime)
	tip.PrevHash[0] ^= 1
	srv.Broadcast(tip)
	for {
		if n := w.note(); n.Method == "mining.notify" && n.Params[0] == "j4" {
			break
		}
	}
	for _, ss := range srv.liveSessions() {
		ss.mu.Lock()
		seen := len(ss.seen)
		ss.mu.Unlock()
		if seen != 0 {
			t.Fatalf("after a clean job the connection still keeps %d works' shares", seen)
		}
	}
}

// A job with a coinbase per connection (a solo port) is judged by the coinbase the
// connection got: the same parts under two jobs are the same work, other parts another.
func TestSameHeaderUnderTwoPerWorkerJobs(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Config{}, nil)
	ntime := nowNTime() - 60
	job := func(id string, clean bool, c2 string) *Job {
		j := testJob(id, clean, ntime)
		j.PerWorker = func(s *SessionInfo) ([]byte, []byte, bool) {
			return []byte("c1:" + s.Worker), []byte(c2), true
		}
		return j
	}
	srv.Broadcast(job("a", true, "same"))
	w := dialWire(t, srv.addr)
	w.handshake("addr.rig1")
	srv.Broadcast(job("b", false, "same"))
	srv.Broadcast(job("c", false, "other"))
	submit := func(job string) int {
		return w.call("mining.submit", "addr.rig1", job, "00000001", hex32(ntime), "00000007").code()
	}
	if got := []int{submit("a"), submit("b"), submit("c")}; got[0] != 0 || got[1] != CodeDuplicate || got[2] != 0 {
		t.Fatalf("codes %v, want accepted, duplicate, accepted", got)
	}
}

// A connection remembers at most maxSeenShares shares. Past it the other works are closed
// (forgotten), oldest first but the newest job's last, then the share's own: a closed
// work's shares are answered stale, never taken again, so forgetting never lets a share
// be paid twice. A later job is a fresh start.
func TestSeenSharesAreBounded(t *testing.T) {
	const older, old, cur = 1, 2, 3
	ss := &session{sent: []sentJob{{work: older}, {work: old}, {work: cur}}} // cur is the newest job's
	key := func(n int) shareKey { return shareKey{en2: uint64(n)} }
	fill := func(work uint64, from, to int) {
		t.Helper()
		for n := from; n < to; n++ {
			if e := ss.rememberLocked(work, key(n)); e != nil {
				t.Fatalf("work %d, share %d: %v", work, n, e)
			}
		}
	}
	fill(older, 0, 10)
	fill(cur, 0, maxSeenShares/2)
	fill(old, 0, maxSeenShares/2-10)
	if e := ss.rememberLocked(cur, key(0)); e != ErrDuplicate {
		t.Fatalf("a share again: %v, want a duplicate", e)
	}
	// Full: a share of the current work closes the oldest work, and is taken.
	fill(cur, maxSeenShares/2, maxSeenShares/2+1)
	if e := ss.rememberLocked(older, key(0)); e != errWorkFull {
		t.Fatalf("a share of the closed work sent again: %v, want stale", e)
	}
	// Full again: a share of an old work does not close the newest job's work, but its own.
	fill(cur, maxSeenShares/2+1, maxSeenShares/2+10)
	if e := ss.rememberLocked(old, key(maxSeenShares)); e != errWorkFull {
		t.Fatalf("a share of an old work past the bound: %v, want stale", e)
	}
	if e := ss.rememberLocked(cur, key(0)); e != ErrDuplicate {
		t.Fatalf("the newest job's shares were forgotten for an old job's: %v", e)
	}
	// The current work alone fills the bound: it is closed too.
	fill(cur, maxSeenShares/2+10, maxSeenShares)
	if e := ss.rememberLocked(cur, key(maxSeenShares)); e != errWorkFull {
		t.Fatalf("past the bound on the only work: %v, want stale", e)
	}
	if e := ss.rememberLocked(cur, key(1)); e != errWorkFull {
		t.Fatalf("a share of the closed current work again: %v, want stale", e)
	}
	total := 0
	for _, e := range ss.seen {
		total += e.size()
	}
	if total != 0 {
		t.Fatalf("%d shares kept after every work closed", total)
	}
	if e := ss.rememberLocked(4, key(0)); e != nil {
		t.Fatalf("a new work: %v", e)
	}
}
