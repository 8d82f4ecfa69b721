package mining

import (
	"context"
	"sync"
	"time"
)

// BatchWorkers is Workers for many names at once. A pool that restarts sees every rig
// come back within seconds; asked one name at a time the database is the queue, and the
// last miner waited tens of seconds for work. An engine whose Workers also implement
// BatchWorkers asks for the names that arrived together in one call.
type BatchWorkers interface {
	// AuthorizeWorkers is AuthorizeWorker for each name; errs[i] answers names[i].
	AuthorizeWorkers(ctx context.Context, coin string, names []string) []error
	// WorkerDevices is WorkerDevice for each request; refs[i] and errs[i] answer reqs[i].
	WorkerDevices(ctx context.Context, coin string, reqs []DeviceRequest) (refs []DeviceRef, errs []error)
}

// DeviceRequest is a worker's first accepted share on a connection (Workers.WorkerDevice).
type DeviceRequest struct {
	Worker, RemoteAddr, MinerSoftware string
}

// batchCallTimeout bounds one batched call: the miners waiting on it are many, and none
// of their connections' contexts may end it for the others.
const batchCallTimeout = 30 * time.Second

// batcher runs lookups away from the stratum connections' reader goroutines, gathering
// those that arrive while a call is running into the next call. A reader that ran the
// database driver itself kept the stack that call grew (the pure-Go SQLite driver needs
// tens of KB) for as long as its miner stayed connected; here a few short-lived workers
// carry it. Workers start when something is queued and end when the queue is empty, so
// an idle pool runs none.
type batcher[Req, Res any] struct {
	do      func(ctx context.Context, reqs []Req) []Res
	workers int // at most this many calls at once
	max     int // requests per call

	mu      sync.Mutex
	pending []batchItem[Req, Res]
	running int
}

type batchItem[Req, Res any] struct {
	req   Req
	reply chan Res
}

// ask queues req and waits for its answer; when ctx ends first (the miner hung up), ask
// returns false and the answer, which still comes, is dropped.
func (b *batcher[Req, Res]) ask(ctx context.Context, req Req) (Res, bool) {
	item := batchItem[Req, Res]{req: req, reply: make(chan Res, 1)}
	b.mu.Lock()
	b.pending = append(b.pending, item)
	start := b.running < b.workers
	if start {
		b.running++
	}
	b.mu.Unlock()
	if start {
		go b.work()
	}
	select {
	case r := <-item.reply:
		return r, true
	case <-ctx.Done():
		var zero Res
		return zero, false
	}
}

// work answers queued requests, up to max a call, until none is left.
func (b *batcher[Req, Res]) work() {
	for {
		b.mu.Lock()
		n := min(len(b.pending), b.max)
		if n == 0 {
			b.running--
			b.pending = nil // an idle pool keeps no queue
			b.mu.Unlock()
			return
		}
		items := make([]batchItem[Req, Res], n)
		copy(items, b.pending)
		b.pending = b.pending[n:]
		b.mu.Unlock()
		reqs := make([]Req, n)
		for i, it := range items {
			reqs[i] = it.req
		}
		ctx, cancel := context.WithTimeout(context.Background(), batchCallTimeout)
		res := b.do(ctx, reqs)
		cancel()
		for i, it := range items {
			it.reply <- res[i]
		}
	}
}

// deviceResult is a batched device lookup's answer for one request.
type deviceResult struct {
	ref DeviceRef
	err error
}

// authAnswer is a batched authorize's answer for one name: on a solo port the address's
// script, which the connection keeps.
type authAnswer struct {
	script []byte
	err    error
}

// initBatchers sets up the engine's lookups: through BatchWorkers when the pool offers
// them, else one Workers call per request (still off the reader goroutines).
func (e *Engine) initBatchers() {
	bw, batched := e.Workers.(BatchWorkers)
	e.authorizeQ = &batcher[string, authAnswer]{workers: 2, max: 500, do: func(ctx context.Context, names []string) []authAnswer {
		out := make([]authAnswer, len(names))
		switch {
		case e.solo():
			for i, n := range names {
				out[i].script, out[i].err = e.Builder.Solo.Check(ctx, n)
			}
		case batched:
			for i, err := range bw.AuthorizeWorkers(ctx, e.Coin, names) {
				out[i].err = err
			}
		default:
			for i, n := range names {
				out[i].err = e.Workers.AuthorizeWorker(ctx, e.Coin, n)
			}
		}
		return out
	}}
	e.deviceQ = &batcher[DeviceRequest, deviceResult]{workers: 2, max: 500, do: func(ctx context.Context, reqs []DeviceRequest) []deviceResult {
		out := make([]deviceResult, len(reqs))
		if batched {
			refs, errs := bw.WorkerDevices(ctx, e.Coin, reqs)
			for i := range reqs {
				out[i] = deviceResult{refs[i], errs[i]}
			}
			return out
		}
		for i, r := range reqs {
			out[i].ref, out[i].err = e.Workers.WorkerDevice(ctx, e.Coin, r.Worker, r.RemoteAddr, r.MinerSoftware)
		}
		return out
	}}
}
