// Package chaintest runs real nodes for tests: a pair of litecoind regtest nodes connected
// to each other, with a funded wallet on the first.
package chaintest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// LitecoindEnv names the variable that controls the litecoind tests: "skip" skips them,
// a path runs that binary, and empty runs litecoind from PATH (or /usr/bin).
const LitecoindEnv = "POOLD_TEST_LITECOIND"

// WalletName is the wallet created on node A.
const WalletName = "pool"

// MaturedBlocks is how many blocks StartLitecoinPair mines to node A: 101, so that the
// first coinbase has matured and the wallet can spend.
const MaturedBlocks = 101

// startTimeout bounds a node's start and every wait of the harness.
const startTimeout = 60 * time.Second

// Pair is two litecoind -regtest nodes connected to each other. A has a funded wallet;
// B loads no wallet (a test may make one) and is there because getblocktemplate refuses to work without a peer
// (and to mine competing blocks).
type Pair struct {
	A, B *Node
	// URL, User, Password and Wallet reach node A's RPC and its wallet.
	URL, User, Password, Wallet string
	// MineAddress is a node A wallet address that generatetoaddress pays to.
	MineAddress string
}

// Node is one running litecoind.
type Node struct {
	Name    string // "A" or "B"
	DataDir string
	P2PAddr string // 127.0.0.1:port
	// Client runs RPC calls on the node (wallet calls go to Wallet when set).
	Client *Client

	cmd  *exec.Cmd
	done chan struct{} // closed when the process has exited
	errb *syncBuffer
}

// Client is a small JSON-RPC client for tests, independent of the driver under test.
type Client struct {
	URL, User, Password string
	Wallet              string // wallet for CallWallet
	HTTP                *http.Client
}

// RPCError is an error answer of the node.
type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Error implements error.
func (e *RPCError) Error() string { return fmt.Sprintf("RPC error %d: %s", e.Code, e.Message) }

// Call runs method on the node and returns its raw result.
func (c *Client) Call(ctx context.Context, method string, params ...any) (json.RawMessage, error) {
	return c.call(ctx, "", method, params)
}

// CallWallet runs method on the client's wallet and returns its raw result.
func (c *Client) CallWallet(ctx context.Context, method string, params ...any) (json.RawMessage, error) {
	return c.call(ctx, "/wallet/"+c.Wallet, method, params)
}

func (c *Client) call(ctx context.Context, path, method string, params []any) (json.RawMessage, error) {
	if params == nil {
		params = []any{}
	}
	body, err := json.Marshal(map[string]any{"jsonrpc": "1.0", "id": 1, "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.SetBasicAuth(c.User, c.Password)
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", method, err)
	}
	defer resp.Body.Close()
	var out struct {
		Result json.RawMessage `json:"result"`
		Error  *RPCError       `json:"error"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, fmt.Errorf("%s: HTTP %d: %w", method, resp.StatusCode, err)
	}
	if out.Error != nil {
		return nil, fmt.Errorf("%s: %w", method, out.Error)
	}
	return out.Result, nil
}

// Call runs method on the node and fails the test on an error.
func (n *Node) Call(t testing.TB, method string, params ...any) json.RawMessage {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	r, err := n.Client.Call(ctx, method, params...)
	if err != nil {
		t.Fatalf("node %s: %v", n.Name, err)
	}
	return r
}

// CallWallet runs a wallet method on the node and fails the test on an error.
func (n *Node) CallWallet(t testing.TB, method string, params ...any) json.RawMessage {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	r, err := n.Client.CallWallet(ctx, method, params...)
	if err != nil {
		t.Fatalf("node %s: %v", n.Name, err)
	}
	return r
}

// BestBlockHash is the node's tip, in display hex.
func (n *Node) BestBlockHash(t testing.TB) string {
	t.Helper()
	var h string
	mustDecode(t, n.Call(t, "getbestblockhash"), &h)
	return h
}

// Height is the node's tip height.
func (n *Node) Height(t testing.TB) int64 {
	t.Helper()
	var h int64
	mustDecode(t, n.Call(t, "getblockcount"), &h)
	return h
}

// Generate mines count blocks on node to the pair's mine address and returns their hashes.
func (p *Pair) Generate(t testing.TB, node *Node, count int) []string {
	t.Helper()
	var hashes []string
	mustDecode(t, node.Call(t, "generatetoaddress", count, p.MineAddress), &hashes)
	return hashes
}

// Sync waits until both nodes have the same tip and returns it.
func (p *Pair) Sync(t testing.TB) string {
	t.Helper()
	deadline := time.Now().Add(startTimeout)
	for {
		a, b := p.A.BestBlockHash(t), p.B.BestBlockHash(t)
		if a == b {
			return a
		}
		if time.Now().After(deadline) {
			t.Fatalf("nodes did not sync: A at %s, B at %s", a, b)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func mustDecode(t testing.TB, raw json.RawMessage, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
}

// StartLitecoinPair starts two connected litecoind -regtest nodes, each with its own
// temporary data directory and free loopback ports, creates and funds a wallet on node A
// (MaturedBlocks blocks mined to it) and waits until B has the same tip. Both nodes are
// killed, with their process groups, and their data removed when the test ends. It skips
// the test when POOLD_TEST_LITECOIND=skip and fails it when litecoind is missing.
func StartLitecoinPair(t testing.TB) *Pair {
	t.Helper()
	bin := litecoind(t)

	var a, b *Node
	var errA, errB error
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a, errA = startNode(t, bin, "A", true) }()
	// B can hold wallets (none loaded at start): a test may make one for an address of
	// someone other than the pool, such as a solo miner's.
	go func() { defer wg.Done(); b, errB = startNode(t, bin, "B", true) }()
	wg.Wait()
	if err := errors.Join(errA, errB); err != nil {
		t.Fatal(err)
	}

	p := &Pair{A: a, B: b, URL: a.Client.URL, User: a.Client.User, Password: a.Client.Password, Wallet: WalletName}
	b.Call(t, "addnode", a.P2PAddr, "add")
	waitFor(t, "the nodes to connect", func() bool {
		var n int
		mustDecode(t, a.Call(t, "getconnectioncount"), &n)
		return n > 0
	})

	a.Call(t, "createwallet", WalletName)
	a.Client.Wallet = WalletName
	mustDecode(t, a.CallWallet(t, "getnewaddress"), &p.MineAddress)
	p.Generate(t, a, MaturedBlocks)
	p.Sync(t)
	return p
}

func litecoind(t testing.TB) string {
	t.Helper()
	v := os.Getenv(LitecoindEnv)
	if v == "skip" {
		t.Skip(LitecoindEnv + "=skip: litecoind regtest tests skipped")
	}
	if v != "" {
		return v
	}
	if p, err := exec.LookPath("litecoind"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/bin/litecoind"); err == nil {
		return "/usr/bin/litecoind"
	}
	t.Fatal("litecoind not found: install the Debian package litecoind (make test does), or set " +
		LitecoindEnv + "=skip to skip these tests")
	return ""
}

// startNode starts one node, trying fresh ports again if another process took them
// between choosing and binding.
func startNode(t testing.TB, bin, name string, wallet bool) (*Node, error) {
	var errs []error
	for attempt := 0; attempt < 3; attempt++ {
		n, err := tryStartNode(t, bin, name, wallet)
		if err == nil {
			return n, nil
		}
		errs = append(errs, err)
	}
	return nil, fmt.Errorf("start litecoind %s: %w", name, errors.Join(errs...))
}

func tryStartNode(t testing.TB, bin, name string, wallet bool) (*Node, error) {
	dir := t.TempDir()
	ports, err := freePorts(2)
	if err != nil {
		return nil, err
	}
	rpcPort, p2pPort := ports[0], ports[1]
	var pw [12]byte
	_, _ = rand.Read(pw[:])
	client := &Client{
		URL:      "http://127.0.0.1:" + strconv.Itoa(rpcPort),
		User:     "pool",
		Password: hex.EncodeToString(pw[:]),
		HTTP:     &http.Client{},
	}
	args := []string{
		"-regtest",
		"-datadir=" + dir,
		"-server=1",
		"-listen=1",
		"-bind=127.0.0.1",
		"-port=" + strconv.Itoa(p2pPort),
		"-rpcbind=127.0.0.1",
		"-rpcallowip=127.0.0.1",
		"-rpcport=" + strconv.Itoa(rpcPort),
		"-rpcuser=" + client.User,
		"-rpcpassword=" + client.Password,
		"-rpcthreads=8", // longpolls hold a thread each
		"-fallbackfee=0.0001",
		"-listenonion=0",
		"-discover=0",
		"-dnsseed=0",
		"-dbcache=4",
		"-keypool=10",
		"-persistmempool=0",
		"-printtoconsole=0",
	}
	if !wallet {
		args = append(args, "-disablewallet=1")
	}
	cmd := exec.Command(bin, args...)
	errb := &syncBuffer{}
	cmd.Stdout = errb
	cmd.Stderr = errb
	cmd.SysProcAttr = procAttr()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("run %s: %w", bin, err)
	}
	n := &Node{
		Name:    name,
		DataDir: dir,
		P2PAddr: "127.0.0.1:" + strconv.Itoa(p2pPort),
		Client:  client,
		cmd:     cmd,
		done:    make(chan struct{}),
		errb:    errb,
	}
	go func() { _ = cmd.Wait(); close(n.done) }()
	// Registered after t.TempDir, so it runs before the directory is removed.
	t.Cleanup(n.kill)

	deadline := time.Now().Add(startTimeout)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := client.Call(ctx, "getblockchaininfo")
		cancel()
		if err == nil {
			return n, nil
		}
		select {
		case <-n.done:
			return nil, fmt.Errorf("litecoind %s exited: %s%s", name, errb.String(), n.logTail())
		default:
		}
		if time.Now().After(deadline) {
			n.kill()
			return nil, fmt.Errorf("litecoind %s: RPC not up after %s: %v%s", name, startTimeout, err, n.logTail())
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// kill ends the node's whole process group at once (the data is thrown away, so there is
// nothing to shut down cleanly) and waits for it.
func (n *Node) kill() {
	select {
	case <-n.done:
		return
	default:
	}
	if n.cmd.Process != nil {
		_ = syscall.Kill(-n.cmd.Process.Pid, syscall.SIGKILL)
		_ = n.cmd.Process.Kill()
	}
	select {
	case <-n.done:
	case <-time.After(10 * time.Second):
	}
}

// logTail is the end of the node's debug.log, to explain a failed start.
func (n *Node) logTail() string {
	b, err := os.ReadFile(filepath.Join(n.DataDir, "regtest", "debug.log"))
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > 15 {
		lines = lines[len(lines)-15:]
	}
	return "\ndebug.log:\n" + strings.Join(lines, "\n")
}

func freePorts(count int) ([]int, error) {
	var ports []int
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	for i := 0; i < count; i++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("free port: %w", err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

func waitFor(t testing.TB, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(startTimeout)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// syncBuffer is a bytes.Buffer safe for the process's output goroutine and a reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Output is one transaction output of a block as the node shows it.
type Output struct {
	TxID    string
	Address string      // "" for a script without one address
	Value   json.Number // in coins, as the node prints it
}

// BlockOutputs lists the outputs of every transaction of the node's block at height.
func (n *Node) BlockOutputs(t testing.TB, height int64) []Output {
	t.Helper()
	var hash string
	mustDecode(t, n.Call(t, "getblockhash", height), &hash)
	var blk struct {
		Tx []struct {
			TxID string `json:"txid"`
			Vout []struct {
				Value        json.Number `json:"value"`
				ScriptPubKey struct {
					Address   string   `json:"address"`
					Addresses []string `json:"addresses"` // before Core 22, litecoind 0.21 among them
				} `json:"scriptPubKey"`
			} `json:"vout"`
		} `json:"tx"`
	}
	mustDecode(t, n.Call(t, "getblock", hash, 2), &blk)
	var out []Output
	for _, tx := range blk.Tx {
		for _, o := range tx.Vout {
			addr := o.ScriptPubKey.Address
			if addr == "" && len(o.ScriptPubKey.Addresses) == 1 {
				addr = o.ScriptPubKey.Addresses[0]
			}
			out = append(out, Output{TxID: tx.TxID, Address: addr, Value: o.Value})
		}
	}
	return out
}
