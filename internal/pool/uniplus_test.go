package pool_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

var (
	uniplusPattern = regexp.MustCompile(`^UP-[0-9a-f]{64}$`)
	prefixPattern  = regexp.MustCompile(`^UP-[0-9a-f]{4}$`)
)

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// subAccountRow is every column of the sub-account with code, as text, by column name.
func subAccountRow(t *testing.T, d *db.DB, code string) map[string]string {
	t.Helper()
	rows, err := d.Query(context.Background(), "SELECT * FROM sub_accounts WHERE code = ?", code)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	if !rows.Next() {
		t.Fatalf("no sub-account %s", code)
	}
	vals := make([]sql.NullString, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	if err := rows.Scan(ptrs...); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for i, c := range cols {
		out[c] = vals[i].String
	}
	return out
}

// holds tells which columns of row hold v.
func holds(row map[string]string, v string) []string {
	var cols []string
	for c, x := range row {
		if x == v {
			cols = append(cols, c)
		}
	}
	slices.Sort(cols)
	return cols
}

// A Uniplus ID is a secret, kept like a session token: the database holds its SHA-256
// and its first 7 characters, never the ID. The owner sees it once, in the answer of
// create and of regenerate; every other answer gives the prefix only, so a stolen
// session (or a shoulder) cannot read it again. An agent presenting it still gets in.
func TestUniplusIDStoredHashedShownOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		var created struct {
			Code, UniplusID, UniplusPrefix string
		}
		h.data(h.post("/api/pc/v1/pool/subaccount/create", h.alice, map[string]any{"code": "alice", "alias": "Farm", "defaultCoin": "BTC"}), &created)
		id := created.UniplusID
		if !uniplusPattern.MatchString(id) || created.UniplusPrefix != id[:7] {
			t.Fatalf("create answered %+v: want the Uniplus ID and its prefix", created)
		}

		row := subAccountRow(t, d, "alice")
		if cols := holds(row, id); len(cols) != 0 {
			t.Fatalf("the Uniplus ID is stored in the clear in %v", cols)
		}
		if cols := holds(row, sha256Hex(id)); len(cols) != 1 {
			t.Fatalf("no column holds the ID's SHA-256: %v", row)
		}

		// Later reads give the prefix, never the ID.
		for _, path := range []string{"/api/pc/v1/pool/subaccount/uniplus", "/api/pc/v1/pool/subaccount/detail", "/api/pc/v1/pool/subaccount/list"} {
			r := h.get(path, h.alice, url.Values{"code": {"alice"}})
			h.want(r, 200, 0, "")
			if strings.Contains(string(r.Data), id[7:]) {
				t.Fatalf("%s shows the Uniplus ID again: %s", path, r.Data)
			}
		}
		var up struct {
			UniplusID     *string
			UniplusPrefix string
		}
		h.data(h.get("/api/pc/v1/pool/subaccount/uniplus", h.alice, url.Values{"code": {"alice"}}), &up)
		if up.UniplusID != nil || up.UniplusPrefix != id[:7] {
			t.Fatalf("uniplus %+v, want no ID and the prefix %s", up, id[:7])
		}

		// The agent authenticates with the ID (its hash is looked up).
		h.want(h.agent(id, goodReport("rig1")), 200, 0, "")
		h.want(h.agent("UP-"+strings.Repeat("0", 64), goodReport("rig1")), 401, 4, msg("pool.agentUnauthorized"))
		h.want(h.agent(sha256Hex(id), goodReport("rig1")), 401, 4, msg("pool.agentUnauthorized")) // the stored hash is no ID

		// Regenerate answers the new ID once; the stored hash follows, the old ID stops.
		h.data(h.post("/api/pc/v1/pool/subaccount/uniplus/regenerate", h.alice, map[string]any{"code": "alice"}), &up)
		if up.UniplusID == nil || !uniplusPattern.MatchString(*up.UniplusID) || *up.UniplusID == id || up.UniplusPrefix != (*up.UniplusID)[:7] {
			t.Fatalf("regenerate answered %+v", up)
		}
		fresh := *up.UniplusID
		row = subAccountRow(t, d, "alice")
		if len(holds(row, fresh)) != 0 || len(holds(row, sha256Hex(fresh))) != 1 || len(holds(row, sha256Hex(id))) != 0 {
			t.Fatalf("after regenerate the row is %v", row)
		}
		h.want(h.agent(id, goodReport("rig1")), 401, 4, msg("pool.agentUnauthorized"))
		h.want(h.agent(fresh, goodReport("rig1")), 200, 0, "")
		h.data(h.get("/api/pc/v1/pool/subaccount/uniplus", h.alice, url.Values{"code": {"alice"}}), &up)
		if up.UniplusID != nil || up.UniplusPrefix != fresh[:7] {
			t.Fatalf("uniplus after regenerate %+v", up)
		}
	})
}
