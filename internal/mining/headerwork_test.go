package mining_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"log/slog"
	"math/big"
	"net"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"lukechampine.com/blake3"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/chaintest"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// headerChain is a node that builds whole blocks, in memory: a 180-byte IronFish header
// per template, a new template (a new tip) at every accepted block. Only the work and
// submission of chain.HeaderWork are here; the engine's Follow is not run.
type headerChain struct {
	chain.Node
	target *big.Int
	mu     sync.Mutex
	cur    *chain.HeaderTemplate
	height int64
	next   chan struct{} // closed when a newer template exists
	blocks [][]byte      // headers of accepted blocks, randomness in
}

func newHeaderChain(blockDifficulty int64) *headerChain {
	c := &headerChain{target: new(big.Int).Div(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(blockDifficulty))}
	c.advanceLocked(chain.Hash{})
	return c
}

func (c *headerChain) advanceLocked(prev chain.Hash) {
	c.height++
	work := make([]byte, 180)
	rand.Read(work)
	clear(work[:8])
	c.target.FillBytes(work[108:140])
	if c.next != nil {
		close(c.next)
	}
	c.next = make(chan struct{})
	c.cur = &chain.HeaderTemplate{ID: string(rune(c.height)), Height: c.height, PrevHash: prev, Work: work,
		Target: c.target, Reward: 2_000_000_000, Time: time.Now()}
}

func (c *headerChain) HeaderTemplate(context.Context) (*chain.HeaderTemplate, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cur, nil
}

func (c *headerChain) WaitHeaderTemplate(ctx context.Context, prev *chain.HeaderTemplate) (*chain.HeaderTemplate, error) {
	for {
		c.mu.Lock()
		cur, next := c.cur, c.next
		c.mu.Unlock()
		if prev == nil || cur.ID != prev.ID {
			return cur, nil
		}
		select {
		case <-next:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// SubmitHeader judges the block by the standard Blake3 (not the pool's code) against the
// template's target, as a node would.
func (c *headerChain) SubmitHeader(_ context.Context, t *chain.HeaderTemplate, nonce []byte) (chain.Hash, error) {
	header := bytes.Clone(t.Work)
	copy(header, nonce)
	hash := blake3.Sum256(header)
	if new(big.Int).SetBytes(hash[:]).Cmp(t.Target) > 0 {
		return chain.Hash{}, &chain.RejectedError{Reason: "high-hash"}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if t != c.cur {
		return hash, &chain.RejectedError{Reason: "stale"}
	}
	c.blocks = append(c.blocks, header)
	c.advanceLocked(hash)
	return hash, nil
}

func (c *headerChain) found() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.blocks)
}

// TestHeaderWorkEngineWithTheSDKMiner runs IronFish's own pool miner against an engine of
// header work: its shares are judged by Blake3 and credited, and the blocks it finds go
// to the node, which takes them, and are recorded.
func TestHeaderWorkEngineWithTheSDKMiner(t *testing.T) {
	dir, node := chaintest.CoinJS(t)
	// The SDK miner hands over at most one share per 10 ms (its mine loop), so shares come
	// at a fixed difficulty that keeps it well under that, and blocks about twice a second.
	// Difficulty 1 is 2^32 hashes on every dialect: 50,000 hashes a share, 2,000,000 a block.
	const shareDifficulty, blockHashes = 50_000.0 / (1 << 32), 2_000_000
	hc := newHeaderChain(blockHashes)
	blocks := &mining.Blocks{DB: dbtest.SQLite(t)}
	sink := &sumSink{}
	var logs syncBuffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	t.Cleanup(func() {
		if t.Failed() {
			t.Log(logs.String())
		}
	})
	e := &mining.Engine{Coin: "IRON", Algorithm: "blake3", HeaderWork: hc, HeaderPoW: mining.IronFishPoW{},
		Workers: &fixedWorkers{}, Shares: &mining.Aggregator{Sink: sink}, Blocks: blocks, FeeBps: 100, Log: log}
	srv, err := stratum.NewServer(stratum.Config{Dialect: stratum.DialectIronFish, InitialDifficulty: shareDifficulty,
		MinDifficulty: shareDifficulty, MaxDifficulty: shareDifficulty, Logger: log}, e)
	if err != nil {
		t.Fatal(err)
	}
	e.Attach(srv)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- e.Run(ctx) }()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("engine: %v", err)
		}
		c, stop := context.WithTimeout(context.Background(), 5*time.Second)
		defer stop()
		_ = srv.Close(c)
	})

	_, port, _ := net.SplitHostPort(ln.Addr().String())
	cmd := exec.Command(node, filepath.Join(dir, "ironfish-miner.js"), "127.0.0.1", port, "acct1.rig1", "1")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close(); cmd.Wait() })
	rates := make(chan float64, 100)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			var m struct{ HashRate float64 }
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				select {
				case rates <- m.HashRate:
				default:
				}
			}
		}
	}()
	deadline := time.Now().Add(2 * time.Minute)
	for hc.found() < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("%d blocks in 2 minutes; the miner said: %.3000s", hc.found(), stderr.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	e.Shares.Flush(context.Background())
	sink.mu.Lock()
	accepted, rejected, diff, ratio := sink.accepted, sink.rejected, sink.diff, sink.ratio
	rewards := sink.rewards
	sink.mu.Unlock()
	if accepted == 0 || rejected != 0 {
		t.Fatalf("accepted %d, rejected %d shares", accepted, rejected)
	}
	// Each share earns its difficulty over the block's, of the template's reward.
	if want := diff * (1 << 32) / blockHashes; ratio < want*0.999 || ratio > want*1.001 {
		t.Errorf("credit ratio %g, want %g (difficulty %g over %d hashes)", ratio, want, diff, blockHashes)
	}
	if !rewards[2_000_000_000] {
		t.Errorf("rewards %v, want the template's", rewards)
	}
	found, err := blocks.List(context.Background(), "IRON", 10)
	if err != nil {
		t.Fatal(err)
	}
	pending := 0
	for _, f := range found {
		if f.Status == mining.BlockPending && f.Worker == "acct1.rig1" && f.Reward == 2_000_000_000 {
			pending++
		}
	}
	if pending < 3 {
		t.Fatalf("recorded blocks %+v, want 3 pending from acct1.rig1", found)
	}
	for _, h := range hc.blocks {
		if binary.BigEndian.Uint64(h) == 0 {
			t.Errorf("a block with zero randomness: the miner's nonce did not reach the header")
		}
	}
}

// syncBuffer is a bytes.Buffer for loggers of several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
