package explorer

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// Transaction statuses: pending until the coin's payout confirmations, confirmed after,
// failed when it can never confirm (the payout job gave it up, or the node says another
// transaction spent its inputs).
const (
	TxPending   = "pending"
	TxConfirmed = "confirmed"
	TxFailed    = "failed"
)

// Transaction is a transaction as the explorer shows it: what the node's wallet says of it
// (confirmations, block, fee) beside the pool's record of it when it is one of the pool's
// payouts (what it pays to whom). Nothing that names a user, a sub-account or an order is
// kept here: everything is what the chain shows anyway.
type Transaction struct {
	TxID chain.Hash
	// Pool is set for a payout of the pool (withdrawals), known from its records.
	Pool   bool
	Status string
	// Confirmations are the node's when it answers, else the last the pool recorded; -1
	// when the node says the transaction lost to another.
	Confirmations int64
	Required      int64      // the coin's payout confirmations
	BlockHash     chain.Hash // zero while in no block
	BlockHeight   int64      // -1 while in no block
	Time          int64      // Unix ms: when the pool broadcast it, else the node's time; 0 unknown
	NetworkFee    int64      // minor units; -1 unknown
	Outputs       []TxOutput // the payments the pool's records know, by address
}

// TxOutput is one address a transaction pays, and how much.
type TxOutput struct {
	Address string
	Amount  int64
}

// payoutRecord is the pool's record of a broadcast payout.
type payoutRecord struct {
	id, confirmations, fee, broadcastAt int64
	status                              string
}

// Transaction finds txid among the pool's broadcast payouts and in the node's wallet
// (chain.Node.Transaction, the lookup every driver has); chain.ErrNotFound when neither
// knows it. A payout the node cannot be asked about right now is still shown from the
// pool's record.
func (e *Explorer) Transaction(ctx context.Context, c coin.Coin, d chain.Node, txid chain.Hash) (Transaction, error) {
	rec, known, err := e.payoutOf(ctx, c.Type, txid)
	if err != nil {
		return Transaction{}, err
	}
	tx := Transaction{TxID: txid, Pool: known, Required: c.Confirmations(), BlockHeight: -1, NetworkFee: -1}
	wt, werr := d.Transaction(ctx, txid)
	switch {
	case werr == nil:
		tx.Confirmations, tx.BlockHash, tx.NetworkFee = wt.Confirmations, wt.BlockHash, wt.Fee
		if wt.Time > 0 {
			tx.Time = wt.Time * 1000
		}
	case !known && errors.Is(werr, chain.ErrNotFound):
		return Transaction{}, werr
	case !known:
		return Transaction{}, fmt.Errorf("explorer: transaction %s of %s: %w", txid, c.Type, werr)
	default:
		tx.Confirmations = rec.confirmations
	}
	if !tx.BlockHash.IsZero() {
		b, err := d.Block(ctx, tx.BlockHash)
		switch {
		case err == nil:
			tx.BlockHeight = b.Height
		case !errors.Is(err, chain.ErrNotFound):
			return Transaction{}, fmt.Errorf("explorer: block of transaction %s: %w", txid, err)
		}
	}
	if known {
		tx.NetworkFee, tx.Time = rec.fee, rec.broadcastAt
		if tx.Outputs, err = e.payoutOutputs(ctx, rec.id); err != nil {
			return Transaction{}, err
		}
	}
	switch {
	case (known && rec.status == withdraw.StatusFailed) || tx.Confirmations < 0:
		tx.Status = TxFailed
	case tx.Confirmations >= tx.Required || (known && rec.status == withdraw.StatusConfirmed):
		tx.Status = TxConfirmed
	default:
		tx.Status = TxPending
	}
	return tx, nil
}

// payoutOf is the pool's payout with this txid that was sent to the network (one built
// and never broadcast is no transaction anyone can see).
func (e *Explorer) payoutOf(ctx context.Context, coinType string, txid chain.Hash) (payoutRecord, bool, error) {
	var p payoutRecord
	err := e.Blocks.DB.QueryRow(ctx, `SELECT id, status, confirmations, network_fee, broadcast_at FROM payouts
		WHERE coin = ? AND txid = ? AND broadcast_at > 0 ORDER BY id DESC LIMIT 1`, coinType, txid.String()).
		Scan(&p.id, &p.status, &p.confirmations, &p.fee, &p.broadcastAt)
	if errors.Is(err, sql.ErrNoRows) {
		return p, false, nil
	}
	if err != nil {
		return p, false, fmt.Errorf("explorer: payout of %s: %w", txid, err)
	}
	return p, true, nil
}

// payoutOutputs are the addresses a payout pays and the amounts that arrive there (what
// the withdrawals receive after the pool's fee), one output per address as a payout
// transaction has.
func (e *Explorer) payoutOutputs(ctx context.Context, payoutID int64) ([]TxOutput, error) {
	rows, err := e.Blocks.DB.Query(ctx, `SELECT address, SUM(received) FROM withdrawals WHERE payout_id = ?
		GROUP BY address ORDER BY address`, payoutID)
	if err != nil {
		return nil, fmt.Errorf("explorer: outputs of payout %d: %w", payoutID, err)
	}
	defer rows.Close()
	var out []TxOutput
	for rows.Next() {
		var o TxOutput
		if err := rows.Scan(&o.Address, &o.Amount); err != nil {
			return nil, fmt.Errorf("explorer: outputs of payout %d: %w", payoutID, err)
		}
		out = append(out, o)
	}
	return out, rows.Err()
}
