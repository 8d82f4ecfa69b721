package mining

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

// Requests that arrive while a call runs go together into the next call, each gets its
// own answer, no more calls run at once than the batcher allows, and its workers end when
// the queue is empty.
func TestBatcherGathersWhatArrivesDuringACall(t *testing.T) {
	release := make(chan struct{})
	var mu sync.Mutex
	var sizes []int
	running, most := 0, 0
	b := &batcher[int, string]{workers: 2, max: 50, do: func(_ context.Context, reqs []int) []string {
		mu.Lock()
		sizes = append(sizes, len(reqs))
		running++
		most = max(most, running)
		first := len(sizes) <= 2
		mu.Unlock()
		if first {
			<-release // the first calls hold on while the crowd arrives
		}
		out := make([]string, len(reqs))
		for i, r := range reqs {
			out[i] = fmt.Sprint("answer ", r)
		}
		mu.Lock()
		running--
		mu.Unlock()
		return out
	}}
	const n = 200
	var wg sync.WaitGroup
	wrong := make(chan string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, ok := b.ask(context.Background(), i)
			if want := fmt.Sprint("answer ", i); !ok || got != want {
				wrong <- fmt.Sprintf("request %d: %q %v", i, got, ok)
			}
		}()
	}
	// Let the crowd queue up behind the two held calls.
	held := func() int {
		mu.Lock()
		defer mu.Unlock()
		sum := 0
		for _, s := range sizes {
			sum += s
		}
		return sum
	}
	for deadline := time.Now().Add(10 * time.Second); ; {
		b.mu.Lock()
		queued := len(b.pending)
		b.mu.Unlock()
		if queued+held() >= n {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d queued", queued)
		}
		time.Sleep(time.Millisecond)
	}
	close(release)
	wg.Wait()
	close(wrong)
	for w := range wrong {
		t.Error(w)
	}
	mu.Lock()
	defer mu.Unlock()
	total := 0
	for _, s := range sizes {
		total += s
		if s > 50 {
			t.Errorf("a call of %d requests, max 50", s)
		}
	}
	// Once the two held calls end, the crowd goes in full calls.
	calls := 2 + (n-sizes[0]-sizes[1]+49)/50
	if total != n || most > 2 || len(sizes) > calls {
		t.Errorf("calls %v (%d requests), %d at once: want %d requests in at most %d calls, 2 at once", sizes, total, most, n, calls)
	}
	// A worker answers its last call before it looks at the queue again and ends, so the
	// askers can all be back while it is still between the two.
	for deadline := time.Now().Add(10 * time.Second); ; {
		b.mu.Lock()
		running, pending := b.running, b.pending
		b.mu.Unlock()
		if running == 0 && pending == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("idle batcher: %d workers, queue %v", running, pending)
		}
		time.Sleep(time.Millisecond)
	}
}

// A miner that hangs up stops waiting; the call still answers the others.
func TestBatcherAskEndsWithItsContext(t *testing.T) {
	release := make(chan struct{})
	b := &batcher[int, int]{workers: 1, max: 10, do: func(_ context.Context, reqs []int) []int {
		<-release
		return reqs
	}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan bool)
	go func() { _, ok := b.ask(ctx, 1); done <- ok }()
	cancel()
	if <-done {
		t.Fatal("ask answered after its context ended, before the call did")
	}
	close(release)
	if got, ok := b.ask(context.Background(), 7); !ok || got != 7 {
		t.Fatalf("next ask: %d %v", got, ok)
	}
}
