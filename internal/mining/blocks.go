package mining

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/pool"
)

// Found block statuses.
const (
	BlockPending   = "pending"   // accepted by the node, not yet mature
	BlockConfirmed = "confirmed" // mature: enough confirmations
	BlockOrphaned  = "orphaned"  // no longer in the main chain
	BlockRejected  = "rejected"  // the node refused it
)

// FoundBlock is a block the pool found.
type FoundBlock struct {
	ID       int64
	Coin     string
	Height   int64
	Hash     string
	Reward   int64
	DeviceID int64
	Worker   string
	// Solo: found on a solo port; Worker is then "<address>[.<rig>]" and the coinbase paid
	// the address.
	Solo          bool
	NetDiff       float64 // the network difficulty it was mined at (0 before it was kept)
	Status        string
	Confirmations int64
	RejectReason  string
	FoundAt       int64
	UpdatedAt     int64
}

// Blocks is the found_blocks and pool_stats tables.
type Blocks struct {
	DB *db.DB
}

// Record stores a found block; recording the same hash twice changes nothing.
func (b *Blocks) Record(ctx context.Context, f FoundBlock) error {
	now := db.NowMillis()
	if f.FoundAt == 0 {
		f.FoundAt = now
	}
	var device any
	if f.DeviceID != 0 {
		device = f.DeviceID
	}
	_, err := b.DB.Exec(ctx, `INSERT INTO found_blocks (coin, height, hash, reward, device_id, worker, solo, net_diff, status, confirmations,
		reject_reason, found_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (coin, hash) DO NOTHING`,
		f.Coin, f.Height, f.Hash, f.Reward, device, f.Worker, f.Solo, f.NetDiff, f.Status, f.Confirmations, f.RejectReason, f.FoundAt, now)
	if err != nil {
		return fmt.Errorf("mining: record block %s %s: %w", f.Coin, f.Hash, err)
	}
	return nil
}

// foundColumns are a FoundBlock's columns, in scanFound's order.
const foundColumns = `id, coin, height, hash, reward, COALESCE(device_id, 0), worker, solo, net_diff, status, confirmations,
	reject_reason, found_at, updated_at`

func scanFound(row interface{ Scan(...any) error }) (FoundBlock, error) {
	var f FoundBlock
	err := row.Scan(&f.ID, &f.Coin, &f.Height, &f.Hash, &f.Reward, &f.DeviceID, &f.Worker, &f.Solo, &f.NetDiff, &f.Status, &f.Confirmations,
		&f.RejectReason, &f.FoundAt, &f.UpdatedAt)
	return f, err
}

// List answers a coin's found blocks, newest first, at most limit.
func (b *Blocks) List(ctx context.Context, coin string, limit int) ([]FoundBlock, error) {
	rows, err := b.DB.Query(ctx, `SELECT `+foundColumns+` FROM found_blocks WHERE coin = ? ORDER BY height DESC, id DESC LIMIT ?`, coin, limit)
	if err != nil {
		return nil, fmt.Errorf("mining: list blocks %s: %w", coin, err)
	}
	defer rows.Close()
	var out []FoundBlock
	for rows.Next() {
		var f FoundBlock
		f, err := scanFound(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// RevisitOrphans is how long after it was found an orphaned block is still looked at: a
// reorganisation can put it back on the main chain.
const RevisitOrphans = 24 * time.Hour

// Follow judges coin's pending blocks, and its orphaned ones of the last RevisitOrphans, by
// the main chain at their height (getblockhash), not by what a wallet or an index says of
// the block alone: our hash there is on the chain (confirmed at maturity confirmations),
// anything else there (or nothing, the chain being shorter) is orphaned. An orphaned block
// whose hash is back at its height is pending again. It is idempotent.
func (b *Blocks) Follow(ctx context.Context, coin string, d chain.Node, maturity int64) (changed int, err error) {
	tracked, err := b.tracked(ctx, coin, time.Now().Add(-RevisitOrphans))
	if err != nil {
		return 0, err
	}
	tip := int64(-1)
	for _, f := range tracked {
		h, err := chain.ParseHash(f.Hash)
		if err != nil {
			return changed, fmt.Errorf("mining: block %d: %w", f.ID, err)
		}
		if chain.IsDAG(d) {
			status, conf, err := judgeInDAG(ctx, d, h, maturity)
			if err != nil {
				return changed, fmt.Errorf("mining: follow block %s: %w", f.Hash, err)
			}
			if status == f.Status && conf == f.Confirmations {
				continue
			}
			if err := b.setStatus(ctx, f, status, conf); err != nil {
				return changed, err
			}
			changed++
			continue
		}
		at, err := d.BlockHash(ctx, f.Height)
		if err != nil && !errors.Is(err, chain.ErrNotFound) {
			return changed, fmt.Errorf("mining: follow block %s: %w", f.Hash, err)
		}
		status, conf := BlockOrphaned, int64(-1)
		if err == nil && at == h {
			if tip < 0 {
				net, err := d.Network(ctx)
				if err != nil {
					return changed, fmt.Errorf("mining: follow blocks of %s: %w", coin, err)
				}
				tip = net.Height
			}
			conf = max(1, tip-f.Height+1)
			status = BlockPending
			if conf >= maturity {
				status = BlockConfirmed
			}
		}
		if status == f.Status && conf == f.Confirmations {
			continue
		}
		if err := b.setStatus(ctx, f, status, conf); err != nil {
			return changed, err
		}
		changed++
	}
	return changed, nil
}

// setStatus moves a found block on from the status it was read with.
func (b *Blocks) setStatus(ctx context.Context, f FoundBlock, status string, conf int64) error {
	if _, err := b.DB.Exec(ctx, "UPDATE found_blocks SET status = ?, confirmations = ?, updated_at = ? WHERE id = ? AND status = ?",
		status, conf, db.NowMillis(), f.ID, f.Status); err != nil {
		return fmt.Errorf("mining: update block %d: %w", f.ID, err)
	}
	return nil
}

// judgeInDAG judges a found block of a DAG by the block itself (chain.DAG): red or unknown
// is orphaned (a red block may still turn blue in a reorganisation, and is looked at again
// for RevisitOrphans), not merged yet is pending with no confirmations, blue is pending
// until maturity.
func judgeInDAG(ctx context.Context, d chain.Node, h chain.Hash, maturity int64) (status string, conf int64, err error) {
	bi, err := d.Block(ctx, h)
	switch {
	case errors.Is(err, chain.ErrNotFound):
		return BlockOrphaned, -1, nil
	case err != nil:
		return "", 0, err
	case bi.Confirmations < 0:
		return BlockOrphaned, -1, nil
	case bi.Confirmations >= maturity:
		return BlockConfirmed, bi.Confirmations, nil
	}
	return BlockPending, bi.Confirmations, nil
}

// tracked is coin's pending blocks and its orphaned ones found since.
func (b *Blocks) tracked(ctx context.Context, coin string, since time.Time) ([]FoundBlock, error) {
	rows, err := b.DB.Query(ctx, `SELECT id, hash, height, status, confirmations FROM found_blocks
		WHERE coin = ? AND (status = ? OR (status = ? AND found_at >= ?)) ORDER BY id`, coin, BlockPending, BlockOrphaned, since.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("mining: pending blocks %s: %w", coin, err)
	}
	defer rows.Close()
	var out []FoundBlock
	for rows.Next() {
		f := FoundBlock{Coin: coin}
		if err := rows.Scan(&f.ID, &f.Hash, &f.Height, &f.Status, &f.Confirmations); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// PoolStats is one coin's line of the home table, as the engine last computed it.
type PoolStats struct {
	Coin              string
	PoolHashRate      float64 // H/s over pool.RealTimeWindow (15 whole minutes)
	PoolHashRate24h   float64 // H/s over pool.DayWindow (24 h)
	ActiveMiners      int     // devices with accepted shares in pool.RealTimeWindow
	NetworkHashRate   float64
	NetworkDifficulty float64
	Height            int64
	BlockReward       int64
	LastBlockHeight   int64
	LastBlockAt       int64
	Driver            string
	UpdatedAt         int64
}

// ComputeStats measures a coin's pool hashrate (real-time and 24 h) and active miners
// through the pool package, which owns share_minutes and the windows every hashrate is
// read over (the device pages use the same), and takes network figures from the driver.
func (b *Blocks) ComputeStats(ctx context.Context, coin, algo string, d chain.Node, now time.Time) (PoolStats, error) {
	st := PoolStats{Coin: coin, Driver: d.Name(), UpdatedAt: now.UnixMilli()}
	shares, err := (&pool.Store{DB: b.DB}).CoinStats(ctx, coin, now)
	if err != nil {
		return st, fmt.Errorf("mining: pool hashrate %s: %w", coin, err)
	}
	st.PoolHashRate, st.PoolHashRate24h, st.ActiveMiners = shares.RealTime(algo), shares.Day(algo), shares.ActiveMiners
	net, err := d.Network(ctx)
	if err != nil {
		return st, fmt.Errorf("mining: network %s: %w", coin, err)
	}
	st.NetworkHashRate, st.NetworkDifficulty, st.Height, st.BlockReward = net.HashRate, net.Difficulty, net.Height, net.BlockReward
	err = b.DB.QueryRow(ctx, `SELECT height, found_at FROM found_blocks WHERE coin = ? AND status IN (?, ?)
		ORDER BY height DESC LIMIT 1`, coin, BlockPending, BlockConfirmed).Scan(&st.LastBlockHeight, &st.LastBlockAt)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return st, fmt.Errorf("mining: last block %s: %w", coin, err)
	}
	return st, nil
}

// SaveStats stores a coin's statistics for the api processes.
func (b *Blocks) SaveStats(ctx context.Context, st PoolStats) error {
	_, err := b.DB.Exec(ctx, `INSERT INTO pool_stats (coin, pool_hashrate, pool_hashrate_24h, active_miners, network_hashrate, network_difficulty,
		height, block_reward, last_block_height, last_block_at, driver, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (coin) DO UPDATE SET pool_hashrate = excluded.pool_hashrate, pool_hashrate_24h = excluded.pool_hashrate_24h,
		active_miners = excluded.active_miners,
		network_hashrate = excluded.network_hashrate, network_difficulty = excluded.network_difficulty, height = excluded.height,
		block_reward = excluded.block_reward, last_block_height = excluded.last_block_height, last_block_at = excluded.last_block_at,
		driver = excluded.driver, updated_at = excluded.updated_at`,
		st.Coin, st.PoolHashRate, st.PoolHashRate24h, st.ActiveMiners, st.NetworkHashRate, st.NetworkDifficulty, st.Height, st.BlockReward,
		st.LastBlockHeight, st.LastBlockAt, st.Driver, st.UpdatedAt)
	if err != nil {
		return fmt.Errorf("mining: save stats %s: %w", st.Coin, err)
	}
	return nil
}

// Stats answers the stored statistics of a coin, or db.ErrNotFound.
func (b *Blocks) Stats(ctx context.Context, coin string) (PoolStats, error) {
	st := PoolStats{Coin: coin}
	err := b.DB.QueryRow(ctx, `SELECT pool_hashrate, pool_hashrate_24h, active_miners, network_hashrate, network_difficulty, height, block_reward,
		last_block_height, last_block_at, driver, updated_at FROM pool_stats WHERE coin = ?`, coin).Scan(&st.PoolHashRate,
		&st.PoolHashRate24h, &st.ActiveMiners, &st.NetworkHashRate, &st.NetworkDifficulty, &st.Height, &st.BlockReward, &st.LastBlockHeight,
		&st.LastBlockAt, &st.Driver, &st.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return st, db.ErrNotFound
	}
	if err != nil {
		return st, fmt.Errorf("mining: stats %s: %w", coin, err)
	}
	return st, nil
}

// shownStatuses are the found blocks the explorer lists: a block the node refused never
// was one.
var shownStatuses = []any{BlockPending, BlockConfirmed, BlockOrphaned}

// Page lists a coin's found blocks the node took, newest first, with their total.
func (b *Blocks) Page(ctx context.Context, coin string, page, size int) ([]FoundBlock, int, error) {
	var total int
	if err := b.DB.QueryRow(ctx, `SELECT COUNT(*) FROM found_blocks WHERE coin = ? AND status IN (?, ?, ?)`,
		append([]any{coin}, shownStatuses...)...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("mining: count blocks %s: %w", coin, err)
	}
	rows, err := b.DB.Query(ctx, `SELECT `+foundColumns+` FROM found_blocks WHERE coin = ? AND status IN (?, ?, ?)
		ORDER BY height DESC, id DESC LIMIT ? OFFSET ?`, append(append([]any{coin}, shownStatuses...), size, (page-1)*size)...)
	if err != nil {
		return nil, 0, fmt.Errorf("mining: blocks %s: %w", coin, err)
	}
	defer rows.Close()
	var out []FoundBlock
	for rows.Next() {
		f, err := scanFound(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, f)
	}
	return out, total, rows.Err()
}

// ByHash is a coin's found block by hash (any status); db.ErrNotFound when it is not ours.
func (b *Blocks) ByHash(ctx context.Context, coin, hash string) (FoundBlock, error) {
	f, err := scanFound(b.DB.QueryRow(ctx, `SELECT `+foundColumns+` FROM found_blocks WHERE coin = ? AND hash = ?`, coin, hash))
	if errors.Is(err, sql.ErrNoRows) {
		return f, db.ErrNotFound
	}
	return f, err
}

// Previous is the found block before f that its effort counts from: the pool's previous
// block for a pool block, the same address's for a solo one (refused blocks aside);
// db.ErrNotFound for the first.
func (b *Blocks) Previous(ctx context.Context, f FoundBlock) (FoundBlock, error) {
	q := `SELECT ` + foundColumns + ` FROM found_blocks WHERE coin = ? AND status IN (?, ?, ?) AND solo = ? AND (found_at < ? OR (found_at = ? AND id < ?))`
	args := append(append([]any{f.Coin}, shownStatuses...), f.Solo, f.FoundAt, f.FoundAt, f.ID)
	if f.Solo {
		address, _ := SplitSoloWorker(f.Worker)
		cond, condArgs := SoloWorkerOf(address)
		q += ` AND ` + cond
		args = append(args, condArgs...)
	}
	prev, err := scanFound(b.DB.QueryRow(ctx, q+` ORDER BY found_at DESC, id DESC LIMIT 1`, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return prev, db.ErrNotFound
	}
	return prev, err
}

// FoundSince counts a coin's blocks the node took since t.
func (b *Blocks) FoundSince(ctx context.Context, coin string, t time.Time) (int, error) {
	var n int
	err := b.DB.QueryRow(ctx, `SELECT COUNT(*) FROM found_blocks WHERE coin = ? AND status IN (?, ?, ?) AND found_at >= ?`,
		append(append([]any{coin}, shownStatuses...), t.UnixMilli())...).Scan(&n)
	return n, err
}

// SubAccountBlocks is how many blocks a sub-account's devices found.
type SubAccountBlocks struct {
	SubAccountID int64
	UserID       int64
	Code         string
	Blocks       int
}

// BlocksBySubAccount counts a coin's pool blocks (not solo, not refused) found since t,
// by the sub-account of the device that found them.
func (b *Blocks) BlocksBySubAccount(ctx context.Context, coin string, t time.Time) ([]SubAccountBlocks, error) {
	rows, err := b.DB.Query(ctx, `SELECT s.id, s.user_id, s.code, COUNT(*) FROM found_blocks f JOIN devices d ON d.id = f.device_id
		JOIN sub_accounts s ON s.id = d.sub_account_id WHERE f.coin = ? AND NOT f.solo AND f.status IN (?, ?, ?) AND f.found_at >= ?
		GROUP BY s.id, s.user_id, s.code`, append(append([]any{coin}, shownStatuses...), t.UnixMilli())...)
	if err != nil {
		return nil, fmt.Errorf("mining: blocks by sub-account %s: %w", coin, err)
	}
	defer rows.Close()
	var out []SubAccountBlocks
	for rows.Next() {
		var x SubAccountBlocks
		if err := rows.Scan(&x.SubAccountID, &x.UserID, &x.Code, &x.Blocks); err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, rows.Err()
}

// SubAccountFound lists a coin's pool blocks found by a sub-account's devices, newest first.
func (b *Blocks) SubAccountFound(ctx context.Context, coin string, subAccountID int64, limit int) ([]FoundBlock, error) {
	rows, err := b.DB.Query(ctx, `SELECT `+prefixedFound+` FROM found_blocks f JOIN devices d ON d.id = f.device_id
		WHERE f.coin = ? AND d.sub_account_id = ? AND NOT f.solo AND f.status IN (?, ?, ?) ORDER BY f.found_at DESC, f.id DESC LIMIT ?`,
		append(append([]any{coin, subAccountID}, shownStatuses...), limit)...)
	if err != nil {
		return nil, fmt.Errorf("mining: blocks of sub-account %d: %w", subAccountID, err)
	}
	defer rows.Close()
	var out []FoundBlock
	for rows.Next() {
		f, err := scanFound(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// prefixedFound is foundColumns on the alias f.
const prefixedFound = `f.id, f.coin, f.height, f.hash, f.reward, COALESCE(f.device_id, 0), f.worker, f.solo, f.net_diff, f.status,
	f.confirmations, f.reject_reason, f.found_at, f.updated_at`
