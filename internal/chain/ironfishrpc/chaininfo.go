package ironfishrpc

import (
	"context"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/uniplus-pool/pool/internal/chain"
)

// rpcBlock is chain/getBlock's answer (SDK rpc/routes/chain/getBlock).
type rpcBlock struct {
	Block struct {
		Hash              string `json:"hash"`
		Sequence          int64  `json:"sequence"`
		PreviousBlockHash string `json:"previousBlockHash"`
		Timestamp         int64  `json:"timestamp"` // ms
		Difficulty        string `json:"difficulty"`
		NoteSize          *int64 `json:"noteSize"`
		Size              int64  `json:"size"`
		Transactions      []struct {
			Hash string `json:"hash"`
			Fee  int64  `json:"fee"`
		} `json:"transactions"`
	} `json:"block"`
	Metadata struct {
		Main bool `json:"main"`
	} `json:"metadata"`
}

// getBlock asks for a block by hash or, with a zero hash, by main-chain sequence.
func (d *Driver) getBlock(ctx context.Context, hash chain.Hash, sequence int64) (*rpcBlock, error) {
	req := map[string]any{}
	if hash.IsZero() {
		if sequence < 1 {
			// The node reads sequence 0 as "none given", and counts negative ones back
			// from the tip: neither is a height.
			return nil, fmt.Errorf("%w: no block at height %d", chain.ErrNotFound, sequence)
		}
		req["sequence"] = sequence
	} else {
		req["hash"] = hash.String()
	}
	var b rpcBlock
	if err := d.call(ctx, "chain/getBlock", req, &b); err != nil {
		return nil, notFound(err)
	}
	return &b, nil
}

// head is the main chain's tip: chain/getDifficulty without a sequence answers the head's
// sequence, hash and difficulty. (chain/getChainInfo names the head
// "oldestBlockIdentifier" and the latest header, which may be off the main chain,
// "currentBlockIdentifier".)
func (d *Driver) head(ctx context.Context) (sequence int64, hash chain.Hash, difficulty string, err error) {
	var r struct {
		Sequence   int64  `json:"sequence"`
		Hash       string `json:"hash"`
		Difficulty string `json:"difficulty"`
	}
	if err = d.call(ctx, "chain/getDifficulty", map[string]any{}, &r); err != nil {
		return 0, chain.Hash{}, "", err
	}
	hash, err = hashFromNode(r.Hash)
	return r.Sequence, hash, r.Difficulty, err
}

// Network implements chain.Node. Difficulty is the latest template's when it builds on
// the tip (the next block's target at the template's time), else the tip's own;
// HashRate is chain/getNetworkHashPower over the last 120 blocks; BlockReward is the
// tip's miner fee less the fees of its transactions: the subsidy, which changes once an
// IronFish year (525,600 blocks).
func (d *Driver) Network(ctx context.Context) (chain.NetworkInfo, error) {
	seq, _, diff, err := d.head(ctx)
	if err != nil {
		return chain.NetworkInfo{}, err
	}
	info := chain.NetworkInfo{Height: seq}
	if info.Difficulty, err = parseDifficulty(diff); err != nil {
		return chain.NetworkInfo{}, err
	}
	d.mu.Lock()
	if t := d.latest; t != nil && t.Height == seq+1 {
		info.Difficulty = t.Difficulty
	}
	d.mu.Unlock()
	var hp struct {
		HashesPerSecond float64 `json:"hashesPerSecond"`
	}
	if err := d.call(ctx, "chain/getNetworkHashPower", map[string]any{"blocks": 120}, &hp); err != nil {
		return chain.NetworkInfo{}, err
	}
	info.HashRate = hp.HashesPerSecond
	b, err := d.getBlock(ctx, chain.Hash{}, seq)
	if err != nil {
		return chain.NetworkInfo{}, err
	}
	if seq > 1 && len(b.Block.Transactions) > 0 {
		reward := -b.Block.Transactions[0].Fee
		for _, tx := range b.Block.Transactions[1:] {
			reward -= tx.Fee
		}
		info.BlockReward = reward
	}
	return info, nil
}

// Block implements chain.Node (chain/getBlock by hash, and the tip for confirmations).
func (d *Driver) Block(ctx context.Context, hash chain.Hash) (chain.BlockInfo, error) {
	b, err := d.getBlock(ctx, hash, 0)
	if err != nil {
		return chain.BlockInfo{}, err
	}
	info, err := blockInfo(b)
	if err != nil {
		return chain.BlockInfo{}, err
	}
	info.Confirmations = -1
	if b.Metadata.Main {
		tip, _, _, err := d.head(ctx)
		if err != nil {
			return chain.BlockInfo{}, err
		}
		// The tip read after the block is at least as high, unless a reorganisation
		// came between: then the block is looked at again next time.
		info.Confirmations = max(tip-info.Height+1, 1)
	}
	return info, nil
}

func blockInfo(b *rpcBlock) (chain.BlockInfo, error) {
	h, err := hashFromNode(b.Block.Hash)
	if err != nil {
		return chain.BlockInfo{}, err
	}
	info := chain.BlockInfo{Hash: h, Height: b.Block.Sequence, Time: b.Block.Timestamp / 1000}
	// The first transaction is the miner fee; its fee is minus what it pays. The genesis
	// block has none.
	if b.Block.Sequence > 1 && len(b.Block.Transactions) > 0 {
		info.CoinbaseValue = -b.Block.Transactions[0].Fee
	}
	return info, nil
}

// BlockHash implements chain.Node: the main chain's block at sequence height.
func (d *Driver) BlockHash(ctx context.Context, height int64) (chain.Hash, error) {
	b, err := d.getBlock(ctx, chain.Hash{}, height)
	if err != nil {
		return chain.Hash{}, err
	}
	return hashFromNode(b.Block.Hash)
}

// BlockDetail implements chain.Node.
func (d *Driver) BlockDetail(ctx context.Context, hash chain.Hash) (chain.BlockDetail, error) {
	b, err := d.getBlock(ctx, hash, 0)
	if err != nil {
		return chain.BlockDetail{}, err
	}
	info, err := blockInfo(b)
	if err != nil {
		return chain.BlockDetail{}, err
	}
	det := chain.BlockDetail{BlockInfo: info, Size: b.Block.Size, TxCount: len(b.Block.Transactions), MaxTxIDsShown: chain.MaxBlockTxIDs}
	det.Confirmations = -1
	if b.Block.Sequence > 1 {
		if det.Prev, err = hashFromNode(b.Block.PreviousBlockHash); err != nil {
			return chain.BlockDetail{}, err
		}
	}
	if det.Difficulty, err = parseDifficulty(b.Block.Difficulty); err != nil {
		return chain.BlockDetail{}, err
	}
	for i, tx := range b.Block.Transactions {
		if i == chain.MaxBlockTxIDs {
			break
		}
		id, err := hashFromNode(tx.Hash)
		if err != nil {
			return chain.BlockDetail{}, err
		}
		det.TxIDs = append(det.TxIDs, id)
	}
	if b.Metadata.Main {
		tip, _, _, err := d.head(ctx)
		if err != nil {
			return chain.BlockDetail{}, err
		}
		det.Confirmations = max(tip-det.Height+1, 1)
		if tip > det.Height {
			next, err := d.BlockHash(ctx, det.Height+1)
			if err == nil {
				det.Next = next
			} else if !isNotFound(err) {
				return chain.BlockDetail{}, err
			}
		}
	}
	return det, nil
}

// ValidateAddress implements chain.Node. An IronFish public address is 32 bytes in hex
// (any case; Normalized is lower case), and the node checks that it is a point of the
// curve (chain/isValidPublicAddress). Script holds the address's 32 bytes: the block
// reward goes to the node's own account, so no pool output is ever built from it.
func (d *Driver) ValidateAddress(ctx context.Context, addr string) (chain.Address, error) {
	lower := strings.ToLower(addr)
	b, err := hex.DecodeString(lower)
	if err != nil || len(b) != 32 {
		return chain.Address{}, nil
	}
	var r struct {
		Valid bool `json:"valid"`
	}
	if err := d.call(ctx, "chain/isValidPublicAddress", map[string]any{"address": lower}, &r); err != nil {
		return chain.Address{}, err
	}
	if !r.Valid {
		return chain.Address{}, nil
	}
	return chain.Address{Valid: true, Script: b, Normalized: lower}, nil
}
