package mining

import (
	"context"
	"log/slog"
	"math/big"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/stratum"
)

type nopSink struct{}

func (nopSink) AddShareMinutes(context.Context, string, []ShareMinute) error { return nil }

type oneWorker struct{}

func (oneWorker) AuthorizeWorker(context.Context, string, string) error { return nil }

func (oneWorker) WorkerDevice(context.Context, string, string, string, string) (DeviceRef, error) {
	return DeviceRef{ID: 1, Worker: "a.b"}, nil
}

// BenchmarkValidateAndAccount is the engine's cost per share on one core: rebuild the
// coinbase, merkle root and header, hash it, compare with both targets, and count it in
// the aggregator. Shares per second on one core = 1e9 / ns/op (run with -cpu 1).
func BenchmarkValidateAndAccount(b *testing.B) {
	for _, algo := range []string{chain.SHA256d, chain.Scrypt} {
		b.Run(algo, func(b *testing.B) {
			cfg := devnet.DefaultConfig("BENCH", algo)
			cfg.OtherMiners = false
			cfg.NetworkHashRate = 1e15 // no share is a block
			d, err := devnet.New(cfg)
			if err != nil {
				b.Fatal(err)
			}
			addr, _ := d.NewAddress(context.Background())
			a, _ := d.ValidateAddress(context.Background(), addr)
			e := &Engine{Coin: "BENCH", Algorithm: algo, Driver: d, Workers: oneWorker{}, Shares: &Aggregator{Sink: nopSink{}},
				Builder: NewBuilder(algo, a.Script, 8, "/bench/"), Log: slog.New(slog.DiscardHandler)}
			e.init()
			t, err := d.Template(context.Background())
			if err != nil {
				b.Fatal(err)
			}
			if err := e.publish(t, true); err != nil {
				b.Fatal(err)
			}
			s := &stratum.SessionInfo{ID: 1, Extranonce1: []byte{1, 2, 3, 4}}
			if err := e.Authorize(context.Background(), s, "a.b", ""); err != nil {
				b.Fatal(err)
			}
			job := e.current.Job
			sh := stratum.Share{Worker: "a.b", Job: job, Extranonce1: s.Extranonce1, Extranonce2: []byte{0, 0, 0, 1},
				NTime: job.NTime, Version: job.Version, Difficulty: 1e-12, ReceivedAt: time.Now()}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				sh.Nonce = uint32(i)
				if res := e.Submit(context.Background(), s, sh); !res.Accepted {
					b.Fatalf("share refused: %+v", res.Err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "shares/s")
		})
	}
}

// benchHeaderNode is a node of header work with one fixed template, for benchmarks.
type benchHeaderNode struct {
	chain.Node
	t *chain.HeaderTemplate
}

func (n benchHeaderNode) HeaderTemplate(context.Context) (*chain.HeaderTemplate, error) {
	return n.t, nil
}
func (n benchHeaderNode) WaitHeaderTemplate(ctx context.Context, _ *chain.HeaderTemplate) (*chain.HeaderTemplate, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}
func (n benchHeaderNode) SubmitHeader(context.Context, *chain.HeaderTemplate, []byte) (chain.Hash, error) {
	return chain.Hash{}, nil
}

// BenchmarkValidateAndAccountHeaderWork is BenchmarkValidateAndAccount for the coins
// whose node builds the block: hash the header with the share's nonce by the coin's own
// proof of work (IronFish's Blake3, Kaspa's kHeavyHash), compare with both targets, and
// count it in the aggregator.
func BenchmarkValidateAndAccountHeaderWork(b *testing.B) {
	for _, c := range []struct {
		name string
		pow  HeaderPoW
		size int
	}{{"ironfish-blake3", IronFishPoW{}, 180}, {"kaspa-kheavyhash", KaspaPoW{}, 40}} {
		b.Run(c.name, func(b *testing.B) {
			work := make([]byte, c.size)
			for i := range work {
				work[i] = byte(i * 7)
			}
			clear(work[:8])
			// A target no share meets: only the share target is met (difficulty 1e-12).
			t := &chain.HeaderTemplate{ID: "t", Height: 1, Work: work, Target: big.NewInt(1), Reward: 1e9}
			e := &Engine{Coin: "BENCH", HeaderWork: benchHeaderNode{t: t}, HeaderPoW: c.pow, Workers: oneWorker{},
				Shares: &Aggregator{Sink: nopSink{}}, Log: slog.New(slog.DiscardHandler)}
			e.init()
			if err := e.publishHeader(t, true); err != nil {
				b.Fatal(err)
			}
			s := &stratum.SessionInfo{ID: 1, Extranonce1: []byte{1, 2}}
			if err := e.Authorize(context.Background(), s, "a.b", ""); err != nil {
				b.Fatal(err)
			}
			var job *stratum.Job
			for _, j := range e.headers.byID {
				job = j.job
			}
			sh := stratum.Share{Worker: "a.b", Job: job, Extranonce1: s.Extranonce1, Difficulty: 1e-12, ReceivedAt: time.Now()}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				sh.HeaderNonce = 0x0102<<48 | uint64(i)
				if res := e.Submit(context.Background(), s, sh); !res.Accepted {
					b.Fatalf("share refused: %+v", res.Err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "shares/s")
		})
	}
}
