package mining

import (
	"encoding/binary"
	"fmt"
	"math/big"

	"github.com/uniplus-pool/pool/internal/chain/ironfish"
	"github.com/uniplus-pool/pool/internal/chain/kaspa"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// IronFishPoW is IronFish's proof of work as the engine judges shares with it: Blake3
// over the 180-byte header with the miner's randomness in its first 8 bytes (devnet;
// chain/ironfish says why FishHash networks are not mined yet). Share targets are the
// dialect's (stratum.IronFishShareTarget, 2^224/d), so the target a share is judged by is
// the one its miner was sent.
type IronFishPoW struct{}

// Prepare implements HeaderPoW.
func (IronFishPoW) Prepare(work []byte) (HeaderHasher, error) {
	if len(work) != ironfish.HeaderSize {
		return nil, fmt.Errorf("ironfish work of %d bytes, want %d", len(work), ironfish.HeaderSize)
	}
	return ironFishHasher{work: work}, nil
}

// ShareTarget implements HeaderPoW.
func (IronFishPoW) ShareTarget(d float64) [32]byte { return stratum.IronFishShareTarget(d) }

// Difficulty implements HeaderPoW: 2^224 / target, the scale of ShareTarget (a share of
// difficulty 1 is 2^32 hashes; IronFish's own block difficulty is 2^32 times this).
func (IronFishPoW) Difficulty(target *big.Int) float64 {
	if target.Sign() <= 0 {
		return 0
	}
	q := new(big.Float).Quo(new(big.Float).SetInt(new(big.Int).Lsh(big.NewInt(1), 224)), new(big.Float).SetInt(target))
	f, _ := q.Float64()
	return f
}

type ironFishHasher struct{ work []byte }

func (h ironFishHasher) Pow(nonce uint64) [32]byte {
	var r [8]byte
	binary.BigEndian.PutUint64(r[:], nonce)
	v, _ := ironfish.HashHeader(h.work, r) // the length was checked by Prepare
	return v
}

// KaspaPoW is Kaspa's kHeavyHash as the engine judges shares with it: a State (the 64x64
// matrix) per job from the pre-PoW hash and timestamp, then one hash a share. Share
// difficulty is kaspa-stratum-bridge's, target = 2^224 / d (chain/kaspa).
type KaspaPoW struct{}

// Prepare implements HeaderPoW.
func (KaspaPoW) Prepare(work []byte) (HeaderHasher, error) {
	pre, ts, err := kaspa.ParseJobWork(work)
	if err != nil {
		return nil, err
	}
	// The block target is the engine's (the template's); the State's own is unused.
	return kaspaHasher{kaspa.NewState(pre, ts, 0)}, nil
}

// ShareTarget implements HeaderPoW.
func (KaspaPoW) ShareTarget(d float64) [32]byte {
	var out [32]byte
	t, err := kaspa.TargetFromDifficulty(d)
	if err != nil { // not a positive finite difficulty: no share meets it
		return out
	}
	if t.BitLen() > 256 {
		for i := range out {
			out[i] = 0xff
		}
		return out
	}
	t.FillBytes(out[:])
	return out
}

// Difficulty implements HeaderPoW.
func (KaspaPoW) Difficulty(target *big.Int) float64 { return kaspa.DifficultyFromTarget(target) }

type kaspaHasher struct{ s *kaspa.State }

// Pow is the pow value big-endian: kHeavyHash's output read as a little-endian number,
// reversed.
func (h kaspaHasher) Pow(nonce uint64) [32]byte {
	p := h.s.Pow(nonce)
	var out [32]byte
	for i := range p {
		out[31-i] = p[i]
	}
	return out
}
