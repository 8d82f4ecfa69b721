package kaspa

// Transaction mass (rusty-kaspa consensus/core/src/mass): what a transaction weighs in a
// block, and what its fee is paid on. Values are kaspad's for every network.
const (
	MassPerTxByte           = 1
	MassPerScriptPubKeyByte = 10
	MassPerSigOp            = 1000
	// StorageMassParameter is KIP-9's C: 10^4 KAS in sompi.
	StorageMassParameter = 100_000_000 * 10_000
	// TransientByteToMassFactor weighs the transaction's size for the transient storage
	// mass of KIP-13 (kaspad v1.0, Crescendo).
	TransientByteToMassFactor = 4
	// MaxStandardMass is the largest mass kaspad's mempool relays and mines
	// (MAXIMUM_STANDARD_TRANSACTION_MASS), for each of the masses.
	MaxStandardMass = 100_000
	// MinRelayFeePerKg is kaspad's minimum relay fee: sompi per 1000 grams of mass.
	MinRelayFeePerKg = 1000
	// SchnorrSigScriptLen is a pay-to-pubkey input's signature script: OP_DATA_65, the
	// 64-byte signature and the hash type.
	SchnorrSigScriptLen = 66
)

// SerializedSize is rusty-kaspa's transaction_estimated_serialized_size: the version, the
// inputs (outpoint, signature script with its length, sequence; not the sig-op count),
// the outputs (value, script version, script with its length), lock time, subnetwork id,
// gas, payload hash, and the payload with its length.
func (tx *Transaction) SerializedSize() uint64 {
	size := uint64(2 + 8)
	for _, in := range tx.Inputs {
		size += 32 + 4 + 8 + uint64(len(in.SignatureScript)) + 8
	}
	size += 8
	for _, o := range tx.Outputs {
		size += 8 + 2 + 8 + uint64(len(o.ScriptPublicKey.Script))
	}
	return size + 8 + 20 + 8 + 32 + 8 + uint64(len(tx.Payload))
}

// ComputeMass is rusty-kaspa's calc_non_contextual_masses compute mass: the size, ten
// grams a byte of the outputs' script public keys (with their 2-byte versions), and a
// thousand grams a sig-op. For a transaction not yet signed, sign a copy with
// placeholder scripts of SchnorrSigScriptLen bytes first (as wallets estimate).
func (tx *Transaction) ComputeMass() uint64 {
	mass := tx.SerializedSize() * MassPerTxByte
	for _, o := range tx.Outputs {
		mass += (2 + uint64(len(o.ScriptPublicKey.Script))) * MassPerScriptPubKeyByte
	}
	for _, in := range tx.Inputs {
		mass += uint64(in.SigOpCount) * MassPerSigOp
	}
	return mass
}

// TransientMass is KIP-13's transient storage mass: the size times four.
func (tx *Transaction) TransientMass() uint64 {
	return tx.SerializedSize() * TransientByteToMassFactor
}

// StorageMass is KIP-9's storage mass (rusty-kaspa calc_storage_mass) of a non-coinbase
// transaction spending inputs (their amounts) into outputs: max(0, C·(|O|/H(O) − |I|/A(I)))
// with H the harmonic and A the arithmetic mean, and the relaxed form
// max(0, C·(|O|/H(O) − |I|/H(I))) when |O| = 1, |I| = 1 or |O| = |I| = 2. The integer
// steps are kaspad's. ok is false when a sum overflows (kaspad then calls the mass
// incomputable) or a value is zero.
func StorageMass(inputs, outputs []uint64) (mass uint64, ok bool) {
	var harmonicOuts uint64
	for _, v := range outputs {
		if v == 0 {
			return 0, false
		}
		q := StorageMassParameter / v
		if harmonicOuts+q < harmonicOuts {
			return 0, false
		}
		harmonicOuts += q
	}
	if len(inputs) == 0 {
		return 0, false
	}
	if len(outputs) == 1 || len(inputs) == 1 || (len(outputs) == 2 && len(inputs) == 2) {
		var harmonicIns uint64
		for _, v := range inputs {
			if v == 0 {
				return 0, false
			}
			q := StorageMassParameter / v
			if harmonicIns+q < harmonicIns {
				harmonicIns = ^uint64(0)
			} else {
				harmonicIns += q
			}
		}
		return satSub(harmonicOuts, harmonicIns), true
	}
	var sum uint64
	for _, v := range inputs {
		sum += v
	}
	mean := sum / uint64(len(inputs))
	if mean == 0 {
		return 0, false
	}
	per := uint64(StorageMassParameter) / mean
	arithmeticIns := uint64(len(inputs)) * per
	if per != 0 && arithmeticIns/per != uint64(len(inputs)) {
		arithmeticIns = ^uint64(0)
	}
	return satSub(harmonicOuts, arithmeticIns), true
}

func satSub(a, b uint64) uint64 {
	if b > a {
		return 0
	}
	return a - b
}

// MinRelayFee is the least fee kaspad's mempool takes for a transaction of this mass
// (minimum_required_transaction_relay_fee): mass × 1000 / 1000 sompi, at least 1000.
func MinRelayFee(mass uint64) uint64 {
	fee := mass * MinRelayFeePerKg / 1000
	if fee == 0 {
		fee = MinRelayFeePerKg
	}
	return fee
}
