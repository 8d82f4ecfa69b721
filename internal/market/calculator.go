package market

import (
	"math"
	"strconv"
	"strings"

	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

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

// CalcResult is the expected income of a day, and of each period the calculator shows.
type CalcResult struct {
	DayExpectIncome     string `json:"dayExpectIncome"`     // fiat after electricity when asked: 2 decimals, 4 significant digits below 1
	DayExpectIncomeCoin string `json:"dayExpectIncomeCoin"` // coins, at the coin's decimals
	LegalTender         string `json:"legalTender"`
	// Periods are day, week, month and year, each computed from the exact daily rate and
	// rounded once: a year is not the rounded day times 365.
	Periods map[string]PeriodIncome `json:"periods"`
}

// PeriodIncome is the expected income over one period, as CalcResult's day figures.
type PeriodIncome struct {
	Income     string `json:"income"`
	IncomeCoin string `json:"incomeCoin"`
}

// PeriodDays are the days of each period the calculator shows.
var PeriodDays = map[string]float64{"day": 1, "week": 7, "month": 30, "year": 365}

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
	res := CalcResult{
		DayExpectIncome:     fiatFigure(fiat),
		DayExpectIncomeCoin: coinFigure(coin, ch.Decimals),
		LegalTender:         in.LegalTender,
		Periods:             make(map[string]PeriodIncome, len(PeriodDays)),
	}
	for name, days := range PeriodDays {
		res.Periods[name] = PeriodIncome{Income: fiatFigure(fiat * days), IncomeCoin: coinFigure(coin*days, ch.Decimals)}
	}
	return res, nil
}

// coinFigure writes a coin amount at the coin's decimals, rounded once.
func coinFigure(v float64, decimals int) string {
	return strconv.FormatFloat(round(v, decimals), 'f', decimals, 64)
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
	hu, ok := hashrate.Factor(in.CustomerHashRateUnit)
	if !ok {
		return 0, 0, httpx.Warn("validation.oneOf", i18n.Params{"field": "market.field.customerHashRateUnit", "values": strings.Join(hashrate.Units, ", ")})
	}
	netH, err := number(in.NetworkHashRate, "market.field.networkHashRate", 0)
	if err != nil {
		return 0, 0, err
	}
	nu, ok := hashrate.Factor(in.NetworkHashRateUnit)
	if !ok {
		return 0, 0, httpx.Warn("validation.oneOf", i18n.Params{"field": "market.field.networkHashRateUnit", "values": strings.Join(hashrate.Units, ", ")})
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
	coin = ch.DailyCoins(H, Hnet, rate)
	fiat = coin*price - power*24/1000*elec
	return coin, fiat, nil
}

// DailyCoins is what hashrate H (H/s) earns in a day by pay-per-share, less fee (a
// fraction), when the network runs at Hnet. It takes figures as they are, with no form
// rules: the home table feeds it measured network hashrates and fetched prices of any
// size and precision. Zero when the chain's figures are missing.
//
// Blocks a day at Hnet: the chain's difficulty makes the measured hashrate find one every
// BlockTime; the same difficulty at Hnet finds Hnet/StatsHashRate as many, of which H
// earns H/Hnet. Hnet cancels: PPS pays by difficulty, not by the network's size.
func (ch Chain) DailyCoins(H, Hnet, fee float64) float64 {
	if ch.BlockTime <= 0 || ch.StatsHashRate <= 0 || Hnet <= 0 {
		return 0
	}
	blocksPerDay := 86400 / ch.BlockTime * (Hnet / ch.StatsHashRate)
	return blocksPerDay * ch.BlockReward * (H / Hnet) * (1 - fee)
}

func round(v float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(v*p) / p
}
