package loadgen

import (
	"math/rand/v2"
	"testing"
	"time"
)

// Every value falls in the bucket whose range holds it, and buckets do not overlap.
func TestHistogramBuckets(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		v := rng.Uint64N(1<<uint(rng.IntN(63)+1)) & (1<<63 - 1)
		i := bucketOf(v)
		if i < 0 || i >= histBuckets {
			t.Fatalf("bucketOf(%d) = %d, outside 0..%d", v, i, histBuckets-1)
		}
		if bucketHigh(i) < v || (i > 0 && bucketHigh(i-1) >= v) {
			t.Fatalf("value %d in bucket %d: range (%d, %d]", v, i, bucketHigh(i-1), bucketHigh(i))
		}
	}
	if bucketOf(1<<63-1) != histBuckets-1 {
		t.Fatalf("the largest duration is in bucket %d, want the last, %d", bucketOf(1<<63-1), histBuckets-1)
	}
}

// Quantiles of 1..10,000 µs are within the 1/64 bucket width of the exact ones.
func TestHistogramQuantiles(t *testing.T) {
	var h Histogram
	for i := 10000; i >= 1; i-- {
		h.Record(time.Duration(i) * time.Microsecond)
	}
	for _, c := range []struct {
		q    float64
		want time.Duration
	}{{0.5, 5000 * time.Microsecond}, {0.9, 9000 * time.Microsecond}, {0.99, 9900 * time.Microsecond}, {1, 10 * time.Millisecond}} {
		got := h.Quantile(c.q)
		if got < c.want || float64(got-c.want) > float64(c.want)/64 {
			t.Errorf("q%.2f = %v, want %v to 1/64 above", c.q, got, c.want)
		}
	}
	if h.Max() != 10*time.Millisecond || h.Count() != 10000 {
		t.Errorf("max %v count %d", h.Max(), h.Count())
	}
	if m := h.Mean(); m < 5000*time.Microsecond || m > 5001*time.Microsecond {
		t.Errorf("mean %v, want 5000.5 µs", m)
	}
	var split, other Histogram
	for i := 1; i <= 10000; i++ {
		if i%3 == 0 {
			other.Record(time.Duration(i) * time.Microsecond)
		} else {
			split.Record(time.Duration(i) * time.Microsecond)
		}
	}
	split.Merge(&other)
	if split != h {
		t.Error("merging two halves is not the histogram of the whole")
	}
	var empty Histogram
	if empty.Quantile(0.99) != 0 || empty.Mean() != 0 {
		t.Error("an empty histogram answers something")
	}
}
