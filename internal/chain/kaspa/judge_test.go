package kaspa

import (
	"bufio"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/uniplus-pool/pool/internal/chain/chaintest"
)

// askJudge runs one of the kaspa-wasm scripts in testdata/coins once, sends it every
// request (one JSON line each) and returns its answers in order. Requests are written
// from another goroutine so that neither side blocks on a full pipe.
func askJudge(t *testing.T, script string, reqs []any) []json.RawMessage {
	t.Helper()
	dir, nodeBin := chaintest.CoinJS(t)
	cmd := exec.Command(nodeBin, filepath.Join(dir, script))
	cmd.Dir = dir
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr limitedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	writeErr := make(chan error, 1)
	go func() {
		w := bufio.NewWriter(stdin)
		enc := json.NewEncoder(w)
		for _, r := range reqs {
			if err := enc.Encode(r); err != nil {
				writeErr <- err
				stdin.Close()
				return
			}
		}
		err := w.Flush()
		stdin.Close()
		writeErr <- err
	}()
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	answers := make([]json.RawMessage, 0, len(reqs))
	for len(answers) < len(reqs) && sc.Scan() {
		answers = append(answers, json.RawMessage(append([]byte(nil), sc.Bytes()...)))
	}
	if err := <-writeErr; err != nil {
		t.Fatalf("writing to %s: %v (stderr: %s)", script, err, stderr.String())
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%s: %v (stderr: %s)", script, err, stderr.String())
	}
	if len(answers) != len(reqs) {
		t.Fatalf("%s answered %d of %d requests (stderr: %s)", script, len(answers), len(reqs), stderr.String())
	}
	return answers
}

// limitedBuffer keeps the first 64 KiB written to it: enough of a judge's stderr to say
// what went wrong.
type limitedBuffer struct{ b []byte }

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := 64<<10 - len(l.b); room > 0 {
		if len(p) < room {
			room = len(p)
		}
		l.b = append(l.b, p[:room]...)
	}
	return len(p), nil
}

func (l *limitedBuffer) String() string { return string(l.b) }
