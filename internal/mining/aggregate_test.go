package mining

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

type memSink struct {
	mu   sync.Mutex
	rows map[aggKey]ShareMinute
	fail bool
}

func (s *memSink) AddShareMinutes(_ context.Context, rows []ShareMinute) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail {
		return errors.New("database down")
	}
	if s.rows == nil {
		s.rows = map[aggKey]ShareMinute{}
	}
	for _, r := range rows {
		k := aggKey{r.DeviceID, r.Minute}
		m := s.rows[k]
		m.DeviceID, m.Minute, m.Coin = r.DeviceID, r.Minute, r.Coin
		m.DiffSum += r.DiffSum
		m.Accepted += r.Accepted
		m.Rejected += r.Rejected
		m.Stale += r.Stale
		s.rows[k] = m
	}
	return nil
}

func TestAggregatorSumsPerDeviceMinuteAndSurvivesAFailedFlush(t *testing.T) {
	sink := &memSink{}
	a := &Aggregator{Sink: sink}
	t0 := time.Date(2026, 5, 1, 10, 0, 5, 0, time.UTC)
	a.Add(1, "LTC", t0, 4, Accepted)
	a.Add(1, "LTC", t0.Add(30*time.Second), 4, Accepted)
	a.Add(1, "LTC", t0.Add(40*time.Second), 4, Stale)
	a.Add(1, "LTC", t0.Add(60*time.Second), 8, Accepted)
	a.Add(2, "LTC", t0, 2, Rejected)
	sink.fail = true
	if err := a.Flush(context.Background()); err == nil {
		t.Fatal("flush to a failing sink said nothing")
	}
	a.Add(1, "LTC", t0.Add(50*time.Second), 4, Accepted)
	sink.fail = false
	if err := a.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	m0 := minuteOf(t0)
	got := sink.rows[aggKey{1, m0}]
	if got.Accepted != 3 || got.DiffSum != 12 || got.Stale != 1 {
		t.Fatalf("device 1 minute 0: %+v", got)
	}
	if got := sink.rows[aggKey{1, m0 + 60_000}]; got.Accepted != 1 || got.DiffSum != 8 {
		t.Fatalf("device 1 minute 1: %+v", got)
	}
	if got := sink.rows[aggKey{2, m0}]; got.Rejected != 1 || got.DiffSum != 0 {
		t.Fatalf("device 2: %+v", got)
	}
	if a.Pending() != 0 {
		t.Fatalf("%d rows left", a.Pending())
	}
}

// Run flushes what is left when its context ends (graceful shutdown loses nothing).
func TestAggregatorRunFlushesOnStop(t *testing.T) {
	sink := &memSink{}
	a := &Aggregator{Sink: sink}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { a.Run(ctx, time.Hour); close(done) }()
	a.Add(7, "BTC", time.Now(), 1, Accepted)
	cancel()
	<-done
	if len(sink.rows) != 1 {
		t.Fatalf("rows after stop: %v", sink.rows)
	}
}
