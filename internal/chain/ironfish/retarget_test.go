package ironfish

import (
	"math/big"
	"math/rand/v2"
	"testing"
	"time"
)

type retargetAnswer struct {
	answer
	Target    string `json:"target"`
	Consensus struct {
		TargetBlockTimeInSeconds        int64  `json:"targetBlockTimeInSeconds"`
		TargetBucketTimeInSeconds       int64  `json:"targetBucketTimeInSeconds"`
		EnableIncreasedDifficultyChange *int64 `json:"enableIncreasedDifficultyChange"`
		EnableFishHash                  *int64 `json:"enableFishHash"`
	} `json:"consensus"`
}

// The target a header must carry at its timestamp, against the SDK's
// Target.calculateTarget (what its verifier checks) on every network: times from long
// before the target block time to long after it (every bucket, capped), around the
// upgrades' sequences, on parents from the easiest target to hard ones.
func TestCalculateTargetAgainstTheSDK(t *testing.T) {
	j := startJudge(t)
	r := rand.New(rand.NewPCG(30, 31))
	nets := []string{"devnet", "testnet", "mainnet"}
	// The networks' consensus first: its upgrade sequences pick the sequences below.
	first := askAll[retargetAnswer](j, []map[string]any{
		{"op": "retarget", "network": "devnet", "sequence": 2, "time": 61_000, "prevTime": 0, "prevTarget": MaxTarget().String()},
		{"op": "retarget", "network": "testnet", "sequence": 2, "time": 61_000, "prevTime": 0, "prevTarget": MaxTarget().String()},
		{"op": "retarget", "network": "mainnet", "sequence": 2, "time": 61_000, "prevTime": 0, "prevTarget": MaxTarget().String()},
	})
	type tc struct {
		net        int
		sequence   int64
		at, prev   time.Time
		prevTarget *big.Int
	}
	var cases []tc
	for len(cases) < 6000 {
		n := r.IntN(3)
		c := first[n].Consensus
		seq := int64(2 + r.IntN(1_000_000))
		if up := c.EnableIncreasedDifficultyChange; up != nil && r.IntN(3) == 0 {
			seq = *up - 2 + int64(r.IntN(5))
		}
		if c.EnableFishHash != nil && seq == *c.EnableFishHash {
			continue // the switch block's own rule: refused (below)
		}
		prev := time.UnixMilli(1_700_000_000_000 + r.Int64N(1e10))
		// From a block 10 s early to 40 minutes late, at ms precision, and exact buckets.
		gap := time.Duration(r.Int64N(2_400_000)-10_000) * time.Millisecond
		if r.IntN(4) == 0 {
			gap = time.Duration(r.IntN(300)) * 5 * time.Second
		}
		var pt *big.Int
		switch r.IntN(3) {
		case 0:
			pt = MaxTarget()
		case 1: // near the floor: the minimum difficulty clamps
			pt = TargetFromDifficulty(big.NewInt(MinDifficulty + r.Int64N(5000)))
		default:
			pt = TargetFromDifficulty(new(big.Int).Lsh(big.NewInt(1+r.Int64N(1<<40)), uint(r.IntN(40))))
		}
		cases = append(cases, tc{n, seq, prev.Add(gap), prev, pt})
	}
	reqs := make([]map[string]any, len(cases))
	for i, c := range cases {
		reqs[i] = map[string]any{"op": "retarget", "network": nets[c.net], "sequence": c.sequence,
			"time": c.at.UnixMilli(), "prevTime": c.prev.UnixMilli(), "prevTarget": c.prevTarget.String()}
	}
	answers := askAll[retargetAnswer](j, reqs)
	changed := 0
	for i, c := range cases {
		sc := first[c.net].Consensus
		cons := Consensus{TargetBlockTimeInSeconds: sc.TargetBlockTimeInSeconds, TargetBucketTimeInSeconds: sc.TargetBucketTimeInSeconds,
			EnableIncreasedDifficultyChange: sc.EnableIncreasedDifficultyChange, EnableFishHash: sc.EnableFishHash}
		got, err := CalculateTarget(cons, c.sequence, c.at, c.prev, c.prevTarget)
		if err != nil {
			t.Fatal(err)
		}
		if got.Cmp(bigOf(t, answers[i].Target)) != 0 {
			t.Fatalf("%s sequence %d, %v after the parent, parent target %v: %v, the SDK %s",
				nets[c.net], c.sequence, c.at.Sub(c.prev), c.prevTarget, got, answers[i].Target)
		}
		if got.Cmp(c.prevTarget) != 0 {
			changed++
		}
	}
	if changed < len(cases)/2 {
		t.Fatalf("only %d of %d targets moved: the cases do not exercise the rule", changed, len(cases))
	}
	// The FishHash switch block divides the difficulty by 100: this pool never mines it.
	mainnet := first[2].Consensus
	if mainnet.EnableFishHash == nil {
		t.Fatal("mainnet without a FishHash sequence")
	}
	cons := Consensus{TargetBlockTimeInSeconds: 60, TargetBucketTimeInSeconds: 10, EnableFishHash: mainnet.EnableFishHash}
	if _, err := CalculateTarget(cons, *mainnet.EnableFishHash, time.UnixMilli(61_000), time.UnixMilli(0), MaxTarget()); err != ErrFishHashSwitch {
		t.Fatalf("the switch block: %v", err)
	}
}
