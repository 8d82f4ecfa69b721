package kaspad

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/kaspa"
)

// The pool wallet. kaspad keeps no wallet: it never holds a key, and it has no call that
// sends coins. The driver holds the wallet's key (Config.WalletKeyFile) and does a
// wallet's work itself: the wallet's UTXOs come from kaspad's UTXO index
// (getUtxosByAddresses, kaspad run with --utxoindex), less those that transactions in
// kaspad's mempool spend (getMempoolEntriesByAddresses) and those built payouts hold;
// transactions are built, weighed (compute, storage and transient mass) and signed here
// (internal/chain/kaspa), and sent with submitTransaction. docs/chains/kaspa.md,
// "Payouts", says how confirmations are counted and what a restart forgets.

// ErrInsufficientFunds is returned by BuildPayout when the wallet's spendable UTXOs (mature,
// not spent in the mempool, not held by other built payouts) do not cover the outputs and
// the fee.
var ErrInsufficientFunds = errors.New("kaspad: insufficient funds")

// ErrMassTooLarge is returned by BuildPayout when the transaction would weigh more than
// kaspad relays (kaspa.MaxStandardMass): too many outputs, or outputs so small that their
// storage mass (KIP-9) is too high together. Fewer or larger outputs build.
var ErrMassTooLarge = errors.New("kaspad: payout mass above kaspad's standard limit")

// MinOutput is the smallest output the wallet pays: below it one output's storage mass
// (KIP-9: 10^12 / value) is a fifth of what kaspad relays in a transaction.
const MinOutput = kaspa.StorageMassParameter / (kaspa.MaxStandardMass / 5)

// OutputsRefusedError is a payout refused for its outputs (an address that is not a
// Kaspa address of the node's network, an amount below MinOutput): building the same
// outputs fails again.
type OutputsRefusedError struct{ Reason string }

// Error implements error.
func (e *OutputsRefusedError) Error() string { return "kaspad: payout refused: " + e.Reason }

// OutputsRefused tells the payout job that these outputs will be refused again.
func (e *OutputsRefusedError) OutputsRefused() bool { return true }

// wallet is the driver's key and what it remembers of its payouts.
type wallet struct {
	key      *kaspa.PrivateKey
	addr     kaspa.Address
	spk      kaspa.ScriptPublicKey
	maturity uint64
	feeRate  float64

	mu       sync.Mutex
	reserved map[kaspa.Outpoint]kaspa.Hash // UTXO → the payout holding it (zero while building)
	sent     map[kaspa.Hash]*sentTx        // broadcast by this process
	fees     map[kaspa.Hash]uint64         // fees of the payouts this process built
}

// sentTx is a transaction this process broadcast: where to look for its acceptance.
type sentTx struct {
	tx    *kaspa.Transaction
	fee   uint64
	start kaspa.Hash // a chain block from before it was sent
}

// openWallet reads the wallet key of cfg, if any.
func openWallet(cfg Config, pay kaspa.Address) (*wallet, error) {
	secret := cfg.WalletKey
	if cfg.WalletKeyFile != "" {
		st, err := os.Stat(cfg.WalletKeyFile)
		if err != nil {
			return nil, fmt.Errorf("kaspad: wallet key file: %w", err)
		}
		if st.Mode().Perm()&0o077 != 0 {
			return nil, fmt.Errorf("kaspad: wallet key file %s is readable by others (mode %v); chmod 600 it", cfg.WalletKeyFile, st.Mode().Perm())
		}
		b, err := os.ReadFile(cfg.WalletKeyFile)
		if err != nil {
			return nil, fmt.Errorf("kaspad: wallet key file: %w", err)
		}
		if secret, err = hex.DecodeString(strings.TrimSpace(string(b))); err != nil {
			return nil, fmt.Errorf("kaspad: wallet key file %s: want 64 hex digits", cfg.WalletKeyFile)
		}
	}
	if secret == nil {
		return nil, nil
	}
	key, err := kaspa.ParsePrivateKey(secret)
	if err != nil {
		return nil, fmt.Errorf("kaspad: wallet key: %w", err)
	}
	addr := key.Address(pay.Prefix)
	if addr.String() != pay.String() {
		return nil, fmt.Errorf("kaspad: the wallet key's address is %s, the pay address %s: blocks would pay a wallet the pool cannot spend from", addr, pay)
	}
	w := &wallet{key: key, addr: addr, spk: addr.ScriptPublicKey(), maturity: cfg.CoinbaseMaturity, feeRate: cfg.FeeRate,
		reserved: map[kaspa.Outpoint]kaspa.Hash{}, sent: map[kaspa.Hash]*sentTx{}, fees: map[kaspa.Hash]uint64{}}
	if w.maturity == 0 {
		w.maturity = 1000
	}
	return w, nil
}

func (d *Driver) theWallet() (*wallet, error) {
	if d.wallet == nil {
		return nil, ErrNoWallet
	}
	return d.wallet, nil
}

// utxo is one of the wallet's spendable outputs.
type utxo struct {
	op    kaspa.Outpoint
	entry kaspa.UTXOEntry
}

// spendable lists the wallet's UTXOs that are mature (a coinbase output once the virtual
// DAA score is CoinbaseMaturity past the output's) and that no transaction in kaspad's
// mempool spends, largest first, and the virtual DAA score.
func (d *Driver) spendable(ctx context.Context, w *wallet) ([]utxo, uint64, error) {
	var dag getBlockDagInfoResponse
	if err := d.rpc.Call(ctx, "getBlockDagInfo", nil, &dag); err != nil {
		return nil, 0, err
	}
	var r getUtxosByAddressesResponse
	if err := d.rpc.Call(ctx, "getUtxosByAddresses", getUtxosByAddressesRequest{Addresses: []string{w.addr.String()}}, &r); err != nil {
		return nil, 0, fmt.Errorf("kaspad: getUtxosByAddresses (kaspad must run with --utxoindex): %w", err)
	}
	inMempool, err := d.mempoolSends(ctx, w)
	if err != nil {
		return nil, 0, err
	}
	spent := map[kaspa.Outpoint]bool{}
	for _, e := range inMempool {
		for _, in := range e.Transaction.Inputs {
			spent[kaspa.Outpoint{TxID: in.PreviousOutpoint.TransactionID, Index: in.PreviousOutpoint.Index}] = true
		}
	}
	var out []utxo
	for _, e := range r.Entries {
		u := utxo{op: kaspa.Outpoint{TxID: e.Outpoint.TransactionID, Index: e.Outpoint.Index},
			entry: kaspa.UTXOEntry{Amount: e.UTXOEntry.Amount, ScriptPublicKey: kaspa.ScriptPublicKey(e.UTXOEntry.ScriptPublicKey),
				BlockDAAScore: e.UTXOEntry.BlockDAAScore, IsCoinbase: e.UTXOEntry.IsCoinbase}}
		if spent[u.op] || u.entry.Amount == 0 || u.entry.ScriptPublicKey.Version != w.spk.Version ||
			!bytes.Equal(u.entry.ScriptPublicKey.Script, w.spk.Script) {
			continue
		}
		if u.entry.IsCoinbase && dag.VirtualDAAScore < u.entry.BlockDAAScore+w.maturity {
			continue
		}
		out = append(out, u)
	}
	slices.SortFunc(out, func(a, b utxo) int {
		switch {
		case a.entry.Amount > b.entry.Amount:
			return -1
		case a.entry.Amount < b.entry.Amount:
			return 1
		}
		return bytes.Compare(a.op.TxID[:], b.op.TxID[:])
	})
	return out, dag.VirtualDAAScore, nil
}

// mempoolSends lists the transactions in kaspad's mempool that spend the wallet's outputs.
func (d *Driver) mempoolSends(ctx context.Context, w *wallet) ([]rpcMempoolEntry, error) {
	var r getMempoolEntriesByAddressesResponse
	req := getMempoolEntriesByAddressesRequest{Addresses: []string{w.addr.String()}}
	if err := d.rpc.Call(ctx, "getMempoolEntriesByAddresses", req, &r); err != nil {
		return nil, err
	}
	var out []rpcMempoolEntry
	for _, e := range r.Entries {
		out = append(out, e.Sending...)
	}
	return out, nil
}

// Balance implements chain.Node: the sum of the spendable UTXOs (mature, not spent in
// kaspad's mempool).
func (d *Driver) Balance(ctx context.Context) (int64, error) {
	w, err := d.theWallet()
	if err != nil {
		return 0, err
	}
	us, _, err := d.spendable(ctx, w)
	if err != nil {
		return 0, err
	}
	var sum uint64
	for _, u := range us {
		sum += u.entry.Amount
	}
	return int64(min(sum, math.MaxInt64)), nil
}

// NewAddress implements chain.Node: the wallet has one key, so this is always its address
// (the pay address).
func (d *Driver) NewAddress(context.Context) (string, error) {
	w, err := d.theWallet()
	if err != nil {
		return "", err
	}
	return w.addr.String(), nil
}

// feeRate is the configured rate, or getFeeEstimate's first normal bucket (the priority
// bucket when kaspad gives no normal one), in sompi per gram.
func (d *Driver) feeRate(ctx context.Context, w *wallet) (float64, error) {
	if w.feeRate > 0 {
		return w.feeRate, nil
	}
	var r getFeeEstimateResponse
	if err := d.rpc.Call(ctx, "getFeeEstimate", struct{}{}, &r); err != nil {
		return 0, err
	}
	rate := r.Estimate.PriorityBucket.Feerate
	if len(r.Estimate.NormalBuckets) > 0 {
		rate = r.Estimate.NormalBuckets[0].Feerate
	}
	if math.IsNaN(rate) || math.IsInf(rate, 0) || rate < 1 {
		rate = 1 // kaspad's minimum relay fee: 1 sompi a gram
	}
	return rate, nil
}

// payoutMass is the mass kaspad charges a transaction's fee on: the largest of its
// compute mass (with a Schnorr signature script in every input), KIP-9 storage mass and
// KIP-13 transient mass. ok is false when the storage mass cannot be computed.
func payoutMass(tx *kaspa.Transaction, inputs []uint64) (uint64, bool) {
	signed := *tx
	signed.Inputs = slices.Clone(tx.Inputs)
	for i := range signed.Inputs {
		signed.Inputs[i].SignatureScript = make([]byte, kaspa.SchnorrSigScriptLen)
	}
	outs := make([]uint64, len(tx.Outputs))
	for i, o := range tx.Outputs {
		outs[i] = o.Value
	}
	storage, ok := kaspa.StorageMass(inputs, outs)
	return max(signed.ComputeMass(), storage, signed.TransientMass()), ok
}

// feeFor is the fee of mass at rate: at least kaspad's minimum relay fee.
func feeFor(mass uint64, rate float64) uint64 {
	return max(uint64(math.Ceil(float64(mass)*rate)), kaspa.MinRelayFee(mass))
}

// BuildPayout implements chain.Node. Inputs are the wallet's spendable UTXOs, largest
// first, that no other built payout holds; outputs are the payout's in order, then the
// change back to the wallet. The fee is the mass (payoutMass) times the fee rate. A change
// so small that its storage mass would push the transaction past kaspad's limit is left
// to the fee when it is below MinOutput; otherwise another input is added. The inputs
// stay held by this process until Broadcast has put the transaction in kaspad's mempool
// (from then on kaspad's mempool shows them spent), ReleasePayout gives them back, or
// HoldOnly drops the hold.
func (d *Driver) BuildPayout(ctx context.Context, outputs []chain.PayoutOutput) (chain.SignedPayout, error) {
	w, err := d.theWallet()
	if err != nil {
		return chain.SignedPayout{}, err
	}
	if err := chain.CheckPayout(outputs); err != nil {
		return chain.SignedPayout{}, err
	}
	tx := &kaspa.Transaction{}
	var total uint64
	for _, o := range outputs {
		a, err := kaspa.ParseAddress(o.Address, d.prefix)
		if err != nil {
			return chain.SignedPayout{}, &OutputsRefusedError{Reason: fmt.Sprintf("%q is not a Kaspa address of this network", o.Address)}
		}
		if o.Amount < MinOutput {
			return chain.SignedPayout{}, &OutputsRefusedError{Reason: fmt.Sprintf("%d sompi to %s is below %d, the least kaspad's storage mass (KIP-9) lets a payout carry", o.Amount, o.Address, MinOutput)}
		}
		total += uint64(o.Amount)
		tx.Outputs = append(tx.Outputs, kaspa.TxOutput{Value: uint64(o.Amount), ScriptPublicKey: a.ScriptPublicKey()})
	}
	rate, err := d.feeRate(ctx, w)
	if err != nil {
		return chain.SignedPayout{}, err
	}

	w.mu.Lock()
	defer w.mu.Unlock()
	us, _, err := d.spendable(ctx, w)
	if err != nil {
		return chain.SignedPayout{}, err
	}
	var free []utxo
	var available uint64
	for _, u := range us {
		if _, held := w.reserved[u.op]; !held {
			free = append(free, u)
			available += u.entry.Amount
		}
	}
	var chosen []utxo
	var ins []uint64
	var sum, fee uint64
	built, heavy := false, false
	for _, u := range free {
		chosen, ins = append(chosen, u), append(ins, u.entry.Amount)
		sum += u.entry.Amount
		tx.Inputs = append(tx.Inputs, kaspa.TxInput{Previous: u.op, SigOpCount: 1})
		if built, heavy, fee = fitChange(tx, len(outputs), ins, sum, total, rate, w.spk); built {
			break
		}
		if m, _ := payoutMass(&kaspa.Transaction{Inputs: tx.Inputs, Outputs: tx.Outputs[:len(outputs)]}, ins); m > kaspa.MaxStandardMass && !heavy {
			// More inputs only weigh more: each costs over 1,000 grams of compute mass.
			return chain.SignedPayout{}, fmt.Errorf("%w: %d inputs (the wallet's largest UTXOs) do not yet cover %d sompi; the wallet's outputs must be merged into fewer, larger ones, or the payout made smaller",
				ErrMassTooLarge, len(chosen), total)
		}
	}
	if heavy && !built {
		return chain.SignedPayout{}, fmt.Errorf("%w: %d outputs from %d inputs; pay fewer or larger outputs", ErrMassTooLarge, len(outputs), len(chosen))
	}
	if !built {
		return chain.SignedPayout{}, fmt.Errorf("%w: the payout needs %d sompi and its fee; the wallet has %d sompi spendable (%d UTXOs, mature, not spent in the mempool, not held by other payouts)",
			ErrInsufficientFunds, total, available, len(free))
	}
	entries := make([]kaspa.UTXOEntry, len(chosen))
	for i, u := range chosen {
		entries[i] = u.entry
	}
	if err := tx.Sign(w.key, entries); err != nil {
		return chain.SignedPayout{}, err
	}
	txid := tx.ID()
	sp := chain.SignedPayout{TxID: txid.ChainHash(), Raw: tx.Bytes(), Fee: int64(fee)}
	w.fees[txid] = fee
	for _, u := range chosen {
		w.reserved[u.op] = txid
		sp.Inputs = append(sp.Inputs, chain.OutPoint{TxID: u.op.TxID.ChainHash(), Vout: u.op.Index})
	}
	return sp, nil
}

// fitChange sets tx's outputs (the nOut payout outputs, then a change output if one is
// kept) for the inputs so far and answers the fee. ok is false when the inputs do not
// cover the outputs and fee yet (heavy: they do, but the mass is above kaspad's standard
// limit, which another input may lower through the storage mass). What is left over
// below MinOutput goes to the fee rather than into a change output whose storage mass
// would cost more than it is worth.
func fitChange(tx *kaspa.Transaction, nOut int, ins []uint64, sum, total uint64, rate float64, change kaspa.ScriptPublicKey) (ok, heavy bool, fee uint64) {
	tx.Outputs = tx.Outputs[:nOut]
	mass, computable := payoutMass(tx, ins)
	if !computable {
		return false, false, 0
	}
	fee = feeFor(mass, rate)
	if sum < total+fee {
		return false, false, 0
	}
	if sum-total-fee < MinOutput {
		if mass > kaspa.MaxStandardMass {
			return false, true, 0
		}
		return true, false, sum - total
	}
	// A change output: its value moves the storage mass, and so the fee; settle it.
	tx.Outputs = append(tx.Outputs, kaspa.TxOutput{ScriptPublicKey: change})
	for range 8 {
		tx.Outputs[nOut].Value = sum - total - fee
		m, computable := payoutMass(tx, ins)
		if !computable {
			break
		}
		f := feeFor(m, rate)
		if f <= fee {
			if m > kaspa.MaxStandardMass {
				break
			}
			return true, false, sum - total - tx.Outputs[nOut].Value
		}
		fee = f
		if sum < total+fee+MinOutput {
			break
		}
	}
	tx.Outputs = tx.Outputs[:nOut]
	return false, true, 0
}

// outpointsOf reads a payout's inputs back into Kaspa outpoints.
func outpointsOf(p chain.SignedPayout) []kaspa.Outpoint {
	ops := make([]kaspa.Outpoint, len(p.Inputs))
	for i, in := range p.Inputs {
		ops[i] = kaspa.Outpoint{TxID: kaspa.HashFromChain(in.TxID), Index: in.Vout}
	}
	return ops
}

// ReleasePayout implements chain.Node: the payout's UTXOs are free for the next build.
// Once broadcast, kaspad's mempool holds them spent whatever this says.
func (d *Driver) ReleasePayout(_ context.Context, p chain.SignedPayout) error {
	w, err := d.theWallet()
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	txid := kaspa.HashFromChain(p.TxID)
	for _, op := range outpointsOf(p) {
		if owner, ok := w.reserved[op]; ok && (owner == txid || owner == kaspa.Hash{}) {
			delete(w.reserved, op)
		}
	}
	return nil
}

// HoldOnly implements chain.Node: the held UTXOs become exactly the inputs of keep. The
// holds live in this process, so a restarted pool gets them back from here; a broadcast
// payout's inputs need no hold (kaspad's mempool shows them spent, and once accepted they
// leave the UTXO set).
func (d *Driver) HoldOnly(_ context.Context, keep []chain.SignedPayout) error {
	w, err := d.theWallet()
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.reserved = map[kaspa.Outpoint]kaspa.Hash{}
	for _, p := range keep {
		txid := kaspa.HashFromChain(p.TxID)
		for _, op := range outpointsOf(p) {
			w.reserved[op] = txid
		}
	}
	return nil
}

// Texts of kaspad's mempool rejections (rusty-kaspa mining/src/mempool/errors.rs
// RuleError), inside the RPC error "Rejected transaction <id>: <reason>".
const (
	rejectDuplicate       = "is already in the mempool"               // RejectDuplicate
	rejectAlreadyAccepted = "was already accepted by the consensus"   // RejectAlreadyAccepted
	rejectDoubleSpend     = "already spent by transaction"            // RejectDoubleSpendInMempool: "output <op> already spent by transaction <id> in the memory pool"
	rejectOrphan          = "is an orphan where orphan is disallowed" // RejectDisallowedOrphan: an input is not in the UTXO set
)

// Broadcast implements chain.Node (submitTransaction, allowOrphan false). Sent again it is
// harmless: kaspad answers that the transaction is already in its mempool or already
// accepted, and both are success. chain.ErrConflict: the mempool holds another
// transaction that spends one of its inputs (kaspad's double-spend rejection). An input
// missing from the UTXO set (kaspad's orphan rejection) is an error, not a conflict: the
// transaction itself may have spent it, longer ago than kaspad remembers accepted ids.
func (d *Driver) Broadcast(ctx context.Context, raw []byte) (chain.Hash, error) {
	w, err := d.theWallet()
	if err != nil {
		return chain.Hash{}, err
	}
	tx, err := kaspa.ParseTransaction(raw)
	if err != nil {
		return chain.Hash{}, fmt.Errorf("kaspad: broadcast: %w", err)
	}
	txid := tx.ID()
	var dag getBlockDagInfoResponse
	if err := d.rpc.Call(ctx, "getBlockDagInfo", nil, &dag); err != nil {
		return chain.Hash{}, err
	}
	var r submitTransactionResponse
	err = d.rpc.Call(ctx, "submitTransaction", submitTransactionRequest{Transaction: rpcTxOf(tx)}, &r)
	var re *RPCError
	switch {
	case errors.As(err, &re) && (strings.Contains(re.Message, rejectDuplicate) || strings.Contains(re.Message, rejectAlreadyAccepted)):
		// sent before: success
	case errors.As(err, &re) && strings.Contains(re.Message, rejectDoubleSpend):
		return chain.Hash{}, fmt.Errorf("kaspad: transaction %s: %s: %w", txid, re.Message, chain.ErrConflict)
	case err != nil:
		return chain.Hash{}, fmt.Errorf("kaspad: submitTransaction %s: %w", txid, err)
	case r.TransactionID != txid:
		return chain.Hash{}, fmt.Errorf("kaspad: submitTransaction: the node names the transaction %s, its bytes hash to %s", r.TransactionID, txid)
	}
	w.mu.Lock()
	if _, ok := w.sent[txid]; !ok {
		w.sent[txid] = &sentTx{tx: tx, fee: w.fees[txid], start: dag.Sink}
	}
	for _, in := range tx.Inputs {
		if w.reserved[in.Previous] == txid {
			delete(w.reserved, in.Previous) // the mempool holds it spent now
		}
	}
	w.mu.Unlock()
	return txid.ChainHash(), nil
}

// Send implements chain.Node: BuildPayout of one output, then Broadcast.
func (d *Driver) Send(ctx context.Context, addr string, amount int64, _ string) (chain.Hash, error) {
	return chain.SendOne(ctx, d, addr, amount)
}

// Transaction implements chain.Node for a transaction this process broadcast (others are
// chain.ErrNotFound, and the payout job sends a payout's stored bytes again, which makes
// it known). Confirmations: 0 while it is in kaspad's mempool; once a chain block accepts
// it (getVirtualChainFromBlock from a chain block of before the broadcast, with accepted
// transaction ids), virtualDaaScore − the accepting block's DAA score + 1. Failing that,
// an output of it still in the UTXO index (its blockDaaScore is the accepting block's)
// tells the same. Neither: chain.ErrNotFound. Amount is minus what it pays to others,
// Fee the inputs less the outputs.
func (d *Driver) Transaction(ctx context.Context, txid chain.Hash) (chain.WalletTx, error) {
	w, err := d.theWallet()
	if err != nil {
		return chain.WalletTx{}, err
	}
	kh := kaspa.HashFromChain(txid)
	w.mu.Lock()
	s := w.sent[kh]
	w.mu.Unlock()
	if s == nil {
		return chain.WalletTx{}, fmt.Errorf("kaspad: transaction %s was not broadcast by this process: %w", kh, chain.ErrNotFound)
	}
	wt := chain.WalletTx{TxID: txid, Fee: int64(s.fee)}
	for _, o := range s.tx.Outputs {
		if o.ScriptPublicKey.Version != w.spk.Version || !bytes.Equal(o.ScriptPublicKey.Script, w.spk.Script) {
			wt.Amount -= int64(o.Value)
		}
	}
	var entry rpcMempoolEntry
	err = d.rpc.Call(ctx, "getMempoolEntry", getMempoolEntryRequest{TransactionID: kh}, &struct {
		MempoolEntry *rpcMempoolEntry `json:"mempoolEntry"`
	}{&entry})
	var re *RPCError
	switch {
	case err == nil:
		if entry.Fee > 0 {
			wt.Fee = int64(entry.Fee)
		}
		return wt, nil // in the mempool
	case errors.As(err, &re) && strings.Contains(strings.ToLower(re.Message), "not found"):
	default:
		return chain.WalletTx{}, err
	}
	daa, block, err := d.accepted(ctx, w, kh, s)
	if err != nil {
		return chain.WalletTx{}, err
	}
	if daa == 0 {
		return chain.WalletTx{}, fmt.Errorf("kaspad: transaction %s is neither in the mempool nor accepted: %w", kh, chain.ErrNotFound)
	}
	var dag getBlockDagInfoResponse
	if err := d.rpc.Call(ctx, "getBlockDagInfo", nil, &dag); err != nil {
		return chain.WalletTx{}, err
	}
	wt.Confirmations = 1
	if dag.VirtualDAAScore > daa {
		wt.Confirmations = int64(dag.VirtualDAAScore-daa) + 1
	}
	wt.BlockHash = block.ChainHash()
	return wt, nil
}

// accepted finds the DAA score (0: not found) and hash of the chain block that accepted
// the transaction.
func (d *Driver) accepted(ctx context.Context, w *wallet, txid kaspa.Hash, s *sentTx) (uint64, kaspa.Hash, error) {
	var vc getVirtualChainFromBlockResponse
	err := d.rpc.Call(ctx, "getVirtualChainFromBlock", getVirtualChainFromBlockRequest{StartHash: s.start, IncludeAcceptedTransactionIDs: true}, &vc)
	if err != nil {
		return 0, kaspa.Hash{}, err
	}
	for _, a := range vc.AcceptedTransactionIDs {
		if slices.Contains(a.AcceptedTransactionIDs, txid) {
			b, err := d.getBlock(ctx, a.AcceptingBlockHash, false)
			if err != nil {
				return 0, kaspa.Hash{}, err
			}
			return b.Header.DAAScore, a.AcceptingBlockHash, nil
		}
	}
	// Its outputs, where still unspent, carry the accepting block's DAA score.
	var addrs []string
	for _, o := range s.tx.Outputs {
		if len(o.ScriptPublicKey.Script) == 34 && o.ScriptPublicKey.Script[0] == 0x20 {
			addrs = append(addrs, kaspa.Address{Prefix: d.prefix, Version: kaspa.AddressPubKey, Payload: o.ScriptPublicKey.Script[1:33]}.String())
		}
	}
	if len(addrs) == 0 {
		return 0, kaspa.Hash{}, nil
	}
	var r getUtxosByAddressesResponse
	if err := d.rpc.Call(ctx, "getUtxosByAddresses", getUtxosByAddressesRequest{Addresses: addrs}, &r); err != nil {
		return 0, kaspa.Hash{}, err
	}
	for _, e := range r.Entries {
		if e.Outpoint.TransactionID == txid {
			return e.UTXOEntry.BlockDAAScore, kaspa.Hash{}, nil
		}
	}
	return 0, kaspa.Hash{}, nil
}

// WalletSends implements chain.Node with what kaspad can tell: the transactions in its
// mempool that spend the wallet's outputs. kaspad keeps no history by address, so a send
// made elsewhere and accepted between two scans is not seen (docs/chains/kaspa.md). next
// is the sink.
func (d *Driver) WalletSends(ctx context.Context, _ chain.Hash) ([]chain.Hash, chain.Hash, error) {
	w, err := d.theWallet()
	if err != nil {
		return nil, chain.Hash{}, err
	}
	var dag getBlockDagInfoResponse
	if err := d.rpc.Call(ctx, "getBlockDagInfo", nil, &dag); err != nil {
		return nil, chain.Hash{}, err
	}
	es, err := d.mempoolSends(ctx, w)
	if err != nil {
		return nil, chain.Hash{}, err
	}
	var sends []chain.Hash
	for _, e := range es {
		tx, err := e.Transaction.consensus()
		if err != nil {
			return nil, chain.Hash{}, fmt.Errorf("kaspad: mempool entry: %w", err)
		}
		h := tx.ID().ChainHash()
		if !slices.Contains(sends, h) {
			sends = append(sends, h)
		}
	}
	return sends, dag.Sink.ChainHash(), nil
}

var (
	_ chain.Node       = (*Driver)(nil)
	_ chain.HeaderWork = (*Driver)(nil)
)
