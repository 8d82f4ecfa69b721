package opscontent_test

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/helpcenter"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/ops/opscontent"
	"github.com/uniplus-pool/pool/internal/ops/opstest"
)

func auditLog(t *testing.T, d *db.DB, action string) []ops.AuditRow {
	t.Helper()
	rows, err := ops.ListAudit(context.Background(), d, ops.AuditFilter{Action: action, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Support writes announcements, FAQ entries, legal documents and app downloads through
// the console, each change in the audit log with its before and after; a viewer is
// refused and a refused change (a language the site does not serve, an empty document, a
// bad URL) changes nothing and records nothing; the preview is the public pages' sanitised
// rendering; and `poold admin` writes the same entries as cli.
func TestContentArea(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		help := &helpcenter.Store{DB: d}
		cs := &content.Store{DB: d}
		if err := cs.EnsureDefaults(ctx); err != nil {
			t.Fatal(err)
		}
		area := &opscontent.Area{Help: help, Content: cs}
		console := opstest.New(t, d, area.Routes())
		support := console.Operator(ops.RoleSupport)
		viewer := console.Operator(ops.RoleViewer)

		// A viewer may read but not write.
		if a := viewer.Do("POST", "/ops/api/v1/content/articles/announcement", map[string]string{"lang": "en_US", "title": "T", "body": "B"}); a.Status != 403 || a.ErrorCode() != "ops.forbidden" {
			t.Fatalf("viewer create: %d %s", a.Status, a.Body)
		}
		if list, _ := help.All(ctx, helpcenter.KindAnnouncement); len(list) != 0 {
			t.Fatalf("a refused create stored %+v", list)
		}

		var v opscontent.ArticleView
		a := support.Do("POST", "/ops/api/v1/content/articles/announcement", map[string]string{"lang": "en_US", "title": "Maintenance",
			"body": "The pool **pauses** at 02:00. <script>alert(1)</script>"})
		a.Into(t, &v)
		if a.Status != 200 || v.ID == 0 || v.Status != helpcenter.StatusDraft || len(v.Translations) != 1 ||
			!strings.Contains(v.Translations[0].Preview.HTML, "<strong>pauses</strong>") || strings.Contains(v.Translations[0].Preview.HTML, "<script") ||
			len(v.Missing) != 3 {
			t.Fatalf("create: %d %s", a.Status, a.Body)
		}
		id := v.ID
		path := "/ops/api/v1/content/articles/announcement/" + itoa(id)
		if a := support.Do("POST", path, map[string]string{"lang": "ko_KR", "title": "점검"}); a.Status != 400 || a.ErrorCode() != "opscontent.refused" ||
			!strings.Contains(a.Body, "give both a title and a body") {
			t.Fatalf("new translation without a body: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", path, map[string]string{"lang": "fr_FR", "title": "x", "body": "y"}); a.Status != 400 || a.ErrorCode() != "opscontent.refused" {
			t.Fatalf("unknown language: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", path, map[string]string{"lang": "zh_HK", "title": "維護", "body": "礦池於 02:00 暫停。"}); a.Status != 200 {
			t.Fatalf("add zh_HK: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", path, map[string]string{"lang": "en_US", "title": "Maintenance tonight"}); a.Status != 200 {
			t.Fatalf("edit title: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", path+"/publish", map[string]string{"reason": "approved by ops"}); a.Status != 200 || !strings.Contains(a.Body, `"status":"published"`) {
			t.Fatalf("publish: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", path+"/sort", map[string]int{"sortOrder": 3}); a.Status != 400 || !strings.Contains(a.Body, "only faq entries are sorted") {
			t.Fatalf("sort an announcement: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", "/ops/api/v1/content/articles/faq/"+itoa(id)+"/publish", map[string]string{}); a.Status != 404 {
			t.Fatalf("publish under another kind: %d %s", a.Status, a.Body)
		}
		if a := viewer.Do("GET", path, nil); a.Status != 200 || !strings.Contains(a.Body, "Maintenance tonight") {
			t.Fatalf("viewer reads: %d %s", a.Status, a.Body)
		}
		got, err := help.Get(ctx, helpcenter.KindAnnouncement, id)
		if err != nil || got.Status != helpcenter.StatusPublished || len(got.Translations) != 2 {
			t.Fatalf("stored: %+v %v", got, err)
		}
		entries := auditLog(t, d, "content.announcement.")
		if len(entries) != 4 {
			t.Fatalf("announcement audit entries: %+v", entries)
		}
		pub, upd, create := entries[0], entries[1], entries[3]
		if pub.Action != "content.announcement.publish" || pub.Reason != "approved by ops" || pub.Actor != "support@ops.example.com" ||
			!strings.Contains(string(pub.Before), `"status":"draft"`) || !strings.Contains(string(pub.After), `"status":"published"`) ||
			pub.ObjectType != "announcement" || pub.ObjectID != itoa(id) {
			t.Fatalf("publish entry: %+v", pub)
		}
		if upd.Action != "content.announcement.update" || !strings.Contains(string(upd.Before), `"title":"Maintenance"`) ||
			!strings.Contains(string(upd.After), `"title":"Maintenance tonight"`) {
			t.Fatalf("update entry: %+v", upd)
		}
		if create.Action != "content.announcement.create" || !none(create.Before) || !strings.Contains(string(create.After), "pauses") {
			t.Fatalf("create entry: %+v", create)
		}

		// Legal documents.
		before, err := cs.GetLegal(ctx, content.PrivacyPolicy, "en_US")
		if err != nil {
			t.Fatal(err)
		}
		legal := "/ops/api/v1/content/legal/Privacy-Policy/en_US"
		if a := support.Do("POST", legal, map[string]string{"body": "   "}); a.Status != 400 || !strings.Contains(a.Body, "the document is empty") {
			t.Fatalf("empty legal: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", "/ops/api/v1/content/legal/Cookies/en_US", map[string]string{"body": "# x"}); a.Status != 400 {
			t.Fatalf("unknown legal type: %d %s", a.Status, a.Body)
		}
		if a := viewer.Do("POST", legal, map[string]string{"body": "# Mine"}); a.Status != 403 {
			t.Fatalf("viewer legal: %d %s", a.Status, a.Body)
		}
		if after, _ := cs.GetLegal(ctx, content.PrivacyPolicy, "en_US"); after.Body != before.Body || len(auditLog(t, d, "content.legal.")) != 0 {
			t.Fatal("a refused legal change changed the document or the log")
		}
		var lv opscontent.LegalView
		a = support.Do("POST", legal, map[string]string{"body": "# Privacy\n\nWe keep [little](javascript:alert(1)).\n"})
		a.Into(t, &lv)
		if a.Status != 200 || lv.Title != "Privacy" || lv.URL != "/legal/Privacy-Policy/en_US" || strings.Contains(lv.Preview.HTML, "javascript:") ||
			!strings.Contains(lv.Preview.HTML, "<h1") {
			t.Fatalf("legal set: %d %s", a.Status, a.Body)
		}
		if e := auditLog(t, d, "content.legal.update"); len(e) != 1 || e[0].ObjectType != "legal" || e[0].ObjectID != "Privacy-Policy/en_US" ||
			!strings.Contains(string(e[0].Before), before.Title) || !strings.Contains(string(e[0].After), `"title":"Privacy"`) {
			t.Fatalf("legal audit: %+v", e)
		}

		// App downloads.
		if a := support.Do("POST", "/ops/api/v1/content/apps/linux", map[string]string{"version": "", "url": "ftp://x"}); a.Status != 400 ||
			!strings.Contains(a.Body, "the version is required") {
			t.Fatalf("bad release: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", "/ops/api/v1/content/apps/linux", map[string]string{"version": "1.4.2", "url": "https://dl.example.com/u.tar.gz"}); a.Status != 200 {
			t.Fatalf("release: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", "/ops/api/v1/content/apps/linux/delete", map[string]string{"reason": "pulled: crashes"}); a.Status != 200 {
			t.Fatalf("delete release: %d %s", a.Status, a.Body)
		}
		if a := support.Do("POST", "/ops/api/v1/content/apps/linux/delete", map[string]string{}); a.Status != 404 {
			t.Fatalf("delete again: %d %s", a.Status, a.Body)
		}
		if e := auditLog(t, d, "content.app."); len(e) != 2 || e[0].Action != "content.app.delete" || e[0].Reason != "pulled: crashes" ||
			!strings.Contains(string(e[0].Before), "1.4.2") || !none(e[1].Before) || e[1].ObjectID != "linux" {
			t.Fatalf("app audit: %+v", e)
		}

		// The preview of unsaved text.
		var p opscontent.Preview
		a = support.Do("POST", "/ops/api/v1/content/preview", map[string]string{"body": "Hello <img src=x onerror=alert(1)> *there*"})
		a.Into(t, &p)
		if a.Status != 200 || strings.Contains(p.HTML, "onerror") || !strings.Contains(p.HTML, "<em>there</em>") || p.Summary == "" {
			t.Fatalf("preview: %d %s", a.Status, a.Body)
		}

		// Deleting: a viewer is refused and nothing goes; support deletes it, the entry
		// keeps the whole article.
		if a := viewer.Do("POST", path+"/delete", map[string]string{}); a.Status != 403 {
			t.Fatalf("viewer delete: %d %s", a.Status, a.Body)
		}
		if _, err := help.Get(ctx, helpcenter.KindAnnouncement, id); err != nil {
			t.Fatalf("a refused delete deleted: %v", err)
		}
		if a := support.Do("POST", path+"/delete", map[string]string{"reason": "wrong date"}); a.Status != 200 {
			t.Fatalf("delete: %d %s", a.Status, a.Body)
		}
		if _, err := help.Get(ctx, helpcenter.KindAnnouncement, id); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("after delete: %v", err)
		}
		if a := support.Do("POST", path+"/delete", map[string]string{}); a.Status != 404 || a.ErrorCode() != "opscontent.notFound" {
			t.Fatalf("delete again: %d %s", a.Status, a.Body)
		}
		if e := auditLog(t, d, "content.announcement.delete"); len(e) != 1 || e[0].Reason != "wrong date" ||
			!strings.Contains(string(e[0].Before), "Maintenance tonight") || !none(e[0].After) {
			t.Fatalf("delete audit: %+v", e)
		}

		// The command line writes the same entries, as cli.
		var out bytes.Buffer
		if err := help.Admin(ctx, helpcenter.KindFAQ, []string{"add", "--lang", "en_US", "--title", "Q", "--file", "-"}, strings.NewReader("A."), &out); err != nil {
			t.Fatal(err)
		}
		if err := cs.Admin(ctx, "app", []string{"set", "windows", "--version", "2", "--url", "/files/w.exe"}, nil, &out); err != nil {
			t.Fatal(err)
		}
		if err := cs.Admin(ctx, "legal", []string{"set", "Disclaimer", "ko_KR", "-"}, strings.NewReader("# 면책\n"), &out); err != nil {
			t.Fatal(err)
		}
		faqs, err := help.All(ctx, helpcenter.KindFAQ)
		if err != nil || len(faqs) != 1 {
			t.Fatalf("faq: %+v %v", faqs, err)
		}
		if err := help.Admin(ctx, helpcenter.KindFAQ, []string{"delete", itoa(faqs[0].ID)}, nil, &out); err != nil {
			t.Fatal(err)
		}
		for _, action := range []string{"content.faq.create", "content.faq.delete", "content.app.update", "content.legal.update"} {
			if e := auditLog(t, d, action); len(e) == 0 || e[0].Actor != ops.ActorCLI || e[0].OperatorID != nil {
				t.Fatalf("%s by the command line: %+v", action, e)
			}
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// none tells an audit entry's before or after that is not there (a creation's before).
func none(raw []byte) bool { return len(raw) == 0 || string(raw) == "null" }
