package kaspad

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain/chaintest"
	"github.com/uniplus-pool/pool/internal/chain/kaspa"
)

// TestKaspaWasmClient runs kaspa-wasm's own RpcClient (rusty-kaspa's wRPC client, 0.13.0)
// against the test server: the framing (random u64 ids echoed, params, error objects,
// subscribe and notifications) and the recorded answers whose shape kaspad 0.13 shares
// with v1.x (getBlockDagInfo, estimateNetworkHashesPerSecond, getBlock) must read in it;
// its Header and State must give the recorded hashes and the server's proof-of-work
// verdicts; and the requests it sends must have the members and JSON types ours have.
func TestKaspaWasmClient(t *testing.T) {
	dir, nodeBin := chaintest.CoinJS(t)
	n := newTestNode(t)
	nm := names(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	type tmplIn struct {
		Header json.RawMessage `json:"header"`
		Nonces []string        `json:"nonces"`
	}
	in := struct {
		Blocks     []string `json:"blocks"`
		Unknown    string   `json:"unknown"`
		PayAddress string   `json:"payAddress"`
		ExtraData  string   `json:"extraData"`
		Templates  []tmplIn `json:"templates"`
	}{Unknown: label("no such block").String(), PayAddress: nm.Pool, ExtraData: testExtraData}
	for _, name := range []string{"G", "P", "B", "R", "S", "U"} {
		in.Blocks = append(in.Blocks, nm.Blocks[name].String())
	}
	var headers []kaspa.Header
	for i, f := range []string{"getBlockTemplate-1.json", "getBlockTemplate-2.json"} {
		var r struct {
			Block struct {
				Header json.RawMessage `json:"header"`
			} `json:"block"`
		}
		readTestdata(t, f, &r)
		h := recordedTemplate(t, i)
		headers = append(headers, h)
		ti := tmplIn{Header: r.Block.Header}
		for _, meets := range []bool{true, false} {
			ti.Nonces = append(ti.Nonces, strconv.FormatUint(nonceFor(t, h, meets), 10))
		}
		in.Templates = append(in.Templates, ti)
	}
	inFile := filepath.Join(t.TempDir(), "input.json")
	b, _ := json.Marshal(in)
	if err := os.WriteFile(inFile, b, 0o644); err != nil {
		t.Fatal(err)
	}

	cmd := exec.CommandContext(ctx, nodeBin, filepath.Join("testdata", "wrpc-client.js"), dir, n.url, inFile)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	lines.Buffer(nil, 16<<20)
	var last string
	for lines.Scan() {
		last = lines.Text()
		if last == `{"step":"subscribed"}` && n.notify() != 1 {
			t.Errorf("kaspa-wasm's subscription did not register on the server")
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("kaspa-wasm client: %v\n%s", err, stderr.String())
	}
	var out struct {
		Dag      map[string]any `json:"dag"`
		Estimate map[string]any `json:"estimate"`
		Blocks   map[string]struct {
			Block struct {
				Header      map[string]any `json:"header"`
				VerboseData map[string]any `json:"verboseData"`
			} `json:"block"`
			WasmHash string `json:"wasmHash"`
		} `json:"blocks"`
		UnknownBlock string `json:"unknownBlock"`
		Template     string `json:"template"`
		Templates    []struct {
			Hash       string `json:"hash"`
			PrePowHash string `json:"prePowHash"`
			Verdicts   []struct {
				Nonce string `json:"nonce"`
				OK    bool   `json:"ok"`
			} `json:"verdicts"`
		} `json:"templates"`
		Notification any `json:"notification"`
	}
	if err := json.Unmarshal([]byte(last), &out); err != nil {
		t.Fatalf("kaspa-wasm output %q: %v", last, err)
	}

	// What kaspa-wasm read of the recorded answers.
	if out.Dag["virtualDaaScore"] != "1007" || out.Dag["sink"] != nm.Blocks["S"].String() || out.Dag["network"] != "mainnet" {
		t.Errorf("getBlockDagInfo as kaspa-wasm read it: %v", out.Dag)
	}
	if out.Estimate["networkHashesPerSecond"] != strconv.FormatUint(testHashrate, 10) {
		t.Errorf("estimate as kaspa-wasm read it: %v (a u64 above 2^53 must come through whole)", out.Estimate)
	}
	for name, h := range nm.Blocks {
		if name == "V" {
			continue
		}
		got, ok := out.Blocks[h.String()]
		if !ok || got.WasmHash != h.String() || got.Block.Header["hash"] != h.String() || got.Block.VerboseData["hash"] != h.String() {
			t.Errorf("block %s as kaspa-wasm read and hashed it: %+v", name, got)
		}
	}
	if !strings.Contains(out.UnknownBlock, "cannot find header") {
		t.Errorf("error answer as kaspa-wasm read it: %q", out.UnknownBlock)
	}
	if out.Notification != nil && out.Notification != "none within 30 s" {
		if _, ok := out.Notification.(map[string]any); !ok {
			t.Errorf("notification %v", out.Notification)
		}
	} else {
		t.Errorf("kaspa-wasm got no new-template notification: %v", out.Notification)
	}
	t.Logf("kaspa-wasm 0.13 reading kaspad v1.x's template answer: %s", out.Template)

	// kaspa-wasm's Header and State on the recorded templates agree with the consensus
	// package, and so with the test server's verdicts.
	for i, tw := range out.Templates {
		h := headers[i]
		if tw.Hash != h.Hash().String() || tw.PrePowHash != h.PrePowHash().String() {
			t.Errorf("template %d: kaspa-wasm hash %s pre-PoW %s, ours %s %s", i, tw.Hash, tw.PrePowHash, h.Hash(), h.PrePowHash())
		}
		st := kaspa.NewStateFromHeader(&h)
		for _, v := range tw.Verdicts {
			nonce, _ := strconv.ParseUint(v.Nonce, 10, 64)
			if _, ok := st.CheckPow(nonce); ok != v.OK {
				t.Errorf("template %d nonce %s: kaspa-wasm says %v", i, v.Nonce, v.OK)
			}
		}
	}

	// The requests kaspa-wasm sent have the members and JSON types our client sends.
	d, err := Dial(ctx, Config{URL: n.url, PayAddress: nm.Pool, ExtraData: testExtraData})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Network(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Block(ctx, nm.Blocks["S"].ChainHash()); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"getBlockDagInfo", "estimateNetworkHashesPerSecond", "getBlock", "getBlockTemplate", "subscribe"} {
		reqs := n.requestsOf(m)
		if m == "subscribe" {
			if len(reqs) == 0 || compact(reqs[0]) != `{"NewBlockTemplate":{}}` {
				t.Errorf("kaspa-wasm's subscribe: %s", reqs)
			}
			continue
		}
		if len(reqs) < 2 {
			t.Errorf("%s: %d requests, want kaspa-wasm's and ours", m, len(reqs))
			continue
		}
		wasm, ours := shape(t, reqs[0]), shape(t, reqs[len(reqs)-1])
		t.Logf("%s: kaspa-wasm %s, ours %s", m, reqs[0], reqs[len(reqs)-1])
		if wasm != ours {
			t.Errorf("%s: kaspa-wasm sent %s (%s), we sent %s (%s)", m, wasm, reqs[0], ours, reqs[len(reqs)-1])
		}
	}
}

// shape is a JSON object's member names with their JSON types, sorted.
func shape(t *testing.T, raw json.RawMessage) string {
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	var parts []string
	for k, v := range m {
		typ := "null"
		switch x := v.(type) {
		case string:
			typ = "string"
		case float64:
			typ = "number"
		case bool:
			typ = "bool"
		case []any:
			typ = "array"
			if len(x) > 0 {
				if _, ok := x[0].(float64); ok {
					typ = "array of numbers"
				}
			}
		case map[string]any:
			typ = "object"
		}
		parts = append(parts, k+":"+typ)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}
