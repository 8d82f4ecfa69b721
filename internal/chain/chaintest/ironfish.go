package chaintest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// IronfishNode is a running IronFish devnet full node (the SDK's FullNode, started by
// testdata/coins/ironfish-node.js): no peers, RPC over plain TCP on 127.0.0.1, and a
// wallet whose default account (Account) receives every block's miner fee.
type IronfishNode struct {
	// Addr is the RPC address, 127.0.0.1:port.
	Addr string
	// Account is the default wallet account and PublicAddress its address.
	Account, PublicAddress string
	DataDir                string

	cmd   *exec.Cmd
	stdin io.WriteCloser
	done  chan struct{}
	errb  *syncBuffer
}

// ironfishReady is the launcher's READY line.
type ironfishReady struct {
	RPCHost       string `json:"rpcHost"`
	RPCPort       int    `json:"rpcPort"`
	Account       string `json:"account"`
	PublicAddress string `json:"publicAddress"`
	DataDir       string `json:"dataDir"`
}

// StartIronfishNode starts a devnet node in a fresh data directory and stops it when the
// test ends (SIGTERM, then SIGKILL of its process group after 20 s). The node also stops
// when the test binary dies, by Pdeathsig and by its stdin closing. Starting one takes a
// few seconds: share one among the tests of a package where they can.
func StartIronfishNode(t testing.TB) *IronfishNode {
	t.Helper()
	dir, nodeBin := CoinJS(t)
	dataDir := t.TempDir()
	n, err := startIronfish(dir, nodeBin, dataDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(n.stop)
	return n
}

func startIronfish(dir, nodeBin, dataDir string) (*IronfishNode, error) {
	cmd := exec.Command(nodeBin, filepath.Join(dir, "ironfish-node.js"), dataDir)
	cmd.Dir = dir
	cmd.SysProcAttr = procAttr()
	errb := &syncBuffer{}
	cmd.Stderr = errb
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("ironfish node: start: %w", err)
	}
	n := &IronfishNode{DataDir: dataDir, cmd: cmd, stdin: stdin, done: make(chan struct{}), errb: errb}
	ready := make(chan ironfishReady, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		sent := false
		for sc.Scan() {
			line := sc.Text()
			if rest, ok := strings.CutPrefix(line, "READY "); ok && !sent {
				var r ironfishReady
				if json.Unmarshal([]byte(rest), &r) == nil {
					ready <- r
					sent = true
				}
				continue
			}
			errb.Write([]byte(line + "\n"))
		}
	}()
	go func() {
		_ = cmd.Wait()
		close(n.done)
	}()
	select {
	case r := <-ready:
		n.Addr = net.JoinHostPort(r.RPCHost, strconv.Itoa(r.RPCPort))
		n.Account, n.PublicAddress = r.Account, r.PublicAddress
		return n, nil
	case <-n.done:
		return nil, fmt.Errorf("ironfish node exited before it was ready:%s", n.logTail())
	case <-time.After(startTimeout):
		n.stop()
		return nil, fmt.Errorf("ironfish node not ready after %s:%s", startTimeout, n.logTail())
	}
}

// stop ends the node: stdin closed and SIGTERM (it shuts down and closes its databases),
// SIGKILL of its process group if it has not exited after 20 s.
func (n *IronfishNode) stop() {
	select {
	case <-n.done:
		return
	default:
	}
	_ = n.stdin.Close()
	_ = n.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-n.done:
	case <-time.After(20 * time.Second):
		_ = syscall.Kill(-n.cmd.Process.Pid, syscall.SIGKILL)
		_ = n.cmd.Process.Kill()
		<-n.done
	}
}

// Log is what the node wrote to stderr (and stdout besides the READY line).
func (n *IronfishNode) Log() string { return n.errb.String() }

func (n *IronfishNode) logTail() string {
	s := n.errb.String()
	if len(s) > 4000 {
		s = s[len(s)-4000:]
	}
	if s == "" {
		return ""
	}
	return "\n" + s
}

// IronfishRPCError is an error answer of the node to Call.
type IronfishRPCError struct {
	Status        int
	Code, Message string
}

// Error implements error.
func (e *IronfishRPCError) Error() string {
	return fmt.Sprintf("status %d %s: %s", e.Status, e.Code, e.Message)
}

// Call runs one RPC route on the node over a connection of its own and returns the
// final answer's data; a streaming route's stream messages come back in stream. It is a
// small client of its own, independent of the driver under test: JSON messages each
// ended by a form feed.
func (n *IronfishNode) Call(ctx context.Context, route string, data any) (result json.RawMessage, stream []json.RawMessage, err error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", n.Addr)
	if err != nil {
		return nil, nil, err
	}
	defer c.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = c.SetDeadline(dl)
	}
	req := map[string]any{"type": "message", "data": map[string]any{"mid": 1, "type": route, "data": data}}
	b, err := json.Marshal(req)
	if err != nil {
		return nil, nil, err
	}
	if _, err := c.Write(append(b, '\f')); err != nil {
		return nil, nil, err
	}
	r := bufio.NewReader(c)
	for {
		msg, err := r.ReadBytes('\f')
		if err != nil {
			return nil, stream, fmt.Errorf("%s: %w", route, err)
		}
		var m struct {
			Type string `json:"type"`
			Data struct {
				Status int             `json:"status"`
				Data   json.RawMessage `json:"data"`
			} `json:"data"`
		}
		if err := json.Unmarshal(bytes.TrimSuffix(msg, []byte{'\f'}), &m); err != nil {
			return nil, stream, fmt.Errorf("%s: %w", route, err)
		}
		if m.Type == "stream" {
			stream = append(stream, m.Data.Data)
			continue
		}
		if m.Data.Status >= 400 {
			e := &IronfishRPCError{Status: m.Data.Status}
			var body struct{ Code, Message string }
			_ = json.Unmarshal(m.Data.Data, &body)
			e.Code, e.Message = body.Code, body.Message
			return nil, stream, fmt.Errorf("%s: %w", route, e)
		}
		return m.Data.Data, stream, nil
	}
}

// MustCall is Call that fails the test on an error and decodes the answer into out (when
// not nil).
func (n *IronfishNode) MustCall(t testing.TB, route string, data, out any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	res, _, err := n.Call(ctx, route, data)
	if err != nil {
		t.Fatalf("ironfish node: %v", err)
	}
	if out != nil {
		if err := json.Unmarshal(res, out); err != nil {
			t.Fatalf("ironfish node: %s: decode %s: %v", route, res, err)
		}
	}
}

// CreateAccount adds a wallet account that is not the default (so the miner fee still
// goes to Account) and returns its public address.
func (n *IronfishNode) CreateAccount(t testing.TB, name string) string {
	t.Helper()
	var r struct {
		PublicAddress string `json:"publicAddress"`
	}
	n.MustCall(t, "wallet/createAccount", map[string]any{"name": name}, &r)
	return r.PublicAddress
}

// IronfishBalance is an account's balance of IRON in ore, as wallet/getBalance tells it.
type IronfishBalance struct {
	// Confirmed is on chain at least `confirmations` deep; Unconfirmed everything on
	// chain; Available what can be spent now (Confirmed less pending sends).
	Confirmed, Unconfirmed, Available int64
}

// Balance reads an account's balance counting notes confirmations deep.
func (n *IronfishNode) Balance(t testing.TB, account string, confirmations int) IronfishBalance {
	t.Helper()
	var r struct {
		Confirmed, Unconfirmed, Available string
	}
	n.MustCall(t, "wallet/getBalance", map[string]any{"account": account, "confirmations": confirmations}, &r)
	var b IronfishBalance
	var err error
	if b.Confirmed, err = strconv.ParseInt(r.Confirmed, 10, 64); err != nil {
		t.Fatalf("balance %q: %v", r.Confirmed, err)
	}
	if b.Unconfirmed, err = strconv.ParseInt(r.Unconfirmed, 10, 64); err != nil {
		t.Fatalf("balance %q: %v", r.Unconfirmed, err)
	}
	if b.Available, err = strconv.ParseInt(r.Available, 10, 64); err != nil {
		t.Fatalf("balance %q: %v", r.Available, err)
	}
	return b
}

// Head is the main chain's tip: its sequence and hash as the node prints it.
func (n *IronfishNode) Head(t testing.TB) (int64, string) {
	t.Helper()
	var r struct {
		Sequence int64  `json:"sequence"`
		Hash     string `json:"hash"`
	}
	n.MustCall(t, "chain/getDifficulty", map[string]any{}, &r)
	return r.Sequence, r.Hash
}

// WaitWalletAt waits until the wallet account has scanned to the chain's tip (the wallet
// follows the chain a moment behind).
func (n *IronfishNode) WaitWalletAt(t testing.TB, account string) {
	t.Helper()
	deadline := time.Now().Add(startTimeout)
	for {
		seq, hash := n.Head(t)
		var r struct {
			Accounts []struct {
				Name string `json:"name"`
				Head *struct {
					Hash     string `json:"hash"`
					Sequence int64  `json:"sequence"`
				} `json:"head"`
			} `json:"accounts"`
		}
		n.MustCall(t, "wallet/getAccountsStatus", map[string]any{}, &r)
		for _, a := range r.Accounts {
			if a.Name == account && a.Head != nil && a.Head.Sequence == seq && a.Head.Hash == hash {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("ironfish wallet account %s not at the tip %d after %s", account, seq, startTimeout)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
