package kaspad

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/uniplus-pool/pool/internal/chain/kaspa"
)

// walletNode is the test node's UTXO set, mempool and virtual chain, for the wallet's
// calls. It judges submitted transactions as kaspad's mempool does, for real where it
// matters: every input must be in the UTXO set and not spent by a mempool transaction,
// a coinbase input mature, every signature must verify (the consensus package's
// verifier, itself judged against kaspa-wasm), the outputs must not exceed the inputs,
// the mass (the largest of compute, storage and transient) must be standard and the fee
// at least kaspad's minimum relay fee for it. Rejections carry kaspad's texts
// (rusty-kaspa mining/src/mempool/errors.rs, inside "Rejected transaction <id>: ...").
// All of it runs under testNode.mu.
type walletNode struct {
	prefix      string
	utxos       map[kaspa.Outpoint]kaspa.UTXOEntry
	mempool     map[kaspa.Hash]*memTx
	accepted    map[kaspa.Hash]kaspa.Hash // txid → accepting chain block
	chain       []kaspa.Hash              // chain blocks added by mine, in order
	daa         map[kaspa.Hash]uint64     // those blocks' DAA scores
	virtualDAA  uint64
	sink        kaspa.Hash
	feerate     float64
	forget      bool // kaspad no longer remembers accepted ids (RejectAlreadyAccepted's cache expired)
	mempoolAdds int  // transactions taken into the mempool
	masses      []uint64
}

type memTx struct {
	tx  *kaspa.Transaction
	fee uint64
}

// coinbaseMaturity is the test node's, as the driver's default.
const coinbaseMaturity = 1000

func newWalletNode(sink kaspa.Hash, virtualDAA uint64) *walletNode {
	return &walletNode{prefix: kaspa.PrefixMainnet, utxos: map[kaspa.Outpoint]kaspa.UTXOEntry{}, mempool: map[kaspa.Hash]*memTx{},
		accepted: map[kaspa.Hash]kaspa.Hash{}, daa: map[kaspa.Hash]uint64{}, virtualDAA: virtualDAA, sink: sink, feerate: 2}
}

// addressOf is the address a pay-to-pubkey script pays, or "".
func (w *walletNode) addressOf(s kaspa.ScriptPublicKey) string {
	if s.Version != 0 || len(s.Script) != 34 || s.Script[0] != 0x20 || s.Script[33] != 0xac {
		return ""
	}
	return kaspa.Address{Prefix: w.prefix, Version: kaspa.AddressPubKey, Payload: s.Script[1:33]}.String()
}

// dagInfo is the recorded getBlockDagInfo with the wallet node's virtual DAA score and sink.
func (w *walletNode) dagInfo(recorded json.RawMessage) any {
	var m map[string]any
	json.Unmarshal(recorded, &m)
	m["virtualDaaScore"] = w.virtualDAA
	m["sink"] = w.sink.String()
	return m
}

// block answers getBlock for a chain block mine added: a recorded block with its hash and
// DAA score.
func (w *walletNode) block(recorded map[string]json.RawMessage, h kaspa.Hash) (json.RawMessage, bool) {
	daa, ok := w.daa[h]
	if !ok {
		return nil, false
	}
	for _, b := range recorded {
		var v map[string]map[string]map[string]any
		json.Unmarshal(b, &v)
		v["block"]["header"]["daaScore"] = daa
		v["block"]["header"]["hash"] = h.String()
		v["block"]["verboseData"]["hash"] = h.String()
		out, _ := json.Marshal(v)
		return out, true
	}
	return nil, false
}

func rejected(id kaspa.Hash, why string) string {
	return fmt.Sprintf("Rejected transaction %s: %s", id, why)
}

func (w *walletNode) spender(op kaspa.Outpoint) (kaspa.Hash, bool) {
	for id, m := range w.mempool {
		for _, in := range m.tx.Inputs {
			if in.Previous == op {
				return id, true
			}
		}
	}
	return kaspa.Hash{}, false
}

func (w *walletNode) answer(method string, params json.RawMessage) (any, string) {
	switch method {
	case "getUtxosByAddresses":
		m, ok := strict(params, "addresses")
		var addrs []string
		if !ok || json.Unmarshal(m["addresses"], &addrs) != nil {
			return nil, reqDeserialize
		}
		want := map[string]bool{}
		for _, a := range addrs {
			if _, err := kaspa.ParseAddress(a, w.prefix); err != nil {
				return nil, "invalid address " + a
			}
			want[a] = true
		}
		entries := []any{}
		for op, e := range w.utxos {
			if a := w.addressOf(e.ScriptPublicKey); want[a] {
				entries = append(entries, map[string]any{"address": a,
					"outpoint":  map[string]any{"transactionId": op.TxID.String(), "index": op.Index},
					"utxoEntry": map[string]any{"amount": e.Amount, "scriptPublicKey": rpcSPK(e.ScriptPublicKey), "blockDaaScore": e.BlockDAAScore, "isCoinbase": e.IsCoinbase}})
			}
		}
		return map[string]any{"entries": entries}, ""
	case "getMempoolEntriesByAddresses":
		m, ok := strict(params, "addresses", "includeOrphanPool", "filterTransactionPool")
		var addrs []string
		if !ok || json.Unmarshal(m["addresses"], &addrs) != nil {
			return nil, reqDeserialize
		}
		entries := []any{}
		for _, a := range addrs {
			sending := []any{}
			for _, mt := range w.mempool {
				for _, in := range mt.tx.Inputs {
					if e, ok := w.utxos[in.Previous]; ok && w.addressOf(e.ScriptPublicKey) == a {
						sending = append(sending, map[string]any{"fee": mt.fee, "transaction": rpcTxOf(mt.tx), "isOrphan": false})
						break
					}
				}
			}
			entries = append(entries, map[string]any{"address": a, "sending": sending, "receiving": []any{}})
		}
		return map[string]any{"entries": entries}, ""
	case "getMempoolEntry":
		m, ok := strict(params, "transactionId", "includeOrphanPool", "filterTransactionPool")
		var id kaspa.Hash
		if !ok || json.Unmarshal(m["transactionId"], &id) != nil {
			return nil, reqDeserialize
		}
		mt, found := w.mempool[id]
		if !found {
			return nil, fmt.Sprintf("Transaction %s not found", id)
		}
		return map[string]any{"mempoolEntry": map[string]any{"fee": mt.fee, "transaction": rpcTxOf(mt.tx), "isOrphan": false}}, ""
	case "getFeeEstimate":
		if _, ok := strict(params); !ok {
			return nil, reqDeserialize
		}
		return map[string]any{"estimate": map[string]any{
			"priorityBucket": feerateBucket{w.feerate * 2, 0.5},
			"normalBuckets":  []feerateBucket{{w.feerate, 5}},
			"lowBuckets":     []feerateBucket{{1, 60}}}}, ""
	case "getVirtualChainFromBlock":
		m, ok := strict(params, "startHash", "includeAcceptedTransactionIds")
		var start kaspa.Hash
		if !ok || json.Unmarshal(m["startHash"], &start) != nil {
			return nil, reqDeserialize
		}
		from := 0
		for i, h := range w.chain {
			if h == start {
				from = i + 1
			}
		}
		added := []string{}
		acc := []any{}
		for _, h := range w.chain[from:] {
			added = append(added, h.String())
			ids := []string{}
			for id, b := range w.accepted {
				if b == h {
					ids = append(ids, id.String())
				}
			}
			acc = append(acc, map[string]any{"acceptingBlockHash": h.String(), "acceptedTransactionIds": ids})
		}
		return map[string]any{"removedChainBlockHashes": []string{}, "addedChainBlockHashes": added, "acceptedTransactionIds": acc}, ""
	case "submitTransaction":
		m, ok := strict(params, "transaction", "allowOrphan")
		var rt rpcTransaction
		if !ok || json.Unmarshal(m["transaction"], &rt) != nil {
			return nil, reqDeserialize
		}
		var tm map[string]json.RawMessage
		if json.Unmarshal(m["transaction"], &tm) != nil {
			return nil, reqDeserialize
		}
		for _, f := range []string{"version", "inputs", "outputs", "lockTime", "subnetworkId", "gas", "payload"} {
			if _, ok := tm[f]; !ok {
				return nil, reqDeserialize
			}
		}
		tx, err := rt.consensus()
		if err != nil {
			return nil, reqDeserialize
		}
		return w.submit(tx)
	}
	return nil, "RPC method not found"
}

func (w *walletNode) submit(tx *kaspa.Transaction) (any, string) {
	id := tx.ID()
	if _, ok := w.mempool[id]; ok {
		return nil, rejected(id, fmt.Sprintf("transaction %s is already in the mempool", id))
	}
	if _, ok := w.accepted[id]; ok && !w.forget {
		return nil, rejected(id, fmt.Sprintf("transaction %s was already accepted by the consensus", id))
	}
	entries := make([]kaspa.UTXOEntry, len(tx.Inputs))
	var in, out uint64
	for i, input := range tx.Inputs {
		if other, ok := w.spender(input.Previous); ok {
			return nil, rejected(id, fmt.Sprintf("output %s already spent by transaction %s in the memory pool", input.Previous, other))
		}
		e, ok := w.utxos[input.Previous]
		if !ok {
			return nil, rejected(id, fmt.Sprintf("transaction %s is an orphan where orphan is disallowed", id))
		}
		if e.IsCoinbase && w.virtualDAA < e.BlockDAAScore+coinbaseMaturity {
			return nil, rejected(id, "immature coinbase spend")
		}
		entries[i] = e
		in += e.Amount
	}
	reused := &kaspa.SigHashReused{}
	for i := range tx.Inputs {
		if err := tx.VerifyInput(i, entries, reused); err != nil {
			return nil, rejected(id, "signature: "+err.Error())
		}
	}
	ins := make([]uint64, len(entries))
	for i, e := range entries {
		ins[i] = e.Amount
	}
	outs := make([]uint64, len(tx.Outputs))
	for i, o := range tx.Outputs {
		out += o.Value
		outs[i] = o.Value
	}
	if out > in {
		return nil, rejected(id, "outputs exceed inputs")
	}
	storage, ok := kaspa.StorageMass(ins, outs)
	mass := max(tx.ComputeMass(), storage, tx.TransientMass())
	if !ok || mass > kaspa.MaxStandardMass {
		return nil, rejected(id, fmt.Sprintf("transaction mass of %d is larger than max allowed size of %d", mass, kaspa.MaxStandardMass))
	}
	if fee, need := in-out, kaspa.MinRelayFee(mass); fee < need {
		return nil, rejected(id, fmt.Sprintf("transaction %s has %d fees which is under the required amount of %d", id, fee, need))
	}
	w.mempool[id] = &memTx{tx: tx, fee: in - out}
	w.mempoolAdds++
	w.masses = append(w.masses, mass)
	return map[string]any{"transactionId": id.String()}, ""
}

// fund adds an output paying spk to the UTXO set.
func (n *testNode) fund(spk kaspa.ScriptPublicKey, amount, daa uint64, coinbase bool, tag string) kaspa.Outpoint {
	n.mu.Lock()
	defer n.mu.Unlock()
	op := kaspa.Outpoint{TxID: label("funding " + tag), Index: 0}
	n.wallet.utxos[op] = kaspa.UTXOEntry{Amount: amount, ScriptPublicKey: spk, BlockDAAScore: daa, IsCoinbase: coinbase}
	return op
}

// mine has a new chain block accept every mempool transaction: their inputs leave the UTXO
// set, their outputs join it at the block's DAA score; then the virtual moves on by
// advance.
func (n *testNode) mine(advance uint64) kaspa.Hash {
	n.mu.Lock()
	defer n.mu.Unlock()
	w := n.wallet
	w.virtualDAA++
	h := label(fmt.Sprintf("chain block %d", w.virtualDAA))
	w.chain = append(w.chain, h)
	w.daa[h] = w.virtualDAA
	w.sink = h
	for id, mt := range w.mempool {
		for _, in := range mt.tx.Inputs {
			delete(w.utxos, in.Previous)
		}
		for i, o := range mt.tx.Outputs {
			w.utxos[kaspa.Outpoint{TxID: id, Index: uint32(i)}] = kaspa.UTXOEntry{Amount: o.Value, ScriptPublicKey: o.ScriptPublicKey, BlockDAAScore: w.virtualDAA}
		}
		w.accepted[id] = h
		delete(w.mempool, id)
	}
	w.virtualDAA += advance
	return h
}

// outputsTo lists the UTXOs paying spk.
func (n *testNode) outputsTo(spk kaspa.ScriptPublicKey) map[kaspa.Outpoint]uint64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := map[kaspa.Outpoint]uint64{}
	for op, e := range n.wallet.utxos {
		if e.ScriptPublicKey.Version == spk.Version && bytes.Equal(e.ScriptPublicKey.Script, spk.Script) {
			out[op] = e.Amount
		}
	}
	return out
}
