package mining

import (
	"math/big"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// Solution is a nonce whose header meets a target.
type Solution struct {
	Nonce uint32
	Hash  chain.Hash
	Tries uint32
}

// Solve searches nonces from start for at most tries hashes, as a miner does with a job:
// it builds the coinbase from the job and the extranonces, the merkle root from the branch,
// and hashes headers until one meets target. It is what `poold sim` runs on the CPU.
func Solve(j *stratum.Job, algo string, en1, en2 []byte, ntime uint32, target *big.Int, start, tries uint32) (Solution, bool, error) {
	coinbase := make([]byte, 0, len(j.Coinb1)+len(en1)+len(en2)+len(j.Coinb2))
	coinbase = append(coinbase, j.Coinb1...)
	coinbase = append(coinbase, en1...)
	coinbase = append(coinbase, en2...)
	coinbase = append(coinbase, j.Coinb2...)
	branch := make([]chain.Hash, len(j.MerkleBranch))
	for i, h := range j.MerkleBranch {
		branch[i] = h
	}
	root := chain.MerkleRootFromBranch(chain.DoubleSHA256(coinbase), branch)
	header := chain.Header(int32(j.Version), j.PrevHash, root, ntime, j.NBits, 0)
	for i := uint32(0); i < tries; i++ {
		nonce := start + i
		header[76], header[77], header[78], header[79] = byte(nonce), byte(nonce>>8), byte(nonce>>16), byte(nonce>>24)
		h, err := chain.PowHash(algo, header)
		if err != nil {
			return Solution{}, false, err
		}
		if chain.HashMeetsTarget(h, target) {
			return Solution{Nonce: nonce, Hash: h, Tries: i + 1}, true, nil
		}
	}
	return Solution{Tries: tries}, false, nil
}
