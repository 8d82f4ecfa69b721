package mining

import (
	"encoding/binary"
	"fmt"
	"math/big"

	"github.com/uniplus-pool/pool/internal/chain/ironfish"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// IronFishPoW is IronFish's proof of work as the engine judges shares with it: Blake3
// over the 180-byte header with the miner's randomness in its first 8 bytes (devnet;
// chain/ironfish says why FishHash networks are not mined yet). Share targets are the
// dialect's (stratum.IronFishShareTarget, 2^256/d), so the target a share is judged by is
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

// Difficulty implements HeaderPoW: 2^256 / target, the scale of ShareTarget (and, above
// IronFish's minimum of 131072, IronFish's own block difficulty).
func (IronFishPoW) Difficulty(target *big.Int) float64 {
	if target.Sign() <= 0 {
		return 0
	}
	q := new(big.Float).Quo(new(big.Float).SetInt(new(big.Int).Lsh(big.NewInt(1), 256)), new(big.Float).SetInt(target))
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
