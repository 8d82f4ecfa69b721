package httpx

import (
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// gzipMin is the smallest API answer worth compressing: below it, gzip's 20-odd bytes of
// framing and the CPU buy nothing.
const gzipMin = 1024

var gzipPool = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return w
}}

// EncodingWeights reads Accept-Encoding header lines: each named coding's weight (q, 1
// when not given; a bad or out-of-range q counts as 0; x-gzip is gzip; the highest weight
// wins when a coding is named twice) and the weight of "*" (-1 when absent).
func EncodingWeights(lines []string) (q map[string]float64, star float64) {
	q, star = map[string]float64{}, -1
	for _, line := range lines {
		for _, part := range strings.Split(line, ",") {
			coding, params, _ := strings.Cut(part, ";")
			coding = strings.ToLower(strings.TrimSpace(coding))
			if coding == "" {
				continue
			}
			weight := 1.0
			for _, p := range strings.Split(params, ";") {
				k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
				if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
					if x, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && x >= 0 && x <= 1 {
						weight = x
					} else {
						weight = 0
					}
				}
			}
			if coding == "x-gzip" {
				coding = "gzip"
			}
			if coding == "*" {
				star = weight
			} else if old, seen := q[coding]; !seen || weight > old {
				q[coding] = weight
			}
		}
	}
	return q, star
}

// acceptsGzip tells whether Accept-Encoding header lines allow gzip (q above 0, named or
// through "*").
func acceptsGzip(lines []string) bool {
	q, star := EncodingWeights(lines)
	if w, named := q["gzip"]; named {
		return w > 0
	}
	return star > 0
}

// gzipWriter compresses an API answer once it passes gzipMin bytes; a shorter one goes
// out as it is. Close must be called when the handler is done.
type gzipWriter struct {
	http.ResponseWriter
	status  int
	buf     []byte
	gz      *gzip.Writer
	flushed bool // headers and the buffer went out (plain or compressed)
}

func (w *gzipWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *gzipWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	if w.gz != nil {
		return w.gz.Write(b)
	}
	if w.flushed {
		return w.ResponseWriter.Write(b)
	}
	w.buf = append(w.buf, b...)
	if len(w.buf) < gzipMin {
		return len(b), nil
	}
	// Large enough: compress, unless the handler chose an encoding of its own.
	h := w.Header()
	if h.Get("Content-Encoding") != "" {
		w.flushPlain()
		return len(b), nil
	}
	h.Set("Content-Encoding", "gzip")
	h.Del("Content-Length")
	w.ResponseWriter.WriteHeader(w.status)
	w.flushed = true
	w.gz = gzipPool.Get().(*gzip.Writer)
	w.gz.Reset(w.ResponseWriter)
	if _, err := w.gz.Write(w.buf); err != nil {
		return 0, err
	}
	w.buf = nil
	return len(b), nil
}

// flushPlain sends the headers and what is buffered without compressing it.
func (w *gzipWriter) flushPlain() {
	w.flushed = true
	if w.status != 0 {
		w.ResponseWriter.WriteHeader(w.status)
	}
	if len(w.buf) > 0 {
		_, _ = w.ResponseWriter.Write(w.buf)
	}
	w.buf = nil
}

// Close ends the answer: the gzip stream's end, or the short answer as it is.
func (w *gzipWriter) Close() {
	if w.gz != nil {
		_ = w.gz.Close()
		w.gz.Reset(nil)
		gzipPool.Put(w.gz)
		w.gz = nil
		return
	}
	if !w.flushed {
		w.flushPlain()
	}
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *gzipWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
