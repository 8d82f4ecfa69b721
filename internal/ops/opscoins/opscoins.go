// Package opscoins is the operator console's coin editing (docs/operations.md "Coins"):
// an owner changes a coin's fee, PPS setting, withdrawal minimum and fee, review
// threshold, dust floor, payout confirmations, ports, open or closed and closed message,
// solo ports and solo fee, with a reason. The change is coin.Store.Update, the function
// `poold admin coin set` calls: it checks every field, refuses a port another coin
// listens on, writes the audit entry in the change's transaction, and moves a fee or PPS
// change to the next settlement day. The settings are read with GET /ops/api/v1/coins
// (opsoverview).
package opscoins

import (
	"net/http"
	"strings"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops"
)

// Area serves the coin editing route.
type Area struct {
	Coins *coin.Store
}

// Routes are the coins routes, for ops.Handler.Extra: the owner's (coins).
func (a *Area) Routes() []ops.Route {
	return []ops.Route{
		{Method: "POST", Path: "/ops/api/v1/coins/{symbol}", Perm: ops.PermCoins, Handle: a.update},
	}
}

// Edit is the body of POST /ops/api/v1/coins/{symbol}: the fields given change, the
// others stay. Amounts are in coins, as GET /ops/api/v1/coins shows them.
type Edit struct {
	Reason              string            `json:"reason"`
	Open                *bool             `json:"open"`
	ClosedMsg           map[string]string `json:"closedMsg"`
	FeeBps              *int              `json:"feeBps"`
	PPSTxFees           *bool             `json:"ppsTxFees"`
	MinWithdraw         *string           `json:"minWithdraw"`
	WithdrawFee         *string           `json:"withdrawFee"`
	WithdrawReviewAbove *string           `json:"withdrawReviewAbove"`
	DustFloor           *string           `json:"dustFloor"` // "0": the chain's dust limit
	PayoutConfirmations *int              `json:"payoutConfirmations"`
	StratumPorts        *[]int            `json:"stratumPorts"`
	SoloPorts           *[]int            `json:"soloPorts"`
	SoloFeeBps          *int              `json:"soloFeeBps"`
	MinDifficulty       *float64          `json:"minDifficulty"` // 0 removes the floor
}

// Answer is what a change did: the coin as it is now, and the first settlement day of a
// fee or PPS change (null when neither changed; coin.pending shows it until then).
type Answer struct {
	Coin      coin.Settings `json:"coin"`
	TermsFrom *string       `json:"termsFrom"`
}

func (a *Area) update(w http.ResponseWriter, r *http.Request) error {
	var in Edit
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	typ := strings.ToUpper(strings.TrimSpace(r.PathValue("symbol")))
	// The change is made on the coin as Update reads it in its transaction; the decimals
	// the amounts are read with are the coin's (this route does not change them).
	change := func(c *coin.Coin) error {
		ch := coin.Change{Open: in.Open, ClosedMsg: in.ClosedMsg, FeeBps: in.FeeBps, PPSTxFees: in.PPSTxFees,
			PayoutConfirmations: in.PayoutConfirmations, StratumPorts: in.StratumPorts, SoloPorts: in.SoloPorts, SoloFeeBps: in.SoloFeeBps,
			MinDifficulty: in.MinDifficulty}
		for _, f := range []struct {
			name string
			in   *string
			out  **int64
		}{{"minWithdraw", in.MinWithdraw, &ch.MinWithdraw}, {"withdrawFee", in.WithdrawFee, &ch.WithdrawFee},
			{"withdrawReviewAbove", in.WithdrawReviewAbove, &ch.WithdrawReviewAbove}, {"dustFloor", in.DustFloor, &ch.DustFloor}} {
			if f.in == nil {
				continue
			}
			v, err := chain.ParseAmount(strings.TrimSpace(*f.in), c.Decimals)
			if err != nil {
				return &httpx.Error{Code: httpx.CodeWarning, Status: 400, Key: "coin.update.badAmount", Params: i18n.Params{"field": f.name},
					Data: map[string]string{"error": "coin.update.badAmount", "field": f.name}}
			}
			*f.out = &v
		}
		return ch.Apply(c)
	}
	res, err := a.Coins.Update(r.Context(), ops.ActorOf(r), typ, change, in.Reason)
	if err != nil {
		return err
	}
	out := Answer{Coin: coin.SettingsOf(res.Coin)}
	if res.TermsFrom != "" {
		out.TermsFrom = &res.TermsFrom
	}
	return httpx.OK(w, r, out)
}
