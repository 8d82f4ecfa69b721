package chain

import "context"

// PayoutWallet is the half of Node a signing wallet implements for payouts.
type PayoutWallet interface {
	BuildPayout(ctx context.Context, outputs []PayoutOutput) (SignedPayout, error)
	Broadcast(ctx context.Context, raw []byte) (Hash, error)
	ReleasePayout(ctx context.Context, p SignedPayout) error
}

// SendOne is Send for a wallet that builds its own transactions: BuildPayout of one
// output, then Broadcast; a failed broadcast gives the inputs back (even when ctx is
// done), so a later payout may spend them.
func SendOne(ctx context.Context, w PayoutWallet, addr string, amount int64) (Hash, error) {
	p, err := w.BuildPayout(ctx, []PayoutOutput{{Address: addr, Amount: amount}})
	if err != nil {
		return Hash{}, err
	}
	txid, err := w.Broadcast(ctx, p.Raw)
	if err != nil {
		_ = w.ReleasePayout(context.WithoutCancel(ctx), p)
		return Hash{}, err
	}
	return txid, nil
}
