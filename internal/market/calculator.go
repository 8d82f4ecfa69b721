package market

import (
	"math"
	"strconv"
	"strings"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

// HashUnits scale hashrates: each is 1000 times the one before.
var HashUnits = []string{"H/s", "KH/s", "MH/s", "GH/s", "TH/s", "PH/s", "EH/s"}

// unitFactor is how many H/s one unit is, or false for an unknown unit.
func unitFactor(unit string) (float64, bool) {
	for i, u := range HashUnits {
		if strings.EqualFold(u, unit) {
			return math.Pow(1000, float64(i)), true
		}
	}
	return 0, false
}

// Calculator limits (SPEC section 5: numeric, at least 0, hashrate, consumption and
// electricity price at most 999.99, rate at most 100 percent, at most 15 characters).
const (
	MaxCalcInput  = 999.99
	MaxCalcLength = 15
)

// CalcInput is SPEC section 3 "Income calculation input"; numbers may come as JSON numbers
// or strings (form fields).
type CalcInput struct {
	LegalTender          string `json:"legalTender"`
	CoinPrice            any    `json:"coinPrice"`
	ContainConsumption   bool   `json:"containConsumption"`
	CurrencyType         string `json:"currencyType"`
	CustomerHashRate     any    `json:"customerHashRate"`
	CustomerHashRateUnit string `json:"customerHashRateUnit"`
	NetworkHashRate      any    `json:"networkHashRate"`
	NetworkHashRateUnit  string `json:"networkHashRateUnit"`
	Rate                 any    `json:"rate"` // pool fee as a fraction (0.01 = 1%)
	ElectricityPrice     any    `json:"electricityPrice"`
	EquipmentConsumption any    `json:"equipmentConsumption"` // W
}

// Chain is what the calculator needs to know of a coin's chain.
type Chain struct {
	BlockReward float64 // coins per block
	// BlockTime is seconds between blocks at the network hashrate the pool last measured.
	BlockTime     float64
	StatsHashRate float64 // H/s behind BlockTime
	Decimals      int
}

// CalcResult is the expected daily income.
type CalcResult struct {
	DayExpectIncome     string `json:"dayExpectIncome"`     // fiat after electricity when asked: 2 decimals, 4 significant digits below 1
	DayExpectIncomeCoin string `json:"dayExpectIncomeCoin"` // coins, at the coin's decimals
	LegalTender         string `json:"legalTender"`
}

// number reads a calculator field: a JSON number or a numeric string, at least 0, with at
// most 4 decimals and 15 characters, and at most max when max > 0.
func number(v any, field string, max float64) (float64, error) {
	var s string
	switch x := v.(type) {
	case nil:
		return 0, httpx.Required(field)
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case string:
		s = strings.TrimSpace(x)
	default:
		return 0, httpx.Invalid(field)
	}
	if s == "" {
		return 0, httpx.Required(field)
	}
	if len(s) > MaxCalcLength {
		return 0, httpx.TooLong(field, MaxCalcLength)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, httpx.Warn("market.notNumber", i18n.Params{"field": field})
	}
	if f < 0 {
		return 0, httpx.Warn("market.negative", i18n.Params{"field": field})
	}
	if _, frac, ok := strings.Cut(s, "."); ok && len(frac) > 4 {
		return 0, httpx.Warn("market.tooManyDecimals", i18n.Params{"field": field})
	}
	if max > 0 && f > max {
		return 0, httpx.Warn("market.tooLarge", i18n.Params{"field": field, "max": strconv.FormatFloat(max, 'f', -1, 64)})
	}
	return f, nil
}

// Calculate is the pay-per-share expectation (DESIGN.md "Earnings"): a hashrate H earns
// H/Hnet of the blocks the network finds in a day, less the pool fee; the fiat figure
// subtracts electricity (W x 24 h x price per kWh) when asked. networkHashRate is the
// caller's (the form may change it); the block time is the chain's at the hashrate the
// pool measured, scaled to that network hashrate.
func Calculate(in CalcInput, ch Chain) (CalcResult, error) {
	coin, fiat, err := expect(in, ch)
	if err != nil {
		return CalcResult{}, err
	}
	return CalcResult{
		DayExpectIncome:     fiatFigure(fiat),
		DayExpectIncomeCoin: strconv.FormatFloat(round(coin, ch.Decimals), 'f', ch.Decimals, 64),
		LegalTender:         in.LegalTender,
	}, nil
}

// expect checks the input and answers a day's income in coins and in fiat, unrounded.
func expect(in CalcInput, ch Chain) (coin, fiat float64, err error) {
	price, err := number(in.CoinPrice, "market.field.coinPrice", 0)
	if err != nil {
		return 0, 0, err
	}
	h, err := number(in.CustomerHashRate, "market.field.customerHashRate", MaxCalcInput)
	if err != nil {
		return 0, 0, err
	}
	hu, ok := unitFactor(in.CustomerHashRateUnit)
	if !ok {
		return 0, 0, httpx.Warn("validation.oneOf", i18n.Params{"field": "market.field.customerHashRateUnit", "values": strings.Join(HashUnits, ", ")})
	}
	netH, err := number(in.NetworkHashRate, "market.field.networkHashRate", 0)
	if err != nil {
		return 0, 0, err
	}
	nu, ok := unitFactor(in.NetworkHashRateUnit)
	if !ok {
		return 0, 0, httpx.Warn("validation.oneOf", i18n.Params{"field": "market.field.networkHashRateUnit", "values": strings.Join(HashUnits, ", ")})
	}
	rate, err := number(in.Rate, "market.field.rate", 1)
	if err != nil {
		return 0, 0, err
	}
	var power, elec float64
	if in.ContainConsumption {
		if power, err = number(in.EquipmentConsumption, "market.field.equipmentConsumption", MaxCalcInput); err != nil {
			return 0, 0, err
		}
		if elec, err = number(in.ElectricityPrice, "market.field.electricityPrice", MaxCalcInput); err != nil {
			return 0, 0, err
		}
	}
	H, Hnet := h*hu, netH*nu
	if Hnet <= 0 {
		return 0, 0, httpx.Warn("market.zeroNetwork", nil)
	}
	if ch.BlockTime <= 0 || ch.StatsHashRate <= 0 {
		return 0, 0, httpx.Warn("market.noChainData", nil)
	}
	// Blocks a day at the caller's network hashrate: the chain's difficulty makes the
	// measured hashrate find one every BlockTime; the same difficulty at Hnet finds
	// Hnet/StatsHashRate as many.
	blocksPerDay := 86400 / ch.BlockTime * (Hnet / ch.StatsHashRate)
	coin = blocksPerDay * ch.BlockReward * (H / Hnet) * (1 - rate)
	fiat = coin*price - power*24/1000*elec
	return coin, fiat, nil
}

func round(v float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(v*p) / p
}
