// Package scope says whose money and mining a read may see: one user's, optionally only
// some of their sub-accounts and coins. The owner's pages pass the user alone; an observer
// link (SPEC "observer mode") passes the sub-accounts and coins it was made for, so every
// read serves both without a second code path.
package scope

import (
	"context"
	"strings"

	"github.com/uniplus-pool/pool/internal/db"
)

// Scope is a user and, when not empty, the sub-accounts and coins within it.
type Scope struct {
	UserID      int64
	SubAccounts []int64  // empty: all the user's sub-accounts
	Coins       []string // empty: every coin
}

// User is the whole of one user's account.
func User(id int64) Scope { return Scope{UserID: id} }

// HasCoin says whether coin is in scope.
func (s Scope) HasCoin(coin string) bool {
	if len(s.Coins) == 0 {
		return true
	}
	for _, c := range s.Coins {
		if c == coin {
			return true
		}
	}
	return false
}

// HasSubAccount says whether a sub-account is in scope (its owner is checked by Where).
func (s Scope) HasSubAccount(id int64) bool {
	if len(s.SubAccounts) == 0 {
		return true
	}
	for _, x := range s.SubAccounts {
		if x == id {
			return true
		}
	}
	return false
}

// Where is the SQL condition and arguments that keep a table's rows in scope, given the
// names of its user, sub-account and coin columns (for example "user_id",
// "sub_account_id", "coin"). It always names the user, so a scope can never reach past
// one account.
func (s Scope) Where(userCol, subCol, coinCol string) (string, []any) {
	var b strings.Builder
	args := []any{s.UserID}
	b.WriteString(userCol + " = ?")
	if len(s.SubAccounts) > 0 {
		b.WriteString(" AND " + subCol + " IN (" + db.Marks(len(s.SubAccounts)) + ")")
		for _, id := range s.SubAccounts {
			args = append(args, id)
		}
	}
	if len(s.Coins) > 0 {
		b.WriteString(" AND " + coinCol + " IN (" + db.Marks(len(s.Coins)) + ")")
		for _, c := range s.Coins {
			args = append(args, c)
		}
	}
	return b.String(), args
}

// Narrow is the scope of one of its sub-accounts; false when the sub-account is outside it
// (its owner is checked by the caller, which looked it up by the scope's user).
func (s Scope) Narrow(subAccountID int64) (Scope, bool) {
	if !s.HasSubAccount(subAccountID) {
		return s, false
	}
	n := s
	n.SubAccounts = []int64{subAccountID}
	return n, true
}

type ctxKey struct{}

// Access is what a request may read: the scope, and whether it comes from an observer link
// (whose reads are narrowed and whose writes are refused) rather than the owner's session.
type Access struct {
	Scope
	Observer bool
	// NoMachine is set for an observer link without machine info on a read both kinds of
	// link make (the sub-account list a revenue page chooses from): the read leaves out
	// hashrates and device counts.
	NoMachine bool
}

// NewContext carries a request's access.
func NewContext(ctx context.Context, a Access) context.Context {
	return context.WithValue(ctx, ctxKey{}, a)
}

// FromContext is the access a read middleware put in the request context.
func FromContext(ctx context.Context) (Access, bool) {
	a, ok := ctx.Value(ctxKey{}).(Access)
	return a, ok
}

// MustFromContext is FromContext for handlers registered behind a read middleware; it
// panics (a wiring error, found by any test of the route) when there is none.
func MustFromContext(ctx context.Context) Access {
	a, ok := FromContext(ctx)
	if !ok {
		panic("scope: read handler registered without a scope middleware")
	}
	return a
}
