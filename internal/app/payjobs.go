package app

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/jobs"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// payJobs are the jobs role's money jobs: auto-withdrawals in the payment window, the
// payout state machine for every coin this process may pay, and the wallet check.
type payJobs struct {
	store  *withdraw.Store
	chains *chainSet
	log    *slog.Logger
	// surplus is each coin's wallet balance less what the pool owes, in coin units.
	surplus *prometheus.GaugeVec
	// unknownSends counts each coin's wallet sends that no payout holds and no operator
	// has accepted: while it is above 0 the coin pays nothing.
	unknownSends *prometheus.GaugeVec
}

func newPayJobs(d *db.DB, chains *chainSet, log *slog.Logger, now func() time.Time) *payJobs {
	return &payJobs{
		store:  &withdraw.Store{DB: d, Coins: &coin.Store{DB: d}, Chains: chains, Now: now},
		chains: chains, log: log,
		surplus: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "poold_wallet_surplus",
			Help: "Node wallet balance less users' available balances and unsent withdrawals, in coin units (negative: the wallet is short)."},
			[]string{"coin"}),
		unknownSends: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "poold_wallet_unknown_sends",
			Help: "Sends of the node wallet that no payout holds and no operator has accepted; above 0 the coin pays nothing (docs/withdrawals.md)."},
			[]string{"coin"}),
	}
}

// chainKind sorts the coins this process pays by where their chain is.
type chainKind int

const (
	anyChain       chainKind = iota // every coin this process pays
	nodeChains                      // a node's wallet: any jobs process may pay it
	inProcessChain                  // a devnet chain this process runs: only it may
)

// payable lists the coins of kind this process pays.
func (j *payJobs) payable(ctx context.Context, kind chainKind) ([]coin.Coin, error) {
	coins, err := j.store.Coins.List(ctx)
	if err != nil {
		return nil, err
	}
	var out []coin.Coin
	for _, c := range coins {
		inProcess := c.Driver == coin.DriverDevnet
		if j.chains.Payable(c) && (kind == anyChain || (kind == inProcessChain) == inProcess) {
			out = append(out, c)
		}
	}
	return out, nil
}

// lane is the money lane: the due auto-withdrawals, then the payout jobs, every period.
// Node wallets are paid by one jobs process a period; a devnet chain lives in one process
// (the one whose stratum role runs it), which alone pays it, every period.
func (j *payJobs) lane(every time.Duration) []jobs.Job {
	return []jobs.Job{
		{Name: "auto_withdraw", Every: every, Run: j.autoWithdraw},
		{Name: "payouts", Every: every, Run: func(ctx context.Context) error { return j.payouts(ctx, nodeChains) }},
		{Name: "payouts_in_process", Every: every, PerProcess: true, Run: func(ctx context.Context) error { return j.payouts(ctx, inProcessChain) }},
	}
}

// walletCheckJob sets this process's poold_wallet_surplus and poold_wallet_unknown_sends
// every ten minutes. Every jobs process runs it, since a gauge that only the last winner
// of a period updated would go stale in the others. Its only writes are the wallet scan's
// (withdraw.Store.ScanSends), which any number of processes may run at once: each records
// the sends it found before it moves the scan's block, in one transaction.
func (j *payJobs) walletCheckJob() jobs.Job {
	return jobs.Job{Name: "wallet_check", Every: 10 * time.Minute, PerProcess: true, Run: j.walletCheck}
}

func (j *payJobs) autoWithdraw(ctx context.Context) error {
	n, err := j.store.AutoWithdraw(ctx)
	if n > 0 {
		j.log.Info("auto-withdrawals made", "count", n)
	}
	return err
}

// eachPayable runs fn for every coin of kind this process pays, with its driver, and joins
// the errors: one coin's node being down holds up no other coin.
func (j *payJobs) eachPayable(ctx context.Context, kind chainKind, fn func(c coin.Coin, drv chain.Node) error) error {
	coins, err := j.payable(ctx, kind)
	if err != nil {
		return err
	}
	var errs []error
	for _, c := range coins {
		drv, err := j.chains.Driver(ctx, c)
		if err == nil {
			err = fn(c, drv)
		}
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func (j *payJobs) payouts(ctx context.Context, kind chainKind) error {
	return j.eachPayable(ctx, kind, func(c coin.Coin, drv chain.Node) error {
		r, err := j.store.Pay(ctx, c, drv, j.log)
		if r.Batched+r.Signed+r.Broadcast+r.Paid+r.Failed > 0 {
			j.log.Info("payouts", "report", r.String())
		}
		return err
	})
}

func (j *payJobs) walletCheck(ctx context.Context) error {
	return j.eachPayable(ctx, anyChain, func(c coin.Coin, drv chain.Node) error {
		r, err := j.store.CheckWallet(ctx, c, drv)
		if err != nil {
			return err
		}
		unit := 1.0
		for range c.Decimals {
			unit *= 10
		}
		j.surplus.WithLabelValues(c.Type).Set(float64(r.Surplus()) / unit)
		j.unknownSends.WithLabelValues(c.Type).Set(float64(r.UnknownSends))
		if p := r.Problem(); p != "" {
			j.log.Warn("wallet check", "coin", c.Type, "problem", p)
		}
		return nil
	})
}
