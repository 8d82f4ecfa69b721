package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/ops/audit"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// testServer serves the whole router over a migrated database with default content.
func testServer(t *testing.T, d *db.DB, tweak func(*config.Config)) *httptest.Server {
	t.Helper()
	cfg := config.Default()
	if tweak != nil {
		tweak(&cfg)
	}
	if err := (&content.Store{DB: d}).EnsureDefaults(context.Background()); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	console, err := notify.NewConsole(filepath.Join(t.TempDir(), "outbox.log"), log)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewRouter(Deps{Config: cfg, DB: d, Log: log, Limiter: &ratelimit.DB{DB: d},
		Guard: &ratelimit.DBGuard{DB: d}, Email: console, SMS: console}))
	t.Cleanup(srv.Close)
	return srv
}

// call is one request in a scenario table.
type call struct {
	name    string
	method  string
	path    string
	body    string
	headers map[string]string
	status  int
	code    int    // envelope code; -1 when the response is not an envelope
	msg     string // substring of msg, when not empty
	data    string // substring of the JSON of data, when not empty
}

type envelope struct {
	Code int             `json:"code"`
	Msg  string          `json:"msg"`
	Data json.RawMessage `json:"data"`
}

func (c call) run(t *testing.T, base string) envelope {
	t.Helper()
	method := c.method
	if method == "" {
		method = http.MethodGet
	}
	req, err := http.NewRequest(method, base+c.path, strings.NewReader(c.body))
	if err != nil {
		t.Fatal(err)
	}
	if c.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range c.headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != c.status {
		t.Fatalf("%s: status %d, want %d; body %s", c.name, resp.StatusCode, c.status, raw)
	}
	var env envelope
	if c.code < 0 {
		return env
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		t.Fatalf("%s: not an envelope: %s", c.name, raw)
	}
	if env.Code != c.code {
		t.Fatalf("%s: code %d, want %d; body %s", c.name, env.Code, c.code, raw)
	}
	if c.msg != "" && !strings.Contains(env.Msg, c.msg) {
		t.Fatalf("%s: msg %q does not contain %q", c.name, env.Msg, c.msg)
	}
	if c.data != "" && !strings.Contains(string(env.Data), c.data) {
		t.Fatalf("%s: data %s does not contain %s", c.name, env.Data, c.data)
	}
	return env
}

func en(extra ...string) map[string]string {
	h := map[string]string{"language": "en_US"}
	for i := 0; i+1 < len(extra); i += 2 {
		h[extra[i]] = extra[i+1]
	}
	return h
}

func TestEnvelopeAndHeaders(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := testServer(t, d, nil)
		for _, c := range []call{
			{name: "languages", path: "/api/pc/v1/common/basic/language/list", headers: en(), status: 200, code: 0,
				data: `{"lang":"zh_CN","des":"简体中文"},{"lang":"zh_HK","des":"繁體中文"},{"lang":"en_US","des":"English"},{"lang":"ko_KR","des":"한국어"}`},
			{name: "no language header uses the default", path: "/api/pc/v1/sys/config?keyType=global", status: 400, code: 3, msg: "配置項不能為空"},
			{name: "unknown language", path: "/api/pc/v1/common/basic/language/list", headers: map[string]string{"language": "fr_FR"},
				status: 400, code: 10, data: `"lang":"zh_HK"`},
			{name: "bad time zone", path: "/api/pc/v1/common/basic/language/list", headers: en("timezone", "Mars/Olympus"),
				status: 400, code: 3, msg: "Mars/Olympus"},
			{name: "good time zone", path: "/api/pc/v1/common/basic/language/list", headers: en("timezone", "Asia/Shanghai"), status: 200, code: 0},
			{name: "unknown api path", path: "/api/pc/v1/nothing/here", headers: en(), status: 404, code: 3, msg: "does not exist"},
			{name: "wrong method", method: "DELETE", path: "/api/pc/v1/contact", headers: en(), status: 405, code: 3},
			{name: "korean message", path: "/api/pc/v1/sys/config?sysKey=x", headers: map[string]string{"language": "ko_KR"}, status: 400, code: 3, msg: "설정 유형"},
		} {
			c.run(t, srv.URL)
		}
	})
}

func TestSysConfig(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := testServer(t, d, nil)
		path := "/api/pc/v1/sys/config?keyType=global&sysKey="
		call{name: "default telegram", path: path + "telegram_url", headers: en(), status: 200, code: 0, data: `""`}.run(t, srv.URL)
		call{name: "default maintenance", path: path + "maintenance", headers: en(), status: 200, code: 0, data: `"off"`}.run(t, srv.URL)
		var out bytes.Buffer
		store := &content.Store{DB: d}
		if err := store.Admin(context.Background(), "sysconfig", []string{"set", "global", "telegram_url", "https://t.me/uniplus"}, nil, &out); err != nil {
			t.Fatal(err)
		}
		call{name: "set telegram", path: path + "telegram_url", headers: en(), status: 200, code: 0, data: `"https://t.me/uniplus"`}.run(t, srv.URL)
		call{name: "unknown key", path: path + "nope", headers: en(), status: 404, code: 3, msg: "no such setting"}.run(t, srv.URL)
		if err := store.SetSysConfig(context.Background(), audit.CLI, "secret", "smtp_password", "hunter2"); err != nil {
			t.Fatal(err)
		}
		call{name: "private key type", path: "/api/pc/v1/sys/config?keyType=secret&sysKey=smtp_password", headers: en(), status: 404, code: 3}.run(t, srv.URL)
		call{name: "missing sysKey", path: "/api/pc/v1/sys/config?keyType=global", headers: en(), status: 400, code: 3, msg: "Setting key is required"}.run(t, srv.URL)
		for _, bad := range [][]string{{"set", "global", "maintenance", "sometimes"}, {"set", "global", "telegram_url", "javascript:alert(1)"}, {"set", "global"}} {
			if err := store.Admin(context.Background(), "sysconfig", bad, nil, &out); err == nil {
				t.Errorf("admin %v accepted", bad)
			}
		}
		call{name: "maintenance unchanged by refused set", path: path + "maintenance", headers: en(), status: 200, code: 0, data: `"off"`}.run(t, srv.URL)

		over := testServer(t, d, func(c *config.Config) { c.Maintenance = "hostname" })
		call{name: "flag wins", path: path + "maintenance", headers: en(), status: 200, code: 0, data: `"hostname"`}.run(t, over.URL)
	})
}

func TestAgreementAndLegalPages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := testServer(t, d, nil)
		for _, c := range []call{
			{name: "all, default zh_HK", path: "/api/pc/v1/common/agreement", headers: en(), status: 200, code: 0,
				data: `{"PrivacyPolicy":"/legal/Privacy-Policy/zh_HK","ServiceAgreement":"/legal/Service-Agreement/zh_HK","Disclaimer":"/legal/Disclaimer/zh_HK"}`},
			{name: "one type", path: "/api/pc/v1/common/agreement?type=Disclaimer&language=ko_KR&source=mobile", headers: en(), status: 200, code: 0,
				data: `{"Disclaimer":"/legal/Disclaimer/ko_KR"}`},
			{name: "bad type", path: "/api/pc/v1/common/agreement?type=Cookies", headers: en(), status: 400, code: 3, msg: "Document type must be one of"},
			{name: "bad language", path: "/api/pc/v1/common/agreement?language=de_DE", headers: en(), status: 400, code: 3, msg: "Language must be one of"},
			{name: "bad source", path: "/api/pc/v1/common/agreement?source=fax", headers: en(), status: 400, code: 3, msg: "Source must be one of"},
			{name: "page", path: "/legal/Privacy-Policy/en_US", status: 200, code: -1},
			{name: "unknown page", path: "/legal/Cookies/en_US", status: 404, code: -1},
			{name: "unknown page language", path: "/legal/Disclaimer/fr_FR", status: 404, code: -1},
		} {
			c.run(t, srv.URL)
		}
		get := func(path string) string {
			resp, err := http.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			return string(b)
		}
		page := get("/legal/Privacy-Policy/en_US")
		if !strings.Contains(page, "<title>Privacy Policy") || !strings.Contains(page, `<html lang="en">`) {
			t.Fatalf("page lacks title or lang: %.300s", page)
		}
		// An operator's document with a script: the script never reaches the page.
		store := &content.Store{DB: d}
		var out bytes.Buffer
		doc := "# Datenschutz\n\nHello <script>alert(1)</script> <a href=\"javascript:alert(2)\">x</a> **bold**\n"
		if err := store.Admin(context.Background(), "legal", []string{"set", "Privacy-Policy", "en_US", "-"}, strings.NewReader(doc), &out); err != nil {
			t.Fatal(err)
		}
		page = get("/legal/Privacy-Policy/en_US")
		if strings.Contains(page, "<script>alert") || strings.Contains(page, "javascript:") || !strings.Contains(page, "<strong>bold</strong>") {
			t.Fatalf("unsafe or unrendered page: %s", page)
		}
		// A language with no document falls back to zh_HK.
		if _, err := d.Exec(context.Background(), "DELETE FROM legal_documents WHERE doc_type = ? AND lang = ?", "Disclaimer", "ko_KR"); err != nil {
			t.Fatal(err)
		}
		page = get("/legal/Disclaimer/ko_KR")
		if !strings.Contains(page, `<html lang="zh-HK">`) {
			t.Fatalf("no zh_HK fallback: %.300s", page)
		}
	})
}

func TestContact(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := testServer(t, d, nil)
		count := func() int {
			var n int
			if err := d.QueryRow(context.Background(), "SELECT COUNT(*) FROM contact_messages").Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		p := "/api/pc/v1/contact"
		for _, c := range []call{
			{name: "missing name", method: "POST", path: p, body: `{"contactInformation":"a@b.co"}`, headers: en(), status: 400, code: 3, msg: "Name is required"},
			{name: "blank name", method: "POST", path: p, body: `{"name":"   ","contactInformation":"a@b.co"}`, headers: en(), status: 400, code: 3, msg: "Name is required"},
			{name: "missing contact", method: "POST", path: p, body: `{"name":"Li"}`, headers: en(), status: 400, code: 3, msg: "Contact information is required"},
			{name: "long name", method: "POST", path: p, body: `{"name":"` + strings.Repeat("名", 51) + `","contactInformation":"x"}`, headers: en(), status: 400, code: 3, msg: "at most 50"},
			{name: "long contact", method: "POST", path: p, body: `{"name":"Li","contactInformation":"` + strings.Repeat("x", 101) + `"}`, headers: en(), status: 400, code: 3, msg: "at most 100"},
			{name: "control chars", method: "POST", path: p, body: `{"name":"Li\u0007","contactInformation":"x"}`, headers: en(), status: 400, code: 3, msg: "Name"},
			{name: "bidi override in the name", method: "POST", path: p, body: `{"name":"Li\u202eieW","contactInformation":"x"}`, headers: en(), status: 400, code: 3, msg: "Name"},
			{name: "C1 control in the contact", method: "POST", path: p, body: `{"name":"Li","contactInformation":"a\u0085b"}`, headers: en(), status: 400, code: 3, msg: "Contact information"},
			{name: "line separator in the contact", method: "POST", path: p, body: `{"name":"Li","contactInformation":"a\u2028b"}`, headers: en(), status: 400, code: 3, msg: "Contact information"},
			{name: "bad json", method: "POST", path: p, body: `{"name":`, headers: en(), status: 400, code: 3, msg: "not valid JSON"},
			{name: "trailing json", method: "POST", path: p, body: `{"name":"a","contactInformation":"b"} {}`, headers: en(), status: 400, code: 3, msg: "not valid JSON"},
			{name: "wrong type", method: "POST", path: p, body: `{"name":5,"contactInformation":"b"}`, headers: en(), status: 400, code: 3},
			{name: "too large", method: "POST", path: p, body: `{"name":"` + strings.Repeat("x", 1<<20+10) + `"}`, headers: en(), status: 413, code: 3},
		} {
			c.run(t, srv.URL)
		}
		if n := count(); n != 0 {
			t.Fatalf("bad input stored %d rows", n)
		}
		call{name: "good", method: "POST", path: p, body: `{"name":" Li Wei ","contactInformation":"li@example.com"}`, headers: map[string]string{"language": "zh_CN"}, status: 200, code: 0, msg: "感谢留言"}.run(t, srv.URL)
		list, err := (&content.Store{DB: d}).ListContacts(context.Background(), 10)
		if err != nil || len(list) != 1 || list[0].Name != "Li Wei" || list[0].Lang != "zh_CN" || list[0].ClientAddr != "127.0.0.1" {
			t.Fatalf("stored %+v %v", list, err)
		}
		for i := 1; i < content.ContactPerHour; i++ {
			call{name: "more", method: "POST", path: p, body: `{"name":"Li","contactInformation":"x"}`, headers: en(), status: 200, code: 0}.run(t, srv.URL)
		}
		call{name: "rate limited", method: "POST", path: p, body: `{"name":"Li","contactInformation":"x"}`, headers: en(), status: 429, code: 3, msg: "Too many"}.run(t, srv.URL)
		if n := count(); n != content.ContactPerHour {
			t.Fatalf("%d rows after the limit", n)
		}
		var out bytes.Buffer
		if err := (&content.Store{DB: d}).Admin(context.Background(), "contact", []string{"list"}, nil, &out); err != nil || !strings.Contains(out.String(), "li@example.com") {
			t.Fatalf("contact list: %v\n%s", err, out.String())
		}
	})
}

func TestAppDownload(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := testServer(t, d, nil)
		p := "/api/pc/v1/app/download"
		call{name: "empty list", path: p, headers: en(), status: 200, code: 0, data: `[]`}.run(t, srv.URL)
		call{name: "bad os", path: p + "?operateSystem=beos", headers: en(), status: 400, code: 3, msg: "Operating system must be one of"}.run(t, srv.URL)
		// Nothing published yet is an answer, not an error (issue 31: the /OS page logged a 404).
		call{name: "none yet", path: p + "?operateSystem=linux", headers: en(), status: 200, code: 0, data: `null`}.run(t, srv.URL)
		store := &content.Store{DB: d}
		var out bytes.Buffer
		ctx := context.Background()
		if err := store.Admin(ctx, "app", []string{"set", "linux", "--version", "1.4.2", "--url", "https://dl.example.com/uniplus-1.4.2.tar.gz", "--notes", "GPU telemetry"}, nil, &out); err != nil {
			t.Fatal(err)
		}
		for _, bad := range [][]string{{"set", "beos", "--version", "1", "--url", "/x"}, {"set", "ios", "--url", "/x"}, {"set", "ios", "--version", "1", "--url", "ftp://x"}, {"delete", "windows"}} {
			if err := store.Admin(ctx, "app", bad, nil, &out); err == nil {
				t.Errorf("admin app %v accepted", bad)
			}
		}
		call{name: "one", path: p + "?operateSystem=Linux", headers: en(), status: 200, code: 0, data: `"version":"1.4.2"`}.run(t, srv.URL)
		call{name: "list", path: p, headers: en(), status: 200, code: 0, data: `"operateSystem":"linux"`}.run(t, srv.URL)
		if err := store.Admin(ctx, "app", []string{"delete", "linux"}, nil, &out); err != nil {
			t.Fatal(err)
		}
		call{name: "deleted", path: p + "?operateSystem=linux", headers: en(), status: 200, code: 0, data: `null`}.run(t, srv.URL)
	})
}

func TestPlainRoutes(t *testing.T) {
	d := dbtest.SQLite(t)
	const token = "metrics-token-for-tests"
	srv := testServer(t, d, func(c *config.Config) { c.MetricsToken = token })
	for _, c := range []struct {
		path, ctype, contains string
		status                int
	}{
		{"/version.json?123", "application/json", `{"data":{"version":"dev"}}`, 200},
		{"/healthz", "application/json", `"status":"ok"`, 200},
		{"/api/openapi.json", "application/json", `"openapi": "3.0.3"`, 200},
		{"/", "text/html", "<", 200},
		{"/mobile/help/helplist?type=faq", "text/html", "<", 200},
		{"/account/orePoolDeviceOverview", "text/html", "<", 200},
		{"/assets/missing-1234.js", "text/plain", "404", 404},
	} {
		resp, err := http.Get(srv.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || !strings.HasPrefix(resp.Header.Get("Content-Type"), c.ctype) || !strings.Contains(string(b), c.contains) {
			t.Errorf("%s: %d %s %.200s", c.path, resp.StatusCode, resp.Header.Get("Content-Type"), b)
		}
	}
	req, _ := http.NewRequest("GET", srv.URL+"/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `poold_http_requests_total{route="GET /healthz",status="200"} 1`) {
		t.Fatalf("metrics did not count the healthz request:\n%s", b)
	}
}
