// Package metrics exposes poold's Prometheus metrics at /metrics.
package metrics

import (
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/uniplus-pool/pool/internal/buildinfo"
)

// Metrics is the process's registry and the collectors the HTTP layer feeds.
type Metrics struct {
	Registry *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	jobs     *prometheus.HistogramVec
}

// New registers the process, Go runtime and HTTP collectors, and the database pool's
// statistics when dbStats is not nil.
func New(dbStats func() sql.DBStats) *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		Registry: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "poold_http_requests_total", Help: "HTTP requests by route pattern and status.",
		}, []string{"route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "poold_http_request_duration_seconds", Help: "HTTP request duration by route pattern.",
			Buckets: []float64{.001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"route"}),
		jobs: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "poold_job_duration_seconds", Help: "Jobs-role runs by job and outcome (ok or error).",
			Buckets: []float64{.001, .005, .01, .05, .1, .5, 1, 5, 30, 120},
		}, []string{"job", "outcome"}),
	}
	reg.MustRegister(m.requests, m.duration, m.jobs,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "poold_build_info", Help: "Always 1; the version label says which build runs.",
			ConstLabels: prometheus.Labels{"version": buildinfo.Version},
		}, func() float64 { return 1 }),
	)
	if dbStats != nil {
		reg.MustRegister(
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "poold_db_open_connections", Help: "Open database connections."},
				func() float64 { return float64(dbStats().OpenConnections) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "poold_db_in_use_connections", Help: "Database connections in use."},
				func() float64 { return float64(dbStats().InUse) }),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "poold_db_wait_count_total", Help: "Waits for a free database connection."},
				func() float64 { return float64(dbStats().WaitCount) }),
		)
	}
	return m
}

// ObserveHTTP records one finished request.
func (m *Metrics) ObserveHTTP(route string, status int, d time.Duration) {
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(route).Observe(d.Seconds())
}

// ObserveJob records one run of a background job; a nil Metrics records nothing.
func (m *Metrics) ObserveJob(job string, d time.Duration, err error) {
	if m == nil {
		return
	}
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	m.jobs.WithLabelValues(job, outcome).Observe(d.Seconds())
}

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{})
}
