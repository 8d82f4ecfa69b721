package kaspad

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/uniplus-pool/pool/internal/chain/kaspa"
)

// The wallet's messages (rusty-kaspa rpc/core/src/model/{address,mempool,message,tx}.rs,
// kaspad v1.x), with the same value rules as messages.go.

// rpcSPK is RpcScriptPublicKey: one hex string, the version as 2 big-endian bytes, then
// the script.
type rpcSPK kaspa.ScriptPublicKey

// MarshalJSON writes the hex string.
func (s rpcSPK) MarshalJSON() ([]byte, error) {
	b := binary.BigEndian.AppendUint16(nil, s.Version)
	return json.Marshal(hex.EncodeToString(append(b, s.Script...)))
}

// UnmarshalJSON reads the hex string.
func (s *rpcSPK) UnmarshalJSON(data []byte) error {
	var h hexBytes
	if err := json.Unmarshal(data, &h); err != nil {
		return fmt.Errorf("script public key: %w", err)
	}
	if len(h) < 2 {
		return fmt.Errorf("script public key of %d bytes", len(h))
	}
	s.Version, s.Script = binary.BigEndian.Uint16(h), append([]byte{}, h[2:]...)
	return nil
}

// hexString is a byte string kaspad reads and writes as hex (payload, signature script,
// subnetwork id); it reads the number-array form too (hexBytes).
type hexString []byte

// MarshalJSON writes hex.
func (h hexString) MarshalJSON() ([]byte, error) { return json.Marshal(hex.EncodeToString(h)) }

// UnmarshalJSON reads hex or an array of numbers.
func (h *hexString) UnmarshalJSON(data []byte) error { return (*hexBytes)(h).UnmarshalJSON(data) }

// rpcOutpoint is RpcTransactionOutpoint.
type rpcOutpoint struct {
	TransactionID kaspa.Hash `json:"transactionId"`
	Index         uint32     `json:"index"`
}

// rpcUTXOEntry is RpcUtxoEntry.
type rpcUTXOEntry struct {
	Amount          uint64 `json:"amount"`
	ScriptPublicKey rpcSPK `json:"scriptPublicKey"`
	BlockDAAScore   uint64 `json:"blockDaaScore"`
	IsCoinbase      bool   `json:"isCoinbase"`
}

// getUtxosByAddressesRequest is GetUtxosByAddressesRequest (kaspad --utxoindex).
type getUtxosByAddressesRequest struct {
	Addresses []string `json:"addresses"`
}

// getUtxosByAddressesResponse is GetUtxosByAddressesResponse.
type getUtxosByAddressesResponse struct {
	Entries []struct {
		Address   *string      `json:"address"`
		Outpoint  rpcOutpoint  `json:"outpoint"`
		UTXOEntry rpcUTXOEntry `json:"utxoEntry"`
	} `json:"entries"`
}

// rpcTxInput is RpcTransactionInput.
type rpcTxInput struct {
	PreviousOutpoint rpcOutpoint     `json:"previousOutpoint"`
	SignatureScript  hexString       `json:"signatureScript"`
	Sequence         uint64          `json:"sequence"`
	SigOpCount       uint8           `json:"sigOpCount"`
	VerboseData      json.RawMessage `json:"verboseData"`
}

// rpcTxOutput is RpcTransactionOutput.
type rpcTxOutput struct {
	Value           uint64          `json:"value"`
	ScriptPublicKey rpcSPK          `json:"scriptPublicKey"`
	VerboseData     json.RawMessage `json:"verboseData"`
}

// rpcTransaction is RpcTransaction, whole: what submitTransaction takes and mempool
// entries carry. mass is the transaction's committed mass (KIP-13); 0 leaves it to the
// node.
type rpcTransaction struct {
	Version      uint16          `json:"version"`
	Inputs       []rpcTxInput    `json:"inputs"`
	Outputs      []rpcTxOutput   `json:"outputs"`
	LockTime     uint64          `json:"lockTime"`
	SubnetworkID hexString       `json:"subnetworkId"`
	Gas          uint64          `json:"gas"`
	Payload      hexString       `json:"payload"`
	Mass         uint64          `json:"mass"`
	VerboseData  json.RawMessage `json:"verboseData"`
}

func rpcTxOf(tx *kaspa.Transaction) rpcTransaction {
	r := rpcTransaction{Version: tx.Version, LockTime: tx.LockTime, SubnetworkID: tx.SubnetworkID[:], Gas: tx.Gas,
		Payload: hexString(append([]byte{}, tx.Payload...)), Inputs: []rpcTxInput{}, Outputs: []rpcTxOutput{},
		VerboseData: json.RawMessage("null")}
	for _, in := range tx.Inputs {
		r.Inputs = append(r.Inputs, rpcTxInput{PreviousOutpoint: rpcOutpoint{in.Previous.TxID, in.Previous.Index},
			SignatureScript: append(hexString{}, in.SignatureScript...), Sequence: in.Sequence, SigOpCount: in.SigOpCount,
			VerboseData: json.RawMessage("null")})
	}
	for _, o := range tx.Outputs {
		r.Outputs = append(r.Outputs, rpcTxOutput{Value: o.Value, ScriptPublicKey: rpcSPK(o.ScriptPublicKey), VerboseData: json.RawMessage("null")})
	}
	return r
}

// consensus is the transaction for the consensus package.
func (r *rpcTransaction) consensus() (*kaspa.Transaction, error) {
	tx := &kaspa.Transaction{Version: r.Version, LockTime: r.LockTime, Gas: r.Gas, Payload: r.Payload}
	if len(r.SubnetworkID) != len(tx.SubnetworkID) {
		return nil, fmt.Errorf("subnetwork id of %d bytes", len(r.SubnetworkID))
	}
	copy(tx.SubnetworkID[:], r.SubnetworkID)
	for _, in := range r.Inputs {
		tx.Inputs = append(tx.Inputs, kaspa.TxInput{Previous: kaspa.Outpoint{TxID: in.PreviousOutpoint.TransactionID, Index: in.PreviousOutpoint.Index},
			SignatureScript: in.SignatureScript, Sequence: in.Sequence, SigOpCount: in.SigOpCount})
	}
	for _, o := range r.Outputs {
		tx.Outputs = append(tx.Outputs, kaspa.TxOutput{Value: o.Value, ScriptPublicKey: kaspa.ScriptPublicKey(o.ScriptPublicKey)})
	}
	return tx, nil
}

// submitTransactionRequest is SubmitTransactionRequest.
type submitTransactionRequest struct {
	Transaction rpcTransaction `json:"transaction"`
	AllowOrphan bool           `json:"allowOrphan"`
}

// submitTransactionResponse is SubmitTransactionResponse.
type submitTransactionResponse struct {
	TransactionID kaspa.Hash `json:"transactionId"`
}

// getMempoolEntryRequest is GetMempoolEntryRequest.
type getMempoolEntryRequest struct {
	TransactionID         kaspa.Hash `json:"transactionId"`
	IncludeOrphanPool     bool       `json:"includeOrphanPool"`
	FilterTransactionPool bool       `json:"filterTransactionPool"`
}

// rpcMempoolEntry is RpcMempoolEntry.
type rpcMempoolEntry struct {
	Fee         uint64         `json:"fee"`
	Transaction rpcTransaction `json:"transaction"`
	IsOrphan    bool           `json:"isOrphan"`
}

// getMempoolEntriesByAddressesRequest is GetMempoolEntriesByAddressesRequest.
type getMempoolEntriesByAddressesRequest struct {
	Addresses             []string `json:"addresses"`
	IncludeOrphanPool     bool     `json:"includeOrphanPool"`
	FilterTransactionPool bool     `json:"filterTransactionPool"`
}

// getMempoolEntriesByAddressesResponse is GetMempoolEntriesByAddressesResponse.
type getMempoolEntriesByAddressesResponse struct {
	Entries []struct {
		Address   string            `json:"address"`
		Sending   []rpcMempoolEntry `json:"sending"`
		Receiving []rpcMempoolEntry `json:"receiving"`
	} `json:"entries"`
}

// feerateBucket is RpcFeerateBucket: sompi per gram of mass.
type feerateBucket struct {
	Feerate          float64 `json:"feerate"`
	EstimatedSeconds float64 `json:"estimatedSeconds"`
}

// getFeeEstimateResponse is GetFeeEstimateResponse (kaspad v0.15 and later).
type getFeeEstimateResponse struct {
	Estimate struct {
		PriorityBucket feerateBucket   `json:"priorityBucket"`
		NormalBuckets  []feerateBucket `json:"normalBuckets"`
		LowBuckets     []feerateBucket `json:"lowBuckets"`
	} `json:"estimate"`
}

// getVirtualChainFromBlockRequest is GetVirtualChainFromBlockRequest.
type getVirtualChainFromBlockRequest struct {
	StartHash                     kaspa.Hash `json:"startHash"`
	IncludeAcceptedTransactionIDs bool       `json:"includeAcceptedTransactionIds"`
}

// getVirtualChainFromBlockResponse is GetVirtualChainFromBlockResponse.
type getVirtualChainFromBlockResponse struct {
	RemovedChainBlockHashes []kaspa.Hash `json:"removedChainBlockHashes"`
	AddedChainBlockHashes   []kaspa.Hash `json:"addedChainBlockHashes"`
	AcceptedTransactionIDs  []struct {
		AcceptingBlockHash     kaspa.Hash   `json:"acceptingBlockHash"`
		AcceptedTransactionIDs []kaspa.Hash `json:"acceptedTransactionIds"`
	} `json:"acceptedTransactionIds"`
}
