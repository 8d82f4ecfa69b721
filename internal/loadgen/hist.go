package loadgen

import (
	"math/bits"
	"time"
)

// Histogram buckets: values below histExact are their own bucket; above, each power of
// two is cut into histSub buckets, so a quantile is off by at most 1/histSub (1.6%).
const (
	histSubBits = 6
	histSub     = 1 << histSubBits // buckets per power of two
	histExact   = 2 * histSub      // 0..127 ns exactly
	histBuckets = histExact + (63-histSubBits-1)*histSub
)

// Histogram counts durations for quantiles in fixed memory (29 KiB), whatever the number
// of samples: a 1-hour run at 1,000 a second is 3.6 million of them. It is not safe for
// concurrent use.
type Histogram struct {
	counts   [histBuckets]uint64
	n        uint64
	sum      time.Duration
	min, max time.Duration
}

func bucketOf(v uint64) int {
	if v < histExact {
		return int(v)
	}
	p := bits.Len64(v) - 1 // at least histSubBits+1
	shift := p - histSubBits
	top := v >> shift // histSub .. 2*histSub-1
	return histExact + (p-histSubBits-1)*histSub + int(top-histSub)
}

// bucketHigh is the largest value of bucket i.
func bucketHigh(i int) uint64 {
	if i < histExact {
		return uint64(i)
	}
	i -= histExact
	p := i/histSub + histSubBits + 1
	shift := p - histSubBits
	top := uint64(i%histSub + histSub)
	return (top+1)<<shift - 1
}

// Record adds one duration; a negative one counts as 0.
func (h *Histogram) Record(d time.Duration) {
	d = max(d, 0)
	h.counts[bucketOf(uint64(d))]++
	if h.n == 0 || d < h.min {
		h.min = d
	}
	h.max = max(h.max, d)
	h.n++
	h.sum += d
}

// Merge adds every sample of o.
func (h *Histogram) Merge(o *Histogram) {
	if o.n == 0 {
		return
	}
	for i, c := range o.counts {
		h.counts[i] += c
	}
	if h.n == 0 || o.min < h.min {
		h.min = o.min
	}
	h.max = max(h.max, o.max)
	h.n += o.n
	h.sum += o.sum
}

// Count is the number of samples.
func (h *Histogram) Count() uint64 { return h.n }

// Max is the largest sample, exactly.
func (h *Histogram) Max() time.Duration { return h.max }

// Mean is the average sample.
func (h *Histogram) Mean() time.Duration {
	if h.n == 0 {
		return 0
	}
	return h.sum / time.Duration(h.n)
}

// Quantile is the q-quantile (0 < q <= 1): the upper end of the bucket holding the sample
// of rank ceil(q*n), never above the largest sample; 0 without samples.
func (h *Histogram) Quantile(q float64) time.Duration {
	if h.n == 0 {
		return 0
	}
	rank := uint64(q*float64(h.n) + 0.999999)
	rank = min(max(rank, 1), h.n)
	var seen uint64
	for i, c := range h.counts {
		seen += c
		if seen >= rank {
			return min(time.Duration(bucketHigh(i)), h.max)
		}
	}
	return h.max
}
