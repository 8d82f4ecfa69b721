package content

import (
	"context"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// sysconfig set goes to the operator audit log as cli, with the value before and after;
// a secret's value never does.
func TestSysConfigSetIsAudited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &Store{DB: d}
		for _, c := range [][3]string{
			{"global", "telegram_url", "https://t.me/a"},
			{"global", "telegram_url", "https://t.me/b"},
			{"secret", "smtp_password", "hunter2"},
			{"global", "api_token", "tok-123"},
		} {
			if err := s.SetSysConfig(ctx, audit.CLI, c[0], c[1], c[2]); err != nil {
				t.Fatal(err)
			}
		}
		rows, err := d.Query(ctx, `SELECT actor, action, object_id, COALESCE(before_json, ''), COALESCE(after_json, '') FROM ops_audit
			WHERE action = 'content.sysconfig.update' ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var got []string
		for rows.Next() {
			var actor, action, object, before, after string
			if err := rows.Scan(&actor, &action, &object, &before, &after); err != nil {
				t.Fatal(err)
			}
			got = append(got, actor+" "+object+" "+before+" "+after)
		}
		want := []string{
			`cli global/telegram_url  {"value":"https://t.me/a"}`,
			`cli global/telegram_url {"value":"https://t.me/a"} {"value":"https://t.me/b"}`,
			`cli secret/smtp_password  {"value":"(secret)"}`,
			`cli global/api_token  {"value":"(secret)"}`,
		}
		if len(got) != len(want) {
			t.Fatalf("entries %q, want %q", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("entry %d: %s, want %s", i, got[i], want[i])
			}
		}
	})
}
