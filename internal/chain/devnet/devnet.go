// Package devnet is an in-process chain for demos and local development: real block
// templates, real proof-of-work checks and a small wallet, at a difficulty set from a
// simulated network hashrate, so that a pool on a laptop finds blocks, sees them confirm,
// mature and now and then get orphaned, and pays withdrawals, without any node to install.
//
// It says "devnet" wherever it is shown: Name returns "devnet", templates carry the rule
// "devnet", addresses start with "dvn1", and log lines carry chain=devnet.
//
// Algorithms: chain.SHA256d and chain.Scrypt hash as on Bitcoin and Litecoin. Any other
// name (Aleo, IronFish and Kaspa, until they have their own drivers and stratum dialects)
// is kept for names and logs but hashed as sha256d, so those coins can run on devnet for
// the demo; their templates say chain.SHA256d in Template.Algorithm, which is what miners
// and share checks must hash with.
//
// What is simulated rather than real: blocks of the other miners carry no proof of work;
// wallet transactions spend made-up outpoints and carry no signatures (there is no UTXO
// set, the wallet is a balance: matured coinbase credits less what it sent and paid in
// fees); a block may only contain the wallet's own pending transactions.
package devnet

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
)

// Defaults for the zero values of Config.
const (
	DefaultDecimals  = 8
	DefaultBlockTime = 60 * time.Second
	DefaultMaturity  = 10
)

// BlockVersion is the block version of templates (BIP9 top bits, no deployment signalled).
const BlockVersion = 0x20000000

// powLimitBits is the easiest target a block may have, regtest's 0x207fffff: about every
// second hash meets it. Difficulties below it (a tiny network hashrate) are raised to it,
// so the target stays representable in compact form.
const powLimitBits = 0x207fffff

var powLimit = chain.CompactToTarget(powLimitBits)

// genesisTime is the header time of every devnet genesis block (2024-01-01 00:00:00 UTC).
const genesisTime = 1704067200

// maxFutureDrift is how far ahead of the clock a block's time may be (Bitcoin's two hours).
const maxFutureDrift = 2 * time.Hour

// Config describes a devnet chain. DefaultConfig fills in what a demo wants.
type Config struct {
	// Coin is the coin's code ("BTC"), used for names and logs; the genesis block is built
	// from it, so a state file belongs to one coin.
	Coin string
	// Algorithm is the proof of work: chain.SHA256d or chain.Scrypt (chain.SHA256d when
	// empty). Any other name is kept but hashed as sha256d (see the package comment).
	Algorithm string
	// Decimals is the coin's precision (8 when zero).
	Decimals int
	// BlockReward is the subsidy of every block in minor units (50 coins when zero).
	BlockReward int64
	// BlockTime is the target time between blocks of the whole network (60 s when zero,
	// at least 1 s).
	BlockTime time.Duration
	// NetworkHashRate is the hash rate of the whole simulated network in H/s; the network
	// difficulty is set so that it finds a block every BlockTime:
	// NetworkHashRate x BlockTime / chain.HashesPerDifficulty(algorithm), never easier than
	// the target 0x207fffff (zero gives that floor).
	NetworkHashRate float64
	// OtherMiners makes Start simulate the rest of the network: blocks at exponentially
	// distributed intervals of mean BlockTime, so the tip moves without the pool. The zero
	// Config has it off; DefaultConfig turns it on.
	OtherMiners bool
	// OrphanRate (0..1) is the chance that a block the pool found is replaced by a
	// competing block at the same height before the next block, to exercise the orphaned
	// path.
	OrphanRate float64
	// Maturity is the confirmations a coinbase needs before the wallet can spend it
	// (10 when zero).
	Maturity int
	// TxFee is the fee of every wallet transaction in minor units (0.0001 coin when zero,
	// at least one minor unit).
	TxFee int64
	// Premine is what the wallet holds before any block, in minor units: a demo pool can
	// pay withdrawals from its first minute instead of after its blocks mature.
	Premine int64
	// StatePath is the file that keeps the chain and the wallet across restarts; empty
	// keeps them in memory only.
	StatePath string
	// TickInterval is how often the simulated network looks at the clock (BlockTime/20
	// between 10 ms and 1 s when zero). Tests with a fake clock set it short.
	TickInterval time.Duration
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// Rand drives the other miners, orphaning and new keys (a randomly seeded generator
	// when nil). The chain uses it under its own lock; do not share it.
	Rand *rand.Rand
	// Logger receives block and wallet events (slog.Default() when nil).
	Logger *slog.Logger
}

// DefaultConfig is the configuration of a demo chain for coin: one-minute blocks found by
// other miners too, 50 coins a block, maturing after 10 confirmations, kept in memory.
func DefaultConfig(coin, algorithm string) Config {
	return Config{
		Coin:        coin,
		Algorithm:   algorithm,
		Decimals:    DefaultDecimals,
		BlockTime:   DefaultBlockTime,
		OtherMiners: true,
		Maturity:    DefaultMaturity,
	}
}

// Chain is a devnet chain; it implements chain.Driver and is safe for concurrent use.
type Chain struct {
	cfg     Config
	powAlgo string // what headers are hashed with: chain.SHA256d or chain.Scrypt
	genesis *block
	log     *slog.Logger

	mu       sync.Mutex
	rng      *rand.Rand
	hashRate float64
	bits     uint32
	blocks   map[chain.Hash]*block
	order    []*block // every block but genesis, in arrival order (what the state file keeps)
	main     []*block // the main chain by height
	// tipCh is closed when the tip changes, to wake WaitTemplate.
	tipCh chan struct{}
	// tipBits are the bits handed out in templates on the current tip: a block built from
	// a template issued before SetNetworkHashRate is still good.
	tipBits map[uint32]bool
	// confirmed maps the txid of each wallet transaction in the main chain to its block.
	confirmed map[chain.Hash]*block
	keys      map[[20]byte]bool
	addrs     []string // wallet addresses in creation order; the first takes change
	txs       map[chain.Hash]*walletTx
	txOrder   []*walletTx
	credits   []*block // pool blocks whose coinbase pays the wallet
	// nextExternal is when the other miners find their next block (zero until Start);
	// orphanDue when a doomed pool block at the tip gets replaced.
	nextExternal, orphanDue time.Time
	started                 bool
	seq                     uint64 // bumped by every change the state file keeps

	saveMu   sync.Mutex
	savedSeq uint64
	saveErr  error

	stop     chan struct{}
	stopOnce sync.Once
	wg       sync.WaitGroup
}

var _ chain.Driver = (*Chain)(nil)

// block is what the chain remembers of a block; the JSON names are the state file's.
type block struct {
	Hash          chain.Hash `json:"hash"`
	Prev          chain.Hash `json:"prev"`
	Height        int64      `json:"height"`
	Time          int64      `json:"time"` // header time, Unix seconds
	CoinbaseValue int64      `json:"coinbaseValue"`
	// Coinbase is the coinbase transaction's id; zero in a state file written before it
	// was kept, whose blocks list only their other transactions.
	Coinbase chain.Hash   `json:"coinbase,omitzero"`
	TxIDs    []chain.Hash `json:"txids,omitempty"` // after the coinbase
	// Pool is set for blocks that came through SubmitBlock, clear for the other miners'.
	Pool bool `json:"pool,omitempty"`
	// Credit is what the coinbase pays to wallet addresses.
	Credit int64 `json:"credit,omitempty"`
	// Doomed marks a pool block at the tip that will be replaced by a competing block.
	Doomed bool `json:"doomed,omitempty"`
}

// New checks cfg, builds the genesis block and loads the state file when there is one.
func New(cfg Config) (*Chain, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	c := &Chain{
		cfg:       cfg,
		powAlgo:   powAlgorithm(cfg.Algorithm),
		log:       cfg.Logger.With("chain", "devnet", "coin", cfg.Coin),
		rng:       cfg.Rand,
		hashRate:  cfg.NetworkHashRate,
		blocks:    map[chain.Hash]*block{},
		tipCh:     make(chan struct{}),
		tipBits:   map[uint32]bool{},
		confirmed: map[chain.Hash]*block{},
		keys:      map[[20]byte]bool{},
		txs:       map[chain.Hash]*walletTx{},
		stop:      make(chan struct{}),
	}
	c.bits = difficultyBits(c.hashRate, cfg.BlockTime, c.powAlgo)
	g, err := genesisBlock(cfg.Coin)
	if err != nil {
		return nil, err
	}
	c.genesis = g
	c.blocks[g.Hash] = g
	c.main = []*block{g}
	if cfg.StatePath != "" {
		if err := c.load(cfg.StatePath); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func (cfg *Config) defaults() error {
	cfg.Coin = strings.TrimSpace(cfg.Coin)
	if cfg.Coin == "" {
		return errors.New("devnet: coin is required")
	}
	if cfg.Algorithm == "" {
		cfg.Algorithm = chain.SHA256d
	}
	if cfg.Decimals == 0 {
		cfg.Decimals = DefaultDecimals
	}
	if cfg.Decimals < 0 || cfg.Decimals > 18 {
		return fmt.Errorf("devnet: decimals %d out of 0..18", cfg.Decimals)
	}
	unit := int64(math.Pow10(cfg.Decimals))
	switch {
	case cfg.BlockReward < 0:
		return fmt.Errorf("devnet: negative block reward %d", cfg.BlockReward)
	case cfg.BlockReward == 0 && unit <= math.MaxInt64/50:
		cfg.BlockReward = 50 * unit
	case cfg.BlockReward == 0:
		cfg.BlockReward = unit
	}
	if cfg.BlockTime == 0 {
		cfg.BlockTime = DefaultBlockTime
	}
	// Header times count seconds: faster blocks would run the chain's clock ahead of the
	// real one.
	if cfg.BlockTime < time.Second {
		return fmt.Errorf("devnet: block time %v: want at least 1s", cfg.BlockTime)
	}
	if err := checkHashRate(cfg.NetworkHashRate); err != nil {
		return err
	}
	if !(cfg.OrphanRate >= 0 && cfg.OrphanRate <= 1) {
		return fmt.Errorf("devnet: orphan rate %v out of 0..1", cfg.OrphanRate)
	}
	if cfg.Maturity == 0 {
		cfg.Maturity = DefaultMaturity
	}
	if cfg.Maturity < 0 {
		return fmt.Errorf("devnet: negative maturity %d", cfg.Maturity)
	}
	if cfg.TxFee == 0 {
		cfg.TxFee = max(unit/10000, 1)
	}
	if cfg.TxFee < 0 {
		return fmt.Errorf("devnet: negative transaction fee %d", cfg.TxFee)
	}
	if cfg.Premine < 0 {
		return fmt.Errorf("devnet: negative premine %d", cfg.Premine)
	}
	if cfg.TickInterval <= 0 {
		cfg.TickInterval = min(max(cfg.BlockTime/20, 10*time.Millisecond), time.Second)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Rand == nil {
		cfg.Rand = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return nil
}

func checkHashRate(h float64) error {
	if !(h >= 0) || math.IsInf(h, 0) {
		return fmt.Errorf("devnet: network hashrate %v: want a non-negative number", h)
	}
	return nil
}

// powAlgorithm is what headers of algo are hashed with on devnet.
func powAlgorithm(algo string) string {
	if algo == chain.Scrypt {
		return chain.Scrypt
	}
	return chain.SHA256d
}

// difficultyBits is the compact target at which hashRate finds a block every blockTime.
func difficultyBits(hashRate float64, blockTime time.Duration, powAlgo string) uint32 {
	diff := hashRate * blockTime.Seconds() / chain.HashesPerDifficulty(powAlgo)
	target := chain.DifficultyToTarget(diff, powAlgo)
	if target.Cmp(powLimit) > 0 {
		return powLimitBits
	}
	if target.Sign() == 0 {
		target = big.NewInt(1) // the hardest target there is, rather than none
	}
	return chain.TargetToCompact(target)
}

// genesisBlock is the coin's height-0 block, built from the coin name alone so that every
// devnet of one coin shares it.
func genesisBlock(coin string) (*block, error) {
	tag := "devnet genesis " + coin
	script := append([]byte{0x6a}, chain.ScriptPushData([]byte(tag))...) // OP_RETURN <tag>
	coinb1, coinb2, err := chain.CoinbaseParts(&chain.Template{}, script, 0, tag)
	if err != nil {
		return nil, fmt.Errorf("devnet: genesis block of %s: %w", coin, err)
	}
	root := chain.DoubleSHA256(append(coinb1, coinb2...))
	header := chain.Header(1, chain.Hash{}, root, genesisTime, powLimitBits, 0)
	return &block{Hash: chain.DoubleSHA256(header), Height: 0, Time: genesisTime, Coinbase: root}, nil
}

// Name implements chain.Driver.
func (c *Chain) Name() string { return "devnet" }

// Start runs the simulated network in the background until ctx ends or Close is called:
// the other miners' blocks (when Config.OtherMiners is set) and the competing blocks that
// orphan doomed pool blocks. It returns at once; a second call does nothing.
func (c *Chain) Start(ctx context.Context) {
	c.mu.Lock()
	if c.started {
		c.mu.Unlock()
		return
	}
	c.started = true
	if c.cfg.OtherMiners {
		c.nextExternal = c.cfg.Now().Add(c.expWaitLocked(c.cfg.BlockTime))
	}
	c.mu.Unlock()

	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		// A ticker that reads the clock, rather than timers set for each block, so that
		// a test's fake clock drives the network as well as the real one does.
		tick := time.NewTicker(c.cfg.TickInterval)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-c.stop:
				return
			case <-tick.C:
				c.step()
			}
		}
	}()
}

// step lets the simulated network do what is due at the clock's time.
func (c *Chain) step() {
	c.mu.Lock()
	now := c.cfg.Now()
	externalDue := c.cfg.OtherMiners && !c.nextExternal.IsZero() && !now.Before(c.nextExternal)
	orphanDue := c.tip().Doomed && !now.Before(c.orphanDue)
	if !externalDue && !orphanDue {
		c.mu.Unlock()
		return
	}
	if externalDue {
		// From now, not from the missed time: a clock that jumps ahead gets one block,
		// not a burst.
		c.nextExternal = now.Add(c.expWaitLocked(c.cfg.BlockTime))
	}
	_, err := c.mineExternalLocked(now)
	snap := c.snapshotLocked()
	c.mu.Unlock()
	if err != nil {
		c.log.Error("devnet: other miners", "err", err)
	}
	c.persist(snap)
}

// Close stops the simulated network and, with a StatePath, writes the state file.
func (c *Chain) Close() error {
	c.stopOnce.Do(func() { close(c.stop) })
	c.wg.Wait()
	c.mu.Lock()
	snap := c.snapshotLocked()
	c.mu.Unlock()
	if snap.data == nil {
		return nil
	}
	if err := c.write(snap); err != nil {
		return fmt.Errorf("devnet: close: %w", err)
	}
	return nil
}

// MineExternal makes the rest of the network find a block now and returns its hash: it
// extends the tip or, when the tip is a pool block doomed by OrphanRate, replaces it.
// Other miners' blocks pay the reward to a burn address and include every pending wallet
// transaction.
func (c *Chain) MineExternal() chain.Hash {
	c.mu.Lock()
	b, err := c.mineExternalLocked(c.cfg.Now())
	snap := c.snapshotLocked()
	c.mu.Unlock()
	if err != nil {
		c.log.Error("devnet: mine external block", "err", err)
		return chain.Hash{}
	}
	c.persist(snap)
	return b.Hash
}

// SetNetworkHashRate changes the simulated network's hash rate (H/s) and with it the
// difficulty, from the next template on. A negative or non-finite rate is ignored.
func (c *Chain) SetNetworkHashRate(h float64) {
	if err := checkHashRate(h); err != nil {
		c.log.Warn("devnet: set network hashrate", "err", err)
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.hashRate = h
	c.bits = difficultyBits(h, c.cfg.BlockTime, c.powAlgo)
}

// Template implements chain.Driver.
func (c *Chain) Template(ctx context.Context) (*chain.Template, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("devnet: template: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.templateLocked(), nil
}

func (c *Chain) templateLocked() *chain.Template {
	tip := c.tip()
	minTime := tip.Time + 1
	curTime := max(c.cfg.Now().Unix(), minTime)
	value := c.cfg.BlockReward
	var txs []chain.TemplateTx
	for _, tx := range c.pendingLocked() {
		txs = append(txs, chain.TemplateTx{
			Data:  append([]byte(nil), tx.Data...),
			TxID:  tx.TxID,
			WTxID: tx.TxID,
			Fee:   tx.Fee,
		})
		value += tx.Fee
	}
	target := chain.CompactToTarget(c.bits)
	c.tipBits[c.bits] = true
	return &chain.Template{
		Height:        tip.Height + 1,
		PrevHash:      tip.Hash,
		Version:       BlockVersion,
		Bits:          c.bits,
		Target:        target,
		CurTime:       uint32(curTime),
		MinTime:       uint32(minTime),
		CoinbaseValue: value,
		Transactions:  txs,
		Rules:         []string{"devnet"},
		Difficulty:    chain.TargetToDifficulty(target, c.powAlgo),
		Algorithm:     c.powAlgo,
	}
}

// WaitTemplate implements chain.Driver: it returns at once when the tip is no longer
// prevHash, and otherwise when the tip changes or ctx ends.
func (c *Chain) WaitTemplate(ctx context.Context, prevHash chain.Hash) (*chain.Template, error) {
	for {
		c.mu.Lock()
		if c.tip().Hash != prevHash {
			t := c.templateLocked()
			c.mu.Unlock()
			return t, nil
		}
		changed := c.tipCh
		c.mu.Unlock()
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("devnet: wait template: %w", ctx.Err())
		case <-changed:
		}
	}
}

// Network implements chain.Driver; HashRate is the configured network hash rate.
func (c *Chain) Network(ctx context.Context) (chain.NetworkInfo, error) {
	if err := ctx.Err(); err != nil {
		return chain.NetworkInfo{}, fmt.Errorf("devnet: network: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return chain.NetworkInfo{
		Difficulty:  chain.TargetToDifficulty(chain.CompactToTarget(c.bits), c.powAlgo),
		HashRate:    c.hashRate,
		Height:      c.tip().Height,
		BlockReward: c.cfg.BlockReward,
	}, nil
}

// Block implements chain.Driver.
func (c *Chain) Block(ctx context.Context, hash chain.Hash) (chain.BlockInfo, error) {
	if err := ctx.Err(); err != nil {
		return chain.BlockInfo{}, fmt.Errorf("devnet: block %s: %w", hash, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.blocks[hash]
	if b == nil {
		return chain.BlockInfo{}, fmt.Errorf("devnet: block %s: %w", hash, chain.ErrNotFound)
	}
	return chain.BlockInfo{
		Hash:          b.Hash,
		Height:        b.Height,
		Confirmations: c.confirmationsLocked(b),
		Time:          b.Time,
		CoinbaseValue: b.CoinbaseValue,
	}, nil
}

// BlockHash implements chain.Driver: the main chain's block at height.
func (c *Chain) BlockHash(ctx context.Context, height int64) (chain.Hash, error) {
	if err := ctx.Err(); err != nil {
		return chain.Hash{}, fmt.Errorf("devnet: block at %d: %w", height, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if height < 0 || height >= int64(len(c.main)) {
		return chain.Hash{}, fmt.Errorf("devnet: block at %d: %w", height, chain.ErrNotFound)
	}
	return c.main[height].Hash, nil
}

// BlockDetail implements chain.Driver. Devnet blocks carry no size; their transactions
// are the coinbase (by its own id, never the block's hash) and the other transactions.
func (c *Chain) BlockDetail(ctx context.Context, hash chain.Hash) (chain.BlockDetail, error) {
	info, err := c.Block(ctx, hash)
	if err != nil {
		return chain.BlockDetail{}, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.blocks[hash]
	out := chain.BlockDetail{BlockInfo: info, Prev: b.Prev, TxCount: 1 + len(b.TxIDs), MaxTxIDsShown: chain.MaxBlockTxIDs,
		Difficulty: chain.TargetToDifficulty(chain.CompactToTarget(c.bits), c.powAlgo)}
	if c.inMainLocked(b) && b.Height+1 < int64(len(c.main)) {
		out.Next = c.main[b.Height+1].Hash
	}
	if !b.Coinbase.IsZero() {
		out.TxIDs = append(out.TxIDs, b.Coinbase)
	}
	out.TxIDs = append(out.TxIDs, b.TxIDs[:min(len(b.TxIDs), chain.MaxBlockTxIDs-len(out.TxIDs))]...)
	return out, nil
}

func (c *Chain) tip() *block { return c.main[len(c.main)-1] }

// inMainLocked tells whether b is on the main chain.
func (c *Chain) inMainLocked(b *block) bool {
	return b.Height < int64(len(c.main)) && c.main[b.Height] == b
}

// confirmationsLocked is 1 for the tip, more below it, and -1 off the main chain.
func (c *Chain) confirmationsLocked(b *block) int64 {
	if !c.inMainLocked(b) {
		return -1
	}
	return c.tip().Height - b.Height + 1
}

// expWaitLocked is an exponentially distributed wait of the given mean: the time to the
// next event of a Poisson process, as between blocks of a network.
func (c *Chain) expWaitLocked(mean time.Duration) time.Duration {
	return time.Duration(c.rng.ExpFloat64() * float64(mean))
}

// appendLocked puts b on top of the main chain and wakes WaitTemplate.
func (c *Chain) appendLocked(b *block) {
	c.blocks[b.Hash] = b
	c.order = append(c.order, b)
	c.main = append(c.main, b)
	for _, id := range b.TxIDs {
		c.confirmed[id] = b
	}
	if b.Credit > 0 {
		c.credits = append(c.credits, b)
	}
	c.tipChangedLocked()
}

func (c *Chain) tipChangedLocked() {
	close(c.tipCh)
	c.tipCh = make(chan struct{})
	clear(c.tipBits)
	c.seq++
}

// mineExternalLocked is the other miners finding a block: a competitor that replaces a
// doomed pool block at the tip, or else a block on top of the tip.
func (c *Chain) mineExternalLocked(now time.Time) (*block, error) {
	old := c.tip()
	if !old.Doomed {
		b, err := c.externalBlockLocked(old, now)
		if err != nil {
			return nil, err
		}
		c.appendLocked(b)
		c.log.Debug("devnet: other miners found a block", "height", b.Height, "hash", b.Hash)
		return b, nil
	}
	parent := c.main[len(c.main)-2]
	// The pool's block leaves the main chain: its transactions are pending again (the
	// competitor includes them) and its coinbase no longer counts.
	old.Doomed = false
	c.main = c.main[:len(c.main)-1]
	for _, id := range old.TxIDs {
		delete(c.confirmed, id)
	}
	b, err := c.externalBlockLocked(parent, now)
	if err != nil {
		c.main = append(c.main, old)
		for _, id := range old.TxIDs {
			c.confirmed[id] = old
		}
		old.Doomed = true
		return nil, err
	}
	c.appendLocked(b)
	c.log.Info("devnet: pool block orphaned by a competing block", "height", old.Height, "orphan", old.Hash, "winner", b.Hash)
	return b, nil
}

// burnKey is the key hash the other miners pay to: nobody holds it.
var burnKey = func() (k [20]byte) {
	h := chain.DoubleSHA256([]byte("devnet burn address"))
	copy(k[:], h[:])
	return k
}()

// externalBlockLocked builds a block of the other miners on parent: a real coinbase and
// header, every pending wallet transaction, but no proof of work.
func (c *Chain) externalBlockLocked(parent *block, now time.Time) (*block, error) {
	b := &block{Prev: parent.Hash, Height: parent.Height + 1, Time: max(now.Unix(), parent.Time+1)}
	value := c.cfg.BlockReward
	for _, tx := range c.pendingLocked() {
		b.TxIDs = append(b.TxIDs, tx.TxID)
		value += tx.Fee
	}
	b.CoinbaseValue = value
	coinb1, coinb2, err := chain.CoinbaseParts(&chain.Template{Height: b.Height, CoinbaseValue: value}, p2pkhScript(burnKey), 8, "devnet other miners")
	if err != nil {
		return nil, fmt.Errorf("devnet: other miners' block at %d: %w", b.Height, err)
	}
	// A random extranonce keeps two competing blocks at one height apart.
	coinbase := binary.LittleEndian.AppendUint64(coinb1, c.rng.Uint64())
	coinbase = append(coinbase, coinb2...)
	b.Coinbase = chain.DoubleSHA256(coinbase)
	ids := append([]chain.Hash{b.Coinbase}, b.TxIDs...)
	header := chain.Header(BlockVersion, parent.Hash, chain.MerkleRoot(ids), uint32(b.Time), c.bits, c.rng.Uint32())
	b.Hash = chain.DoubleSHA256(header)
	return b, nil
}
