package ops

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// `poold admin operator ...` and `poold admin audit list`: the command line's writes are
// in the audit log as done by 'cli'.
func TestAdminOperatorCommandsAndAuditList(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := &Service{DB: d, Argon: cheap}
		run := func(stdin string, args ...string) (string, error) {
			var out bytes.Buffer
			err := s.Admin(context.Background(), args[0], args[1:], strings.NewReader(stdin), &out)
			return out.String(), err
		}
		if out, err := run(testPassword+"\n", "operator", "add", "Olga@Ops.example.com", "--role", "owner", "--password-stdin"); err != nil || !strings.Contains(out, "operator olga@ops.example.com added") {
			t.Fatalf("add: %v %s", err, out)
		}
		if _, err := run(testPassword+"\n", "operator", "add", "pat@ops.example.com", "--role", "finance"); err == nil || !strings.Contains(err.Error(), "--password-stdin") {
			t.Fatalf("add without --password-stdin: %v", err)
		}
		if _, err := run("short\n", "operator", "add", "pat@ops.example.com", "--role", "finance", "--password-stdin"); err == nil || !strings.Contains(err.Error(), "12 to 200 characters") {
			t.Fatalf("short password: %v", err)
		}
		if _, err := run(testPassword+"\n", "operator", "add", "pat@ops.example.com", "--role", "boss", "--password-stdin"); err == nil || !strings.Contains(err.Error(), "owner, finance, support, viewer") {
			t.Fatalf("bad role: %v", err)
		}
		if _, err := run(testPassword+"\n", "operator", "add", "pat@ops.example.com", "--role", "finance", "--password-stdin"); err != nil {
			t.Fatal(err)
		}
		if _, err := run("", "operator", "role", "pat@ops.example.com", "support"); err == nil || !strings.Contains(err.Error(), "reason") {
			t.Fatalf("role without a reason: %v", err)
		}
		if _, err := run("", "operator", "role", "pat@ops.example.com", "support", "--reason", "moved to support"); err != nil {
			t.Fatal(err)
		}
		if _, err := run("", "operator", "disable", "olga@ops.example.com", "--reason", "test"); err == nil || !strings.Contains(err.Error(), "last active owner") {
			t.Fatalf("last owner disabled: %v", err)
		}
		if _, err := run("", "operator", "disable", "pat@ops.example.com", "--reason", "left"); err != nil {
			t.Fatal(err)
		}
		out, err := run("", "operator", "list")
		if err != nil || !strings.Contains(out, "olga@ops.example.com  owner    not yet        active") ||
			!strings.Contains(out, "pat@ops.example.com   support  not yet        disabled") {
			t.Fatalf("list: %v\n%s", err, out)
		}
		out, err = run("", "audit", "list", "--actor", "cli", "--action", "operator.", "--since", "1h")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 5 || !strings.HasPrefix(lines[0], "ID") ||
			!strings.Contains(lines[1], "cli") || !strings.Contains(lines[1], "operator.disable") || !strings.Contains(lines[1], "left") ||
			!strings.Contains(lines[1], `"disabled":false`) || !strings.Contains(lines[1], "->") ||
			!strings.Contains(lines[2], "operator.role") || !strings.Contains(lines[2], "moved to support") ||
			!strings.Contains(lines[3], "operator.add") || !strings.Contains(lines[4], "operator.add") {
			t.Fatalf("audit list:\n%s", out)
		}
		if out, err := run("", "audit", "list", "--limit", "1"); err != nil || len(strings.Split(strings.TrimSpace(out), "\n")) != 2 {
			t.Fatalf("--limit 1: %v\n%s", err, out)
		}
		if _, err := run("", "audit", "list", "--since", "last week"); err == nil {
			t.Fatal("--since last week taken")
		}
		if out, err := run("", "audit", "list", "--actor", "nobody@ops.example.com"); err != nil || strings.Count(out, "\n") != 1 {
			t.Fatalf("no entries: %v\n%s", err, out)
		}
	})
}
