package stratum

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// exchangeLine is one line of a testdata/*.jsonl recording: a message the miner sends
// (c2s), one the server must send (s2c), a new job the test broadcasts, or a note.
type exchangeLine struct {
	Note string          `json:"note"`
	Dir  string          `json:"dir"`
	Msg  json.RawMessage `json:"msg"`
	Job  int             `json:"job"`
}

func readExchange(t testing.TB, path string) []exchangeLine {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []exchangeLine
	for i, raw := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(raw)) == 0 {
			continue
		}
		var l exchangeLine
		if err := json.Unmarshal(raw, &l); err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		out = append(out, l)
	}
	return out
}

// TestConformance replays each recorded miner over real TCP and checks that the server
// answers exactly as recorded. In c2s lines "$NAME" strings are replaced by the test's
// values; in s2c lines they must match them, "$ANY" matches anything, and a name not
// yet known (such as $EXTRANONCE1) takes the value the server sent.
func TestConformance(t *testing.T) {
	files, err := filepath.Glob("testdata/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no recordings: %v", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".jsonl"), func(t *testing.T) {
			t.Parallel()
			replay(t, readExchange(t, path))
		})
	}
}

func replay(t *testing.T, lines []exchangeLine) {
	srv := startServer(t, Config{MaxDifficulty: 1 << 20}, nil)
	ntime := nowNTime() - 60
	jobs := map[int]*Job{1: testJob("6a1f", false, ntime), 2: testJob("6a20", true, ntime+30)}
	jobs[2].PrevHash[0] ^= 0xff // a new block
	srv.Broadcast(jobs[1])
	vars := map[string]any{}
	for n, j := range jobs {
		suffix := ""
		if n > 1 {
			suffix = fmt.Sprint(n)
		}
		vars["$JOBID"+suffix] = j.ID
		vars["$PREVHASH"+suffix] = EncodePrevHash(j.PrevHash)
		vars["$NTIME"+suffix] = hex32(j.NTime)
	}
	j := jobs[1]
	vars["$COINB1"] = fmt.Sprintf("%x", j.Coinb1)
	vars["$COINB2"] = fmt.Sprintf("%x", j.Coinb2)
	vars["$MERKLE0"] = fmt.Sprintf("%x", j.MerkleBranch[0])
	vars["$MERKLE1"] = fmt.Sprintf("%x", j.MerkleBranch[1])
	vars["$VERSION"] = hex32(j.Version)
	vars["$NBITS"] = hex32(j.NBits)

	c, err := net.Dial("tcp", srv.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r := bufio.NewReader(c)
	for i, l := range lines {
		switch l.Dir {
		case "":
			// a note
		case "c2s":
			msg := substitute(t, l.Msg, vars)
			c.SetWriteDeadline(time.Now().Add(5 * time.Second))
			if _, err := c.Write(append(msg, '\n')); err != nil {
				t.Fatalf("line %d: write: %v", i+1, err)
			}
		case "s2c":
			c.SetReadDeadline(time.Now().Add(5 * time.Second))
			got, err := r.ReadBytes('\n')
			if err != nil {
				t.Fatalf("line %d: waiting for %s: %v", i+1, l.Msg, err)
			}
			var want, have any
			if err := json.Unmarshal(l.Msg, &want); err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			if err := json.Unmarshal(got, &have); err != nil {
				t.Fatalf("line %d: server sent %q: %v", i+1, got, err)
			}
			if err := match(want, have, vars, "msg"); err != nil {
				t.Fatalf("line %d: %v\nwant %s\ngot  %s", i+1, err, l.Msg, bytes.TrimSpace(got))
			}
		case "broadcast":
			srv.Broadcast(jobs[l.Job])
		default:
			t.Fatalf("line %d: unknown dir %q", i+1, l.Dir)
		}
	}
	// Nothing more may come: an extra reply would have shifted a real miner's reading.
	c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	if extra, err := r.ReadBytes('\n'); err == nil {
		t.Fatalf("unexpected message after the recording: %s", extra)
	}
}

// substitute replaces "$NAME" strings in raw JSON text, keeping the miner's spacing.
func substitute(t *testing.T, raw []byte, vars map[string]any) []byte {
	t.Helper()
	out := raw
	for name, v := range vars {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out = bytes.ReplaceAll(out, []byte(`"`+name+`"`), b)
	}
	if i := bytes.Index(out, []byte(`"$`)); i >= 0 {
		t.Fatalf("unknown placeholder in %s", out)
	}
	return out
}

// match compares an expected message with the server's, binding placeholders.
func match(want, have any, vars map[string]any, path string) error {
	if s, ok := want.(string); ok && strings.HasPrefix(s, "$") {
		if s == "$ANY" {
			return nil
		}
		if v, bound := vars[s]; bound {
			if !reflect.DeepEqual(v, have) {
				return fmt.Errorf("%s: %s is %v, got %v", path, s, v, have)
			}
			return nil
		}
		vars[s] = have
		return nil
	}
	switch w := want.(type) {
	case map[string]any:
		h, ok := have.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: want an object, got %v", path, have)
		}
		for k := range h {
			if _, ok := w[k]; !ok {
				return fmt.Errorf("%s: unexpected field %q", path, k)
			}
		}
		for k, wv := range w {
			hv, ok := h[k]
			if !ok {
				return fmt.Errorf("%s: missing field %q", path, k)
			}
			if err := match(wv, hv, vars, path+"."+k); err != nil {
				return err
			}
		}
		return nil
	case []any:
		h, ok := have.([]any)
		if !ok || len(h) != len(w) {
			return fmt.Errorf("%s: want %d elements, got %v", path, len(w), have)
		}
		for i := range w {
			if err := match(w[i], h[i], vars, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	}
	if !reflect.DeepEqual(want, have) {
		return fmt.Errorf("%s: want %v, got %v", path, want, have)
	}
	return nil
}
