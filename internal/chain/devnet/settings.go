package devnet

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// settingKeys are the keys Apply reads.
var settingKeys = []string{
	"block_time",       // Go duration: "60s", "2m"
	"network_hashrate", // H/s, a number: "5e9"
	"other_miners",     // true or false
	"orphan_rate",      // 0..1
	"maturity",         // confirmations
	"block_reward",     // minor units
	"tx_fee",           // minor units
	"premine",          // minor units the wallet starts with
	"state_path",       // file; empty keeps the chain in memory
}

// Apply sets the fields of cfg named in settings, a coin's driver config: block_time (a Go
// duration, "60s"), network_hashrate (H/s, "5e9"), other_miners (true or false),
// orphan_rate (0..1), maturity (confirmations), block_reward, tx_fee and premine (minor units) and
// state_path. An unknown key or a value that does not parse is an error naming the key;
// New checks the ranges.
func (cfg *Config) Apply(settings map[string]string) error {
	keys := make([]string, 0, len(settings))
	for k := range settings {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the first error is the same from run to run
	for _, k := range keys {
		v := strings.TrimSpace(settings[k])
		var err error
		switch k {
		case "block_time":
			cfg.BlockTime, err = time.ParseDuration(v)
		case "network_hashrate":
			cfg.NetworkHashRate, err = strconv.ParseFloat(v, 64)
		case "other_miners":
			cfg.OtherMiners, err = strconv.ParseBool(v)
		case "orphan_rate":
			cfg.OrphanRate, err = strconv.ParseFloat(v, 64)
		case "maturity":
			cfg.Maturity, err = strconv.Atoi(v)
		case "block_reward":
			cfg.BlockReward, err = strconv.ParseInt(v, 10, 64)
		case "tx_fee":
			cfg.TxFee, err = strconv.ParseInt(v, 10, 64)
		case "premine":
			cfg.Premine, err = strconv.ParseInt(v, 10, 64)
		case "state_path":
			cfg.StatePath = v
		default:
			return fmt.Errorf("devnet: setting %q is not one of %s", k, strings.Join(settingKeys, ", "))
		}
		if err != nil {
			return fmt.Errorf("devnet: setting %s=%q: %w", k, v, err)
		}
	}
	return nil
}
