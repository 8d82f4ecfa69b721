package ironfishrpc

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/uniplus-pool/pool/internal/chain"
)

// ErrInsufficientFunds is returned by BuildPayout when the account's spendable notes,
// less those reserved by other built payouts, do not cover the outputs and the fee.
var ErrInsufficientFunds = errors.New("ironfish: insufficient funds")

// OutputsRefusedError is a payout refused for its outputs (an address that is not an
// IronFish public address): building the same outputs fails again.
type OutputsRefusedError struct{ Reason string }

// Error implements error.
func (e *OutputsRefusedError) Error() string { return "ironfish: payout refused: " + e.Reason }

// OutputsRefused tells the payout job that these outputs will be refused again.
func (e *OutputsRefusedError) OutputsRefused() bool { return true }

func isNotFound(err error) bool { return errors.Is(err, chain.ErrNotFound) }

// withAccount adds the configured account to a request (none: the default account).
func (d *Driver) withAccount(req map[string]any) map[string]any {
	if d.cfg.Account != "" {
		req["account"] = d.cfg.Account
	}
	return req
}

// accountName is the configured account, or the node's default one: wallet routes that
// build a transaction need the name.
func (d *Driver) accountName(ctx context.Context) (string, error) {
	if d.cfg.Account != "" {
		return d.cfg.Account, nil
	}
	var r struct {
		Account *struct {
			Name string `json:"name"`
		} `json:"account"`
	}
	if err := d.call(ctx, "wallet/getDefaultAccount", map[string]any{}, &r); err != nil {
		return "", err
	}
	if r.Account == nil {
		return "", errors.New("ironfish: the node's wallet has no default account; create one or set the account to pay from")
	}
	return r.Account.Name, nil
}

// Balance implements chain.Node: the account's available balance (wallet/getBalance,
// notes at least Confirmations deep, less what pending sends spend).
func (d *Driver) Balance(ctx context.Context) (int64, error) {
	var r struct {
		Available string `json:"available"`
	}
	if err := d.call(ctx, "wallet/getBalance", d.withAccount(map[string]any{"confirmations": d.cfg.Confirmations}), &r); err != nil {
		return 0, err
	}
	return parseOre(r.Available)
}

// NewAddress implements chain.Node. An IronFish account has one public address, so this
// is always the same one (wallet/getPublicKey).
func (d *Driver) NewAddress(ctx context.Context) (string, error) {
	var r struct {
		PublicKey string `json:"publicKey"`
	}
	if err := d.call(ctx, "wallet/getPublicKey", d.withAccount(map[string]any{}), &r); err != nil {
		return "", err
	}
	return r.PublicKey, nil
}

// walletTx is a transaction as the wallet reports it (SDK RpcWalletTransactionSchema).
type walletTx struct {
	Hash              string `json:"hash"`
	Fee               string `json:"fee"`
	BlockHash         string `json:"blockHash"`
	BlockSequence     *int64 `json:"blockSequence"`
	Expiration        int64  `json:"expiration"`
	Timestamp         int64  `json:"timestamp"`
	Status            string `json:"status"` // confirmed, unconfirmed, pending, expired, unknown
	Type              string `json:"type"`   // send, receive, miner
	AssetBalanceDelta []struct {
		AssetID string `json:"assetId"`
		Delta   string `json:"delta"`
	} `json:"assetBalanceDeltas"`
}

// Transaction implements chain.Node (wallet/getAccountTransaction). Confirmations count
// from the chain's tip for a transaction in a block; 0 while pending; for an expired one
// (never in a block, its expiration sequence passed) minus how many blocks the tip is past
// its expiration, so that one that can never confirm fails like a conflicted one. Amount
// is the change to the account without the fee, Fee what a send paid.
func (d *Driver) Transaction(ctx context.Context, txid chain.Hash) (chain.WalletTx, error) {
	var r struct {
		Transaction *walletTx `json:"transaction"`
	}
	req := d.withAccount(map[string]any{"hash": txid.String(), "notes": false, "spends": false})
	if err := d.call(ctx, "wallet/getAccountTransaction", req, &r); err != nil {
		return chain.WalletTx{}, err
	}
	if r.Transaction == nil {
		return chain.WalletTx{}, fmt.Errorf("%w: wallet transaction %s", chain.ErrNotFound, txid)
	}
	tip, _, _, err := d.head(ctx)
	if err != nil {
		return chain.WalletTx{}, err
	}
	return walletTxOf(txid, r.Transaction, tip)
}

func walletTxOf(txid chain.Hash, t *walletTx, tip int64) (chain.WalletTx, error) {
	wt := chain.WalletTx{TxID: txid, Time: t.Timestamp / 1000}
	for _, a := range t.AssetBalanceDelta {
		if a.AssetID == NativeAssetID {
			v, err := parseOre(a.Delta)
			if err != nil {
				return wt, err
			}
			wt.Amount = v
		}
	}
	if t.Type == "send" {
		fee, err := parseOre(t.Fee)
		if err != nil {
			return wt, err
		}
		wt.Fee = max(fee, 0)
		wt.Amount += wt.Fee
	}
	switch {
	case t.BlockSequence != nil && t.BlockHash != "":
		h, err := hashFromNode(t.BlockHash)
		if err != nil {
			return wt, err
		}
		wt.BlockHash = h
		wt.Confirmations = max(tip-*t.BlockSequence+1, 1)
	case t.Status == "expired":
		wt.Confirmations = -max(tip-t.Expiration+1, 1)
	}
	return wt, nil
}

// note is a wallet note (SDK RpcWalletNoteSchema).
type note struct {
	Value           string `json:"value"`
	AssetID         string `json:"assetId"`
	NoteHash        string `json:"noteHash"`
	TransactionHash string `json:"transactionHash"`
	Index           *int64 `json:"index"`
	Spent           bool   `json:"spent"`
	IsOwner         bool   `json:"isOwner"`
}

// spendableNotes lists the account's unspent IRON notes that are at least Confirmations
// deep: their index in the chain's note tree is below the tree's size at the block
// Confirmations back from the tip (wallet/getNotes has no block for a note; the tree size
// tells the same). A note the wallet saw spent by a pending transaction is spent already.
func (d *Driver) spendableNotes(ctx context.Context) ([]note, error) {
	tip, _, _, err := d.head(ctx)
	if err != nil {
		return nil, err
	}
	deep := tip - d.cfg.Confirmations
	if deep < 1 {
		return nil, nil
	}
	b, err := d.getBlock(ctx, chain.Hash{}, deep)
	if err != nil {
		return nil, err
	}
	if b.Block.NoteSize == nil {
		return nil, fmt.Errorf("ironfish: block %d has no note size", deep)
	}
	treeSize := *b.Block.NoteSize
	var out []note
	cursor := ""
	for {
		req := d.withAccount(map[string]any{"pageSize": 500, "filter": map[string]any{"spent": false, "assetId": NativeAssetID}})
		if cursor != "" {
			req["pageCursor"] = cursor
		}
		var r struct {
			Notes          []note `json:"notes"`
			NextPageCursor string `json:"nextPageCursor"`
		}
		if err := d.call(ctx, "wallet/getNotes", req, &r); err != nil {
			return nil, err
		}
		for _, n := range r.Notes {
			if n.Spent || !n.IsOwner || n.AssetID != NativeAssetID || n.Index == nil || *n.Index >= treeSize {
				continue
			}
			out = append(out, n)
		}
		if r.NextPageCursor == "" {
			return out, nil
		}
		cursor = r.NextPageCursor
	}
}

// postedSize bounds a payout transaction's size in bytes (SDK RawTransaction.postedSize):
// 77 bytes of header, 356 a spend, 520 an output (proof and encrypted note), one more
// output for the change, 64 of signature.
func postedSize(spends, outputs int) int64 {
	return 77 + 356*int64(spends) + 520*int64(outputs+1) + 64
}

// BuildPayout implements chain.Node. The wallet reserves nothing for a transaction it
// built but was not given back (wallet/createTransaction and wallet/postTransaction with
// broadcast false leave its notes unspent in the wallet), so the driver picks the notes
// itself, passes exactly them, and keeps them reserved in its own memory until Broadcast
// has put the transaction in the wallet, ReleasePayout gives them back, or HoldOnly drops
// the reservation. The fee is fixed from the fee rate and a bound of the size, so the
// chosen notes cover it and the wallet adds none of its own (it would pick reserved
// ones). The transaction expires ExpirationDelta blocks after the tip.
func (d *Driver) BuildPayout(ctx context.Context, outputs []chain.PayoutOutput) (chain.SignedPayout, error) {
	if err := chain.CheckPayout(outputs); err != nil {
		return chain.SignedPayout{}, err
	}
	var total int64
	outs := make([]map[string]any, len(outputs))
	for i, o := range outputs {
		a, err := d.ValidateAddress(ctx, o.Address)
		if err != nil {
			return chain.SignedPayout{}, err
		}
		if !a.Valid {
			return chain.SignedPayout{}, &OutputsRefusedError{Reason: fmt.Sprintf("%q is not an IronFish public address", o.Address)}
		}
		total += o.Amount
		outs[i] = map[string]any{"publicAddress": a.Normalized, "amount": strconv.FormatInt(o.Amount, 10)}
	}
	rate := d.cfg.FeeRate
	if rate == 0 {
		var r struct {
			Rate string `json:"rate"`
		}
		if err := d.call(ctx, "chain/estimateFeeRate", map[string]any{"priority": "average"}, &r); err != nil {
			return chain.SignedPayout{}, err
		}
		v, err := parseOre(r.Rate)
		if err != nil {
			return chain.SignedPayout{}, err
		}
		rate = max(v, 1)
	}

	d.buildMu.Lock()
	notes, err := d.spendableNotes(ctx)
	if err != nil {
		d.buildMu.Unlock()
		return chain.SignedPayout{}, err
	}
	var free []note
	var available int64
	for _, n := range notes {
		if _, held := d.reserved[n.NoteHash]; held {
			continue
		}
		v, err := parseOre(n.Value)
		if err != nil || v <= 0 {
			continue
		}
		free = append(free, n)
		available += v
	}
	// Largest first, as the wallet itself funds: fewest spends.
	slices.SortFunc(free, func(a, b note) int {
		va, _ := strconv.ParseInt(a.Value, 10, 64)
		vb, _ := strconv.ParseInt(b.Value, 10, 64)
		return -cmpInt(va, vb)
	})
	var chosen []string
	var sum, fee int64
	for _, n := range free {
		v, _ := strconv.ParseInt(n.Value, 10, 64)
		chosen = append(chosen, n.NoteHash)
		sum += v
		fee = max(rate*postedSize(len(chosen), len(outputs))/1000, 1)
		if sum >= total+fee {
			break
		}
	}
	if fee == 0 {
		fee = max(rate*postedSize(1, len(outputs))/1000, 1)
	}
	if sum < total+fee {
		d.buildMu.Unlock()
		return chain.SignedPayout{}, fmt.Errorf("%w: the payout needs %d ore with its fee of %d; the account has %d ore spendable (%d notes at least %d blocks deep, not held by other payouts)",
			ErrInsufficientFunds, total+fee, fee, available, len(free), d.cfg.Confirmations)
	}
	var placeholder chain.Hash // held under a zero txid until the build has its own
	for _, h := range chosen {
		d.reserved[h] = placeholder
	}
	d.buildMu.Unlock()
	release := func() {
		d.buildMu.Lock()
		for _, h := range chosen {
			if d.reserved[h] == placeholder {
				delete(d.reserved, h)
			}
		}
		d.buildMu.Unlock()
	}

	tip, _, _, err := d.head(ctx)
	if err != nil {
		release()
		return chain.SignedPayout{}, err
	}
	account, err := d.accountName(ctx)
	if err != nil {
		release()
		return chain.SignedPayout{}, err
	}
	var created struct {
		Transaction string `json:"transaction"`
	}
	req := map[string]any{
		"account":       account,
		"outputs":       outs,
		"fee":           strconv.FormatInt(fee, 10),
		"notes":         chosen,
		"confirmations": d.cfg.Confirmations,
		"expiration":    tip + d.cfg.ExpirationDelta,
	}
	if err := d.call(ctx, "wallet/createTransaction", req, &created); err != nil {
		release()
		var re *RPCError
		if errors.As(err, &re) && re.Code == CodeInsufficientBalance {
			return chain.SignedPayout{}, fmt.Errorf("%w: %v", ErrInsufficientFunds, err)
		}
		return chain.SignedPayout{}, err
	}
	var posted struct {
		Hash        string `json:"hash"`
		Transaction string `json:"transaction"`
	}
	preq := map[string]any{"account": account, "transaction": created.Transaction, "broadcast": false}
	if err := d.callWithin(ctx, d.cfg.PostTimeout, "wallet/postTransaction", preq, &posted); err != nil {
		release()
		return chain.SignedPayout{}, err
	}
	raw, err := hex.DecodeString(posted.Transaction)
	if err != nil {
		release()
		return chain.SignedPayout{}, fmt.Errorf("ironfish: posted transaction: %w", err)
	}
	txid := TxHash(raw)
	if txid.String() != posted.Hash {
		release()
		return chain.SignedPayout{}, fmt.Errorf("ironfish: posted transaction hashes to %s, the node says %s", txid, posted.Hash)
	}
	paid, err := txFee(raw)
	if err != nil {
		release()
		return chain.SignedPayout{}, err
	}
	sp := chain.SignedPayout{TxID: txid, Raw: raw, Fee: paid}
	d.buildMu.Lock()
	for _, h := range chosen {
		d.reserved[h] = txid
		nh, _ := chain.ParseHash(h)
		sp.Inputs = append(sp.Inputs, chain.OutPoint{TxID: nh})
	}
	d.byTx[txid] = chosen
	d.buildMu.Unlock()
	return sp, nil
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// noteHashes are the notes a payout spends, as the node writes their hashes: each input
// names one note by its hash (TxID) with Vout 0.
func noteHashes(p chain.SignedPayout) []string {
	hs := make([]string, len(p.Inputs))
	for i, in := range p.Inputs {
		hs[i] = in.TxID.String()
	}
	return hs
}

// ReleasePayout implements chain.Node: the payout's notes are free for the next build.
// It can only undo the driver's reservation: once Broadcast has given the transaction to
// the wallet, the wallet holds its notes spent until the transaction is in a block or
// expires.
func (d *Driver) ReleasePayout(ctx context.Context, p chain.SignedPayout) error {
	d.buildMu.Lock()
	defer d.buildMu.Unlock()
	for _, h := range noteHashes(p) {
		if owner, ok := d.reserved[h]; ok && (owner == p.TxID || owner.IsZero()) {
			delete(d.reserved, h)
		}
	}
	delete(d.byTx, p.TxID)
	return nil
}

// HoldOnly implements chain.Node: the driver's reservations become exactly the notes of
// keep. They live in this process, so a restarted pool gets them back from here; the
// node keeps none of its own for a transaction it was not given, and reserves a
// broadcast one's notes itself (the wallet marks them spent).
func (d *Driver) HoldOnly(ctx context.Context, keep []chain.SignedPayout) error {
	d.buildMu.Lock()
	defer d.buildMu.Unlock()
	d.reserved = map[string]chain.Hash{}
	d.byTx = map[chain.Hash][]string{}
	for _, p := range keep {
		hs := noteHashes(p)
		for _, h := range hs {
			d.reserved[h] = p.TxID
		}
		d.byTx[p.TxID] = hs
	}
	return nil
}

// Broadcast implements chain.Node. The transaction goes to the node's mempool
// (chain/broadcastTransaction), then into the wallet as pending (wallet/addTransaction,
// broadcast false), which marks its notes spent, so the driver's reservation ends. Sent
// again it is harmless: the mempool has it (accepted false, no error), or a block has
// it (the node refuses it as a double spend, and chain/getTransaction finds it in the
// main chain). chain.ErrConflict: the node refuses it as a double spend and no block of
// the main chain holds it (another transaction spent its notes), or it expired at least
// chain.SendsDepth blocks ago without a block holding it.
func (d *Driver) Broadcast(ctx context.Context, raw []byte) (chain.Hash, error) {
	txid := TxHash(raw)
	expiration, err := txExpiration(raw)
	if err != nil {
		return chain.Hash{}, err
	}
	inChain := func() (bool, error) {
		err := d.call(ctx, "chain/getTransaction", map[string]any{"transactionHash": txid.String()}, nil)
		if err == nil {
			return true, nil
		}
		var re *RPCError
		if errors.As(err, &re) && re.Code == CodeNotFound {
			return false, nil
		}
		return false, err
	}
	tip, _, _, err := d.head(ctx)
	if err != nil {
		return chain.Hash{}, err
	}
	if expiration != 0 && expiration <= tip {
		found, err := inChain()
		if err != nil {
			return chain.Hash{}, err
		}
		if found {
			return txid, d.toWallet(ctx, txid, raw)
		}
		if tip-expiration+1 >= chain.SendsDepth {
			return chain.Hash{}, fmt.Errorf("ironfish: transaction %s expired at block %d, the tip is %d: %w", txid, expiration, tip, chain.ErrConflict)
		}
		return chain.Hash{}, fmt.Errorf("ironfish: transaction %s expired at block %d, the tip is %d; it fails once %d blocks past", txid, expiration, tip, chain.SendsDepth)
	}
	var r struct {
		Hash     string `json:"hash"`
		Accepted bool   `json:"accepted"`
	}
	err = d.call(ctx, "chain/broadcastTransaction", map[string]any{"transaction": hex.EncodeToString(raw)}, &r)
	var re *RPCError
	if errors.As(err, &re) && re.Code == CodeValidation {
		found, ferr := inChain()
		if ferr != nil {
			return chain.Hash{}, ferr
		}
		if found {
			return txid, d.toWallet(ctx, txid, raw)
		}
		if strings.Contains(re.Message, "Double spend") {
			return chain.Hash{}, fmt.Errorf("ironfish: %v: %w", err, chain.ErrConflict)
		}
		return chain.Hash{}, err
	}
	if err != nil {
		return chain.Hash{}, err
	}
	if r.Hash != txid.String() {
		return chain.Hash{}, fmt.Errorf("ironfish: broadcast: the node names the transaction %s, its bytes hash to %s", r.Hash, txid)
	}
	return txid, d.toWallet(ctx, txid, raw)
}

// toWallet gives a broadcast transaction to the wallet (wallet/addTransaction, not sent
// again), which then counts its notes spent: the driver's reservation of them ends.
func (d *Driver) toWallet(ctx context.Context, txid chain.Hash, raw []byte) error {
	err := d.call(ctx, "wallet/addTransaction", map[string]any{"transaction": hex.EncodeToString(raw), "broadcast": false}, nil)
	var re *RPCError
	if errors.As(err, &re) && strings.Contains(re.Message, "is not related to any account") {
		err = nil // not this wallet's: nothing to reserve
	}
	if err != nil {
		return fmt.Errorf("ironfish: broadcast %s: sent, but the wallet did not take it: %w", txid, err)
	}
	d.buildMu.Lock()
	for _, h := range d.byTx[txid] {
		if d.reserved[h] == txid {
			delete(d.reserved, h)
		}
	}
	delete(d.byTx, txid)
	d.buildMu.Unlock()
	return nil
}

// Send implements chain.Node: BuildPayout of one output, then Broadcast.
func (d *Driver) Send(ctx context.Context, addr string, amount int64, _ string) (chain.Hash, error) {
	return chain.SendOne(ctx, d, addr, amount)
}

// WalletSends implements chain.Node: the account's sends in blocks after since
// (wallet/getAccountTransactions from since's sequence + 1; from the genesis block when
// since is zero or no longer on the main chain less SendsDepth), and the pending ones (the
// newest transactions until as many pending ones as wallet/getBalance counts are seen).
// next is the main chain's block chain.SendsDepth deep.
func (d *Driver) WalletSends(ctx context.Context, since chain.Hash) ([]chain.Hash, chain.Hash, error) {
	tip, _, _, err := d.head(ctx)
	if err != nil {
		return nil, chain.Hash{}, err
	}
	start := int64(1)
	if !since.IsZero() {
		b, err := d.getBlock(ctx, since, 0)
		switch {
		case err == nil && b.Metadata.Main:
			start = b.Block.Sequence + 1
		case err == nil:
			start = max(b.Block.Sequence-chain.SendsDepth, 1)
		case !isNotFound(err):
			return nil, chain.Hash{}, err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, d.cfg.Timeout)
	defer cancel()
	seen := map[chain.Hash]bool{}
	var sends []chain.Hash
	add := func(t *walletTx) error {
		if t.Type != "send" {
			return nil
		}
		h, err := hashFromNode(t.Hash)
		if err != nil {
			return err
		}
		if !seen[h] {
			seen[h] = true
			sends = append(sends, h)
		}
		return nil
	}
	err = d.rpc.Stream(ctx, "wallet/getAccountTransactions", d.withAccount(map[string]any{"startSequence": start}), func(raw json.RawMessage) error {
		var t walletTx
		if err := json.Unmarshal(raw, &t); err != nil {
			return fmt.Errorf("ironfish: wallet transaction: %w", err)
		}
		return add(&t)
	}, nil)
	if err != nil {
		return nil, chain.Hash{}, fmt.Errorf("ironfish: %w", err)
	}
	var bal struct {
		PendingCount int `json:"pendingCount"`
	}
	if err := d.call(ctx, "wallet/getBalance", d.withAccount(map[string]any{}), &bal); err != nil {
		return nil, chain.Hash{}, err
	}
	if bal.PendingCount > 0 {
		found := 0
		errEnough := errors.New("enough")
		err := d.rpc.Stream(ctx, "wallet/getAccountTransactions", d.withAccount(map[string]any{"reverse": true}), func(raw json.RawMessage) error {
			var t walletTx
			if err := json.Unmarshal(raw, &t); err != nil {
				return fmt.Errorf("ironfish: wallet transaction: %w", err)
			}
			if t.BlockSequence != nil || t.Status != "pending" {
				return nil
			}
			if err := add(&t); err != nil {
				return err
			}
			if found++; found >= bal.PendingCount {
				return errEnough
			}
			return nil
		}, nil)
		if err != nil && !errors.Is(err, errEnough) {
			return nil, chain.Hash{}, fmt.Errorf("ironfish: %w", err)
		}
	}
	var next chain.Hash
	if deep := tip - chain.SendsDepth + 1; deep >= 1 {
		if next, err = d.BlockHash(ctx, deep); err != nil {
			return nil, chain.Hash{}, err
		}
	}
	return sends, next, nil
}
