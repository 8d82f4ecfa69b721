package ops

import (
	"slices"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// The rights of each role as issue 32 gives them, written out here rather than read from
// rolePerms, so that a change there fails this test.
var wantRights = map[Role][]Perm{
	RoleViewer:  {PermRead},
	RoleSupport: {PermRead, PermUsers, PermContent},
	RoleFinance: {PermRead, PermFinance},
	RoleOwner:   {PermRead, PermUsers, PermContent, PermFinance, PermCoins, PermOperators},
}

func TestRoleRights(t *testing.T) {
	for _, role := range Roles {
		for _, p := range Perms {
			if got, want := role.Can(p), slices.Contains(wantRights[role], p); got != want {
				t.Errorf("%s can %s: %v, want %v", role, p, got, want)
			}
		}
		if !role.Can(PermPublic) || !role.Can(PermSignedIn) {
			t.Errorf("%s cannot use the public or signed-in routes", role)
		}
	}
	if Role("root").Can(PermRead) || Role("").Can(PermSignedIn) {
		t.Error("an unknown role has a right")
	}
}

// Every console route, for every role, at the API: a route the role has the right to is
// not refused with 403 (nor 401: the session is good); one it has not is refused with 403
// and data.error ops.forbidden naming the right. Without a session, every route but the
// sign-in steps answers 401. (Enrolment without a sign-in that started it is 401
// ops.enrolGone for anyone: a matter of the session, not of the role.)
func TestPermissionTableEveryRouteEveryRole(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		routes := e.h.Routes()
		// Sign-out last: it ends the session the other calls use.
		slices.SortStableFunc(routes, func(a, b Route) int {
			return boolInt(strings.HasSuffix(a.Path, "/logout")) - boolInt(strings.HasSuffix(b.Path, "/logout"))
		})
		for _, p := range Perms {
			if !slices.ContainsFunc(routes, func(r Route) bool { return r.Perm == p }) {
				t.Fatalf("no route needs %s: the table test would not cover it", p)
			}
		}
		anon := e.client()
		for _, r := range routes {
			a := anon.do(r.Method, pathOf(r), bodyOf(r))
			if r.Perm == PermPublic {
				if a.Status == 403 {
					t.Errorf("anonymous %s %s: %d %s", r.Method, r.Path, a.Status, a.Body)
				}
			} else if a.Status != 401 || a.errorCode() != "ops.signInRequired" {
				t.Errorf("anonymous %s %s: %d %s, want 401 ops.signInRequired", r.Method, r.Path, a.Status, a.Body)
			}
		}
		for _, role := range Roles {
			email := string(role) + "@ops.example.com"
			e.addOperator(email, role)
			c := e.signIn(email)
			for _, r := range routes {
				var header []string
				if r.NeedsCode() {
					header = []string{TOTPHeader, e.code(email)}
				}
				a := c.do(r.Method, pathOf(r), bodyOf(r), header...)
				allowed := r.Perm == PermPublic || r.Perm == PermSignedIn || slices.Contains(wantRights[role], r.Perm)
				switch {
				case allowed && (a.Status == 403 || (a.Status == 401 && r.Perm != PermPublic)):
					t.Errorf("%s %s %s: refused %d %s", role, r.Method, r.Path, a.Status, a.Body)
				case !allowed && (a.Status != 403 || a.errorCode() != "ops.forbidden" || !strings.Contains(string(a.Data), `"permission":"`+string(r.Perm)+`"`)):
					t.Errorf("%s %s %s: %d %s, want 403 ops.forbidden naming %s", role, r.Method, r.Path, a.Status, a.Body, r.Perm)
				}
			}
		}
	})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pathOf fills a route's path parameters with an id no row has: an allowed write then
// answers 404, not a change.
func pathOf(r Route) string { return strings.ReplaceAll(r.Path, "{id}", "999999") }

func bodyOf(r Route) any {
	if r.Method == "GET" {
		return nil
	}
	return map[string]string{}
}
