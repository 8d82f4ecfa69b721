package app

import (
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/ops/opstest"
)

// Every console route the areas' packages add, as `poold serve` mounts them, for every
// role and with no session, against the rights issue 32 gives each role (the console's
// own routes: TestPermissionTableEveryRouteEveryRole in internal/ops).
func TestConsoleAreaRoutesPermissionTable(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		routes := consoleRoutes(d, nil, nil)
		if len(routes) == 0 {
			t.Fatal("no area routes")
		}
		opstest.CheckPermissions(t, opstest.New(t, d, routes), routes, areaRoutePerms)
	})
}

// areaRoutePerms is the right each area route of the console needs, written out: a route
// added or given another right fails the test until it is written here too.
var areaRoutePerms = map[string]ops.Perm{
	// Withdrawals and payouts (internal/withdraw): reading for every role, the actions
	// for finance and the owner, each asking the authenticator code again.
	"GET /ops/api/v1/withdrawals":               ops.PermRead,
	"GET /ops/api/v1/withdrawals/{id}":          ops.PermRead,
	"POST /ops/api/v1/withdrawals/{id}/approve": ops.PermFinance,
	"POST /ops/api/v1/withdrawals/{id}/reject":  ops.PermFinance,
	"POST /ops/api/v1/withdrawals/{id}/fail":    ops.PermFinance,
	"GET /ops/api/v1/payouts":                   ops.PermRead,
	"GET /ops/api/v1/payouts/{id}":              ops.PermRead,
	"POST /ops/api/v1/payouts/{id}/fail":        ops.PermFinance,
	"POST /ops/api/v1/payouts/{id}/unbatch":     ops.PermFinance,
	"GET /ops/api/v1/wallet":                    ops.PermRead,
	"GET /ops/api/v1/wallet/sends":              ops.PermRead,
	"POST /ops/api/v1/wallet/sends/accept":      ops.PermFinance,
	// Users (internal/ops/opsusers): reading for every role, the actions for support and
	// the owner.
	"GET /ops/api/v1/users":                    ops.PermRead,
	"GET /ops/api/v1/users/{id}":               ops.PermRead,
	"POST /ops/api/v1/users/{id}/freeze":       ops.PermUsers,
	"POST /ops/api/v1/users/{id}/unfreeze":     ops.PermUsers,
	"POST /ops/api/v1/users/{id}/end-sessions": ops.PermUsers,
	"POST /ops/api/v1/users/{id}/reset-2fa":    ops.PermUsers,
	// Overview and blocks (internal/ops/opsoverview): read only.
	"GET /ops/api/v1/overview": ops.PermRead,
	"GET /ops/api/v1/blocks":   ops.PermRead,
	"GET /ops/api/v1/coins":    ops.PermRead,
	// Coins (internal/ops/opscoins): the owner's.
	"POST /ops/api/v1/coins/{symbol}": ops.PermCoins,
	// Content (internal/ops/opscontent): reading for every role, the changes for support
	// and the owner.
	"GET /ops/api/v1/content/articles/{kind}":                 ops.PermRead,
	"GET /ops/api/v1/content/articles/{kind}/{id}":            ops.PermRead,
	"POST /ops/api/v1/content/articles/{kind}":                ops.PermContent,
	"POST /ops/api/v1/content/articles/{kind}/{id}":           ops.PermContent,
	"POST /ops/api/v1/content/articles/{kind}/{id}/publish":   ops.PermContent,
	"POST /ops/api/v1/content/articles/{kind}/{id}/unpublish": ops.PermContent,
	"POST /ops/api/v1/content/articles/{kind}/{id}/sort":      ops.PermContent,
	"POST /ops/api/v1/content/articles/{kind}/{id}/delete":    ops.PermContent,
	"GET /ops/api/v1/content/legal":                           ops.PermRead,
	"GET /ops/api/v1/content/legal/{type}/{lang}":             ops.PermRead,
	"POST /ops/api/v1/content/legal/{type}/{lang}":            ops.PermContent,
	"GET /ops/api/v1/content/apps":                            ops.PermRead,
	"POST /ops/api/v1/content/apps/{os}":                      ops.PermContent,
	"POST /ops/api/v1/content/apps/{os}/delete":               ops.PermContent,
	"POST /ops/api/v1/content/preview":                        ops.PermContent,
}
