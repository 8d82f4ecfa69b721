// Package ops is the operator console's base (docs/operations.md "Operator console"):
// operators, who are accounts of their own and not miner accounts; their sessions on the
// --admin-http listener only; sign-in with a password and a mandatory authenticator code;
// the roles and the one permission table every console route declares its need in; and
// the append-only operator audit log that every write of the console and of
// `poold admin` goes to. It owns ops_operators, ops_sessions and ops_audit.
package ops

import (
	"slices"
	"time"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

// Role is what an operator may do.
type Role string

// The roles (issue 32): a viewer reads; support also handles users and content; finance
// reads and handles withdrawals, payouts and the wallet; the owner does everything,
// coins and operators included.
const (
	RoleOwner   Role = "owner"
	RoleFinance Role = "finance"
	RoleSupport Role = "support"
	RoleViewer  Role = "viewer"
)

// Roles lists every role, strongest first.
var Roles = []Role{RoleOwner, RoleFinance, RoleSupport, RoleViewer}

// Perm is what a console route needs.
type Perm string

// The permissions. PermPublic (sign-in) and PermSignedIn (any operator signed in) are
// not rights a role holds: every role passes them.
const (
	PermPublic    Perm = "public"
	PermSignedIn  Perm = "signedIn"
	PermRead      Perm = "read"
	PermUsers     Perm = "users"
	PermContent   Perm = "content"
	PermFinance   Perm = "finance"
	PermCoins     Perm = "coins"
	PermOperators Perm = "operators"
)

// Perms lists the rights a role may hold.
var Perms = []Perm{PermRead, PermUsers, PermContent, PermFinance, PermCoins, PermOperators}

// rolePerms is which role holds which right: the one place it is decided.
var rolePerms = map[Role][]Perm{
	RoleViewer:  {PermRead},
	RoleSupport: {PermRead, PermUsers, PermContent},
	RoleFinance: {PermRead, PermFinance},
	RoleOwner:   Perms,
}

// Can tells whether the role may use a route that needs p.
func (r Role) Can(p Perm) bool {
	if p == PermPublic || p == PermSignedIn {
		return rolePerms[r] != nil
	}
	return slices.Contains(rolePerms[r], p)
}

// ParseRole reads a role's name.
func ParseRole(s string) (Role, error) {
	r := Role(s)
	if rolePerms[r] == nil {
		return "", errorOf(400, "ops.badRole", i18n.Params{"values": "owner, finance, support, viewer"})
	}
	return r, nil
}

// The console's clocks.
const (
	// SessionIdle ends a console session unused this long.
	SessionIdle = 30 * time.Minute
	// EnrolTTL is how long a first sign-in may take to give its first code.
	EnrolTTL = 10 * time.Minute
	// Sign-in tries, counted right or wrong: per client address and per email in
	// TryWindow; authenticator codes per operator in TryWindow (sign-in, enrolment and
	// the code a finance action asks again).
	TryWindow        = 15 * time.Minute
	LoginsPerAddr    = 30
	LoginsPerEmail   = 10
	CodesPerOperator = 5
	// CookieName is the console session's cookie.
	CookieName = "ops_session"
	// TOTPHeader carries the authenticator code a finance action asks again (or the
	// body's "totp" field).
	TOTPHeader = "X-Ops-TOTP"
	// MinPassword and MaxPassword bound an operator's password.
	MinPassword = 12
	MaxPassword = 200
)

// errorOf is a console error: the envelope's message in the caller's language, and
// data.error, the stable code a client tells the refusals apart by (the message key).
func errorOf(status int, key string, params i18n.Params) *httpx.Error {
	code := httpx.CodeWarning
	if status == 401 {
		code = httpx.CodeLoginRequired
	}
	data := map[string]string{"error": key}
	return &httpx.Error{Code: code, Status: status, Key: key, Params: params, Data: data}
}
