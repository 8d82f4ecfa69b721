// Package kaspad is the chain driver for a Kaspa full node (rusty-kaspa's kaspad) over its
// wRPC JSON interface: JSON over WebSocket (wrpc.go for the framing, messages.go for the
// message shapes). It gives chain.Node and chain.HeaderWork: kaspad builds the whole block
// (getBlockTemplate with the pool's pay address), the miners vary the nonce, and the
// driver hands the block back with that nonce (submitBlock). The proof of work, hashes and
// addresses are the consensus package internal/chain/kaspa.
//
// kaspad v0.15.1 or later is needed (the RpcRawHeader template shape, getCurrentBlockColor);
// docs/chains/kaspa.md says what was tested against what. kaspad has no wallet: wallet.go is
// the pool wallet, holding its key and signing its payouts.
package kaspad

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/kaspa"
)

// Config configures the driver.
type Config struct {
	// URL is kaspad's wRPC JSON endpoint: ws://host:port (kaspad --rpclisten-json).
	URL string
	// PayAddress receives the blocks' rewards (the pool wallet's address).
	PayAddress string
	// ExtraData goes into the coinbase payload after kaspad's own "<version>/".
	ExtraData string
	// Network is kaspad's network id ("mainnet", "testnet-10", "simnet", "devnet"); it
	// picks the address prefix. Empty: the pay address's network.
	Network string
	// AllowUnsynced hands out templates while kaspad says it is not synced (isSynced
	// false): for an isolated devnet or simnet node only; elsewhere such blocks are lost.
	AllowUnsynced bool
	// CallTimeout bounds one call (0: 30 s); PollInterval is how often WaitHeaderTemplate
	// asks for a template when no notification came (0: 1 s, kaspad's new-template
	// notifications being the usual wake-up).
	CallTimeout, PollInterval time.Duration
	// HashrateWindow is estimateNetworkHashesPerSecond's window in blocks (0: 1000; kaspad
	// refuses more than 10000 in safe RPC mode).
	HashrateWindow uint32

	// The pool wallet (wallet.go). WalletKeyFile names a file holding the wallet's
	// 32-byte secp256k1 private key as 64 hex digits, readable by its owner only;
	// WalletKey gives the key itself instead (tests). With neither, every wallet call
	// fails with ErrNoWallet. The key's Schnorr address must be PayAddress, so that the
	// blocks' rewards land in the wallet that pays.
	WalletKeyFile string
	WalletKey     []byte
	// CoinbaseMaturity is how far (in DAA score) the virtual must be past a coinbase
	// output's before the wallet spends it (0: 1000, kaspad's 100 seconds at 10 blocks a
	// second).
	CoinbaseMaturity uint64
	// FeeRate is the fee in sompi per gram of mass (0: getFeeEstimate's normal rate).
	FeeRate float64
}

// Errors of the driver.
var (
	// ErrNotSynced is returned by HeaderTemplate while kaspad is not synced.
	ErrNotSynced = errors.New("kaspad: node is not synced")
	// ErrNoWallet is returned by every wallet call when no wallet key is configured:
	// kaspad has no wallet of its own.
	ErrNoWallet = errors.New("kaspad: no wallet key configured (wallet_key_file); kaspad has no wallet of its own (docs/chains/kaspa.md)")
	// ErrChainTooDeep is returned by BlockHash for a DAA score more than MaxChainWalk
	// chain blocks below the sink.
	ErrChainTooDeep = errors.New("kaspad: DAA score too deep below the sink")
)

// MaxChainWalk bounds how many selected-chain blocks BlockHash walks back from the sink.
const MaxChainWalk = 2000

// Driver talks to one kaspad.
type Driver struct {
	cfg    Config
	prefix string
	pay    kaspa.Address
	rpc    *Client

	wallet *wallet // nil: no wallet key configured

	mu     sync.Mutex
	signal chan struct{} // closed and replaced on every new-template notification or connection change
	subbed bool
	links  map[kaspa.Hash]chainLink // selected-chain walk cache (immutable header facts)
}

// chainLink is what BlockHash needs of a block: its DAA score and selected parent.
type chainLink struct {
	daaScore       uint64
	selectedParent kaspa.Hash
}

// template is the driver's record of a template (chain.HeaderTemplate.Node).
type template struct {
	header rpcHeader
	raw    rawBlock
}

// networkPrefixes maps kaspad's network ids to address prefixes.
func networkPrefix(network string) (string, error) {
	switch {
	case network == "mainnet":
		return kaspa.PrefixMainnet, nil
	case network == "testnet" || strings.HasPrefix(network, "testnet-"):
		return kaspa.PrefixTestnet, nil
	case network == "simnet":
		return kaspa.PrefixSimnet, nil
	case network == "devnet":
		return kaspa.PrefixDevnet, nil
	}
	return "", fmt.Errorf("kaspad: unknown network %q (mainnet, testnet-N, simnet, devnet)", network)
}

// New checks cfg and returns a driver; it dials on the first call.
func New(cfg Config) (*Driver, error) {
	d := &Driver{cfg: cfg, signal: make(chan struct{}), links: map[kaspa.Hash]chainLink{}}
	if cfg.Network != "" {
		p, err := networkPrefix(cfg.Network)
		if err != nil {
			return nil, err
		}
		d.prefix = p
	}
	pay, err := kaspa.ParseAddress(cfg.PayAddress, d.prefix)
	if err != nil {
		return nil, fmt.Errorf("kaspad: pay address: %w", err)
	}
	d.pay, d.prefix = pay, pay.Prefix
	if d.wallet, err = openWallet(cfg, pay); err != nil {
		return nil, err
	}
	if d.cfg.PollInterval <= 0 {
		d.cfg.PollInterval = time.Second
	}
	if d.cfg.HashrateWindow == 0 {
		d.cfg.HashrateWindow = 1000
	}
	d.rpc, err = NewClient(ClientConfig{URL: cfg.URL, CallTimeout: cfg.CallTimeout,
		OnNotify: d.notified, OnConnect: d.wake, OnLost: d.wake})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// Dial is New followed by a check of the node: it answers getServerInfo, and its network
// is the pay address's.
func Dial(ctx context.Context, cfg Config) (*Driver, error) {
	d, err := New(cfg)
	if err != nil {
		return nil, err
	}
	var info getServerInfoResponse
	if err := d.rpc.Call(ctx, "getServerInfo", nil, &info); err != nil {
		d.Close()
		return nil, err
	}
	p, err := networkPrefix(info.NetworkID)
	if err != nil {
		d.Close()
		return nil, err
	}
	if p != d.prefix {
		d.Close()
		return nil, fmt.Errorf("kaspad: node is on %s, the pay address %s is not", info.NetworkID, cfg.PayAddress)
	}
	return d, nil
}

// Close ends the connection.
func (d *Driver) Close() error { return d.rpc.Close() }

// Client is the driver's wRPC client, for calls the driver does not wrap.
func (d *Driver) Client() *Client { return d.rpc }

// Name implements chain.Node.
func (d *Driver) Name() string { return "kaspad" }

// IsDAG implements chain.DAG: found blocks are judged by their own color and depth
// (Block), since a blue block off the selected chain is paid too.
func (d *Driver) IsDAG() bool { return true }

// notified wakes WaitHeaderTemplate on kaspad's new-template notifications.
func (d *Driver) notified(method string, _ json.RawMessage) {
	if method == "newBlockTemplateNotification" {
		d.wake()
	}
}

// wake releases every WaitHeaderTemplate to ask for a template: one was announced, or the
// connection changed and announcements may have been missed.
func (d *Driver) wake() {
	d.mu.Lock()
	close(d.signal)
	d.signal = make(chan struct{})
	d.mu.Unlock()
}

// HeaderTemplate implements chain.HeaderWork: getBlockTemplate for the pay address.
// Work is the pre-PoW hash and the timestamp (kaspa.JobWork), Height the DAA score,
// PrevHash the first direct parent (kaspad's virtual processor puts the selected parent
// first), Reward the block's own subsidy (fees not included: the template does not say
// them), ID the pre-PoW hash and timestamp.
func (d *Driver) HeaderTemplate(ctx context.Context) (*chain.HeaderTemplate, error) {
	var r getBlockTemplateResponse
	req := getBlockTemplateRequest{PayAddress: d.pay.String(), ExtraData: byteArray(d.cfg.ExtraData)}
	if err := d.rpc.Call(ctx, "getBlockTemplate", req, &r); err != nil {
		return nil, err
	}
	if !r.IsSynced && !d.cfg.AllowUnsynced {
		return nil, ErrNotSynced
	}
	t, err := parseTemplate(r.Block)
	if err != nil {
		return nil, fmt.Errorf("kaspad: getBlockTemplate: %w", err)
	}
	return t, nil
}

// parseTemplate reads a template's block into a chain.HeaderTemplate.
func parseTemplate(block json.RawMessage) (*chain.HeaderTemplate, error) {
	var rec template
	if err := json.Unmarshal(block, &rec.raw); err != nil {
		return nil, err
	}
	var typed struct {
		Header       rpcHeader `json:"header"`
		Transactions []rpcTx   `json:"transactions"`
	}
	if err := json.Unmarshal(block, &typed); err != nil {
		return nil, err
	}
	if _, ok := rec.raw.Header["nonce"]; !ok || rec.raw.Header == nil {
		return nil, fmt.Errorf("header has no nonce")
	}
	rec.header = typed.Header
	h := rec.header.consensus()
	if err := h.Validate(); err != nil {
		return nil, err
	}
	if len(h.Parents) == 0 || len(h.Parents[0]) == 0 {
		return nil, fmt.Errorf("header has no parents")
	}
	subsidy, err := coinbaseSubsidy(typed.Transactions)
	if err != nil {
		return nil, err
	}
	pre := h.PrePowHash()
	target := kaspa.TargetFromBits(h.Bits)
	return &chain.HeaderTemplate{
		ID:         pre.String() + "-" + strconv.FormatUint(h.Timestamp, 10),
		Height:     int64(h.DAAScore),
		PrevHash:   h.Parents[0][0].ChainHash(),
		Work:       kaspa.JobWork(pre, h.Timestamp),
		Target:     target,
		Difficulty: kaspa.DifficultyFromTarget(target),
		Reward:     int64(subsidy),
		Time:       time.UnixMilli(int64(h.Timestamp)),
		Node:       &rec,
	}, nil
}

// WaitHeaderTemplate implements chain.HeaderWork: it subscribes to kaspad's new-template
// notifications and asks for a template on each (and every PollInterval, and after a
// reconnection), until one differs from prev.
func (d *Driver) WaitHeaderTemplate(ctx context.Context, prev *chain.HeaderTemplate) (*chain.HeaderTemplate, error) {
	for {
		d.mu.Lock()
		sig, subbed := d.signal, d.subbed
		d.mu.Unlock()
		if !subbed {
			if err := d.rpc.Subscribe(ctx, "NewBlockTemplate"); err != nil {
				return nil, err
			}
			d.mu.Lock()
			d.subbed = true
			d.mu.Unlock()
		}
		t, err := d.HeaderTemplate(ctx)
		if err == nil && (prev == nil || t.ID != prev.ID) {
			return t, nil
		}
		if err != nil && ctx.Err() != nil {
			return nil, err
		}
		// A failed call (a lost connection, a node not synced) is tried again at the next
		// wake-up, as a quiet tip is.
		timer := time.NewTimer(d.cfg.PollInterval)
		select {
		case <-sig:
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			return nil, ctx.Err()
		}
		timer.Stop()
	}
}

// SubmitHeader implements chain.HeaderWork: the template's block with the nonce (8 bytes,
// big-endian, as the engine gives it) in its header, through submitBlock. A reject report
// becomes a *chain.RejectedError with kaspad's reason: "blockInvalid", "isInIBD" (the node
// is not synced) or "routeIsFull" (the node's block queue is full).
func (d *Driver) SubmitHeader(ctx context.Context, t *chain.HeaderTemplate, nonce []byte) (chain.Hash, error) {
	rec, ok := t.Node.(*template)
	if !ok {
		return chain.Hash{}, fmt.Errorf("kaspad: submit: template %s is not this driver's", t.ID)
	}
	if len(nonce) != 8 {
		return chain.Hash{}, fmt.Errorf("kaspad: submit: nonce of %d bytes, want 8", len(nonce))
	}
	n := binary.BigEndian.Uint64(nonce)
	hdr := make(map[string]json.RawMessage, len(rec.raw.Header))
	for k, v := range rec.raw.Header {
		hdr[k] = v
	}
	hdr["nonce"] = json.RawMessage(strconv.FormatUint(n, 10))
	h := rec.header.consensus()
	h.Nonce = n
	hash := h.Hash()
	req := submitBlockRequest{Block: rawBlock{Header: hdr, Transactions: rec.raw.Transactions}}
	var r submitBlockResponse
	if err := d.rpc.Call(ctx, "submitBlock", req, &r); err != nil {
		return chain.Hash{}, err
	}
	reason, err := r.report()
	if err != nil {
		return chain.Hash{}, fmt.Errorf("kaspad: submitBlock %s: %w", hash, err)
	}
	if reason != "" {
		return chain.Hash{}, &chain.RejectedError{Reason: reason}
	}
	return hash.ChainHash(), nil
}

// Network implements chain.Node: difficulty (in the stratum convention) and subsidy from a
// template, the virtual DAA score as the height, and kaspad's hashrate estimate.
func (d *Driver) Network(ctx context.Context) (chain.NetworkInfo, error) {
	var dag getBlockDagInfoResponse
	if err := d.rpc.Call(ctx, "getBlockDagInfo", nil, &dag); err != nil {
		return chain.NetworkInfo{}, err
	}
	var hr estimateNetworkHashesPerSecondResponse
	if err := d.rpc.Call(ctx, "estimateNetworkHashesPerSecond",
		estimateNetworkHashesPerSecondRequest{WindowSize: d.cfg.HashrateWindow}, &hr); err != nil {
		return chain.NetworkInfo{}, err
	}
	var r getBlockTemplateResponse
	req := getBlockTemplateRequest{PayAddress: d.pay.String(), ExtraData: byteArray(d.cfg.ExtraData)}
	if err := d.rpc.Call(ctx, "getBlockTemplate", req, &r); err != nil {
		return chain.NetworkInfo{}, err
	}
	t, err := parseTemplate(r.Block)
	if err != nil {
		return chain.NetworkInfo{}, fmt.Errorf("kaspad: getBlockTemplate: %w", err)
	}
	return chain.NetworkInfo{Difficulty: t.Difficulty, HashRate: float64(hr.NetworkHashesPerSecond),
		Height: int64(dag.VirtualDAAScore), BlockReward: t.Reward}, nil
}

// getBlock calls getBlock, mapping kaspad's "cannot find" errors to chain.ErrNotFound.
func (d *Driver) getBlock(ctx context.Context, hash kaspa.Hash, txs bool) (*rpcBlock, error) {
	var r getBlockResponse
	err := d.rpc.Call(ctx, "getBlock", getBlockRequest{Hash: hash, IncludeTransactions: txs}, &r)
	var re *RPCError
	if errors.As(err, &re) && strings.HasPrefix(re.Message, "cannot find ") {
		return nil, fmt.Errorf("kaspad: block %s: %w", hash, chain.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	if r.Block.VerboseData == nil {
		return nil, fmt.Errorf("kaspad: block %s: answer without verbose data", hash)
	}
	return &r.Block, nil
}

// Block implements chain.Node. Kaspa's rule, by DAA score: a block earns its reward when
// a chain block merges it as blue; it is then confirmed by virtualDaaScore - daaScore + 1
// (coinbase maturity is counted the same way: 100 s of DAA score, 1000 on mainnet at 10
// blocks a second). A red block (merged, but not blue: getCurrentBlockColor false) is
// orphaned (-1): it is in the DAG for good, but earns nothing. A block no chain block has
// merged yet has 0 confirmations. CoinbaseValue is the block's own subsidy from its
// coinbase payload (see coinbaseSubsidy), not its coinbase outputs (which pay others).
func (d *Driver) Block(ctx context.Context, hash chain.Hash) (chain.BlockInfo, error) {
	info, _, err := d.block(ctx, hash)
	return info, err
}

func (d *Driver) block(ctx context.Context, hash chain.Hash) (chain.BlockInfo, *rpcBlock, error) {
	kh := kaspa.HashFromChain(hash)
	b, err := d.getBlock(ctx, kh, true)
	if err != nil {
		return chain.BlockInfo{}, nil, err
	}
	var dag getBlockDagInfoResponse
	if err := d.rpc.Call(ctx, "getBlockDagInfo", nil, &dag); err != nil {
		return chain.BlockInfo{}, nil, err
	}
	info := chain.BlockInfo{Hash: hash, Height: int64(b.Header.DAAScore), Time: int64(b.Header.Timestamp / 1000)}
	if subsidy, err := coinbaseSubsidy(b.Transactions); err == nil {
		info.CoinbaseValue = int64(subsidy)
	}
	var color getCurrentBlockColorResponse
	err = d.rpc.Call(ctx, "getCurrentBlockColor", getCurrentBlockColorRequest{Hash: kh}, &color)
	var re *RPCError
	switch {
	case errors.As(err, &re) && strings.Contains(re.Message, "doesn't have any merger block"):
		info.Confirmations = 0 // not merged yet
	case err != nil:
		return chain.BlockInfo{}, nil, err
	case !color.Blue:
		info.Confirmations = -1
	default:
		info.Confirmations = 1
		if dag.VirtualDAAScore > b.Header.DAAScore {
			info.Confirmations = int64(dag.VirtualDAAScore-b.Header.DAAScore) + 1
		}
	}
	return info, b, nil
}

// BlockDetail implements chain.Node. Prev is the selected parent; Next the selected
// chain's next block (a child on the chain whose selected parent this is) for a chain
// block, zero otherwise; Size is 0 (kaspad does not say); Difficulty in the stratum
// convention.
func (d *Driver) BlockDetail(ctx context.Context, hash chain.Hash) (chain.BlockDetail, error) {
	info, b, err := d.block(ctx, hash)
	if err != nil {
		return chain.BlockDetail{}, err
	}
	v := b.VerboseData
	det := chain.BlockDetail{BlockInfo: info, Prev: v.SelectedParentHash.ChainHash(),
		Difficulty: kaspa.DifficultyFromBits(b.Header.Bits), TxCount: len(v.TransactionIDs), MaxTxIDsShown: chain.MaxBlockTxIDs}
	if len(b.Header.ParentsByLevel) == 0 {
		det.Prev = chain.Hash{} // genesis
	}
	for i, id := range v.TransactionIDs {
		if i == chain.MaxBlockTxIDs {
			break
		}
		det.TxIDs = append(det.TxIDs, id.ChainHash())
	}
	if v.IsChainBlock {
		kh := kaspa.HashFromChain(hash)
		for i, child := range v.ChildrenHashes {
			if i == 16 {
				break // a chain block's chain child is among its few children; do not crawl wide ones
			}
			c, err := d.getBlock(ctx, child, false)
			if errors.Is(err, chain.ErrNotFound) {
				continue
			}
			if err != nil {
				return chain.BlockDetail{}, err
			}
			if c.VerboseData.IsChainBlock && c.VerboseData.SelectedParentHash == kh {
				det.Next = child.ChainHash()
				break
			}
		}
	}
	return det, nil
}

// BlockHash implements chain.Node. A DAG has no block at a height: many blocks can share
// a DAA score, and a block off the selected chain still earns its reward when merged
// blue. BlockHash gives the selected chain's block whose DAA score is height, walking
// selected parents back from the sink (at most MaxChainWalk blocks, else
// ErrChainTooDeep); chain.ErrNotFound when height is above the virtual's DAA score or the
// chain skips it (a chain block's DAA score grows by its merge set's size). It serves the
// explorer's list of latest blocks; found blocks must be judged by Block (blue, red, not
// merged yet), not by BlockHash.
func (d *Driver) BlockHash(ctx context.Context, height int64) (chain.Hash, error) {
	var dag getBlockDagInfoResponse
	if err := d.rpc.Call(ctx, "getBlockDagInfo", nil, &dag); err != nil {
		return chain.Hash{}, err
	}
	if height < 0 || uint64(height) > dag.VirtualDAAScore {
		return chain.Hash{}, fmt.Errorf("kaspad: DAA score %d: %w", height, chain.ErrNotFound)
	}
	cur := dag.Sink
	for range MaxChainWalk {
		d.mu.Lock()
		l, ok := d.links[cur]
		d.mu.Unlock()
		if !ok {
			b, err := d.getBlock(ctx, cur, false)
			if err != nil {
				return chain.Hash{}, err
			}
			l = chainLink{daaScore: b.Header.DAAScore, selectedParent: b.VerboseData.SelectedParentHash}
			d.mu.Lock()
			if len(d.links) >= 4*MaxChainWalk {
				clear(d.links)
			}
			d.links[cur] = l
			d.mu.Unlock()
		}
		switch {
		case l.daaScore == uint64(height):
			return cur.ChainHash(), nil
		case l.daaScore < uint64(height) || l.selectedParent == (kaspa.Hash{}) || l.selectedParent == cur:
			return chain.Hash{}, fmt.Errorf("kaspad: DAA score %d: no chain block: %w", height, chain.ErrNotFound)
		}
		cur = l.selectedParent
	}
	return chain.Hash{}, fmt.Errorf("%w: %d is more than %d chain blocks down", ErrChainTooDeep, height, MaxChainWalk)
}

// ValidateAddress implements chain.Node with the consensus package's ParseAddress for the
// node's network prefix; Script is the version-0 script that pays it.
func (d *Driver) ValidateAddress(_ context.Context, addr string) (chain.Address, error) {
	a, err := kaspa.ParseAddress(addr, d.prefix)
	if err != nil {
		return chain.Address{}, nil
	}
	return chain.Address{Valid: true, Script: a.ScriptPublicKey().Script, Normalized: a.String()}, nil
}
