package helpcenter_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/helpcenter"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

type harness struct {
	t     *testing.T
	ctx   context.Context
	clock *accounttest.Clock
	store *helpcenter.Store
	srv   *httptest.Server
	alice string // session tokens
	bob   string
}

func newHarness(t *testing.T, d *db.DB) *harness {
	t.Helper()
	ctx := context.Background()
	clk := accounttest.NewClock(time.Date(2025, 3, 10, 8, 0, 0, 0, time.UTC))
	h := &harness{t: t, ctx: ctx, clock: clk, store: &helpcenter.Store{DB: d, Now: clk.Now}}
	h.alice = accounttest.NewUser(t, d, "alice@example.com", "", clk.Now()).Token
	h.bob = accounttest.NewUser(t, d, "bob@example.com", "", clk.Now()).Token

	svc := &account.Service{Store: &account.Store{DB: d}, Now: clk.Now}
	rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US"})
	(&helpcenter.Handler{Store: h.store, User: (&account.Handler{Service: svc}).RequireUser}).Routes(rt)
	h.srv = httptest.NewServer(rt)
	t.Cleanup(h.srv.Close)
	return h
}

// admin runs a `poold admin KIND ...` command with stdin.
func (h *harness) admin(kind, stdin string, args ...string) (string, error) {
	var out bytes.Buffer
	err := h.store.Admin(h.ctx, kind, args, strings.NewReader(stdin), &out)
	return out.String(), err
}

// article adds an article through the admin commands, one translation per lang/title
// pair with body "Body of <title>.", publishes it unless draft, and moves the clock on
// a minute so that publish times differ.
func (h *harness) article(kind string, draft bool, langTitles ...string) int64 {
	h.t.Helper()
	out, err := h.admin(kind, "Body of "+langTitles[1]+".", "add", "--lang", langTitles[0], "--title", langTitles[1], "--file", "-")
	if err != nil {
		h.t.Fatal(err)
	}
	id, err := strconv.ParseInt(strings.TrimSpace(out), 10, 64)
	if err != nil {
		h.t.Fatalf("add printed %q", out)
	}
	for i := 2; i+1 < len(langTitles); i += 2 {
		if _, err := h.admin(kind, "Body of "+langTitles[i+1]+".", "edit", strconv.FormatInt(id, 10),
			"--lang", langTitles[i], "--title", langTitles[i+1], "--file", "-"); err != nil {
			h.t.Fatal(err)
		}
	}
	if !draft {
		if _, err := h.admin(kind, "", "publish", strconv.FormatInt(id, 10)); err != nil {
			h.t.Fatal(err)
		}
	}
	h.clock.Add(time.Minute)
	return id
}

type reply struct {
	Status int
	Code   int             `json:"code"`
	Msg    string          `json:"msg"`
	Data   json.RawMessage `json:"data"`
}

// call sends a request with a language header and, when token is set, a session.
func (h *harness) call(method, path, token, lang string, q url.Values) reply {
	h.t.Helper()
	req, _ := http.NewRequest(method, h.srv.URL+path+"?"+q.Encode(), nil)
	if token != "" {
		req.Header.Set("x-token", token)
	}
	if lang != "" {
		req.Header.Set("language", lang)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var r reply
	if err := json.Unmarshal(raw, &r); err != nil {
		h.t.Fatalf("%s %s: %s", method, path, raw)
	}
	r.Status = resp.StatusCode
	return r
}

func (h *harness) get(path, token string, q url.Values) reply {
	h.t.Helper()
	return h.call("GET", path, token, "en_US", q)
}

// want checks status, code and, when msg is not empty, that the message contains it.
func (h *harness) want(r reply, status, code int, msg string) {
	h.t.Helper()
	if r.Status != status || r.Code != code || (msg != "" && !strings.Contains(r.Msg, msg)) {
		h.t.Fatalf("got %d code %d %q (data %s), want %d code %d %q", r.Status, r.Code, r.Msg, r.Data, status, code, msg)
	}
}

// data decodes a successful reply's data into v.
func (h *harness) data(r reply, v any) {
	h.t.Helper()
	h.want(r, 200, 0, "")
	if err := json.Unmarshal(r.Data, v); err != nil {
		h.t.Fatalf("%v: %s", err, r.Data)
	}
}

// msg is what the server answers for key in en_US.
func msg(key string, params ...string) string {
	p := i18n.Params{}
	for i := 0; i+1 < len(params); i += 2 {
		p[params[i]] = params[i+1]
	}
	return i18n.T("en_US", key, p)
}

type row struct {
	ID          int64   `json:"id"`
	Title       string  `json:"title"`
	Summary     string  `json:"summary"`
	PublishedAt int64   `json:"publishedAt"`
	Lang        string  `json:"lang"`
	Read        *bool   `json:"read"`
	HTML        *string `json:"html"`
}

type page struct {
	Total    int   `json:"total"`
	Page     int   `json:"page"`
	PageSize int   `json:"pageSize"`
	Rows     []row `json:"rows"`
}

type detail struct {
	ID          int64  `json:"id"`
	Title       string `json:"title"`
	HTML        string `json:"html"`
	PublishedAt int64  `json:"publishedAt"`
	Lang        string `json:"lang"`
	PrevID      *int64 `json:"prevId"`
	NextID      *int64 `json:"nextId"`
}

func q(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

func ids(rows []row) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}
