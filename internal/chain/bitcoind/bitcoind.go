// Package bitcoind is the chain driver for Bitcoin Core, Litecoin Core and compatible
// nodes, over their JSON-RPC interface.
package bitcoind

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
)

// Defaults for the zero values of Config.
const (
	DefaultDecimals     = 8
	DefaultPollInterval = 2 * time.Second
	DefaultTimeout      = 30 * time.Second
	// DefaultIdleTimeout closes an idle RPC connection before the node does: Bitcoin and
	// Litecoin Core drop one after 30 s (-rpcservertimeout), and a request sent on a
	// connection the node is closing fails with EOF (22% of template refreshes did when
	// Go's 90 s default kept them).
	DefaultIdleTimeout = 20 * time.Second
	// submitRetryMax is the longest pause between two submissions of a found block.
	submitRetryMax = 2 * time.Second
)

// Config says how to reach a node.
type Config struct {
	// URL is the node's RPC address, http://host:port.
	URL string
	// User and Password are the RPC credentials; CookieFile, when set, is read instead
	// (the node's .cookie, re-read at every call since the node rewrites it at start).
	User, Password string
	CookieFile     string
	// Wallet names the node wallet the pool pays from (calls go to /wallet/<name>); empty
	// uses the node's default wallet.
	Wallet string
	// Algorithm is the coin's proof of work: chain.SHA256d (BTC) or chain.Scrypt (LTC).
	Algorithm string
	// Rules are sent with getblocktemplate: ["segwit"] for BTC, ["mweb", "segwit"] for LTC
	// (Litecoin Core 0.21 refuses a template, before and after MWEB activation, unless
	// both are among them). Empty means ["segwit"].
	Rules []string
	// Decimals is the coin's precision (8 when zero).
	Decimals int
	// PollInterval is how often WaitTemplate asks for the best block when it cannot
	// longpoll (2 s when zero).
	PollInterval time.Duration
	// Timeout bounds each call except longpolls (30 s when zero).
	Timeout time.Duration
	// DisableLongPoll makes WaitTemplate poll, for nodes behind proxies that cut long
	// requests.
	DisableLongPoll bool
	// Observe, when set, is told of every RPC call: its method, how long it took, and its
	// error (metrics).
	Observe func(method string, took time.Duration, err error)
	// IdleTimeout closes RPC connections idle this long (DefaultIdleTimeout when zero);
	// keep it below the node's -rpcservertimeout.
	IdleTimeout time.Duration
	// Client is the HTTP client (one of the driver's own, closing idle connections after
	// IdleTimeout, when nil). Its own Timeout must be zero or longer than a longpoll, which
	// can last many minutes.
	Client *http.Client
}

// Client is a chain.Driver backed by a node's JSON-RPC interface.
type Client struct {
	cfg Config
	rpc *rpc

	mu sync.Mutex
	// lastLongPoll is the longpollid of the newest template, reused when WaitTemplate is
	// asked about the same tip so the node does not answer early.
	lastLongPoll string
}

var _ chain.Driver = (*Client)(nil)

// New checks cfg and returns a driver; it does not contact the node.
func New(cfg Config) (*Client, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("bitcoind: URL %q: want http://host:port", cfg.URL)
	}
	if cfg.Algorithm == "" {
		cfg.Algorithm = chain.SHA256d
	}
	if !chain.ValidAlgorithm(cfg.Algorithm) {
		return nil, fmt.Errorf("bitcoind: algorithm %q: want %s or %s", cfg.Algorithm, chain.SHA256d, chain.Scrypt)
	}
	if cfg.CookieFile == "" && cfg.User == "" {
		return nil, errors.New("bitcoind: need an RPC user and password or a cookie file")
	}
	if len(cfg.Rules) == 0 {
		cfg.Rules = []string{"segwit"}
	}
	if cfg.Decimals == 0 {
		cfg.Decimals = DefaultDecimals
	}
	if cfg.Decimals < 0 || cfg.Decimals > 18 {
		return nil, fmt.Errorf("bitcoind: decimals %d out of 0..18", cfg.Decimals)
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = DefaultPollInterval
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = DefaultIdleTimeout
	}
	if cfg.Client == nil {
		// A transport of its own: the node is on a private network (no proxy), and its
		// idle connections close on this driver's schedule.
		cfg.Client = &http.Client{Transport: &http.Transport{
			DialContext:         (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
			MaxIdleConnsPerHost: 8,
			IdleConnTimeout:     cfg.IdleTimeout,
		}}
	}
	return &Client{
		cfg: cfg,
		rpc: &rpc{
			url:        strings.TrimRight(cfg.URL, "/"),
			user:       cfg.User,
			pass:       cfg.Password,
			cookieFile: cfg.CookieFile,
			http:       cfg.Client,
		},
	}, nil
}

// Name implements chain.Driver.
func (c *Client) Name() string { return "bitcoind" }

// Call runs any RPC method on the node (wallet methods go to the configured wallet when
// wallet is true) and decodes its result into result, with numbers as json.Number when
// result holds interfaces.
func (c *Client) Call(ctx context.Context, wallet bool, method string, result any, params ...any) error {
	path := ""
	if wallet {
		path = walletPath(c.cfg.Wallet)
	}
	err := c.callOnce(ctx, path, method, result, params...)
	// A connection can break under a call (the node closed it as the request went out, a
	// proxy restarted): a call that changes nothing is asked once more on a new one. A
	// call that moves money is not, since the node may have acted on it.
	if err != nil && isBrokenConnection(ctx, err) && !movesMoney[method] {
		err = c.callOnce(ctx, path, method, result, params...)
	}
	if err != nil {
		return fmt.Errorf("bitcoind: %s: %w", method, err)
	}
	return nil
}

// movesMoney are the RPC methods the driver never repeats on its own.
var movesMoney = map[string]bool{"sendtoaddress": true, "sendmany": true, "sendrawtransaction": true, "send": true, "sendall": true}

func (c *Client) callOnce(ctx context.Context, path, method string, result any, params ...any) error {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	start := time.Now()
	err := c.rpc.call(ctx, path, method, result, params...)
	if c.cfg.Observe != nil {
		c.cfg.Observe(method, time.Since(start), err)
	}
	return err
}

// isBrokenConnection tells whether err is the transport failing (the connection closed,
// reset or refused, the call's own time running out) rather than the node answering, or
// the caller giving up.
func isBrokenConnection(ctx context.Context, err error) bool {
	if ctx.Err() != nil {
		return false
	}
	var rpcErr *RPCError
	var answered *httpStatusError
	switch {
	case errors.As(err, &rpcErr), errors.As(err, &answered), errors.Is(err, ErrBadCredentials), errors.Is(err, errDecode):
		return false
	}
	return true
}

func (c *Client) node(ctx context.Context, method string, result any, params ...any) error {
	return c.Call(ctx, false, method, result, params...)
}

func (c *Client) wallet(ctx context.Context, method string, result any, params ...any) error {
	return c.Call(ctx, true, method, result, params...)
}

// gbtResult is the part of a getblocktemplate answer the pool uses.
type gbtResult struct {
	Version           int32      `json:"version"`
	Rules             []string   `json:"rules"`
	PreviousBlockHash chain.Hash `json:"previousblockhash"`
	Transactions      []gbtTx    `json:"transactions"`
	CoinbaseValue     int64      `json:"coinbasevalue"`
	LongPollID        string     `json:"longpollid"`
	Target            string     `json:"target"`
	MinTime           int64      `json:"mintime"`
	CurTime           int64      `json:"curtime"`
	Bits              string     `json:"bits"`
	Height            int64      `json:"height"`
	WitnessCommitment hexBytes   `json:"default_witness_commitment"`
	MWEB              *hexBytes  `json:"mweb"`
}

type gbtTx struct {
	Data hexBytes   `json:"data"`
	TxID chain.Hash `json:"txid"`
	Hash chain.Hash `json:"hash"`
	Fee  int64      `json:"fee"`
}

func (c *Client) gbtParams(longPollID string) map[string]any {
	p := map[string]any{"rules": c.cfg.Rules, "capabilities": []string{"longpoll"}}
	if longPollID != "" {
		p["longpollid"] = longPollID
	}
	return p
}

// Template implements chain.Driver.
func (c *Client) Template(ctx context.Context) (*chain.Template, error) {
	var r gbtResult
	if err := c.node(ctx, "getblocktemplate", &r, c.gbtParams("")); err != nil {
		return nil, err
	}
	return c.template(&r)
}

func (c *Client) template(r *gbtResult) (*chain.Template, error) {
	bits, err := strconv.ParseUint(r.Bits, 16, 32)
	if err != nil {
		return nil, fmt.Errorf("bitcoind: getblocktemplate: bits %q: %w", r.Bits, err)
	}
	target := chain.CompactToTarget(uint32(bits))
	if r.Target != "" {
		t, ok := new(big.Int).SetString(r.Target, 16)
		if !ok {
			return nil, fmt.Errorf("bitcoind: getblocktemplate: target %q is not hex", r.Target)
		}
		target = t
	}
	t := &chain.Template{
		Height:            r.Height,
		PrevHash:          r.PreviousBlockHash,
		Version:           r.Version,
		Bits:              uint32(bits),
		Target:            target,
		CurTime:           uint32(r.CurTime),
		MinTime:           uint32(r.MinTime),
		CoinbaseValue:     r.CoinbaseValue,
		Rules:             r.Rules,
		Difficulty:        chain.TargetToDifficulty(target, c.cfg.Algorithm),
		Algorithm:         c.cfg.Algorithm,
		Transactions:      make([]chain.TemplateTx, len(r.Transactions)),
		WitnessCommitment: []byte(r.WitnessCommitment),
	}
	if len(t.WitnessCommitment) == 0 {
		t.WitnessCommitment = nil
	}
	if r.MWEB != nil && len(*r.MWEB) > 0 {
		t.MWEB = []byte(*r.MWEB)
	}
	for i, tx := range r.Transactions {
		if len(tx.Data) == 0 || tx.TxID.IsZero() {
			return nil, fmt.Errorf("bitcoind: getblocktemplate: transaction %d lacks data or txid", i)
		}
		wtxid := tx.Hash
		if wtxid.IsZero() {
			wtxid = tx.TxID
		}
		t.Transactions[i] = chain.TemplateTx{Data: tx.Data, TxID: tx.TxID, WTxID: wtxid, Fee: tx.Fee}
	}
	if r.LongPollID != "" {
		c.mu.Lock()
		c.lastLongPoll = r.LongPollID
		c.mu.Unlock()
	}
	return t, nil
}

// WaitTemplate implements chain.Driver. It longpolls getblocktemplate; when the node will
// not longpoll (or DisableLongPoll is set) it polls getbestblockhash every PollInterval.
//
// The node keeps serving a longpoll whose caller went away, on one of its few RPC threads,
// until the tip changes: keep one WaitTemplate running per tip rather than cancelling and
// restarting it on a timer.
func (c *Client) WaitTemplate(ctx context.Context, prevHash chain.Hash) (*chain.Template, error) {
	if !c.cfg.DisableLongPoll {
		t, err := c.longPoll(ctx, prevHash)
		if err == nil {
			return t, nil
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("bitcoind: wait template: %w", ctx.Err())
		}
		// The longpoll failed (a node without longpoll, a proxy that cut the request):
		// fall back to polling, which works with any node.
	}
	return c.pollTemplate(ctx, prevHash)
}

func (c *Client) longPoll(ctx context.Context, prev chain.Hash) (*chain.Template, error) {
	// A longpollid is the watched tip followed by the node's mempool update counter; with
	// a stale counter the node answers after a minute with the same tip, and we go again.
	id := prev.String()
	c.mu.Lock()
	if strings.HasPrefix(c.lastLongPoll, id) {
		id = c.lastLongPoll
	}
	c.mu.Unlock()
	for {
		var r gbtResult
		// No per-call timeout: the node holds the request until the tip changes.
		if err := c.rpc.call(ctx, "", "getblocktemplate", &r, c.gbtParams(id)); err != nil {
			return nil, fmt.Errorf("bitcoind: getblocktemplate longpoll: %w", err)
		}
		t, err := c.template(&r)
		if err != nil {
			return nil, err
		}
		if t.PrevHash != prev {
			return t, nil
		}
		if r.LongPollID == "" || r.LongPollID == id {
			return nil, errors.New("bitcoind: getblocktemplate longpoll: node returned at once with the same tip")
		}
		id = r.LongPollID
	}
}

func (c *Client) pollTemplate(ctx context.Context, prev chain.Hash) (*chain.Template, error) {
	tick := time.NewTicker(c.cfg.PollInterval)
	defer tick.Stop()
	for {
		best, err := c.bestBlockHash(ctx)
		if err != nil && ctx.Err() != nil {
			return nil, fmt.Errorf("bitcoind: wait template: %w", ctx.Err())
		}
		if err == nil && best != prev {
			t, err := c.Template(ctx)
			if err != nil {
				return nil, err
			}
			if t.PrevHash != prev {
				return t, nil
			}
		}
		// A failed poll is retried at the next tick: the node may be restarting.
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("bitcoind: wait template: %w", ctx.Err())
		case <-tick.C:
		}
	}
}

func (c *Client) bestBlockHash(ctx context.Context) (chain.Hash, error) {
	var h chain.Hash
	err := c.node(ctx, "getbestblockhash", &h)
	return h, err
}

// SubmitBlock implements chain.Driver. A found block is worth a block reward, so a
// transport failure never loses it: the block is sent again, with growing pauses, until
// the node answers or ctx ends. Sending it twice is harmless; a node that already has it
// from the attempt that broke answers "duplicate", which counts as accepted.
func (c *Client) SubmitBlock(ctx context.Context, block []byte) error {
	var res *string
	payload := hex.EncodeToString(block)
	err := c.callOnce(ctx, "", "submitblock", &res, payload)
	retried := false
	for pause := 100 * time.Millisecond; err != nil && isBrokenConnection(ctx, err); pause = min(2*pause, submitRetryMax) {
		select {
		case <-ctx.Done():
			return fmt.Errorf("bitcoind: submitblock: %w (last try: %v)", ctx.Err(), err)
		case <-time.After(pause):
		}
		res, retried = nil, true
		err = c.callOnce(ctx, "", "submitblock", &res, payload)
	}
	if err != nil {
		err = fmt.Errorf("bitcoind: submitblock: %w", err)
	}
	if retried && err == nil && res != nil && *res == "duplicate" {
		return nil
	}
	var rpcErr *RPCError
	if errors.As(err, &rpcErr) && (rpcErr.Code == CodeDeserialization || rpcErr.Code == CodeVerify) {
		return fmt.Errorf("bitcoind: submitblock: %w", &chain.RejectedError{Reason: rpcErr.Message})
	}
	if err != nil {
		return err
	}
	if res != nil {
		return fmt.Errorf("bitcoind: submitblock: %w", &chain.RejectedError{Reason: *res})
	}
	return nil
}

// Network implements chain.Driver. Difficulty and block reward come from a block template
// (next block's target; coinbase value less fees), so they are what a share found now is
// worth; when the node will not give a template (no peers, initial download) they come
// from the tip instead.
func (c *Client) Network(ctx context.Context) (chain.NetworkInfo, error) {
	var mi struct {
		Blocks        int64       `json:"blocks"`
		NetworkHashPS json.Number `json:"networkhashps"`
	}
	if err := c.node(ctx, "getmininginfo", &mi); err != nil {
		return chain.NetworkInfo{}, err
	}
	hps, err := mi.NetworkHashPS.Float64()
	if err != nil {
		return chain.NetworkInfo{}, fmt.Errorf("bitcoind: getmininginfo: networkhashps %q: %w", mi.NetworkHashPS, err)
	}
	info := chain.NetworkInfo{HashRate: hps, Height: mi.Blocks}

	t, tmplErr := c.Template(ctx)
	if tmplErr == nil {
		info.Height = t.Height - 1
		info.Difficulty = t.Difficulty
		info.BlockReward = t.CoinbaseValue
		for _, tx := range t.Transactions {
			info.BlockReward -= tx.Fee
		}
		return info, nil
	}
	if ctx.Err() != nil {
		return chain.NetworkInfo{}, tmplErr
	}

	best, err := c.bestBlockHash(ctx)
	if err != nil {
		return chain.NetworkInfo{}, err
	}
	var hdr struct {
		Height int64  `json:"height"`
		Bits   string `json:"bits"`
	}
	if err := c.node(ctx, "getblockheader", &hdr, best.String(), true); err != nil {
		return chain.NetworkInfo{}, err
	}
	bits, err := strconv.ParseUint(hdr.Bits, 16, 32)
	if err != nil {
		return chain.NetworkInfo{}, fmt.Errorf("bitcoind: getblockheader: bits %q: %w", hdr.Bits, err)
	}
	var stats struct {
		Subsidy int64 `json:"subsidy"`
	}
	if err := c.node(ctx, "getblockstats", &stats, hdr.Height, []string{"subsidy"}); err != nil {
		return chain.NetworkInfo{}, fmt.Errorf("%w (after getblocktemplate failed: %v)", err, tmplErr)
	}
	info.Height = hdr.Height
	info.Difficulty = chain.TargetToDifficulty(chain.CompactToTarget(uint32(bits)), c.cfg.Algorithm)
	info.BlockReward = stats.Subsidy
	return info, nil
}

// Block implements chain.Driver.
func (c *Client) Block(ctx context.Context, hash chain.Hash) (chain.BlockInfo, error) {
	var hdr struct {
		Confirmations int64 `json:"confirmations"`
		Height        int64 `json:"height"`
		Time          int64 `json:"time"`
	}
	if err := c.node(ctx, "getblockheader", &hdr, hash.String(), true); err != nil {
		return chain.BlockInfo{}, notFound(err)
	}
	// The raw block rather than getblock verbosity 2: one coinbase to decode, not a JSON
	// document of every transaction.
	value, err := c.coinbaseValue(ctx, hash)
	if err != nil {
		return chain.BlockInfo{}, err
	}
	return chain.BlockInfo{
		Hash:          hash,
		Height:        hdr.Height,
		Confirmations: hdr.Confirmations,
		Time:          hdr.Time,
		CoinbaseValue: value,
	}, nil
}

// coinbaseValue sums a block's coinbase outputs from the raw block.
func (c *Client) coinbaseValue(ctx context.Context, hash chain.Hash) (int64, error) {
	var raw hexBytes
	if err := c.node(ctx, "getblock", &raw, hash.String(), 0); err != nil {
		return 0, notFound(err)
	}
	_, cb, err := chain.ParseBlockCoinbase(raw)
	if err != nil {
		return 0, fmt.Errorf("bitcoind: getblock %s: %w", hash, err)
	}
	return cb.OutputValue(), nil
}

// BlockHash implements chain.Driver: getblockhash (an out-of-range height is ErrNotFound).
func (c *Client) BlockHash(ctx context.Context, height int64) (chain.Hash, error) {
	var s string
	if err := c.node(ctx, "getblockhash", &s, height); err != nil {
		var rpcErr *RPCError
		if errors.As(err, &rpcErr) && rpcErr.Code == -8 {
			return chain.Hash{}, fmt.Errorf("bitcoind: getblockhash %d: %w", height, chain.ErrNotFound)
		}
		return chain.Hash{}, err
	}
	return chain.ParseHash(s)
}

// BlockDetail implements chain.Driver: getblock at verbosity 1 (the header fields and the
// ids, not every transaction), and the coinbase value from the raw block's first transaction.
func (c *Client) BlockDetail(ctx context.Context, hash chain.Hash) (chain.BlockDetail, error) {
	var b struct {
		Height        int64    `json:"height"`
		Confirmations int64    `json:"confirmations"`
		Time          int64    `json:"time"`
		Size          int64    `json:"size"`
		Bits          string   `json:"bits"`
		Tx            []string `json:"tx"`
		NTx           int      `json:"nTx"`
		Prev          string   `json:"previousblockhash"`
		Next          string   `json:"nextblockhash"`
	}
	if err := c.node(ctx, "getblock", &b, hash.String(), 1); err != nil {
		return chain.BlockDetail{}, notFound(err)
	}
	value, err := c.coinbaseValue(ctx, hash)
	if err != nil {
		return chain.BlockDetail{}, err
	}
	out := chain.BlockDetail{BlockInfo: chain.BlockInfo{Hash: hash, Height: b.Height, Confirmations: b.Confirmations, Time: b.Time, CoinbaseValue: value},
		Size: b.Size, TxCount: max(b.NTx, len(b.Tx)), MaxTxIDsShown: chain.MaxBlockTxIDs}
	if bits, err := strconv.ParseUint(b.Bits, 16, 32); err == nil {
		out.Difficulty = chain.TargetToDifficulty(chain.CompactToTarget(uint32(bits)), c.cfg.Algorithm)
	}
	for _, h := range []struct {
		s   string
		dst *chain.Hash
	}{{b.Prev, &out.Prev}, {b.Next, &out.Next}} {
		if h.s != "" {
			if *h.dst, err = chain.ParseHash(h.s); err != nil {
				return chain.BlockDetail{}, fmt.Errorf("bitcoind: getblock %s: %w", hash, err)
			}
		}
	}
	for _, id := range b.Tx[:min(len(b.Tx), chain.MaxBlockTxIDs)] {
		h, err := chain.ParseHash(id)
		if err != nil {
			return chain.BlockDetail{}, fmt.Errorf("bitcoind: getblock %s: %w", hash, err)
		}
		out.TxIDs = append(out.TxIDs, h)
	}
	return out, nil
}

// notFound turns the node's "not found" (-5) into chain.ErrNotFound, keeping the message.
func notFound(err error) error {
	var rpcErr *RPCError
	if errors.As(err, &rpcErr) && rpcErr.Code == CodeInvalidAddressOrKey {
		return fmt.Errorf("%w: %v", chain.ErrNotFound, err)
	}
	return err
}

// ValidateAddress implements chain.Driver.
func (c *Client) ValidateAddress(ctx context.Context, addr string) (chain.Address, error) {
	var r struct {
		IsValid      bool     `json:"isvalid"`
		Address      string   `json:"address"`
		ScriptPubKey hexBytes `json:"scriptPubKey"`
	}
	if err := c.node(ctx, "validateaddress", &r, addr); err != nil {
		return chain.Address{}, err
	}
	if !r.IsValid {
		return chain.Address{}, nil
	}
	a := chain.Address{Valid: true, Normalized: canonicalAddress(addr, r.Address)}
	if len(r.ScriptPubKey) > 0 {
		a.Script = []byte(r.ScriptPubKey)
	}
	return a, nil
}

// canonicalAddress is addr as the node writes it back (validateaddress's "address": the
// node encodes the destination it decoded). A bech32 address (segwit, Litecoin's MWEB) is
// case-insensitive but written in one case, all lower or all upper, and the node writes
// it in lower case; a base58 address is case-sensitive and comes back as it was. An
// answer that is not addr up to case (an older node without the field) leaves addr as
// given: the canonical form only ever changes case.
func canonicalAddress(addr, node string) string {
	if node != "" && strings.EqualFold(node, addr) {
		return node
	}
	return addr
}

// Balance implements chain.Driver: the wallet's trusted balance (getbalance).
func (c *Client) Balance(ctx context.Context) (int64, error) {
	var n json.Number
	if err := c.wallet(ctx, "getbalance", &n); err != nil {
		return 0, err
	}
	v, err := chain.ParseNodeAmount(n.String(), c.cfg.Decimals)
	if err != nil {
		return 0, fmt.Errorf("bitcoind: getbalance: %w", err)
	}
	return v, nil
}

// Send implements chain.Driver (sendtoaddress; the fee comes on top of amount).
func (c *Client) Send(ctx context.Context, addr string, amount int64, comment string) (chain.Hash, error) {
	if amount <= 0 {
		return chain.Hash{}, fmt.Errorf("bitcoind: sendtoaddress: amount %d must be positive", amount)
	}
	var txid chain.Hash
	// The amount goes as a JSON number written from integers, never through a float.
	amt := json.Number(chain.FormatAmount(amount, c.cfg.Decimals))
	if err := c.wallet(ctx, "sendtoaddress", &txid, addr, amt, comment); err != nil {
		return chain.Hash{}, err
	}
	return txid, nil
}

// WalletSends implements chain.Driver (listsinceblock, with the transactions of blocks a
// reorganisation removed since too): every txid with a "send" entry, once each.
func (c *Client) WalletSends(ctx context.Context, since chain.Hash) ([]chain.Hash, chain.Hash, error) {
	type entry struct {
		Category string     `json:"category"`
		TxID     chain.Hash `json:"txid"`
	}
	var r struct {
		Transactions []entry    `json:"transactions"`
		Removed      []entry    `json:"removed"`
		LastBlock    chain.Hash `json:"lastblock"`
	}
	from := "" // the node reads an empty hash as "from the genesis block"
	if !since.IsZero() {
		from = since.String()
	}
	if err := c.wallet(ctx, "listsinceblock", &r, from, chain.SendsDepth, false, true); err != nil {
		return nil, chain.Hash{}, fmt.Errorf("bitcoind: listsinceblock: %w", err)
	}
	seen := map[chain.Hash]bool{}
	var sends []chain.Hash
	for _, e := range append(r.Transactions, r.Removed...) {
		if e.Category == "send" && !seen[e.TxID] {
			seen[e.TxID] = true
			sends = append(sends, e.TxID)
		}
	}
	return sends, r.LastBlock, nil
}

// Transaction implements chain.Driver (gettransaction).
func (c *Client) Transaction(ctx context.Context, txid chain.Hash) (chain.WalletTx, error) {
	var r struct {
		Amount        json.Number `json:"amount"`
		Fee           json.Number `json:"fee"`
		Confirmations int64       `json:"confirmations"`
		BlockHash     *chain.Hash `json:"blockhash"`
		Time          int64       `json:"time"`
	}
	if err := c.wallet(ctx, "gettransaction", &r, txid.String()); err != nil {
		return chain.WalletTx{}, notFound(err)
	}
	wt := chain.WalletTx{TxID: txid, Confirmations: r.Confirmations, Time: r.Time}
	var err error
	if wt.Amount, err = chain.ParseNodeAmount(r.Amount.String(), c.cfg.Decimals); err != nil {
		return chain.WalletTx{}, fmt.Errorf("bitcoind: gettransaction: amount: %w", err)
	}
	if r.Fee != "" {
		fee, err := chain.ParseNodeAmount(r.Fee.String(), c.cfg.Decimals)
		if err != nil {
			return chain.WalletTx{}, fmt.Errorf("bitcoind: gettransaction: fee: %w", err)
		}
		// The node reports the fee of a send as negative.
		wt.Fee = max(fee, -fee)
	}
	if r.BlockHash != nil {
		wt.BlockHash = *r.BlockHash
	}
	return wt, nil
}

// NewAddress implements chain.Driver (getnewaddress).
func (c *Client) NewAddress(ctx context.Context) (string, error) {
	var addr string
	if err := c.wallet(ctx, "getnewaddress", &addr); err != nil {
		return "", err
	}
	return addr, nil
}

// BuildPayout implements chain.Driver: createrawtransaction, fundrawtransaction with the
// chosen coins locked (lockunspent survives until broadcast or ReleasePayout, not a node
// restart; the payout job keeps the raw transaction and rebroadcasts it, so a restart
// does not matter), signrawtransactionwithwallet, and decoderawtransaction of the signed
// transaction for its txid and inputs.
func (c *Client) BuildPayout(ctx context.Context, outputs []chain.PayoutOutput) (chain.SignedPayout, error) {
	if err := chain.CheckPayout(outputs); err != nil {
		return chain.SignedPayout{}, fmt.Errorf("bitcoind: %w", err)
	}
	outs := make([]map[string]json.Number, len(outputs))
	for i, o := range outputs {
		outs[i] = map[string]json.Number{o.Address: json.Number(chain.FormatAmount(o.Amount, c.cfg.Decimals))}
	}
	var raw hexBytes
	if err := c.wallet(ctx, "createrawtransaction", &raw, []any{}, outs); err != nil {
		return chain.SignedPayout{}, refusedOutputs(err, createRefusal)
	}
	var funded struct {
		Hex hexBytes    `json:"hex"`
		Fee json.Number `json:"fee"`
	}
	if err := c.wallet(ctx, "fundrawtransaction", &funded, hex.EncodeToString(raw), map[string]any{"lockUnspents": true}); err != nil {
		return chain.SignedPayout{}, refusedOutputs(err, fundRefusal)
	}
	var signed struct {
		Hex      hexBytes `json:"hex"`
		Complete bool     `json:"complete"`
	}
	if err := c.wallet(ctx, "signrawtransactionwithwallet", &signed, hex.EncodeToString(funded.Hex)); err != nil {
		return chain.SignedPayout{}, err
	}
	// The signed transaction names its txid (witness data is not part of it) and the coins
	// it spends; it decodes whether or not every input got signed.
	var decoded struct {
		TxID chain.Hash `json:"txid"`
		Vin  []struct {
			TxID chain.Hash `json:"txid"`
			Vout uint32     `json:"vout"`
		} `json:"vin"`
	}
	if err := c.node(ctx, "decoderawtransaction", &decoded, hex.EncodeToString(signed.Hex)); err != nil {
		return chain.SignedPayout{}, err
	}
	p := chain.SignedPayout{TxID: decoded.TxID, Raw: signed.Hex}
	for _, in := range decoded.Vin {
		p.Inputs = append(p.Inputs, chain.OutPoint{TxID: in.TxID, Vout: in.Vout})
	}
	if !signed.Complete {
		_ = c.ReleasePayout(ctx, p)
		return chain.SignedPayout{}, fmt.Errorf("bitcoind: signrawtransactionwithwallet: the wallet could not sign every input")
	}
	fee, err := chain.ParseNodeAmount(funded.Fee.String(), c.cfg.Decimals)
	if err != nil {
		_ = c.ReleasePayout(ctx, p)
		return chain.SignedPayout{}, fmt.Errorf("bitcoind: fundrawtransaction: fee: %w", err)
	}
	p.Fee = fee
	return p, nil
}

// OutputsRefusedError is a payout the node will not build for what its outputs are: an
// address it does not take, an amount out of range or below its dust limit. Unlike a node
// that is down or a wallet that is short, trying the same outputs again is refused again,
// so the payout job (internal/withdraw) finds the outputs at fault and fails only their
// withdrawals. The node does not say which output it refused.
type OutputsRefusedError struct {
	Err error // the node's answer (an *RPCError inside)
}

// Error implements error: the node's answer as it was.
func (e *OutputsRefusedError) Error() string { return e.Err.Error() }

// Unwrap gives the node's error.
func (e *OutputsRefusedError) Unwrap() error { return e.Err }

// OutputsRefused says that building the same outputs again will be refused again.
func (e *OutputsRefusedError) OutputsRefused() bool { return true }

// createRefusal tells createrawtransaction's answers about the outputs themselves:
// -5 "Invalid Litecoin address", -3 "Invalid amount" or "Amount out of range", -8
// "Invalid parameter, duplicated address". Every other answer (the node warming up, a
// wallet not loaded) and every failure to get an answer is not the outputs' fault.
func createRefusal(e *RPCError) bool {
	return e.Code == CodeInvalidAddressOrKey || e.Code == CodeType || e.Code == CodeInvalidParameter
}

// fundRefusal tells fundrawtransaction's refusal of an output below the dust limit: -4
// "Transaction amount too small" (Litecoin Core 0.21, Bitcoin Core), or "The transaction
// amount is too small to pay the fee". The same code -4 also says "Insufficient funds",
// which the next run may not say, so the message decides.
func fundRefusal(e *RPCError) bool {
	m := strings.ToLower(e.Message)
	return e.Code == CodeWallet && (strings.Contains(m, "amount too small") || strings.Contains(m, "amount is too small") || strings.Contains(m, "dust"))
}

// refusedOutputs wraps err in an *OutputsRefusedError when it is the node's answer and
// refused says it is about the outputs.
func refusedOutputs(err error, refused func(*RPCError) bool) error {
	var rpcErr *RPCError
	if errors.As(err, &rpcErr) && refused(rpcErr) {
		return &OutputsRefusedError{Err: err}
	}
	return err
}

// Broadcast implements chain.Driver (sendrawtransaction). A transaction the node already
// holds answers with the known txid instead of an error.
func (c *Client) Broadcast(ctx context.Context, raw []byte) (chain.Hash, error) {
	var txid chain.Hash
	err := c.node(ctx, "sendrawtransaction", &txid, hex.EncodeToString(raw))
	if err == nil {
		return txid, nil
	}
	var rpcErr *RPCError
	if !errors.As(err, &rpcErr) {
		return chain.Hash{}, err
	}
	var decoded struct {
		TxID chain.Hash `json:"txid"`
	}
	if derr := c.node(ctx, "decoderawtransaction", &decoded, hex.EncodeToString(raw)); derr != nil {
		return chain.Hash{}, derr
	}
	if alreadyKnown(rpcErr) {
		return decoded.TxID, nil
	}
	if !spentInputs(rpcErr) {
		return chain.Hash{}, err
	}
	// Spent inputs: by this very transaction when the wallet knows it (confirmed, on
	// older nodes), by another one when it does not.
	wt, terr := c.Transaction(ctx, decoded.TxID)
	switch {
	case terr == nil && wt.Confirmations >= 0:
		return decoded.TxID, nil
	case terr == nil || errors.Is(terr, chain.ErrNotFound):
		return chain.Hash{}, fmt.Errorf("bitcoind: sendrawtransaction %s: %v: %w", decoded.TxID, err, chain.ErrConflict)
	}
	return chain.Hash{}, terr
}

// spentInputs tells the node's "this transaction spends what is already spent or does not
// exist" (-25 "bad-txns-inputs-missingorspent", "missing inputs", a mempool conflict).
func spentInputs(e *RPCError) bool {
	m := strings.ToLower(e.Message)
	return strings.Contains(m, "missingorspent") || strings.Contains(m, "missing inputs") || strings.Contains(m, "txn-mempool-conflict")
}

// alreadyKnown tells a node's "I have this transaction" apart from a refusal: in the
// mempool (-26/-27 "txn-already-in-mempool", "txn-already-known") or in a block (-27
// "Transaction already in block chain"; older nodes answer a confirmed one's spent inputs
// with -25 "missing inputs", which is left to the caller to check with Transaction).
func alreadyKnown(e *RPCError) bool {
	m := strings.ToLower(e.Message)
	return strings.Contains(m, "already in block chain") || strings.Contains(m, "already-in-mempool") ||
		strings.Contains(m, "txn-already-known") || strings.Contains(m, "already in the mempool")
}

// HoldOnly implements chain.Driver: listlockunspent, lockunspent true for every lock not
// among keep's inputs, and lockunspent false for each of keep's inputs not locked (an
// input already spent cannot be locked; that is skipped).
func (c *Client) HoldOnly(ctx context.Context, keep []chain.SignedPayout) error {
	var locked []struct {
		TxID chain.Hash `json:"txid"`
		Vout uint32     `json:"vout"`
	}
	if err := c.wallet(ctx, "listlockunspent", &locked); err != nil {
		return err
	}
	want := map[chain.OutPoint]bool{}
	for _, p := range keep {
		for _, in := range p.Inputs {
			want[in] = true
		}
	}
	var free []map[string]any
	for _, l := range locked {
		op := chain.OutPoint{TxID: l.TxID, Vout: l.Vout}
		if want[op] {
			delete(want, op)
			continue
		}
		free = append(free, map[string]any{"txid": l.TxID.String(), "vout": l.Vout})
	}
	var ok bool
	if len(free) > 0 {
		if err := c.wallet(ctx, "lockunspent", &ok, true, free); err != nil {
			return err
		}
	}
	for op := range want {
		err := c.wallet(ctx, "lockunspent", &ok, false, []map[string]any{{"txid": op.TxID.String(), "vout": op.Vout}})
		var rpcErr *RPCError
		if err != nil && !errors.As(err, &rpcErr) {
			return err
		}
	}
	return nil
}

// ReleasePayout implements chain.Driver (lockunspent true).
func (c *Client) ReleasePayout(ctx context.Context, p chain.SignedPayout) error {
	if len(p.Inputs) == 0 {
		return nil
	}
	outs := make([]map[string]any, len(p.Inputs))
	for i, in := range p.Inputs {
		outs[i] = map[string]any{"txid": in.TxID.String(), "vout": in.Vout}
	}
	var ok bool
	return c.wallet(ctx, "lockunspent", &ok, true, outs)
}
