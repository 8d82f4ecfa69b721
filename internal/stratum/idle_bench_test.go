package stratum

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// idleClientEnv makes the test binary a client process: it opens the connections of
// BenchmarkIdleConnections (two ends of 10,000 connections would not fit one process's
// file descriptors), subscribes and authorizes each, says "ready", and waits for stdin to
// close.
const idleClientEnv = "STRATUM_IDLE_CLIENTS"

func TestMain(m *testing.M) {
	if spec := os.Getenv(idleClientEnv); spec != "" {
		os.Exit(runIdleClients(spec))
	}
	os.Exit(m.Run())
}

func runIdleClients(spec string) int {
	var addr string
	var n int
	if _, err := fmt.Sscanf(spec, "%s %d", &addr, &n); err != nil {
		fmt.Fprintln(os.Stderr, "bad spec:", err)
		return 2
	}
	conns := make([]net.Conn, 0, n)
	for i := 0; i < n; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			fmt.Fprintln(os.Stderr, "dial:", err)
			return 1
		}
		fmt.Fprintf(c, `{"id":1,"method":"mining.subscribe","params":["idle/1"]}`+"\n"+`{"id":2,"method":"mining.authorize","params":["acct.idle%d","x"]}`+"\n", i)
		if os.Getenv("STRATUM_IDLE_SUBMIT") != "" {
			fmt.Fprintf(c, `{"id":3,"method":"mining.submit","params":["acct.idle%d","idle","00000000","%08x","00000001"]}`+"\n", i, time.Now().Unix()+60)
		}
		conns = append(conns, c)
	}
	// Drain what the server sends so its queues stay empty, as a real idle miner's would.
	for _, c := range conns {
		go func() {
			r := bufio.NewReader(c)
			for {
				if _, err := r.ReadString('\n'); err != nil {
					return
				}
			}
		}()
	}
	fmt.Println("ready")
	_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
	return 0
}

// BenchmarkIdleConnections measures what 10,000 subscribed and authorized but idle miners
// cost the server: heap and goroutine stacks per connection (bytes/conn), after a GC.
func BenchmarkIdleConnections(b *testing.B) {
	const n = 10_000
	for i := 0; i < b.N; i++ {
		srv, err := NewServer(Config{Logger: quietLogger(), IdleTimeout: time.Hour, HandshakeTimeout: time.Minute}, &fakeHandler{})
		if err != nil {
			b.Fatal(err)
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		go srv.Serve(ln)
		srv.Broadcast(testJob("idle", true, uint32(time.Now().Unix())))
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)

		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), idleClientEnv+"="+ln.Addr().String()+" "+strconv.Itoa(n))
		stdin, _ := cmd.StdinPipe()
		stdout, _ := cmd.StdoutPipe()
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		line, err := bufio.NewReader(stdout).ReadString('\n')
		if err != nil || line != "ready\n" {
			b.Fatalf("client process: %q %v", line, err)
		}
		deadline := time.Now().Add(2 * time.Minute)
		for srv.Stats().Authorized < n {
			if time.Now().After(deadline) {
				b.Fatalf("only %d of %d authorized", srv.Stats().Authorized, n)
			}
			time.Sleep(50 * time.Millisecond)
		}
		// A goroutine's stack shrinks by half at most at each collection, when it uses
		// under a quarter: collect until stacks stop shrinking.
		for range 4 {
			runtime.GC()
		}
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		heap := float64(after.HeapInuse) - float64(before.HeapInuse)
		stack := float64(after.StackInuse) - float64(before.StackInuse)
		b.ReportMetric((heap+stack)/n, "bytes/conn")
		b.ReportMetric(stack/n, "stack-bytes/conn")
		b.ReportMetric((heap+stack)/(1<<20), "MiB/10k")
		b.ReportMetric(float64(runtime.NumGoroutine())/n, "goroutines/conn")

		stdin.Close()
		_ = cmd.Wait()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		_ = srv.Close(ctx)
		cancel()
	}
}
