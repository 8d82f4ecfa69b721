package helpcenter_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/helpcenter"
)

const (
	announcementList   = "/api/pc/v1/helpPage/announcement/list"
	announcementDetail = "/api/pc/v1/helpPage/announcement/detail"
	faqList            = "/api/pc/v1/helpPage/faq/list"
	faqDetail          = "/api/pc/v1/helpPage/faq/detail"
	noticeList         = "/api/pc/v1/helpPage/notice/list"
	noticeDetail       = "/api/pc/v1/helpPage/notice/detail"
	noticeReadAll      = "/api/pc/v1/helpPage/notice/readAll"
	noticeUnread       = "/api/pc/v1/helpPage/notice/unread"
)

func TestListsArePagedAndHideDrafts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		var published []int64 // oldest first
		for i := range 23 {
			published = append(published, h.article(helpcenter.KindAnnouncement, false, "en_US", fmt.Sprintf("News %d", i)))
			if i == 5 {
				h.article(helpcenter.KindAnnouncement, true, "en_US", "Draft news")
			}
		}
		// One published, then withdrawn: invisible like a draft.
		withdrawn := h.article(helpcenter.KindAnnouncement, false, "en_US", "Withdrawn")
		if _, err := h.admin("announcement", "", "unpublish", strconv.FormatInt(withdrawn, 10)); err != nil {
			t.Fatal(err)
		}
		// A notice is not an announcement.
		h.article(helpcenter.KindNotice, false, "en_US", "A notice")
		newest := slices.Clone(published)
		slices.Reverse(newest)

		for _, sc := range []struct {
			name           string
			query          []string
			status, code   int
			total, perPage int
			rows           []int64
			msg            string
		}{
			{name: "defaults", total: 23, perPage: 10, rows: newest[:10], status: 200},
			{name: "page 2 of 10", query: []string{"page", "2"}, total: 23, perPage: 10, rows: newest[10:20], status: 200},
			{name: "last page", query: []string{"page", "3", "pageSize", "10"}, total: 23, perPage: 10, rows: newest[20:], status: 200},
			{name: "past the end", query: []string{"page", "4"}, total: 23, perPage: 10, rows: []int64{}, status: 200},
			{name: "size 20 page 2", query: []string{"page", "2", "pageSize", "20"}, total: 23, perPage: 20, rows: newest[20:], status: 200},
			{name: "size 30", query: []string{"pageSize", "30"}, total: 23, perPage: 30, rows: newest, status: 200},
			{name: "size 50", query: []string{"pageSize", "50"}, total: 23, perPage: 50, rows: newest, status: 200},
			{name: "size 15", query: []string{"pageSize", "15"}, status: 400, code: 3, msg: msg("validation.oneOf", "field", "helpcenter.field.pageSize", "values", "10, 20, 30, 50")},
			{name: "size 0", query: []string{"pageSize", "0"}, status: 400, code: 3, msg: "Page size"},
			{name: "size text", query: []string{"pageSize", "ten"}, status: 400, code: 3, msg: "Page size"},
			{name: "page 0", query: []string{"page", "0"}, status: 400, code: 3, msg: msg("validation.invalid", "field", "helpcenter.field.page")},
			{name: "page negative", query: []string{"page", "-1"}, status: 400, code: 3, msg: "Page"},
			{name: "page text", query: []string{"page", "one"}, status: 400, code: 3, msg: "Page"},
		} {
			t.Run(sc.name, func(t *testing.T) {
				h.t = t
				r := h.get(announcementList, "", q(sc.query...))
				if sc.status != 200 {
					h.want(r, sc.status, sc.code, sc.msg)
					return
				}
				var p page
				h.data(r, &p)
				if p.Total != sc.total || p.PageSize != sc.perPage || !slices.Equal(ids(p.Rows), sc.rows) {
					t.Fatalf("got total %d size %d rows %v, want %d %d %v", p.Total, p.PageSize, ids(p.Rows), sc.total, sc.perPage, sc.rows)
				}
				for _, row := range p.Rows {
					if row.Lang != "en_US" || !strings.HasPrefix(row.Title, "News ") || row.Summary != "Body of "+row.Title+"." ||
						row.PublishedAt == 0 || row.Read != nil || row.HTML != nil {
						t.Fatalf("row %+v", row)
					}
				}
			})
		}
	})
}

func TestFAQIsSortedAndDetailsHaveNeighbours(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		a := h.article("faq", false, "en_US", "How do I start?")
		b := h.article("faq", false, "en_US", "What does it cost?")
		c := h.article("faq", false, "en_US", "Where is my payout?")
		draft := h.article("faq", true, "en_US", "Unfinished")
		for id, n := range map[int64]string{a: "20", b: "10", c: "20", draft: "15"} {
			if _, err := h.admin("faq", "", "sort", strconv.FormatInt(id, 10), n); err != nil {
				t.Fatal(err)
			}
		}
		var p page
		h.data(h.get(faqList, "", nil), &p)
		if want := []int64{b, a, c}; p.Total != 3 || !slices.Equal(ids(p.Rows), want) {
			t.Fatalf("faq order %v (total %d), want %v", ids(p.Rows), p.Total, want)
		}
		for _, sc := range []struct {
			id         int64
			prev, next int64
		}{{b, 0, a}, {a, b, c}, {c, a, 0}} {
			var dt detail
			h.data(h.get(faqDetail, "", q("id", strconv.FormatInt(sc.id, 10))), &dt)
			if dt.ID != sc.id || deref(dt.PrevID) != sc.prev || deref(dt.NextID) != sc.next {
				t.Fatalf("faq %d: prev %v next %v, want %d %d", sc.id, deref(dt.PrevID), deref(dt.NextID), sc.prev, sc.next)
			}
		}

		// Announcements read newest first: prev is the newer one.
		old := h.article("announcement", false, "en_US", "Old")
		h.article("announcement", true, "en_US", "Draft between")
		mid := h.article("announcement", false, "en_US", "Middle")
		newest := h.article("announcement", false, "en_US", "New")
		var dt detail
		h.data(h.get(announcementDetail, "", q("id", strconv.FormatInt(mid, 10))), &dt)
		if deref(dt.PrevID) != newest || deref(dt.NextID) != old || dt.Title != "Middle" || dt.HTML != "<p>Body of Middle.</p>\n" {
			t.Fatalf("announcement detail %+v prev %d next %d", dt, deref(dt.PrevID), deref(dt.NextID))
		}
		// Unpublish and publish again: it keeps its place.
		for _, verb := range []string{"unpublish", "publish"} {
			if _, err := h.admin("announcement", "", verb, strconv.FormatInt(old, 10)); err != nil {
				t.Fatal(err)
			}
		}
		h.data(h.get(announcementList, "", nil), &p)
		if want := []int64{newest, mid, old}; !slices.Equal(ids(p.Rows), want) {
			t.Fatalf("after republish %v, want %v", ids(p.Rows), want)
		}
	})
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

func TestDetailRefusesDraftsUnknownAndBadIDs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		pub := h.article("announcement", false, "en_US", "Live")
		draft := h.article("announcement", true, "en_US", "Draft")
		faq := h.article("faq", false, "en_US", "A question")
		notFound := msg("helpcenter.notFound.announcement")
		for _, sc := range []struct {
			name, path, id string
			status, code   int
			msg            string
		}{
			{"published", announcementDetail, fmt.Sprint(pub), 200, 0, ""},
			{"draft", announcementDetail, fmt.Sprint(draft), 404, 3, notFound},
			{"unknown", announcementDetail, "999999", 404, 3, notFound},
			{"other kind", announcementDetail, fmt.Sprint(faq), 404, 3, notFound},
			{"faq by faq path", faqDetail, fmt.Sprint(faq), 200, 0, ""},
			{"announcement by faq path", faqDetail, fmt.Sprint(pub), 404, 3, msg("helpcenter.notFound.faq")},
			{"missing", announcementDetail, "", 400, 3, msg("validation.required", "field", "helpcenter.field.id")},
			{"zero", announcementDetail, "0", 400, 3, msg("validation.invalid", "field", "helpcenter.field.id")},
			{"negative", announcementDetail, "-3", 400, 3, "Article ID"},
			{"fraction", announcementDetail, "1.5", 400, 3, "Article ID"},
			{"text", announcementDetail, "abc", 400, 3, "Article ID"},
			{"overflow", announcementDetail, "99999999999999999999", 400, 3, "Article ID"},
		} {
			t.Run(sc.name, func(t *testing.T) {
				h.t = t
				v := q()
				if sc.id != "" {
					v.Set("id", sc.id)
				}
				h.want(h.get(sc.path, "", v), sc.status, sc.code, sc.msg)
			})
		}
		// The message follows the request's language.
		r := h.call("GET", announcementDetail, "", "zh_HK", q("id", fmt.Sprint(draft)))
		h.want(r, 404, 3, "此公告不存在")
	})
}

func TestLanguageFallback(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		enOnly := h.article("announcement", false, "en_US", "English only")
		hkEn := h.article("announcement", false, "en_US", "Maintenance", "zh_HK", "維護通知")
		all := h.article("announcement", false, "zh_CN", "简体", "zh_HK", "繁體", "en_US", "English", "ko_KR", "한국어")
		koOnly := h.article("announcement", false, "ko_KR", "한국어만")
		cnKo := h.article("announcement", false, "ko_KR", "한국어", "zh_CN", "简体")
		for _, sc := range []struct {
			name       string
			id         int64
			lang       string
			want, tile string
		}{
			{"exact", all, "ko_KR", "ko_KR", "한국어"},
			{"exact zh_CN", all, "zh_CN", "zh_CN", "简体"},
			{"en_US only to ko_KR", enOnly, "ko_KR", "en_US", "English only"},
			{"zh_HK before en_US", hkEn, "zh_CN", "zh_HK", "維護通知"},
			{"zh_HK before en_US for ko_KR", hkEn, "ko_KR", "zh_HK", "維護通知"},
			{"exact en_US beats zh_HK", hkEn, "en_US", "en_US", "Maintenance"},
			{"any when neither", koOnly, "en_US", "ko_KR", "한국어만"},
			{"any in language order", cnKo, "en_US", "zh_CN", "简体"},
			{"no header is the default", enOnly, "", "en_US", "English only"},
		} {
			t.Run(sc.name, func(t *testing.T) {
				h.t = t
				var dt detail
				h.data(h.call("GET", announcementDetail, "", sc.lang, q("id", fmt.Sprint(sc.id))), &dt)
				if dt.Lang != sc.want || dt.Title != sc.tile || !strings.Contains(dt.HTML, sc.tile) {
					t.Fatalf("served %s %q %q, want %s %q", dt.Lang, dt.Title, dt.HTML, sc.want, sc.tile)
				}
				var p page
				h.data(h.call("GET", announcementList, "", sc.lang, q("pageSize", "50")), &p)
				i := slices.IndexFunc(p.Rows, func(r row) bool { return r.ID == sc.id })
				if i < 0 || p.Rows[i].Lang != sc.want || p.Rows[i].Title != sc.tile {
					t.Fatalf("list row %+v, want %s %q", p.Rows, sc.want, sc.tile)
				}
			})
		}
	})
}

// hostile bodies try every way Markdown offers to get script into the page.
var hostile = []string{
	"<script>alert(1)</script>",
	"Hello <script src=//evil.example/x.js></script> world",
	"[click](javascript:alert(1))",
	"[click](JaVaScRiPt:alert(1))",
	"[click](  javascript:alert(1) )",
	"[ref][x]\n\n[x]: javascript:alert(1)",
	"<javascript:alert(1)>",
	"![img](javascript:alert(1))",
	`<img src="x" onerror="alert(1)">`,
	`<a href="javascript:alert(1)" onclick="alert(2)">x</a>`,
	`<div onmouseover="alert(1)">hover</div>`,
	`<p style="x" onload=alert(1)>p</p>`,
	`<svg onload=alert(1)><circle/></svg>`,
	`<iframe src="javascript:alert(1)"></iframe>`,
	"<a href=\"jav&#x61;script:alert(1)\">x</a>",
	"[x](jav&#x61;script:alert(1))",
	"<scr<script>ipt>alert(1)</script>",
	"```html\n<script>alert(1)</script>\n```",
	`<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">go</button></form>`,
	"**bold** <b onclick=alert(1)>b</b>",
}

var (
	scriptTag   = regexp.MustCompile(`(?i)<\s*script`)
	jsURL       = regexp.MustCompile(`(?i)=\s*["']?\s*javascript\s*:`)
	onAttribute = regexp.MustCompile(`(?i)<[^>]*\son[a-z]+\s*=`)
)

func TestDetailHTMLIsSafe(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		for i, body := range hostile {
			out, err := h.admin("notice", body, "add", "--lang", "en_US", "--title", fmt.Sprintf("Hostile %d", i), "--file", "-")
			if err != nil {
				t.Fatalf("%q: %v", body, err)
			}
			id := strings.TrimSpace(out)
			if _, err := h.admin("notice", "", "publish", id); err != nil {
				t.Fatal(err)
			}
			var dt detail
			h.data(h.get(noticeDetail, h.alice, q("id", id)), &dt)
			if scriptTag.MatchString(dt.HTML) || jsURL.MatchString(dt.HTML) || onAttribute.MatchString(dt.HTML) {
				t.Errorf("%q rendered to %q", body, dt.HTML)
			}
		}
		// Plain Markdown still comes through.
		id := h.article("faq", false, "en_US", "Formatting")
		if _, err := h.admin("faq", "# Title\n\nSome **bold** and a [link](https://example.com/a).\n\n- one\n- two\n", "edit", fmt.Sprint(id),
			"--lang", "en_US", "--file", "-"); err != nil {
			t.Fatal(err)
		}
		var dt detail
		h.data(h.get(faqDetail, "", q("id", fmt.Sprint(id))), &dt)
		for _, want := range []string{"<h1", "<strong>bold</strong>", `href="https://example.com/a"`, "<li>one</li>"} {
			if !strings.Contains(dt.HTML, want) {
				t.Errorf("html %q lacks %q", dt.HTML, want)
			}
		}
	})
}

func TestSummary(t *testing.T) {
	long := strings.Repeat("word ", 100)
	for _, sc := range []struct{ md, want string }{
		{"# Heading\n\nFirst *paragraph*.\n\nSecond & third.", "Heading First paragraph . Second & third."},
		{"Short.", "Short."},
		{long, strings.TrimSpace(long[:120]) + "…"},
		{strings.Repeat("挖矿", 100), strings.Repeat("挖矿", 60) + "…"},
		{"<script>alert(1)</script>\n\nVisible", "Visible"},
		// Summaries are plain text: what looks like a tag is text the client shows as such.
		{"a < b and <b>bold</b>", "a < b and bold"},
	} {
		if got := helpcenter.Summary(sc.md); got != sc.want {
			t.Errorf("Summary(%.30q) = %q, want %q", sc.md, got, sc.want)
		}
	}
}

func TestNoticesNeedLoginAndKeepReadStatePerUser(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		n1 := h.article("notice", false, "en_US", "Notice one")
		n2 := h.article("notice", false, "en_US", "Notice two", "zh_HK", "通知二")
		n3 := h.article("notice", false, "en_US", "Notice three")
		draft := h.article("notice", true, "en_US", "Draft notice")
		h.article("announcement", false, "en_US", "Not a notice")

		// Without a session, or with one that does not exist: code 4.
		for _, token := range []string{"", "no-such-token"} {
			for _, c := range []struct{ method, path string }{
				{"GET", noticeList}, {"GET", noticeDetail}, {"POST", noticeReadAll}, {"GET", noticeUnread},
			} {
				r := h.call(c.method, c.path, token, "en_US", q("id", fmt.Sprint(n1)))
				if r.Status != 401 || r.Code != 4 {
					t.Fatalf("%s %s token %q: %d code %d", c.method, c.path, token, r.Status, r.Code)
				}
			}
		}

		unread := func(token string, want int) {
			t.Helper()
			var v struct {
				UnReadCount *int `json:"unReadCount"`
			}
			h.data(h.get(noticeUnread, token, nil), &v)
			if v.UnReadCount == nil || *v.UnReadCount != want {
				t.Fatalf("unread %v, want %d", v.UnReadCount, want)
			}
		}
		reads := func(token string) map[int64]bool {
			t.Helper()
			var p page
			h.data(h.get(noticeList, token, nil), &p)
			out := map[int64]bool{}
			for _, r := range p.Rows {
				if r.Read == nil {
					t.Fatalf("row without read: %+v", r)
				}
				out[r.ID] = *r.Read
			}
			return out
		}
		unread(h.alice, 3)
		unread(h.bob, 3)
		if got := reads(h.alice); len(got) != 3 || got[n1] || got[n2] || got[n3] {
			t.Fatalf("alice reads %v", got)
		}

		// Alice opens notice two (in zh_HK); only she has read it.
		var dt detail
		h.data(h.call("GET", noticeDetail, h.alice, "zh_HK", q("id", fmt.Sprint(n2))), &dt)
		if dt.Lang != "zh_HK" || dt.Title != "通知二" || deref(dt.PrevID) != n3 || deref(dt.NextID) != n1 {
			t.Fatalf("notice detail %+v", dt)
		}
		h.data(h.get(noticeDetail, h.alice, q("id", fmt.Sprint(n2))), &dt) // twice is fine
		unread(h.alice, 2)
		unread(h.bob, 3)
		if got := reads(h.alice); !got[n2] || got[n1] || got[n3] {
			t.Fatalf("alice reads %v", got)
		}
		if got := reads(h.bob); got[n2] {
			t.Fatalf("bob reads %v", got)
		}

		// A draft cannot be opened, and opening it marks nothing.
		h.want(h.get(noticeDetail, h.alice, q("id", fmt.Sprint(draft))), 404, 3, msg("helpcenter.notFound.notice"))
		h.want(h.get(noticeDetail, h.alice, q("id", "x")), 400, 3, "Article ID")
		h.want(h.get(noticeList, h.alice, q("pageSize", "7")), 400, 3, "Page size")
		unread(h.alice, 2)

		// Bob reads all; Alice's state is untouched.
		r := h.call("POST", noticeReadAll, h.bob, "en_US", nil)
		h.want(r, 200, 0, msg("helpcenter.allRead"))
		if string(r.Data) != `{"unReadCount":0}` {
			t.Fatalf("readAll data %s", r.Data)
		}
		unread(h.bob, 0)
		unread(h.alice, 2)
		if got := reads(h.bob); !got[n1] || !got[n2] || !got[n3] {
			t.Fatalf("bob reads %v", got)
		}
		h.want(h.call("POST", noticeReadAll, h.bob, "en_US", nil), 200, 0, "") // again is fine

		// A notice published later is unread for both; the draft counts once published.
		n4 := h.article("notice", false, "en_US", "Notice four")
		if _, err := h.admin("notice", "", "publish", fmt.Sprint(draft)); err != nil {
			t.Fatal(err)
		}
		unread(h.bob, 2)
		unread(h.alice, 4)
		if got := reads(h.bob); got[n4] || got[draft] || !got[n1] {
			t.Fatalf("bob reads %v", got)
		}
		// Unpublishing a notice takes it out of the count.
		if _, err := h.admin("notice", "", "unpublish", fmt.Sprint(n4)); err != nil {
			t.Fatal(err)
		}
		unread(h.bob, 1)
		// Notices are not served on the public paths.
		h.want(h.get(announcementDetail, h.alice, q("id", fmt.Sprint(n1))), 404, 3, "")
	})
}

func TestAdminCommands(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		dir := t.TempDir()
		file := filepath.Join(dir, "body.md")
		if err := os.WriteFile(file, []byte("# Hello\n\nFrom a file."), 0o600); err != nil {
			t.Fatal(err)
		}
		empty := filepath.Join(dir, "empty.md")
		if err := os.WriteFile(empty, []byte(" \n\t\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		big := strings.Repeat("x", helpcenter.MaxBodySize+1)
		exact := strings.Repeat("y", helpcenter.MaxBodySize)

		for _, sc := range []struct {
			name    string
			kind    string
			stdin   string
			args    []string
			out     string // substring of the output
			errText string // substring of the error; "" means success
		}{
			{"add from file", "announcement", "", []string{"add", "--lang", "en_US", "--title", "Hello", "--file", file}, "1\n", ""},
			{"add from stdin", "announcement", "Body", []string{"add", "--lang", "zh_HK", "--title", "你好", "--file", "-"}, "2\n", ""},
			{"add exactly 100 KB", "faq", exact, []string{"add", "--lang", "ko_KR", "--title", strings.Repeat("가", 120), "--file", "-"}, "3\n", ""},
			{"add notice", "notice", "N", []string{"add", "--lang", "zh_CN", "--title", "通知", "--file", "-"}, "4\n", ""},
			{"add bad lang", "announcement", "Body", []string{"add", "--lang", "fr_FR", "--title", "T", "--file", "-"}, "", `language "fr_FR" is not one of`},
			{"add no lang", "announcement", "Body", []string{"add", "--title", "T", "--file", "-"}, "", `language "" is not one of`},
			{"add no title", "announcement", "Body", []string{"add", "--lang", "en_US", "--file", "-"}, "", "title must be 1-120"},
			{"add blank title", "announcement", "Body", []string{"add", "--lang", "en_US", "--title", "  ", "--file", "-"}, "", "title must be 1-120"},
			{"add long title", "announcement", "Body", []string{"add", "--lang", "en_US", "--title", strings.Repeat("t", 121), "--file", "-"}, "", "not 121"},
			{"add no file", "announcement", "", []string{"add", "--lang", "en_US", "--title", "T"}, "", "--file is required"},
			{"add empty body", "announcement", "", []string{"add", "--lang", "en_US", "--title", "T", "--file", empty}, "", "body is empty"},
			{"add big body", "announcement", big, []string{"add", "--lang", "en_US", "--title", "T", "--file", "-"}, "", "at most 102400"},
			{"add missing file", "announcement", "", []string{"add", "--lang", "en_US", "--title", "T", "--file", filepath.Join(dir, "nope.md")}, "", "no such file"},
			{"add unknown flag", "announcement", "", []string{"add", "--language", "en_US"}, "", "flag provided but not defined"},
			{"add stray argument", "announcement", "B", []string{"add", "--lang", "en_US", "--title", "T", "--file", "-", "extra"}, "", "usage"},
			{"edit adds a translation", "announcement", "Hallo", []string{"edit", "1", "--lang", "ko_KR", "--title", "안녕", "--file", "-"}, "ko_KR translation saved", ""},
			{"edit title only", "announcement", "", []string{"edit", "1", "--lang", "en_US", "--title", "Hello again"}, "en_US translation saved", ""},
			{"edit body only", "announcement", "New body", []string{"edit", "2", "--lang", "zh_HK", "--file", "-"}, "zh_HK translation saved", ""},
			{"edit new lang needs both", "announcement", "", []string{"edit", "1", "--lang", "zh_CN", "--title", "你好"}, "", "give both a title and a body"},
			{"edit nothing", "announcement", "", []string{"edit", "1", "--lang", "en_US"}, "", "nothing to change"},
			{"edit bad lang", "announcement", "B", []string{"edit", "1", "--lang", "xx", "--title", "T", "--file", "-"}, "", "is not one of"},
			{"edit empty body", "announcement", "", []string{"edit", "1", "--lang", "en_US", "--file", empty}, "", "body is empty"},
			{"edit wrong kind", "faq", "", []string{"edit", "1", "--lang", "en_US", "--title", "T"}, "", "there is no faq 1"},
			{"edit unknown", "announcement", "", []string{"edit", "99", "--lang", "en_US", "--title", "T"}, "", "there is no announcement 99"},
			{"edit bad id", "announcement", "", []string{"edit", "0", "--lang", "en_US", "--title", "T"}, "", "positive whole number"},
			{"edit no id", "announcement", "", []string{"edit"}, "", "usage"},
			{"publish", "announcement", "", []string{"publish", "1"}, "announcement 1: published", ""},
			{"publish again", "announcement", "", []string{"publish", "1"}, "published", ""},
			{"publish wrong kind", "notice", "", []string{"publish", "1"}, "", "there is no notice 1"},
			{"publish bad id", "announcement", "", []string{"publish", "x"}, "", "positive whole number"},
			{"publish no id", "announcement", "", []string{"publish"}, "", "usage: announcement publish ID"},
			{"unpublish", "announcement", "", []string{"unpublish", "1"}, "announcement 1: unpublished", ""},
			{"unpublish unknown", "announcement", "", []string{"unpublish", "77"}, "", "there is no announcement 77"},
			{"delete unknown", "announcement", "", []string{"delete", "77"}, "", "there is no announcement 77"},
			{"delete no id", "announcement", "", []string{"delete"}, "", "usage: announcement delete ID"},
			{"sort faq", "faq", "", []string{"sort", "3", "-5"}, "faq 3: sort order -5", ""},
			{"sort not faq", "announcement", "", []string{"sort", "1", "5"}, "", "only faq entries are sorted"},
			{"sort bad n", "faq", "", []string{"sort", "3", "first"}, "", "whole number"},
			{"sort unknown", "faq", "", []string{"sort", "1", "5"}, "", "there is no faq 1"},
			{"sort usage", "faq", "", []string{"sort", "3"}, "", "usage: faq sort ID N"},
			{"list", "announcement", "", []string{"list"}, "en_US,ko_KR", ""},
			{"list faq", "faq", "", []string{"list"}, "-5", ""},
			{"list extra", "faq", "", []string{"list", "all"}, "", "usage"},
			{"unknown verb", "faq", "", []string{"remove", "1"}, "", `unknown command "faq remove"`},
			{"no verb", "faq", "", nil, "", "unknown command"},
			{"unknown kind", "blog", "", []string{"list"}, "", `unknown kind "blog"`},
		} {
			t.Run(sc.name, func(t *testing.T) {
				out, err := h.admin(sc.kind, sc.stdin, sc.args...)
				if sc.errText == "" {
					if err != nil || !strings.Contains(out, sc.out) {
						t.Fatalf("out %q err %v, want %q", out, err, sc.out)
					}
					return
				}
				if err == nil || !strings.Contains(err.Error(), sc.errText) {
					t.Fatalf("err %v (out %q), want %q", err, out, sc.errText)
				}
			})
		}

		// The list shows status and every title.
		out, _ := h.admin("announcement", "", "list")
		for _, want := range []string{"draft", `en_US: "Hello again"`, `ko_KR: "안녕"`, `zh_HK: "你好"`} {
			if !strings.Contains(out, want) {
				t.Errorf("list %q lacks %q", out, want)
			}
		}
		// What the commands stored is what readers get.
		if _, err := h.admin("announcement", "", "publish", "2"); err != nil {
			t.Fatal(err)
		}
		var dt detail
		h.data(h.call("GET", announcementDetail, "", "zh_CN", q("id", "2")), &dt)
		if dt.Lang != "zh_HK" || dt.Title != "你好" || dt.HTML != "<p>New body</p>\n" {
			t.Fatalf("detail %+v", dt)
		}
		h.want(h.get(announcementDetail, "", q("id", "1")), 404, 3, "") // unpublished
		a, err := h.store.Get(h.ctx, "announcement", 1)
		if err != nil || a.PublishedAt == 0 || a.Status != helpcenter.StatusDraft || len(a.Translations) != 2 {
			t.Fatalf("article 1: %+v %v", a, err)
		}
		if !strings.Contains(helpcenter.AdminUsage, "faq sort ID N") {
			t.Fatal("AdminUsage lacks sort")
		}
	})
}
