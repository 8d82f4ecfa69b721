// Package withdraw pays miners: the address book, auto-withdrawal settings, withdrawals
// (manual and automatic) and the payout job that sends them from the pool wallet exactly
// once (docs/withdrawals.md).
//
// Money moves in the ledger (internal/ledger) in the same transaction as each state change
// of a withdrawal: a request moves its amount from available to frozen, a confirmed payout
// from frozen to withdrawn, a failure back from frozen to available. Each of those journal
// rows has the withdrawal's id in its idempotency key, so no step books twice.
//
// A payout goes requested -> batched -> signed -> broadcast -> confirmed (or failed). The
// signed transaction and its txid are stored before anything is sent; every later attempt
// sends those stored bytes again, and no second transaction is ever built for a
// withdrawal that has one, unless the node proves the first can never confirm.
package withdraw
