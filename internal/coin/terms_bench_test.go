package coin

import (
	"testing"
	"time"
)

// BenchmarkTermsClockAt is the cost the terms add to every accepted share: no lock, no
// allocation.
func BenchmarkTermsClockAt(b *testing.B) {
	tc := &TermsClock{Base: Coin{FeeBps: 100}}
	cs := &clockSchedule{terms: Schedule{{FeeBps: 100, From: "2026-01-01"}, {FeeBps: 200, From: "2026-06-01"}}}
	for _, t := range cs.terms {
		d, _ := time.ParseInLocation(time.DateOnly, t.From, beijing)
		cs.from = append(cs.from, d.Unix())
	}
	tc.sched.Store(cs)
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if fee, _ := tc.At(now); fee != 200 {
				b.Fatal(fee)
			}
		}
	})
}
