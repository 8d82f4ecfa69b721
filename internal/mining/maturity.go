package mining

import (
	"strconv"

	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/coin"
)

// MaturityOf is how many confirmations confirm a coin's found block: the driver config's
// "maturity", else 100 on a real chain (coinbase maturity) and devnet's own default.
func MaturityOf(c coin.Coin) int64 {
	if m, err := strconv.ParseInt(c.DriverConfig["maturity"], 10, 64); err == nil && m > 0 {
		return m
	}
	if c.Driver == coin.DriverDevnet {
		return devnet.DefaultMaturity
	}
	return 100
}
