package kaspad

import (
	"context"

	"github.com/uniplus-pool/pool/internal/chain"
)

// kaspad keeps no wallet: it never holds a key, and it has no call that sends coins. A
// Kaspa payout needs a wallet backend of its own (docs/chains/kaspa.md, "Payouts"):
// the pool wallet's UTXOs by address (getUtxosByAddresses, kaspad run with --utxoindex),
// transactions built and signed (Schnorr over secp256k1, Kaspa's sighash) on our side,
// and submitTransaction. Until then every wallet call fails with ErrNoWallet, so a Kaspa
// coin on this driver mines and credits but its withdrawals wait.

// Balance implements chain.Node; kaspad has no wallet.
func (d *Driver) Balance(context.Context) (int64, error) { return 0, ErrNoWallet }

// Send implements chain.Node; kaspad has no wallet.
func (d *Driver) Send(context.Context, string, int64, string) (chain.Hash, error) {
	return chain.Hash{}, ErrNoWallet
}

// Transaction implements chain.Node; kaspad has no wallet.
func (d *Driver) Transaction(context.Context, chain.Hash) (chain.WalletTx, error) {
	return chain.WalletTx{}, ErrNoWallet
}

// NewAddress implements chain.Node; kaspad has no wallet.
func (d *Driver) NewAddress(context.Context) (string, error) { return "", ErrNoWallet }

// BuildPayout implements chain.Node; kaspad has no wallet.
func (d *Driver) BuildPayout(context.Context, []chain.PayoutOutput) (chain.SignedPayout, error) {
	return chain.SignedPayout{}, ErrNoWallet
}

// Broadcast implements chain.Node; kaspad has no wallet.
func (d *Driver) Broadcast(context.Context, []byte) (chain.Hash, error) {
	return chain.Hash{}, ErrNoWallet
}

// ReleasePayout implements chain.Node; kaspad has no wallet.
func (d *Driver) ReleasePayout(context.Context, chain.SignedPayout) error { return ErrNoWallet }

// HoldOnly implements chain.Node; kaspad has no wallet.
func (d *Driver) HoldOnly(context.Context, []chain.SignedPayout) error { return ErrNoWallet }

// WalletSends implements chain.Node; kaspad has no wallet.
func (d *Driver) WalletSends(context.Context, chain.Hash) ([]chain.Hash, chain.Hash, error) {
	return nil, chain.Hash{}, ErrNoWallet
}

var (
	_ chain.Node       = (*Driver)(nil)
	_ chain.HeaderWork = (*Driver)(nil)
)
