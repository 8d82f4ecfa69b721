package mining

import (
	"context"
	"log/slog"
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
