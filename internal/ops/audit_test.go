package ops

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// Record writes in the caller's transaction: a change that fails leaves no entry, and
// one that succeeds leaves its entry with it.
func TestAuditEntryIsInTheChangesTransaction(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		o := e.addOperator("gus@ops.example.com", RoleViewer)
		boom := errors.New("the change failed")
		err := d.InTx(ctx, func(tx *db.Tx) error {
			if err := Record(ctx, tx, Entry{Actor: CLI, Action: "operator.role", ObjectType: "operator", ObjectID: itoa(o.ID), Reason: "test"}); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, "UPDATE ops_operators SET role = ? WHERE id = ?", "support", o.ID); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if rows := auditRows(t, d, AuditFilter{Action: "operator.role"}); len(rows) != 0 {
			t.Fatalf("entry of a failed change: %+v", rows)
		}
		if got, _ := e.svc.OperatorByID(ctx, o.ID); got.Role != RoleViewer {
			t.Fatalf("role %s after the rollback", got.Role)
		}
		// A change the service refuses half-way (the last owner) leaves neither.
		owner := e.addOperator("hal@ops.example.com", RoleOwner)
		if _, err := e.svc.SetRole(ctx, CLI, owner.ID, RoleViewer, "demote"); err == nil || !strings.Contains(err.Error(), "ops.lastOwner") {
			t.Fatalf("last owner demoted: %v", err)
		}
		if got, _ := e.svc.OperatorByID(ctx, owner.ID); got.Role != RoleOwner {
			t.Fatalf("last owner's role %s", got.Role)
		}
		// A duplicate email adds no operator and no entry.
		if _, err := e.svc.AddOperator(ctx, CLI, "GUS@ops.example.com", RoleOwner, testPassword); err == nil || !strings.Contains(err.Error(), "ops.emailTaken") {
			t.Fatalf("duplicate email: %v", err)
		}
		if _, err := e.svc.SetRole(ctx, CLI, o.ID, RoleSupport, "helps with users now"); err != nil {
			t.Fatal(err)
		}
		rows := auditRows(t, d, AuditFilter{Object: "operator:" + itoa(o.ID)})
		if len(rows) != 2 || rows[0].Action != "operator.role" || rows[0].Actor != ActorCLI || rows[0].OperatorID != nil ||
			string(rows[0].Before) != `{"disabled":false,"email":"gus@ops.example.com","role":"viewer","totpEnrolled":false}` ||
			string(rows[0].After) != `{"disabled":false,"email":"gus@ops.example.com","role":"support","totpEnrolled":false}` ||
			rows[1].Action != "operator.add" || string(rows[1].Before) != "null" {
			t.Fatalf("entries: %+v", rows)
		}
	})
}

// The audit log takes no UPDATE and no DELETE.
func TestAuditLogIsAppendOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addOperator("ivy@ops.example.com", RoleViewer)
		ctx := context.Background()
		if _, err := d.Exec(ctx, "UPDATE ops_audit SET reason = 'x'"); err == nil {
			t.Error("UPDATE of the audit log went through")
		}
		if _, err := d.Exec(ctx, "DELETE FROM ops_audit"); err == nil {
			t.Error("DELETE from the audit log went through")
		}
		if rows := auditRows(t, d, AuditFilter{}); len(rows) != 1 || rows[0].Reason != "" {
			t.Fatalf("entries: %+v", rows)
		}
	})
}

// The owner lists operators and disables one with a reason, audited with before and
// after; the reason is required, and nobody disables themselves.
func TestOwnerDisablesAnOperator(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		owner := e.addOperator("jo@ops.example.com", RoleOwner)
		sup := e.addOperator("kim@ops.example.com", RoleSupport)
		c := e.signIn("jo@ops.example.com")
		list := c.do("GET", "/ops/api/v1/operators", nil)
		if list.Status != 200 || !strings.Contains(string(list.Data), `"email":"kim@ops.example.com","role":"support"`) || strings.Contains(list.Body, "argon2") {
			t.Fatalf("operators: %d %s", list.Status, list.Body)
		}
		path := "/ops/api/v1/operators/" + itoa(sup.ID) + "/disable"
		if a := c.do("POST", path, map[string]string{"reason": "  "}); a.Status != 400 || a.errorCode() != "ops.reasonRequired" {
			t.Fatalf("no reason: %d %s", a.Status, a.Body)
		}
		// The bound of every operator reason (account.MaxAdminReason, 200), in characters.
		if a := c.do("POST", path, map[string]string{"reason": strings.Repeat("é", 201)}); a.Status != 400 || a.errorCode() != "ops.reasonTooLong" {
			t.Fatalf("long reason: %d %s", a.Status, a.Body)
		}
		if a := c.do("POST", path, map[string]string{"reason": "x", "extra": "y"}); a.Status != 400 {
			t.Fatalf("unknown field: %d %s", a.Status, a.Body)
		}
		if a := c.do("POST", "/ops/api/v1/operators/"+itoa(owner.ID)+"/disable", map[string]string{"reason": "oops"}); a.Status != 400 || a.errorCode() != "ops.notSelf" {
			t.Fatalf("self: %d %s", a.Status, a.Body)
		}
		a := c.do("POST", path, map[string]string{"reason": "left the team"})
		if a.Status != 200 || !strings.Contains(string(a.Data), `"disabled":true`) {
			t.Fatalf("disable: %d %s", a.Status, a.Body)
		}
		if a := c.do("POST", path, map[string]string{"reason": "again"}); a.Status != 400 || a.errorCode() != "ops.alreadyDisabled" {
			t.Fatalf("disable again: %d %s", a.Status, a.Body)
		}
		rows := auditRows(t, d, AuditFilter{Action: "operator.disable"})
		if len(rows) != 1 {
			t.Fatalf("entries: %+v", rows)
		}
		r := rows[0]
		if r.Actor != "jo@ops.example.com" || r.OperatorID == nil || *r.OperatorID != owner.ID || r.Addr != "127.0.0.1" ||
			r.ObjectType != "operator" || r.ObjectID != itoa(sup.ID) || r.Reason != "left the team" ||
			!strings.Contains(string(r.Before), `"disabled":false`) || !strings.Contains(string(r.After), `"disabled":true`) {
			t.Fatalf("entry: %+v before %s after %s", r, r.Before, r.After)
		}
	})
}

// The audit log's reading: filters, cursor paging, and the CSV export.
func TestAuditListFiltersPagesAndExports(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.addOperator("lu@ops.example.com", RoleViewer)
		at := e.clock.Now()
		err := d.InTx(ctx, func(tx *db.Tx) error {
			for i, a := range []string{"coin.set", "coin.set", "withdrawal.approve", "user.freeze"} {
				if err := Record(ctx, tx, Entry{At: at.Add(time.Duration(i+1) * time.Hour), Actor: Actor{OperatorID: 7, Email: "max@ops.example.com", Addr: "10.0.0.9"},
					Action: a, ObjectType: strings.Split(a, ".")[0], ObjectID: itoa(int64(i)), Reason: "=HYPERLINK(\"x\")",
					Before: map[string]int{"fee": i}, After: map[string]int{"fee": i + 1}}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		c := e.signIn("lu@ops.example.com")
		page := func(query string) ([]AuditRow, *string) {
			t.Helper()
			a := c.do("GET", "/ops/api/v1/audit"+query, nil)
			var out struct {
				Items      []AuditRow `json:"items"`
				NextCursor *string    `json:"nextCursor"`
			}
			if a.Status != 200 || json.Unmarshal(a.Data, &out) != nil {
				t.Fatalf("audit%s: %d %s", query, a.Status, a.Body)
			}
			return out.Items, out.NextCursor
		}
		// Everything, two at a time, newest first (by id: the order they were written).
		var all []string
		var cursor *string
		for q := "?limit=2"; ; q = "?limit=2&cursor=" + *cursor {
			items, next := page(q)
			for _, r := range items {
				all = append(all, r.Action)
			}
			if cursor = next; cursor == nil {
				break
			}
		}
		if got := strings.Join(all, " "); got != "operator.enrol user.freeze withdrawal.approve coin.set coin.set operator.add" {
			t.Fatalf("pages: %s", got)
		}
		if items, _ := page("?actor=Max@Ops.example.com&action=coin."); len(items) != 2 || items[0].Action != "coin.set" {
			t.Fatalf("actor and action prefix: %+v", items)
		}
		if items, _ := page("?object=withdrawal:2"); len(items) != 1 || items[0].Action != "withdrawal.approve" {
			t.Fatalf("object: %+v", items)
		}
		from, to := at.Add(90*time.Minute).Format(time.RFC3339), at.Add(3*time.Hour+30*time.Minute).Format(time.RFC3339)
		if items, _ := page("?actor=max@ops.example.com&from=" + from + "&to=" + to); len(items) != 2 || items[0].Action != "withdrawal.approve" || items[1].Action != "coin.set" {
			t.Fatalf("from and to: %+v", items)
		}
		if items, _ := page("?actor=cli"); len(items) != 1 || items[0].Action != "operator.add" {
			t.Fatalf("actor cli: %+v", items)
		}
		for _, bad := range []string{"?from=yesterday", "?cursor=x", "?limit=0", "?limit=501"} {
			if a := c.do("GET", "/ops/api/v1/audit"+bad, nil); a.Status != 400 {
				t.Errorf("audit%s: %d %s", bad, a.Status, a.Body)
			}
		}
		a := c.do("GET", "/ops/api/v1/audit.csv?action=coin.", nil)
		if a.Status != 200 || !strings.HasPrefix(a.Header.Get("Content-Type"), "text/csv") || !strings.Contains(a.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("csv: %d %v %s", a.Status, a.Header, a.Body)
		}
		recs, err := csv.NewReader(bytes.NewReader([]byte(a.Body))).ReadAll()
		if err != nil || len(recs) != 3 || recs[0][0] != "id" || recs[1][5] != "coin.set" || recs[1][3] != "max@ops.example.com" ||
			recs[1][8] != `'=HYPERLINK("x")` || recs[1][9] != `{"fee":1}` || recs[1][10] != `{"fee":2}` {
			t.Fatalf("csv: %v %q", err, recs)
		}
	})
}
