package ops

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

// APIPrefix is where the console's API lives, on the --admin-http listener only.
const APIPrefix = "/ops/api/"

// Route is one console route and what it needs: the permission table is the list of
// them (Handler.Routes), checked by one middleware.
type Route struct {
	Method string
	Path   string
	Perm   Perm
	// TOTP asks the authenticator code again (the X-Ops-TOTP header or the body's "totp"
	// field). Every write that needs PermFinance asks it whatever this says.
	TOTP   bool
	Handle httpx.HandlerFunc
}

// NeedsCode tells whether the route asks the authenticator code again.
func (r Route) NeedsCode() bool {
	return r.TOTP || (r.Perm == PermFinance && r.Method != http.MethodGet)
}

// Handler serves the console's API.
type Handler struct {
	Service *Service
	Log     *slog.Logger
	// Extra are the console routes of other packages, each with its permission.
	Extra []Route
}

// Routes is the permission table: every console route with what it needs.
func (h *Handler) Routes() []Route {
	return append([]Route{
		{Method: "POST", Path: "/ops/api/v1/login", Perm: PermPublic, Handle: h.login},
		{Method: "POST", Path: "/ops/api/v1/enrol", Perm: PermPublic, Handle: h.enrol},
		{Method: "GET", Path: "/ops/api/v1/me", Perm: PermSignedIn, Handle: h.me},
		{Method: "POST", Path: "/ops/api/v1/logout", Perm: PermSignedIn, Handle: h.logout},
		{Method: "GET", Path: "/ops/api/v1/audit", Perm: PermRead, Handle: h.audit},
		{Method: "GET", Path: "/ops/api/v1/audit.csv", Perm: PermRead, Handle: h.auditCSV},
		{Method: "GET", Path: "/ops/api/v1/operators", Perm: PermOperators, Handle: h.operators},
		{Method: "POST", Path: "/ops/api/v1/operators/{id}/disable", Perm: PermOperators, Handle: h.disable},
	}, h.Extra...)
}

// Router serves the console's routes, each behind the check of its permission.
func (h *Handler) Router() http.Handler {
	log := h.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	rt := httpx.NewRouter(log, httpx.Options{DefaultLang: "en_US"})
	for _, r := range h.Routes() {
		rt.Handle(r.Method+" "+r.Path, r.Handle, h.language, h.guardWrite, h.require(r))
	}
	return rt
}

type operatorKey struct{}

// CurrentOperator is the operator the permission check let through.
func CurrentOperator(ctx context.Context) (Operator, bool) {
	o, ok := ctx.Value(operatorKey{}).(Operator)
	return o, ok
}

// ActorOf is the audit log's actor of a console request.
func ActorOf(r *http.Request) Actor {
	o, _ := CurrentOperator(r.Context())
	return Actor{OperatorID: o.ID, Email: o.Email, Addr: httpx.From(r.Context()).ClientAddr}
}

// language takes the caller's language header, as the public API does.
func (h *Handler) language(next httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if lang := r.Header.Get("language"); i18n.Supported(lang) {
			httpx.From(r.Context()).Lang = lang
		}
		return next(w, r)
	}
}

// guardWrite refuses a write that is not JSON, or that a page of another origin sent:
// with the SameSite=Strict cookie, a second wall against cross-site requests.
func (h *Handler) guardWrite(next httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			return next(w, r)
		}
		if origin := r.Header.Get("Origin"); origin != "" {
			u, err := url.Parse(origin)
			if err != nil || u.Host != r.Host {
				return errorOf(403, "ops.badOrigin", nil)
			}
		}
		ct := strings.ToLower(strings.TrimSpace(strings.Split(r.Header.Get("Content-Type"), ";")[0]))
		if ct != "application/json" {
			return errorOf(415, "ops.jsonOnly", nil)
		}
		return next(w, r)
	}
}

func sessionToken(r *http.Request) string {
	c, err := r.Cookie(CookieName)
	if err != nil {
		return ""
	}
	return c.Value
}

// require lets a request through when its operator's role holds the route's permission,
// and, for a route that asks it, with the authenticator code again. Refusals: 401
// ops.signInRequired (no live session), 403 ops.forbidden (the role lacks the right; data
// names it), 403 ops.totpRequired or ops.wrongCode.
func (h *Handler) require(rt Route) httpx.Middleware {
	return func(next httpx.HandlerFunc) httpx.HandlerFunc {
		if rt.Perm == PermPublic {
			return next
		}
		return func(w http.ResponseWriter, r *http.Request) error {
			o, err := h.Service.Session(r.Context(), sessionToken(r))
			if errors.Is(err, db.ErrNotFound) {
				// The cookie stays: it may be a sign-in waiting for its first code.
				return errorOf(401, "ops.signInRequired", nil)
			}
			if err != nil {
				return err
			}
			if !o.Role.Can(rt.Perm) {
				e := errorOf(403, "ops.forbidden", i18n.Params{"permission": string(rt.Perm)})
				e.Data = map[string]string{"error": "ops.forbidden", "permission": string(rt.Perm), "role": string(o.Role)}
				return e
			}
			if rt.NeedsCode() {
				code, err := codeOf(r)
				if err != nil {
					return err
				}
				if err := h.Service.CheckCode(r.Context(), o, code); err != nil {
					return err
				}
			}
			return next(w, r.WithContext(context.WithValue(r.Context(), operatorKey{}, o)))
		}
	}
}

// codeOf reads the authenticator code of a finance action: the X-Ops-TOTP header, or
// the body's "totp" field, which it takes out of the body for the handler.
func codeOf(r *http.Request) (string, error) {
	if c := r.Header.Get(TOTPHeader); c != "" {
		return c, nil
	}
	if r.Body == nil {
		return "", nil
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, httpx.MaxBodyBytes+1))
	if err != nil {
		return "", err
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	var fields map[string]json.RawMessage
	if len(bytes.TrimSpace(body)) == 0 || json.Unmarshal(body, &fields) != nil {
		return "", nil // the handler answers the bad body
	}
	raw, ok := fields["totp"]
	if !ok {
		return "", nil
	}
	if err := httpx.CheckBody(body); err != nil {
		return "", err
	}
	var code string
	if err := json.Unmarshal(raw, &code); err != nil {
		return "", errorOf(400, "ops.wrongCode", nil)
	}
	delete(fields, "totp")
	rest, err := json.Marshal(fields)
	if err != nil {
		return "", err
	}
	r.Body = io.NopCloser(bytes.NewReader(rest))
	r.ContentLength = int64(len(rest))
	return code, nil
}

func setCookie(w http.ResponseWriter, r *http.Request, token string) {
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: r.TLS != nil})
}

func clearCookie(w http.ResponseWriter, r *http.Request) {
	if _, err := r.Cookie(CookieName); err != nil {
		return
	}
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: r.TLS != nil})
}

func (h *Handler) login(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
		Code     string `json:"code"`
	}
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	step, err := h.Service.Login(r.Context(), in.Email, in.Password, in.Code, httpx.From(r.Context()).ClientAddr)
	if err != nil {
		return err
	}
	if step.Token != "" {
		setCookie(w, r, step.Token)
	}
	return httpx.OK(w, r, step)
}

func (h *Handler) enrol(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	step, err := h.Service.Enrol(r.Context(), sessionToken(r), in.Code, httpx.From(r.Context()).ClientAddr)
	if err != nil {
		return err
	}
	setCookie(w, r, step.Token)
	return httpx.OK(w, r, step)
}

// me answers the signed-in operator and what their role may do.
func (h *Handler) me(w http.ResponseWriter, r *http.Request) error {
	o, _ := CurrentOperator(r.Context())
	perms := []Perm{}
	for _, p := range Perms {
		if o.Role.Can(p) {
			perms = append(perms, p)
		}
	}
	return httpx.OK(w, r, map[string]any{"operator": o, "permissions": perms, "idleSeconds": int(SessionIdle / time.Second)})
}

func (h *Handler) logout(w http.ResponseWriter, r *http.Request) error {
	if err := h.Service.Logout(r.Context(), sessionToken(r)); err != nil {
		return err
	}
	clearCookie(w, r)
	return httpx.OK(w, r, nil)
}

func (h *Handler) operators(w http.ResponseWriter, r *http.Request) error {
	list, err := h.Service.Operators(r.Context())
	if err != nil {
		return err
	}
	return httpx.OK(w, r, list)
}

func (h *Handler) disable(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return errorOf(404, "ops.noOperator", nil)
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	o, err := h.Service.DisableOperator(r.Context(), ActorOf(r), id, in.Reason)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, o)
}

// auditFilter reads the audit log's filters: actor, action, object, from, to (RFC 3339,
// a date, or Unix ms), cursor and limit.
func auditFilter(q url.Values, maxLimit int) (AuditFilter, error) {
	f := AuditFilter{Actor: strings.TrimSpace(q.Get("actor")), Action: strings.TrimSpace(q.Get("action")),
		Object: strings.TrimSpace(q.Get("object")), Limit: 50}
	var err error
	if f.From, err = ParseTime(q.Get("from")); err != nil {
		return f, errorOf(400, "ops.badTime", i18n.Params{"field": "from"})
	}
	if f.To, err = ParseTime(q.Get("to")); err != nil {
		return f, errorOf(400, "ops.badTime", i18n.Params{"field": "to"})
	}
	if c := q.Get("cursor"); c != "" {
		if f.Before, err = strconv.ParseInt(c, 10, 64); err != nil || f.Before <= 0 {
			return f, errorOf(400, "ops.badCursor", nil)
		}
	}
	if l := q.Get("limit"); l != "" {
		if f.Limit, err = strconv.Atoi(l); err != nil || f.Limit < 1 || f.Limit > maxLimit {
			return f, errorOf(400, "ops.badLimit", i18n.Params{"max": strconv.Itoa(maxLimit)})
		}
	}
	return f, nil
}

// ParseTime reads a time as RFC 3339, a date (UTC midnight) or Unix milliseconds; ""
// is the zero time.
func ParseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	ms, err := strconv.ParseInt(s, 10, 64)
	if err != nil || ms < 0 {
		return time.Time{}, errors.New("ops: not a time")
	}
	return time.UnixMilli(ms), nil
}

func (h *Handler) audit(w http.ResponseWriter, r *http.Request) error {
	f, err := auditFilter(r.URL.Query(), MaxAuditPage)
	if err != nil {
		return err
	}
	rows, err := ListAudit(r.Context(), h.Service.DB, f)
	if err != nil {
		return err
	}
	var next *string
	if len(rows) == f.Limit {
		c := strconv.FormatInt(rows[len(rows)-1].ID, 10)
		next = &c
	}
	return httpx.OK(w, r, map[string]any{"items": rows, "nextCursor": next})
}

// MaxAuditCSV bounds one CSV export.
const MaxAuditCSV = 100_000

// auditCSV exports the entries the filters pick, newest first, at most MaxAuditCSV.
func (h *Handler) auditCSV(w http.ResponseWriter, r *http.Request) error {
	f, err := auditFilter(r.URL.Query(), MaxAuditCSV)
	if err != nil {
		return err
	}
	if r.URL.Query().Get("limit") == "" {
		f.Limit = MaxAuditCSV
	}
	rows, err := ListAudit(r.Context(), h.Service.DB, f)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="ops-audit.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	return WriteAuditCSV(w, rows)
}

// WriteAuditCSV writes rows as CSV with a header line. A cell that a spreadsheet would
// take for a formula (=, +, -, @ first) is written after a quote mark.
func WriteAuditCSV(out io.Writer, rows []AuditRow) error {
	cw := csv.NewWriter(out)
	_ = cw.Write([]string{"id", "at", "operator_id", "actor", "ip", "action", "object_type", "object_id", "reason", "before", "after"})
	for _, r := range rows {
		op := ""
		if r.OperatorID != nil {
			op = strconv.FormatInt(*r.OperatorID, 10)
		}
		rec := []string{strconv.FormatInt(r.ID, 10), time.UnixMilli(r.At).UTC().Format(time.RFC3339), op, r.Actor, r.Addr,
			r.Action, r.ObjectType, r.ObjectID, r.Reason, cell(r.Before), cell(r.After)}
		for i, v := range rec {
			if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
				rec[i] = "'" + v
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func cell(v json.RawMessage) string {
	if s := string(v); s != "null" {
		return s
	}
	return ""
}
