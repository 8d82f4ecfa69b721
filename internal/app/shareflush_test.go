package app

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/url"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/pool"
)

// A share flush whose commit reached the database but whose answer was lost is retried
// by the aggregator, and the retry counts nothing again: the batch id it wrote with the
// rows makes the replay a no-op. Before, the retry added the shares and their pay a second
// time. On PostgreSQL the answer is really lost: a proxy between the pool and the server
// forwards the COMMIT, waits for the server's reply (the commit is durable then) and cuts
// the connection instead of passing it on. SQLite cannot lose an answer in-process, so a
// sink that reports a failure after its write stands in there.
func TestShareFlushWithALostCommitAnswerCountsOnce(t *testing.T) {
	t.Run("postgres", func(t *testing.T) {
		dsn, _ := dbtest.NewPostgresSchema(t)
		setupFlushPool(t, dsn)
		proxy := startCommitCutter(t, dsn)
		d, err := db.Open(context.Background(), proxy.dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		checkFlushCountsOnce(t, d, func(s mining.Sink) mining.Sink { return s }, proxy.arm, func() int { return int(proxy.cut.Load()) })
	})
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "poold.db")
		setupFlushPool(t, path)
		d, err := db.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		var lose atomic.Int32
		var lost atomic.Int32
		wrap := func(s mining.Sink) mining.Sink { return &answerLosingSink{inner: s, lose: &lose, lost: &lost} }
		checkFlushCountsOnce(t, d, wrap, func() { lose.Store(1) }, func() int { return int(lost.Load()) })
	})
}

// setupFlushPool makes the BTC coin, whose devices can be bound, and the sub-account farm1 on dsn.
func setupFlushPool(t *testing.T, dsn string) {
	t.Helper()
	ctx := context.Background()
	add := []string{"admin", "--db", dsn, "coin", "add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d", "--ports", "3999",
		"--driver", "devnet", "--bind"}
	if err := Run(ctx, add, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	u, err := (&account.Store{DB: d}).CreateUser(ctx, d, account.User{Nickname: "miner", PasswordHash: "x",
		AccountType: account.TypeNormal, Status: account.StatusActive, Lang: "en_US", Email: "m@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&pool.Store{DB: d}).CreateSubAccount(ctx, u.ID, "farm1", "Farm", "BTC"); err != nil {
		t.Fatal(err)
	}
}

// checkFlushCountsOnce flushes one accepted, paid share through the pool's sink (wrapped
// by wrap) with the answer of its write lost (loseNext arms that), then flushes again.
func checkFlushCountsOnce(t *testing.T, d *db.DB, wrap func(mining.Sink) mining.Sink, loseNext func(), lostCount func() int) {
	t.Helper()
	ctx := context.Background()
	store := &pool.Store{DB: d}
	// A GPU rig: an ASIC (cgminer) on a normal account is not bound and earns nothing.
	ref, err := (poolWorkers{store}).WorkerDevice(ctx, "BTC", "farm1.rig1", "203.0.113.9:1", "lolMiner/1.88")
	if err != nil {
		t.Fatal(err)
	}
	agg := &mining.Aggregator{Sink: wrap(poolSink{store, slog.New(slog.DiscardHandler)}), Log: slog.New(slog.DiscardHandler)}
	agg.AddAccepted(ref.ID, "BTC", time.Now(), 2, mining.Credit{Ratio: 0.001, Reward: 625_000_000, FeeBps: 100})
	loseNext()
	if err := agg.Flush(ctx); err == nil {
		t.Fatal("the flush whose answer was lost reported success")
	}
	if lostCount() != 1 {
		t.Fatalf("%d answers lost, want 1", lostCount())
	}
	if agg.Pending() != 1 {
		t.Fatalf("%d rows kept for the retry, want 1", agg.Pending())
	}
	// The write did commit: the row is in before any retry.
	if n := countRows(t, d, "SELECT COALESCE(SUM(accepted), 0) FROM share_minutes"); n != 1 {
		t.Fatalf("%d accepted shares written by the flush whose answer was lost, want 1", n)
	}
	if err := agg.Flush(ctx); err != nil {
		t.Fatalf("retry: %v", err)
	}
	if agg.Pending() != 0 {
		t.Fatalf("%d rows still pending after the retry", agg.Pending())
	}
	if n := countRows(t, d, "SELECT COALESCE(SUM(accepted), 0) FROM share_minutes"); n != 1 {
		t.Fatalf("one accepted share counted %d times", n)
	}
	if n := countRows(t, d, "SELECT COALESCE(SUM(accepted), 0) FROM pps_minutes"); n != 1 {
		t.Fatalf("one accepted share accrued %d times", n)
	}
	if n := countRows(t, d, "SELECT COUNT(*) FROM share_flushes"); n != 1 {
		t.Fatalf("%d flush batches recorded, want 1", n)
	}
}

// answerLosingSink writes through inner and, while lose is above zero, then reports a
// failure as a connection cut after the commit would.
type answerLosingSink struct {
	inner      mining.Sink
	lose, lost *atomic.Int32
}

func (s *answerLosingSink) AddShareMinutes(ctx context.Context, batch string, rows []mining.ShareMinute) error {
	if err := s.inner.AddShareMinutes(ctx, batch, rows); err != nil {
		return err
	}
	if s.lose.Add(-1) >= 0 {
		s.lost.Add(1)
		return errors.New("connection reset after the commit")
	}
	return nil
}

// commitCutter is a TCP proxy to PostgreSQL that, once armed, lets the next COMMIT
// through, reads the server's answer and cuts the client's connection instead of passing
// the answer on: the client cannot tell whether its transaction committed. It did.
type commitCutter struct {
	dsn   string
	armed atomic.Bool
	cut   atomic.Int32
}

func (c *commitCutter) arm() { c.armed.Store(true) }

func startCommitCutter(t *testing.T, dsn string) *commitCutter {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	server := u.Host
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	u.Host = ln.Addr().String()
	c := &commitCutter{dsn: u.String()}
	var wg sync.WaitGroup
	t.Cleanup(func() { ln.Close(); wg.Wait() })
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Add(1)
			go func() { defer wg.Done(); c.relay(client, server) }()
		}
	}()
	return c
}

func (c *commitCutter) relay(client net.Conn, serverAddr string) {
	defer client.Close()
	server, err := net.Dial("tcp", serverAddr)
	if err != nil {
		return
	}
	defer server.Close()
	var cutting atomic.Bool
	done := make(chan struct{})
	go func() { // server to client
		defer close(done)
		// The server's end ends the client's too: a client that said goodbye (Terminate)
		// waits for the connection to close.
		defer client.Close()
		buf := make([]byte, 32<<10)
		for {
			n, err := server.Read(buf)
			if n > 0 && cutting.Load() {
				// The COMMIT's answer: the transaction is durable. Drop it and cut.
				c.cut.Add(1)
				client.Close()
				server.Close()
				return
			}
			if n > 0 {
				if _, err := client.Write(buf[:n]); err != nil {
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	// Client to server, message by message: the startup packets have no type byte.
	startup := true
	for {
		var msg []byte
		if startup {
			head := make([]byte, 4)
			if _, err := io.ReadFull(client, head); err != nil {
				break
			}
			body := make([]byte, binary.BigEndian.Uint32(head)-4)
			if _, err := io.ReadFull(client, body); err != nil {
				break
			}
			// SSL and GSS encryption requests (80877103, 80877104) come before the real one.
			if code := binary.BigEndian.Uint32(body[:4]); code != 80877103 && code != 80877104 {
				startup = false
			}
			msg = append(head, body...)
		} else {
			head := make([]byte, 5)
			if _, err := io.ReadFull(client, head); err != nil {
				break
			}
			body := make([]byte, binary.BigEndian.Uint32(head[1:])-4)
			if _, err := io.ReadFull(client, body); err != nil {
				break
			}
			if (head[0] == 'Q' || head[0] == 'P') && bytes.Contains(bytes.ToLower(body), []byte("commit")) && c.armed.CompareAndSwap(true, false) {
				cutting.Store(true)
			}
			msg = append(head, body...)
		}
		if _, err := server.Write(msg); err != nil {
			break
		}
	}
	server.Close()
	<-done
}
