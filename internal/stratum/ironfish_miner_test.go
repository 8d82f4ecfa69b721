package stratum

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"net"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"lukechampine.com/blake3"

	"github.com/uniplus-pool/pool/internal/chain/chaintest"
)

// TestIronFishDialectWithTheSDKMiner runs IronFish's own pool miner (the SDK's
// MiningPoolMiner and StratumTcpClient, unmodified) against the dialect: it must
// subscribe, take our target and header, put its randomness where we read it, and send
// shares that meet the target it was given. Devnet headers hash with Blake3 over the 180
// bytes, randomness first (chain/ironfish cross-checks that hashing with the SDK's own).
func TestIronFishDialectWithTheSDKMiner(t *testing.T) {
	dir, node := chaintest.CoinJS(t)
	type verdict struct {
		ok   bool
		diff float64
	}
	var mu sync.Mutex
	var verdicts []verdict
	srv := startServer(t, Config{Dialect: DialectIronFish, InitialDifficulty: 2000.0 / (1 << 32), MinDifficulty: 100.0 / (1 << 32),
		TargetShareInterval: time.Second, RetargetInterval: 2 * time.Second}, nil)
	srv.h.submit = func(_ context.Context, sh Share) SubmitResult {
		header := bytes.Clone(sh.Job.Header)
		binary.BigEndian.PutUint64(header, sh.HeaderNonce)
		hash := blake3.Sum256(header)
		target := IronFishShareTarget(sh.Difficulty)
		ok := bytes.Compare(hash[:], target[:]) <= 0
		mu.Lock()
		verdicts = append(verdicts, verdict{ok, sh.Difficulty})
		mu.Unlock()
		if !ok {
			return SubmitResult{Err: ErrLowDifficulty}
		}
		return SubmitResult{Accepted: true}
	}
	header := make([]byte, IronFishHeaderBytes)
	rand.Read(header)
	clear(header[:8])
	srv.Broadcast(&Job{ID: "j1", Header: header, CleanJobs: true, CreatedAt: time.Now()})

	_, port, _ := net.SplitHostPort(srv.addr)
	cmd := exec.Command(node, filepath.Join(dir, "ironfish-miner.js"), "127.0.0.1", port, "acct.rig1", "1")
	cmd.Dir = dir
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close(); cmd.Wait() })
	lines := make(chan map[string]float64)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			var m map[string]float64
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				lines <- m
			}
		}
		close(lines)
	}()
	deadline := time.After(90 * time.Second)
	var last map[string]float64
	for {
		mu.Lock()
		n := len(verdicts)
		mu.Unlock()
		if n >= 20 {
			break
		}
		select {
		case m, ok := <-lines:
			if !ok {
				t.Fatalf("the miner exited after %d shares: %s", n, stderr.String())
			}
			last = m
		case <-deadline:
			t.Fatalf("%d shares in 90 s (miner: %v): %s", n, last, stderr.String())
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for i, v := range verdicts {
		if !v.ok {
			t.Errorf("share %d at difficulty %g does not meet its target", i, v.diff)
		}
	}
	t.Logf("%d shares from the SDK miner, all judged; miner's own rate %v H/s", len(verdicts), last["hashRate"])
}
