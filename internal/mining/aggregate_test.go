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

func (s *memSink) AddShareMinutes(_ context.Context, _ string, rows []ShareMinute) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail {
		return errors.New("database down")
	}
	if s.rows == nil {
		s.rows = map[aggKey]ShareMinute{}
	}
	for _, r := range rows {
		k := aggKey{r.DeviceID, r.Minute, 0, 0}
		m := s.rows[k]
		m.DeviceID, m.Minute, m.Coin = r.DeviceID, r.Minute, r.Coin
		m.DiffSum += r.DiffSum
		m.RatioSum += r.RatioSum
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
	got := sink.rows[aggKey{1, m0, 0, 0}]
	if got.Accepted != 3 || got.DiffSum != 12 || got.Stale != 1 {
		t.Fatalf("device 1 minute 0: %+v", got)
	}
	if got := sink.rows[aggKey{1, m0 + 60_000, 0, 0}]; got.Accepted != 1 || got.DiffSum != 8 {
		t.Fatalf("device 1 minute 1: %+v", got)
	}
	if got := sink.rows[aggKey{2, m0, 0, 0}]; got.Rejected != 1 || got.DiffSum != 0 {
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

// A share's credit is summed per device, minute, reward and fee: a minute in which the
// block reward changes (a halving) keeps both rewards apart, and only accepted shares
// accrue.
func TestAggregatorKeepsRewardsApartWithinAMinute(t *testing.T) {
	var got []ShareMinute
	a := &Aggregator{Sink: sinkFunc(func(rows []ShareMinute) error { got = append(got, rows...); return nil })}
	t0 := time.Date(2026, 5, 1, 10, 0, 5, 0, time.UTC)
	a.AddAccepted(1, "LTC", t0, 4, Credit{Ratio: 0.25, Reward: 1250, FeeBps: 200})
	a.AddAccepted(1, "LTC", t0.Add(10*time.Second), 4, Credit{Ratio: 0.5, Reward: 1250, FeeBps: 200})
	a.AddAccepted(1, "LTC", t0.Add(20*time.Second), 4, Credit{Ratio: 0.125, Reward: 625, FeeBps: 200})
	a.Add(1, "LTC", t0.Add(30*time.Second), 0, Rejected)
	if err := a.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	by := map[int64]ShareMinute{}
	for _, r := range got {
		by[r.Reward] = r
	}
	if len(got) != 3 || by[1250].RatioSum != 0.75 || by[1250].Accepted != 2 || by[625].RatioSum != 0.125 || by[625].FeeBps != 200 {
		t.Fatalf("rows %+v", got)
	}
	if by[0].Rejected != 1 || by[0].RatioSum != 0 {
		t.Fatalf("rejected share row %+v", by[0])
	}
}

type sinkFunc func([]ShareMinute) error

func (f sinkFunc) AddShareMinutes(_ context.Context, _ string, rows []ShareMinute) error {
	return f(rows)
}

// Worked by hand: the network difficulty changes inside a minute (as on Kaspa, every
// block). Two shares of difficulty 4 at network difficulty 1000 and then 2000 earn
// 4/1000 + 4/2000 = 0.006 of a reward; dividing the minute's 8 by either difficulty would
// pay 0.008 or 0.004.
func TestShareCreditAtTheDifficultyOfItsMoment(t *testing.T) {
	cases := []struct {
		d, net         float64
		subsidy, cbase int64
		txFees         bool
		wantRatio      float64
		wantReward     int64
	}{
		{4, 1000, 625, 700, false, 0.004, 625},
		{4, 2000, 625, 700, false, 0.002, 625},
		{4, 2000, 625, 700, true, 0.002, 700}, // fees included by the coin's setting
		{3000, 2000, 625, 700, false, 1, 625}, // a block earns one reward, not 1.5
		{4, 0, 625, 700, false, 0, 625},       // no difficulty known: nothing, not infinity
	}
	for _, c := range cases {
		got := ShareCredit(c.d, c.net, c.subsidy, c.cbase, c.txFees, 150)
		if got.Ratio != c.wantRatio || got.Reward != c.wantReward || got.FeeBps != 150 {
			t.Errorf("ShareCredit(%v, %v, fees %v) = %+v, want ratio %v reward %d", c.d, c.net, c.txFees, got, c.wantRatio, c.wantReward)
		}
	}
	var got []ShareMinute
	a := &Aggregator{Sink: sinkFunc(func(rows []ShareMinute) error { got = append(got, rows...); return nil })}
	t0 := time.Date(2026, 5, 1, 10, 0, 5, 0, time.UTC)
	a.AddAccepted(1, "KAS", t0, 4, ShareCredit(4, 1000, 625, 625, false, 150))
	a.AddAccepted(1, "KAS", t0.Add(20*time.Second), 4, ShareCredit(4, 2000, 625, 625, false, 150))
	if err := a.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].RatioSum != 0.006 || got[0].DiffSum != 8 {
		t.Fatalf("minute %+v, want ratio 0.006 over difficulty 8", got)
	}
}

// A failed batch is written again under its own id with its own rows, before the rows that
// came since, which go in a batch of their own: a sink can tell a retry of a write that did
// commit from new work only that way.
func TestAggregatorRetriesABatchUnderItsID(t *testing.T) {
	type write struct {
		batch string
		rows  []ShareMinute
	}
	var writes []write
	fail := true
	a := &Aggregator{Sink: batchSinkFunc(func(batch string, rows []ShareMinute) error {
		writes = append(writes, write{batch, rows})
		if fail {
			return errors.New("answer lost")
		}
		return nil
	})}
	t0 := time.Date(2026, 5, 1, 10, 0, 5, 0, time.UTC)
	a.Add(1, "LTC", t0, 4, Accepted)
	if err := a.Flush(context.Background()); err == nil {
		t.Fatal("a failed write reported success")
	}
	a.Add(2, "LTC", t0, 8, Accepted)
	if err := a.Flush(context.Background()); err == nil { // the retry fails again: the new rows wait
		t.Fatal("a failed write reported success")
	}
	fail = false
	if err := a.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(writes) != 4 {
		t.Fatalf("%d writes, want 4 (first, retry, retry, new batch)", len(writes))
	}
	first := writes[0]
	if first.batch == "" || len(first.rows) != 1 || first.rows[0].DeviceID != 1 {
		t.Fatalf("first write %+v", first)
	}
	for _, w := range writes[1:3] {
		if w.batch != first.batch || len(w.rows) != 1 || w.rows[0].DeviceID != 1 {
			t.Fatalf("retry %+v, want batch %s with device 1 alone", w, first.batch)
		}
	}
	last := writes[3]
	if last.batch == first.batch || len(last.rows) != 1 || last.rows[0].DeviceID != 2 {
		t.Fatalf("new rows written as %+v, want a batch of their own with device 2", last)
	}
	if a.Pending() != 0 {
		t.Fatalf("%d rows pending", a.Pending())
	}
}

type batchSinkFunc func(string, []ShareMinute) error

func (f batchSinkFunc) AddShareMinutes(_ context.Context, batch string, rows []ShareMinute) error {
	return f(batch, rows)
}
