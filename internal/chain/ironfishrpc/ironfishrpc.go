// Package ironfishrpc is the chain driver for the IronFish full node (the @ironfish/sdk
// node, `ironfish start`), over its RPC on TCP: block templates from
// miner/blockTemplateStream, blocks back through miner/submitBlock, the chain for maturity
// and the explorer, and payouts from one account of the node's wallet. It implements
// chain.Node and chain.HeaderWork; docs/chains/ironfish.md says which RPC serves what.
//
// Hashes: IronFish shows block and transaction hashes as the hex of the hash's bytes in
// order. A chain.Hash here holds those bytes reversed, so that chain.Hash.String (which
// reverses) prints what the node prints, and chain.ParseHash reads it.
//
// Amounts are in ore (1 IRON = 10^8 ore), the node's own unit on the wire.
package ironfishrpc

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net"
	"strconv"
	"sync"
	"time"

	"lukechampine.com/blake3"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/ironfish"
)

// Defaults for the zero values of Config.
const (
	DefaultConfirmations   = 2
	DefaultExpirationDelta = 120
	DefaultTimeout         = 30 * time.Second
	// DefaultPostTimeout bounds wallet/postTransaction, which proves every spend and
	// output (seconds each on a slow machine).
	DefaultPostTimeout = 5 * time.Minute
)

// NativeAssetID is the asset id of IRON itself.
const NativeAssetID = "51f33a2f14f92735e562dc658a5639279ddca3d5079a6d1242b2a588a9cbf44c"

// GraffitiSize is the length of a header's graffiti.
const GraffitiSize = 32

// Config says how to reach a node and which wallet account pays.
type Config struct {
	// Addr is the node's TCP RPC address, host:port (`rpc.tcpHost`/`rpc.tcpPort` of the
	// node, with `enableRpcTcp` on; 8020 by default).
	Addr string
	// AuthToken is sent with every request. The node's plain TCP adapter does not check
	// it in SDK 2.12.0 (only its TLS adapter does), so keep the port on a private network.
	AuthToken string
	// Account is the wallet account the pool pays from and reports; empty means the
	// node's default account. The node pays every block's miner fee to its default
	// account, so it should be this one.
	Account string
	// Graffiti is written into every header the pool's miners hash (at most 32 bytes,
	// zero-padded, as the SDK's GraffitiUtils.fromString does).
	Graffiti string
	// Confirmations is how deep a note must be before a payout spends it and the balance
	// counts it (the node's own `confirmations` setting is 2; DefaultConfirmations).
	Confirmations int64
	// FeeRate is the payout fee rate in ore per 1000 bytes; zero asks the node
	// (chain/estimateFeeRate, "average").
	FeeRate int64
	// ExpirationDelta is how many blocks a payout transaction stays valid after it is
	// built (DefaultExpirationDelta when zero). Past it the node can never take it, and
	// the payout fails and gives its money back (Broadcast answers chain.ErrConflict,
	// Transaction negative confirmations).
	ExpirationDelta int64
	// Timeout bounds each call (DefaultTimeout when zero); PostTimeout bounds
	// wallet/postTransaction (DefaultPostTimeout when zero).
	Timeout, PostTimeout time.Duration
	// RetargetEvery is how often the latest template is moved to the present: its
	// timestamp now, and the target IronFish's rule gives a block at that time (easier the
	// longer the tip stands). DefaultRetargetEvery when zero, as IronFish's own pool does.
	RetargetEvery time.Duration
}

// DefaultRetargetEvery is the SDK MiningPool's RECALCULATE_TARGET_TIMEOUT.
const DefaultRetargetEvery = 10 * time.Second

// Driver is a chain.HeaderWork backed by an IronFish node's RPC.
type Driver struct {
	cfg      Config
	graffiti [GraffitiSize]byte
	rpc      *Client // calls
	stream   *Client // the template stream, alone on its connection

	startOnce sync.Once
	stop      context.CancelFunc
	streamWG  sync.WaitGroup

	mu      sync.Mutex
	latest  *chain.HeaderTemplate
	workErr error              // why the latest template could not be used (FishHash active)
	changed chan struct{}      // closed and replaced when latest changes
	cons    ironfish.Consensus // the node's consensus parameters (FishHash, retarget rule)
	consOK  bool               // cons was read from the node

	buildMu sync.Mutex
	// reserved maps the notes of built payouts not yet in the wallet (note hash, node hex)
	// to the payout's txid; byTx the other way.
	reserved map[string]chain.Hash
	byTx     map[chain.Hash][]string
}

var (
	_ chain.Node       = (*Driver)(nil)
	_ chain.HeaderWork = (*Driver)(nil)
)

// New checks cfg and returns a driver; it does not contact the node.
func New(cfg Config) (*Driver, error) {
	if _, _, err := net.SplitHostPort(cfg.Addr); err != nil {
		return nil, fmt.Errorf("ironfishrpc: address %q: want host:port: %w", cfg.Addr, err)
	}
	if len(cfg.Graffiti) > GraffitiSize {
		return nil, fmt.Errorf("ironfishrpc: graffiti %q is %d bytes; at most %d", cfg.Graffiti, len(cfg.Graffiti), GraffitiSize)
	}
	if cfg.Confirmations < 0 || cfg.FeeRate < 0 || cfg.ExpirationDelta < 0 {
		return nil, errors.New("ironfishrpc: confirmations, fee rate and expiration delta must not be negative")
	}
	if cfg.Confirmations == 0 {
		cfg.Confirmations = DefaultConfirmations
	}
	if cfg.ExpirationDelta == 0 {
		cfg.ExpirationDelta = DefaultExpirationDelta
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.PostTimeout <= 0 {
		cfg.PostTimeout = DefaultPostTimeout
	}
	if cfg.RetargetEvery <= 0 {
		cfg.RetargetEvery = DefaultRetargetEvery
	}
	d := &Driver{
		cfg:      cfg,
		rpc:      NewClient(cfg.Addr, cfg.AuthToken),
		stream:   NewClient(cfg.Addr, cfg.AuthToken),
		changed:  make(chan struct{}),
		reserved: map[string]chain.Hash{},
		byTx:     map[chain.Hash][]string{},
	}
	copy(d.graffiti[:], cfg.Graffiti)
	return d, nil
}

// Name implements chain.Node.
func (d *Driver) Name() string { return "ironfish" }

// Client is the driver's RPC client, for calls the driver does not wrap.
func (d *Driver) Client() *Client { return d.rpc }

// Close stops the template stream and closes the connections.
func (d *Driver) Close() error {
	d.mu.Lock()
	stop := d.stop
	d.mu.Unlock()
	if stop != nil {
		stop()
	}
	d.stream.Close()
	d.streamWG.Wait()
	return d.rpc.Close()
}

// call runs one request under the driver's timeout.
func (d *Driver) call(ctx context.Context, route string, data, out any) error {
	return d.callWithin(ctx, d.cfg.Timeout, route, data, out)
}

func (d *Driver) callWithin(ctx context.Context, within time.Duration, route string, data, out any) error {
	ctx, cancel := context.WithTimeout(ctx, within)
	defer cancel()
	if err := d.rpc.Call(ctx, route, data, out); err != nil {
		return fmt.Errorf("ironfish: %w", err)
	}
	return nil
}

// notFound turns the node's not-found answer into chain.ErrNotFound.
func notFound(err error) error {
	var re *RPCError
	if errors.As(err, &re) && re.Code == CodeNotFound {
		return fmt.Errorf("%w: %v", chain.ErrNotFound, err)
	}
	return err
}

// hashFromNode reads a hash as the node prints it.
func hashFromNode(s string) (chain.Hash, error) {
	h, err := chain.ParseHash(s)
	if err != nil {
		return h, fmt.Errorf("ironfish: hash %q: %w", s, err)
	}
	return h, nil
}

// hashFromBytes is a hash function's output as a chain.Hash (reversed, see the package
// comment).
func hashFromBytes(b [32]byte) chain.Hash {
	var h chain.Hash
	for i := range b {
		h[i] = b[31-i]
	}
	return h
}

// TxHash is an IronFish transaction's hash: Blake3 of its serialized bytes.
func TxHash(raw []byte) chain.Hash { return hashFromBytes(blake3.Sum256(raw)) }

// txFee and txExpiration read a serialized transaction's fee and expiration sequence:
// after its version byte and four 8-byte counts (spends, outputs, mints, burns) come the
// fee (int64) and the expiration (uint32), little-endian (SDK primitives/transaction).
func txFee(raw []byte) (int64, error) {
	if len(raw) < 45 {
		return 0, fmt.Errorf("ironfish: transaction of %d bytes is too short", len(raw))
	}
	var v uint64
	for i := 7; i >= 0; i-- {
		v = v<<8 | uint64(raw[33+i])
	}
	return int64(v), nil
}

func txExpiration(raw []byte) (int64, error) {
	if len(raw) < 45 {
		return 0, fmt.Errorf("ironfish: transaction of %d bytes is too short", len(raw))
	}
	return int64(uint32(raw[41]) | uint32(raw[42])<<8 | uint32(raw[43])<<16 | uint32(raw[44])<<24), nil
}

// parseOre reads an amount the node writes as a decimal string of ore.
func parseOre(s string) (int64, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("ironfish: amount %q: %w", s, err)
	}
	return v, nil
}

// difficultyOf is a target's difficulty on the pool's share scale for IronFish,
// 2^224 / target: a share of difficulty 1 takes 2^32 hashes, as on every coin of the pool
// (mining.IronFishPoW, stratum.IronFishShareTarget). IronFish's own difficulty (the
// node's, Target.toDifficulty, 2^256 / target) is 2^32 times it.
func difficultyOf(target *big.Int) float64 {
	if target.Sign() <= 0 {
		return 0
	}
	q := new(big.Float).Quo(new(big.Float).SetInt(new(big.Int).Lsh(big.NewInt(1), 224)), new(big.Float).SetInt(target))
	f, _ := q.Float64()
	return f
}

// parseDifficulty reads a difficulty the node writes (IronFish's own, a decimal string)
// and puts it on the pool's share scale (divided by 2^32, see difficultyOf).
func parseDifficulty(s string) (float64, error) {
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return 0, fmt.Errorf("ironfish: difficulty %q is not a number", s)
	}
	f, _ := new(big.Float).Quo(new(big.Float).SetInt(v), new(big.Float).SetMantExp(big.NewFloat(1), 32)).Float64()
	return f, nil
}

func decodeHex(field, s string, n int) ([]byte, error) {
	b, err := hex.DecodeString(s)
	if err != nil || (n > 0 && len(b) != n) {
		return nil, fmt.Errorf("ironfish: %s %q: want %d bytes of hex", field, s, n)
	}
	return b, nil
}
