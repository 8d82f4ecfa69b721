package market

import (
	"errors"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/httpx"
)

func TestCalculateWorkedByHand(t *testing.T) {
	// A chain finding a block every 600 s at 500 EH/s, 3.125 coins a block.
	btc := Chain{BlockReward: 3.125, BlockTime: 600, StatsHashRate: 500e18, Decimals: 8}
	for _, c := range []struct {
		name      string
		in        CalcInput
		ch        Chain
		fiat, cns string
	}{
		{
			// 100 TH/s of 500 EH/s is 2e-7 of the network: 144 blocks x 3.125 x 2e-7 =
			// 0.00009 BTC; less the 2% fee: 0.0000882 BTC; at 60000 USD: 5.292 -> 5.29 USD.
			name: "basic", ch: btc, fiat: "5.29", cns: "0.00008820",
			in: CalcInput{CoinPrice: 60000.0, CustomerHashRate: 100.0, CustomerHashRateUnit: "TH/s", NetworkHashRate: 500.0, NetworkHashRateUnit: "EH/s", Rate: 0.02},
		},
		{
			// The same with 999.99 W (the limit) at 0.05 per kWh:
			// 999.99 x 24 / 1000 x 0.05 = 1.199988; 5.292 - 1.199988 = 4.092012 -> 4.09.
			name: "full", ch: btc, fiat: "4.09", cns: "0.00008820",
			in: CalcInput{CoinPrice: "60000", CustomerHashRate: "100", CustomerHashRateUnit: "TH/s", NetworkHashRate: "500", NetworkHashRateUnit: "EH/s",
				Rate: "0.02", ContainConsumption: true, EquipmentConsumption: "999.99", ElectricityPrice: "0.05"},
		},
		{
			// The caller says 1 EH/s instead of 500: at the chain's difficulty the network then
			// finds 1/500 of the blocks, and 100 TH/s is 500 times the share: the same
			// 0.00009 BTC (no fee this time), 5.40 USD. PPS pays by difficulty, not by
			// the network's size.
			name: "network changed", ch: btc, fiat: "5.40", cns: "0.00009000",
			in: CalcInput{CoinPrice: 60000.0, CustomerHashRate: 100.0, CustomerHashRateUnit: "TH/s", NetworkHashRate: 1.0, NetworkHashRateUnit: "EH/s", Rate: 0.0},
		},
		{
			// Electricity above income gives a negative day: 625 W x 24 h = 15 kWh x 5 = 75;
			// 5.292 - 75 = -69.708 -> -69.71.
			name: "loss", ch: btc, fiat: "-69.71", cns: "0.00008820",
			in: CalcInput{CoinPrice: 60000.0, CustomerHashRate: 100.0, CustomerHashRateUnit: "TH/s", NetworkHashRate: 500.0, NetworkHashRateUnit: "EH/s",
				Rate: 0.02, ContainConsumption: true, EquipmentConsumption: 625.0, ElectricityPrice: 5.0},
		},
	} {
		got, err := Calculate(c.in, c.ch)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got.DayExpectIncome != c.fiat || got.DayExpectIncomeCoin != c.cns {
			t.Errorf("%s: %+v, want %s / %s", c.name, got, c.fiat, c.cns)
		}
	}
}

func TestCalculateRefusesBadInput(t *testing.T) {
	good := func() CalcInput {
		return CalcInput{CoinPrice: 1.0, CustomerHashRate: 1.0, CustomerHashRateUnit: "TH/s", NetworkHashRate: 1.0, NetworkHashRateUnit: "PH/s", Rate: 0.01}
	}
	ch := Chain{BlockReward: 1, BlockTime: 60, StatsHashRate: 1e15, Decimals: 8}
	for _, c := range []struct {
		name string
		mod  func(*CalcInput)
		key  string
	}{
		{"missing price", func(in *CalcInput) { in.CoinPrice = nil }, "validation.required"},
		{"blank hashrate", func(in *CalcInput) { in.CustomerHashRate = " " }, "validation.required"},
		{"letters", func(in *CalcInput) { in.CustomerHashRate = "12a" }, "market.notNumber"},
		{"negative", func(in *CalcInput) { in.CustomerHashRate = -1.0 }, "market.negative"},
		{"five decimals", func(in *CalcInput) { in.CustomerHashRate = "1.12345" }, "market.tooManyDecimals"},
		{"too large", func(in *CalcInput) { in.CustomerHashRate = 1000.0 }, "market.tooLarge"},
		{"too long", func(in *CalcInput) { in.CoinPrice = "1234567890123456" }, "validation.tooLong"},
		{"rate over 100%", func(in *CalcInput) { in.Rate = 1.5 }, "market.tooLarge"},
		{"unit", func(in *CalcInput) { in.CustomerHashRateUnit = "ZH/s" }, "validation.oneOf"},
		{"zero network", func(in *CalcInput) { in.NetworkHashRate = 0.0 }, "market.zeroNetwork"},
		{"infinite", func(in *CalcInput) { in.CoinPrice = "Inf" }, "market.notNumber"},
		{"object", func(in *CalcInput) { in.CoinPrice = map[string]any{} }, "validation.invalid"},
		{"full without power", func(in *CalcInput) { in.ContainConsumption = true; in.ElectricityPrice = 0.1 }, "validation.required"},
	} {
		in := good()
		c.mod(&in)
		_, err := Calculate(in, ch)
		var he *httpx.Error
		if !errors.As(err, &he) || he.Key != c.key || he.Code != httpx.CodeWarning {
			t.Errorf("%s: %v, want %s", c.name, err, c.key)
		}
	}
	if _, err := Calculate(good(), Chain{}); err == nil || !strings.Contains(err.Error(), "market.noChainData") {
		t.Errorf("no chain data: %v", err)
	}
}

// Each period is the exact daily rate times its days, rounded once: a year of 1 TH/s is
// 8.82e-7 x 365 = 0.00032193 BTC, not the rounded day 0.00000088 x 365 = 0.00032120
// (73 satoshis short), and 5.292 USD x 365 = 1931.58, not 5.29 x 365 = 1930.85.
func TestCalculatePeriodsRoundOnce(t *testing.T) {
	btc := Chain{BlockReward: 3.125, BlockTime: 600, StatsHashRate: 500e18, Decimals: 8}
	in := CalcInput{CoinPrice: 60000.0, CustomerHashRate: 1.0, CustomerHashRateUnit: "TH/s", NetworkHashRate: 500.0, NetworkHashRateUnit: "EH/s", Rate: 0.02}
	got, err := Calculate(in, btc)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]PeriodIncome{
		"day":   {Income: "0.05292", IncomeCoin: "0.00000088"},
		"week":  {Income: "0.3704", IncomeCoin: "0.00000617"},
		"month": {Income: "1.59", IncomeCoin: "0.00002646"},
		"year":  {Income: "19.32", IncomeCoin: "0.00032193"},
	}
	for p, w := range want {
		if got.Periods[p] != w {
			t.Errorf("%s: %+v, want %+v", p, got.Periods[p], w)
		}
	}
	if got.Periods["day"].Income != got.DayExpectIncome || got.Periods["day"].IncomeCoin != got.DayExpectIncomeCoin {
		t.Errorf("day figures disagree: %+v", got)
	}
	in.CustomerHashRate = 100.0
	if got, _ := Calculate(in, btc); got.Periods["year"].Income != "1931.58" || got.Periods["year"].IncomeCoin != "0.03219300" {
		t.Errorf("100 TH/s year: %+v", got.Periods["year"])
	}
}
