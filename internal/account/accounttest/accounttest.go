// Package accounttest gives other packages' tests what they need of accounts: a clock
// the test moves, and users with a live session made through the account store (the
// same rows a real sign-up and log-in write).
package accounttest

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
)

// Clock is a time the test moves; Now can stand in for time.Now in stores and services.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock starts a clock at t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now answers the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Add moves the clock on.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// User is an active account with a session token for the x-token header.
type User struct {
	account.User
	Token string
}

// NewUser creates an active account of the given type (account.TypeNormal when empty)
// for email, nicknamed after the address, and logs it in at now.
func NewUser(t testing.TB, d *db.DB, email, accountType string, now time.Time) User {
	t.Helper()
	if accountType == "" {
		accountType = account.TypeNormal
	}
	ctx := context.Background()
	store := &account.Store{DB: d}
	u, err := store.CreateUser(ctx, d, account.User{Nickname: strings.Split(email, "@")[0], Email: email, PasswordHash: "x",
		AccountType: accountType, Status: account.StatusActive, Lang: "en_US"})
	if err != nil {
		t.Fatalf("accounttest: user %s: %v", email, err)
	}
	token, err := store.CreateSession(ctx, d, u.ID, "127.0.0.1", "test", now)
	if err != nil {
		t.Fatalf("accounttest: session of %s: %v", email, err)
	}
	return User{User: u, Token: token}
}
