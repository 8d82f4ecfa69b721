package kaspad

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/uniplus-pool/pool/internal/chain/kaspa"
)

// The messages kaspad's wRPC JSON speaks, with rusty-kaspa's serde names
// (rpc/core/src/model/{message,header,block,tx}.rs, kaspad v0.15.1 and later: v1.x on
// mainnet). How the values are written:
//
//   - integers (u16..u64: timestamps in ms, bits, nonce, DAA and blue scores, amounts in
//     sompi) are JSON numbers; a u64 can pass 2^53, so they are read into uint64, never
//     through float64;
//   - hashes (kaspa_hashes::Hash) are 64 hex digits of the bytes in order, not reversed;
//   - blue work (Uint192) is hex of its 24 big-endian bytes;
//   - a script public key is one hex string: the version as 2 big-endian bytes, then the
//     script;
//   - a transaction's payload and signature scripts are hex (serde "hex::serde"), but a
//     request's extraData (RpcExtraData = Vec<u8>) is a JSON array of numbers;
//   - floats (difficulty) are JSON numbers.
//
// Only the fields the driver reads are declared; the rest is ignored (and, for the block
// we submit, passed back untouched).

// rpcHeader is RpcRawHeader (getBlockTemplate, submitBlock: no hash) and RpcHeader
// (getBlock, BlockAdded: with the hash kaspad computed).
type rpcHeader struct {
	Hash                 *kaspa.Hash    `json:"hash,omitempty"`
	Version              uint16         `json:"version"`
	ParentsByLevel       [][]kaspa.Hash `json:"parentsByLevel"`
	HashMerkleRoot       kaspa.Hash     `json:"hashMerkleRoot"`
	AcceptedIDMerkleRoot kaspa.Hash     `json:"acceptedIdMerkleRoot"`
	UTXOCommitment       kaspa.Hash     `json:"utxoCommitment"`
	Timestamp            uint64         `json:"timestamp"`
	Bits                 uint32         `json:"bits"`
	Nonce                uint64         `json:"nonce"`
	DAAScore             uint64         `json:"daaScore"`
	BlueWork             blueWork       `json:"blueWork"`
	BlueScore            uint64         `json:"blueScore"`
	PruningPoint         kaspa.Hash     `json:"pruningPoint"`
}

// consensus is the header for the consensus package's hashing.
func (h *rpcHeader) consensus() kaspa.Header {
	return kaspa.Header{Version: h.Version, Parents: h.ParentsByLevel, HashMerkleRoot: h.HashMerkleRoot,
		AcceptedIDMerkleRoot: h.AcceptedIDMerkleRoot, UTXOCommitment: h.UTXOCommitment, Timestamp: h.Timestamp,
		Bits: h.Bits, Nonce: h.Nonce, DAAScore: h.DAAScore, BlueWork: h.BlueWork.Int, BlueScore: h.BlueScore,
		PruningPoint: h.PruningPoint}
}

// blueWork is a Uint192 written as big-endian hex (kaspad writes all 48 digits; fewer are
// accepted, as kaspad's from_hex accepts them).
type blueWork struct{ *big.Int }

// UnmarshalJSON reads the hex string.
func (b *blueWork) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("blue work: %w", err)
	}
	if len(s) == 0 || len(s) > 48 {
		return fmt.Errorf("blue work %q: want 1 to 48 hex digits", s)
	}
	v, ok := new(big.Int).SetString(s, 16)
	if !ok || strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		return fmt.Errorf("blue work %q: not hex", s)
	}
	b.Int = v
	return nil
}

// MarshalJSON writes the 48 digits kaspad writes.
func (b blueWork) MarshalJSON() ([]byte, error) {
	v := b.Int
	if v == nil {
		v = new(big.Int)
	}
	return json.Marshal(fmt.Sprintf("%048x", v))
}

// hexBytes is a byte string kaspad writes in hex; kaspa-wasm 0.13 and kaspad before
// v0.14 wrote a transaction payload as an array of numbers, which is read too.
type hexBytes []byte

// UnmarshalJSON reads either form.
func (h *hexBytes) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		b, err := hex.DecodeString(s)
		if err != nil {
			return fmt.Errorf("hex bytes: %w", err)
		}
		*h = b
		return nil
	}
	var arr []byte
	var nums []uint8
	if err := json.Unmarshal(data, &nums); err != nil {
		return fmt.Errorf("bytes: want a hex string or an array of numbers: %w", err)
	}
	arr = append(arr, nums...)
	*h = arr
	return nil
}

// byteArray is a Vec<u8> the serde way: a JSON array of numbers (GetBlockTemplateRequest's
// extraData; encoding/json would write a []byte as base64).
type byteArray []byte

// MarshalJSON writes the array.
func (b byteArray) MarshalJSON() ([]byte, error) {
	nums := make([]uint16, len(b))
	for i, v := range b {
		nums[i] = uint16(v)
	}
	return json.Marshal(nums)
}

// rpcTx is the part of RpcTransaction the driver reads.
type rpcTx struct {
	SubnetworkID string   `json:"subnetworkId"`
	Payload      hexBytes `json:"payload"`
	Outputs      []struct {
		Value uint64 `json:"value"`
	} `json:"outputs"`
	VerboseData *struct {
		TransactionID kaspa.Hash `json:"transactionId"`
	} `json:"verboseData"`
}

// coinbaseSubnetwork is SUBNETWORK_ID_COINBASE.
const coinbaseSubnetwork = "0100000000000000000000000000000000000000"

// coinbaseSubsidy reads the block's own subsidy from its coinbase payload (rusty-kaspa
// consensus/src/processes/coinbase.rs: blue score u64 LE, subsidy u64 LE, script version
// u16 LE, script length u8, script, extra data). A block's coinbase outputs pay the blue
// blocks it merges, not itself; its own reward is paid later by the chain block that
// merges it, if it is blue, from this subsidy (and its transactions' fees).
func coinbaseSubsidy(txs []rpcTx) (uint64, error) {
	if len(txs) == 0 {
		return 0, fmt.Errorf("block has no transactions")
	}
	cb := txs[0]
	if cb.SubnetworkID != coinbaseSubnetwork {
		return 0, fmt.Errorf("first transaction is not a coinbase (subnetwork %s)", cb.SubnetworkID)
	}
	if len(cb.Payload) < 19 {
		return 0, fmt.Errorf("coinbase payload of %d bytes, want at least 19", len(cb.Payload))
	}
	return binary.LittleEndian.Uint64(cb.Payload[8:16]), nil
}

// rawBlock is a template's block as kaspad sent it: the header's members kept raw so that
// the submitted block differs from it in the nonce only, and the transactions untouched.
type rawBlock struct {
	Header       map[string]json.RawMessage `json:"header"`
	Transactions []json.RawMessage          `json:"transactions"`
}

// getBlockTemplateRequest is GetBlockTemplateRequest.
type getBlockTemplateRequest struct {
	PayAddress string    `json:"payAddress"`
	ExtraData  byteArray `json:"extraData"`
}

// getBlockTemplateResponse is GetBlockTemplateResponse.
type getBlockTemplateResponse struct {
	Block    json.RawMessage `json:"block"`
	IsSynced bool            `json:"isSynced"`
}

// submitBlockRequest is SubmitBlockRequest.
type submitBlockRequest struct {
	Block             rawBlock `json:"block"`
	AllowNonDAABlocks bool     `json:"allowNonDaaBlocks"`
}

// submitBlockResponse is SubmitBlockResponse. kaspad v0.14 and later write the report
// adjacently tagged, {"type":"success"} or {"type":"reject","reason":"blockInvalid"};
// v0.13 (and kaspa-wasm 0.13) externally tagged, "success" or {"reject":"blockInvalid"}.
// Both are read.
type submitBlockResponse struct {
	Report json.RawMessage `json:"report"`
}

// report returns "" for success, else the reject reason ("blockInvalid", "isInIBD",
// "routeIsFull").
func (r submitBlockResponse) report() (reason string, err error) {
	var s string
	if json.Unmarshal(r.Report, &s) == nil {
		if s == "success" {
			return "", nil
		}
		return "", fmt.Errorf("unknown submit report %q", s)
	}
	var tagged struct {
		Type   string  `json:"type"`
		Reason string  `json:"reason"`
		Reject *string `json:"reject"`
	}
	if err := json.Unmarshal(r.Report, &tagged); err != nil {
		return "", fmt.Errorf("submit report %s: %w", r.Report, err)
	}
	switch {
	case tagged.Type == "success":
		return "", nil
	case tagged.Type == "reject" && tagged.Reason != "":
		return tagged.Reason, nil
	case tagged.Reject != nil && *tagged.Reject != "":
		return *tagged.Reject, nil
	}
	return "", fmt.Errorf("unknown submit report %s", r.Report)
}

// getBlockRequest is GetBlockRequest.
type getBlockRequest struct {
	Hash                kaspa.Hash `json:"hash"`
	IncludeTransactions bool       `json:"includeTransactions"`
}

// rpcBlock is RpcBlock as getBlock returns it.
type rpcBlock struct {
	Header       rpcHeader `json:"header"`
	Transactions []rpcTx   `json:"transactions"`
	VerboseData  *struct {
		Hash                kaspa.Hash   `json:"hash"`
		Difficulty          float64      `json:"difficulty"`
		SelectedParentHash  kaspa.Hash   `json:"selectedParentHash"`
		TransactionIDs      []kaspa.Hash `json:"transactionIds"`
		IsHeaderOnly        bool         `json:"isHeaderOnly"`
		BlueScore           uint64       `json:"blueScore"`
		ChildrenHashes      []kaspa.Hash `json:"childrenHashes"`
		MergeSetBluesHashes []kaspa.Hash `json:"mergeSetBluesHashes"`
		MergeSetRedsHashes  []kaspa.Hash `json:"mergeSetRedsHashes"`
		IsChainBlock        bool         `json:"isChainBlock"`
	} `json:"verboseData"`
}

// getBlockResponse is GetBlockResponse.
type getBlockResponse struct {
	Block rpcBlock `json:"block"`
}

// getBlockDagInfoResponse is GetBlockDagInfoResponse.
type getBlockDagInfoResponse struct {
	Network             string       `json:"network"`
	BlockCount          uint64       `json:"blockCount"`
	HeaderCount         uint64       `json:"headerCount"`
	TipHashes           []kaspa.Hash `json:"tipHashes"`
	Difficulty          float64      `json:"difficulty"`
	PastMedianTime      uint64       `json:"pastMedianTime"`
	VirtualParentHashes []kaspa.Hash `json:"virtualParentHashes"`
	PruningPointHash    kaspa.Hash   `json:"pruningPointHash"`
	VirtualDAAScore     uint64       `json:"virtualDaaScore"`
	Sink                kaspa.Hash   `json:"sink"`
}

// estimateNetworkHashesPerSecondRequest is EstimateNetworkHashesPerSecondRequest.
type estimateNetworkHashesPerSecondRequest struct {
	WindowSize uint32      `json:"windowSize"`
	StartHash  *kaspa.Hash `json:"startHash"`
}

// estimateNetworkHashesPerSecondResponse is EstimateNetworkHashesPerSecondResponse.
type estimateNetworkHashesPerSecondResponse struct {
	NetworkHashesPerSecond uint64 `json:"networkHashesPerSecond"`
}

// getServerInfoResponse is GetServerInfoResponse (kaspad v0.15 and later; v0.13 sent
// rpcApiVersion as an array and no revision, which is why neither is read).
type getServerInfoResponse struct {
	ServerVersion   string `json:"serverVersion"`
	NetworkID       string `json:"networkId"`
	HasUTXOIndex    bool   `json:"hasUtxoIndex"`
	IsSynced        bool   `json:"isSynced"`
	VirtualDAAScore uint64 `json:"virtualDaaScore"`
}

// getCurrentBlockColorRequest is GetCurrentBlockColorRequest (kaspad v0.15.1 and later).
type getCurrentBlockColorRequest struct {
	Hash kaspa.Hash `json:"hash"`
}

// getCurrentBlockColorResponse is GetCurrentBlockColorResponse.
type getCurrentBlockColorResponse struct {
	Blue bool `json:"blue"`
}
