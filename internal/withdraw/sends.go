package withdraw

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops"
)

// ErrUnknownSends stops a coin's payouts: its node wallet sent transactions that no payout
// of the database holds, and none of them is accepted yet (docs/withdrawals.md "Sends the
// pool did not make").
var ErrUnknownSends = errors.New("the node wallet sent transactions the pool has no payout for")

// WalletSend is a send of a node wallet that no payout holds.
type WalletSend struct {
	Coin, TxID string
	// FoundAt is when a scan found it; AcceptedAt when an operator accepted it (0: not
	// yet), with Note saying why.
	FoundAt, AcceptedAt int64
	Note                string
}

// ScanSends reads coin c's wallet sends since its last scan, records those no payout
// holds and moves the scan on (one database transaction), and answers how many recorded
// sends of the coin wait for an operator. Every payout is stored with its txid before it
// is broadcast, so a send the wallet lists already has its row; one without a row was
// made elsewhere, or the database was restored from a backup older than the send: the
// withdrawals it paid are open again here, and paying them would pay them twice.
func (s *Store) ScanSends(ctx context.Context, c coin.Coin, drv chain.Node) (int, error) {
	var from string
	err := s.DB.QueryRow(ctx, "SELECT block_hash FROM wallet_scans WHERE coin = ?", c.Type).Scan(&from)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("withdraw: %s: wallet scan: %w", c.Type, err)
	}
	var since chain.Hash
	if from != "" {
		if since, err = chain.ParseHash(from); err != nil {
			return 0, fmt.Errorf("withdraw: %s: wallet scan from %q: %w", c.Type, from, err)
		}
	}
	sends, next, err := drv.WalletSends(ctx, since)
	if err != nil {
		return 0, fmt.Errorf("withdraw: %s: wallet sends: %w", c.Type, err)
	}
	txids := make([]string, len(sends))
	for i, h := range sends {
		txids[i] = h.String()
	}
	nextBlock := ""
	if !next.IsZero() {
		nextBlock = next.String()
	}
	now := s.now().UnixMilli()
	var waiting int
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		known := make(map[string]bool, len(txids))
		err := db.InBatches(txids, func(in []any) error {
			rows, err := tx.Query(ctx, "SELECT txid FROM payouts WHERE coin = ? AND txid IN ("+db.Marks(len(in))+")",
				append([]any{c.Type}, in...)...)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var t string
				if err := rows.Scan(&t); err != nil {
					return err
				}
				known[t] = true
			}
			return rows.Err()
		})
		if err != nil {
			return err
		}
		for _, t := range txids {
			if known[t] {
				continue
			}
			if _, err := tx.Exec(ctx, "INSERT INTO wallet_sends (coin, txid, found_at) VALUES (?, ?, ?) ON CONFLICT (coin, txid) DO NOTHING",
				c.Type, t, now); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO wallet_scans (coin, block_hash, scanned_at) VALUES (?, ?, ?)
			ON CONFLICT (coin) DO UPDATE SET block_hash = excluded.block_hash, scanned_at = excluded.scanned_at`,
			c.Type, nextBlock, now); err != nil {
			return err
		}
		return tx.QueryRow(ctx, "SELECT COUNT(*) FROM wallet_sends WHERE coin = ? AND accepted_at = 0", c.Type).Scan(&waiting)
	})
	if err != nil {
		return 0, fmt.Errorf("withdraw: %s: wallet scan: %w", c.Type, err)
	}
	return waiting, nil
}

// WalletSends lists the recorded sends no payout holds, of coinType ("" for every coin),
// newest first.
func (s *Store) WalletSends(ctx context.Context, coinType string) ([]WalletSend, error) {
	q, args := "SELECT coin, txid, found_at, accepted_at, note FROM wallet_sends", []any{}
	if coinType != "" {
		q, args = q+" WHERE coin = ?", append(args, coinType)
	}
	rows, err := s.DB.Query(ctx, q+" ORDER BY found_at DESC, coin, txid", args...)
	if err != nil {
		return nil, fmt.Errorf("withdraw: wallet sends: %w", err)
	}
	defer rows.Close()
	var out []WalletSend
	for rows.Next() {
		var w WalletSend
		if err := rows.Scan(&w.Coin, &w.TxID, &w.FoundAt, &w.AcceptedAt, &w.Note); err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

// AcceptAllSends is AcceptSend for every send of coinType still waiting, and answers
// how many it accepted: for a wallet that sent before the pool used it, whose first scan
// finds all of those.
func (s *Store) AcceptAllSends(ctx context.Context, by ops.Actor, coinType, note string) (int64, error) {
	if note == "" {
		return 0, errors.New("say what was done about the sends (--note)")
	}
	now := s.now()
	var n int64
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, "UPDATE wallet_sends SET accepted_at = ?, note = ? WHERE coin = ? AND accepted_at = 0",
			now.UnixMilli(), note, coinType)
		if err != nil {
			return fmt.Errorf("withdraw: accept sends of %s: %w", coinType, err)
		}
		if n, _ = res.RowsAffected(); n == 0 {
			return nil
		}
		return ops.Record(ctx, tx, ops.Entry{At: now, Actor: by, Action: "wallet.send.acceptAll", ObjectType: "coin", ObjectID: coinType,
			Reason: note, Before: map[string]int64{"waiting": n}, After: map[string]int64{"waiting": 0}})
	})
	return n, err
}

// AcceptSend records that an operator has looked at a send no payout holds and set the
// database right (marked the withdrawals it paid, or moved the money it took), so the
// coin's payouts may go on. note says what was done; it is required.
func (s *Store) AcceptSend(ctx context.Context, by ops.Actor, coinType, txid, note string) error {
	if note == "" {
		return errors.New("say what was done about the send (--note)")
	}
	now := s.now()
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, "UPDATE wallet_sends SET accepted_at = ?, note = ? WHERE coin = ? AND txid = ? AND accepted_at = 0",
			now.UnixMilli(), note, coinType, txid)
		if err != nil {
			return fmt.Errorf("withdraw: accept send %s: %w", txid, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return adminError(404, "withdraw.admin.noSend", i18n.Params{"txid": txid, "coin": coinType})
		}
		return ops.Record(ctx, tx, ops.Entry{At: now, Actor: by, Action: "wallet.send.accept", ObjectType: "walletSend",
			ObjectID: coinType + ":" + txid, Reason: note, Before: map[string]bool{"accepted": false}, After: map[string]bool{"accepted": true}})
	})
}
