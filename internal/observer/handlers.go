package observer

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/scope"
)

// DefaultReadsPerMinute is how many requests one observer link may make a minute: an observer
// page polls a few calls every minute, so this is room for many viewers of one link.
const DefaultReadsPerMinute = 600

// Need is what a read asks of an observer link.
type Need int

const (
	// Machine reads (devices, hashrates, sub-accounts) need machine info on.
	Machine Need = iota + 1
	// Income reads (revenue) need income info on.
	Income
	// Either is for the sub-account list, which every page of a link chooses from: either
	// kind of info opens it, and without machine info it comes without machine figures
	// (scope.Access.NoMachine).
	Either
)

// Handler serves the link manager's calls (the owner's) and the observer's own calls, and
// makes the read middleware that lets observer links into the pool-mode and revenue reads.
type Handler struct {
	Store *Store
	Pool  *pool.Store
	Coins *coin.Store
	// Messages makes the observer's messages.
	Messages *Messages
	// User lets only logged-in users through (account.Handler.RequireUser).
	User httpx.Middleware
	// Limiter counts observer requests per link (nil: none counted); ReadsPerMinute is the
	// limit (0: DefaultReadsPerMinute). Tokens cannot be guessed; this bounds the load a
	// shared link can put on the pool.
	Limiter        ratelimit.Limiter
	ReadsPerMinute int
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// Routes registers the calls (SPEC section 7 "Observer").
func (h *Handler) Routes(r *httpx.Router) {
	if h.User == nil || h.Store == nil || h.Store.Sealer == nil || h.Messages == nil {
		panic("observer: Handler.User, Store, Store.Sealer and Messages must be set")
	}
	base := "/api/pc/v1/customer/observer/link/"
	r.Handle("GET "+base+"get", h.list, h.User)
	r.Handle("POST "+base+"add", h.add, h.User)
	r.Handle("POST "+base+"edit", h.edit, h.User)
	r.Handle("POST "+base+"delete", h.delete, h.User)
	r.Handle("POST "+base+"regenerate", h.regenerate, h.User)
	// The observer's own: what the link shares, and whether it still opens.
	r.Handle("POST /api/observer/link/detail", h.detail, h.linkOnly)
	r.Handle("GET /api/observer/link/valid", h.valid)
	// Observer messages (SPEC section 7), read marks per link.
	msgs := "/api/pc/v1/helpPage/observer/message/"
	r.Handle("GET "+msgs+"list", h.messageList, h.linkOnly)
	r.Handle("GET "+msgs+"detail", h.messageDetail, h.linkOnly)
	r.Handle("GET "+msgs+"info", h.messageInfo, h.linkOnly)
	r.Handle("POST "+msgs+"readAll", h.messageReadAll, h.linkOnly)
}

// Reads is the middleware of the reads an observer link may make as well as the owner: a
// session token goes through as the owner (the whole account); an observer token goes
// through with its link's scope when the link is live and has what the read needs, and
// answers code 5 otherwise.
func (h *Handler) Reads(need Need) httpx.Middleware {
	owner := account.OwnerScope(h.User)
	return func(next httpx.HandlerFunc) httpx.HandlerFunc {
		asOwner := owner(next)
		return func(w http.ResponseWriter, r *http.Request) error {
			token := httpx.From(r.Context()).Token
			if !IsToken(token) {
				return asOwner(w, r)
			}
			l, err := h.resolve(r.Context(), token)
			if err != nil {
				return err
			}
			if (need == Machine && !l.Machine) || (need == Income && !l.Income) {
				return httpx.ObserverGone("")
			}
			ctx := scope.NewContext(r.Context(), scope.Access{Scope: l.Scope(), Observer: true, NoMachine: !l.Machine})
			return next(w, r.WithContext(ctx))
		}
	}
}

type linkKey struct{}

// linkOnly lets through only a live observer link's token, with the link in the context.
func (h *Handler) linkOnly(next httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		l, err := h.resolve(r.Context(), httpx.From(r.Context()).Token)
		if err != nil {
			return err
		}
		return next(w, r.WithContext(context.WithValue(r.Context(), linkKey{}, l)))
	}
}

// resolve is the live link of an observer token, recording its use; code 5 for anything else.
func (h *Handler) resolve(ctx context.Context, token string) (Link, error) {
	if !IsToken(token) {
		return Link{}, httpx.ObserverGone("")
	}
	now := h.now()
	l, err := h.Store.Resolve(ctx, token, now)
	if errors.Is(err, db.ErrNotFound) {
		return l, httpx.ObserverGone("")
	}
	if err != nil {
		return l, err
	}
	if h.Limiter != nil {
		limit := h.ReadsPerMinute
		if limit <= 0 {
			limit = DefaultReadsPerMinute
		}
		ok, err := h.Limiter.Allow(ctx, "observer:"+strconv.FormatInt(l.ID, 10), limit, time.Minute)
		if err != nil {
			return l, err
		}
		if !ok {
			return l, httpx.TooManyRequests("")
		}
	}
	if err := h.Store.Touch(ctx, l, now); err != nil {
		return l, err
	}
	return l, nil
}

// linkView is a link as the manager lists it (SPEC section 3 "Observer link", and ours).
type linkView struct {
	ID                 int64    `json:"id"`
	CurrencyList       []string `json:"currencyList"`
	MachineInfoEnabled bool     `json:"machineInfoEnabled"`
	IncomeInfoEnabled  bool     `json:"incomeInfoEnabled"`
	Note               string   `json:"note"`
	// Link is the observer list's address with the token after '='; empty, like token,
	// when the token cannot be shown again (regenerate the link).
	Link        string   `json:"link"`
	Token       string   `json:"token"`
	SubAccounts []string `json:"subAccounts"` // codes; empty: every sub-account
	ExpiresAt   int64    `json:"expiresAt"`   // Unix ms; 0 never
	Expired     bool     `json:"expired"`
	CreateTime  int64    `json:"createTime"`
	LastUsedAt  int64    `json:"lastUsedAt"` // Unix ms; 0 never used
	UseCount    int64    `json:"useCount"`   // uses, counted at most once a minute
}

// ObserverPath is the desktop observer list; a link is it with the token after '='.
const ObserverPath = "/observerMode/observerList?token="

func (h *Handler) view(l Link, codes map[int64]string, now time.Time) linkView {
	v := linkView{
		ID: l.ID, CurrencyList: l.Coins, MachineInfoEnabled: l.Machine, IncomeInfoEnabled: l.Income, Note: l.Note,
		Token: l.Token, SubAccounts: subNames(l, codes), ExpiresAt: l.ExpiresAt, Expired: l.ExpiresAt != 0 && now.UnixMilli() >= l.ExpiresAt,
		CreateTime: l.CreatedAt, LastUsedAt: l.LastUsedAt, UseCount: l.UseCount,
	}
	if l.Token != "" {
		v.Link = ObserverPath + l.Token
	}
	return v
}

// subNames are the codes of the sub-accounts a link is narrowed to (empty: every one).
func subNames(l Link, codes map[int64]string) []string {
	out := []string{}
	for _, id := range l.SubAccounts {
		if c, ok := codes[id]; ok {
			out = append(out, c)
		}
	}
	return out
}

// subCodes names the user's sub-accounts by id.
func (h *Handler) subCodes(ctx context.Context, userID int64) (map[int64]string, error) {
	subs, err := h.Pool.SubAccounts(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(subs))
	for _, s := range subs {
		out[s.ID] = s.Code
	}
	return out, nil
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	u, _ := account.CurrentUser(r.Context())
	links, err := h.Store.List(r.Context(), u.ID)
	if err != nil {
		return err
	}
	codes, err := h.subCodes(r.Context(), u.ID)
	if err != nil {
		return err
	}
	now := h.now()
	out := make([]linkView, 0, len(links))
	for _, l := range links {
		out = append(out, h.view(l, codes, now))
	}
	return httpx.OK(w, r, out)
}

// specRequest is the body of add and edit (SPEC: currencyList, incomeInfoEnabled,
// machineInfoEnabled, note, and token on edit; subAccounts and expiresIn are ours).
type specRequest struct {
	Token              string   `json:"token"`
	ID                 int64    `json:"id"`
	CurrencyList       []string `json:"currencyList"`
	IncomeInfoEnabled  bool     `json:"incomeInfoEnabled"`
	MachineInfoEnabled bool     `json:"machineInfoEnabled"`
	Note               string   `json:"note"`
	SubAccounts        []string `json:"subAccounts"`
	ExpiresIn          *int     `json:"expiresIn"` // days: 0 (never), 1, 7 or 30; absent on edit: unchanged
}

func decode(w http.ResponseWriter, r *http.Request, v any) error {
	return httpx.DecodeFields(w, r, v, "observer.field.")
}

// spec turns a request into a link spec: every coin must exist and every sub-account be
// the user's (else not found, and nothing is saved).
func (h *Handler) spec(ctx context.Context, userID int64, req specRequest) (Spec, error) {
	sp := Spec{Machine: req.MachineInfoEnabled, Income: req.IncomeInfoEnabled, Note: req.Note, KeepExpiry: req.ExpiresIn == nil}
	if req.ExpiresIn != nil {
		sp.ExpiresIn = *req.ExpiresIn
	}
	for _, c := range req.CurrencyList {
		c = strings.ToUpper(strings.TrimSpace(c))
		if c == "" {
			continue
		}
		if _, err := h.Coins.Get(ctx, c); err != nil {
			if errors.Is(err, db.ErrNotFound) {
				return sp, httpx.Warn("pool.coinNotFound", i18n.Params{"coin": c})
			}
			return sp, err
		}
		sp.Coins = append(sp.Coins, c)
	}
	for _, code := range req.SubAccounts {
		a, err := h.Pool.SubAccount(ctx, userID, strings.TrimSpace(code))
		if errors.Is(err, db.ErrNotFound) {
			return sp, httpx.NotFound("pool.subAccountNotFound")
		}
		if err != nil {
			return sp, err
		}
		if !slices.Contains(sp.SubAccounts, a.ID) {
			sp.SubAccounts = append(sp.SubAccounts, a.ID)
		}
	}
	return sp, nil
}

func (h *Handler) add(w http.ResponseWriter, r *http.Request) error {
	var req specRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	u, _ := account.CurrentUser(r.Context())
	sp, err := h.spec(r.Context(), u.ID, req)
	if err != nil {
		return err
	}
	l, err := h.Store.Add(r.Context(), u.ID, sp)
	if err != nil {
		return err
	}
	return h.answer(w, r, "observer.saved", l)
}

// answer is a link as the manager shows it, with a message.
func (h *Handler) answer(w http.ResponseWriter, r *http.Request, key string, l Link) error {
	codes, err := h.subCodes(r.Context(), l.UserID)
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, key, h.view(l, codes, h.now()))
}

// target is the caller's link named by token (SPEC) or id; another user's is not found.
func (h *Handler) target(ctx context.Context, userID int64, token string, id int64) (Link, error) {
	token = strings.TrimSpace(token)
	if token == "" && id <= 0 {
		return Link{}, httpx.Required("observer.field.token")
	}
	l, err := h.Store.Find(ctx, userID, token, id)
	if errors.Is(err, db.ErrNotFound) {
		return l, httpx.NotFound("observer.notFound")
	}
	return l, err
}

func (h *Handler) edit(w http.ResponseWriter, r *http.Request) error {
	var req specRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	u, _ := account.CurrentUser(r.Context())
	l, err := h.target(r.Context(), u.ID, req.Token, req.ID)
	if err != nil {
		return err
	}
	sp, err := h.spec(r.Context(), u.ID, req)
	if err != nil {
		return err
	}
	l, err = h.Store.Update(r.Context(), l, sp)
	if err != nil {
		return err
	}
	return h.answer(w, r, "observer.saved", l)
}

// tokenRequest names one link: by token (SPEC) or id.
type tokenRequest struct {
	Token string `json:"token"`
	ID    int64  `json:"id"`
}

// named is the caller's link a tokenRequest body names.
func (h *Handler) named(w http.ResponseWriter, r *http.Request) (Link, error) {
	var req tokenRequest
	if err := decode(w, r, &req); err != nil {
		return Link{}, err
	}
	u, _ := account.CurrentUser(r.Context())
	return h.target(r.Context(), u.ID, req.Token, req.ID)
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) error {
	l, err := h.named(w, r)
	if err != nil {
		return err
	}
	if err := h.Store.Delete(r.Context(), l); err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "observer.deleted", nil)
}

func (h *Handler) regenerate(w http.ResponseWriter, r *http.Request) error {
	l, err := h.named(w, r)
	if err != nil {
		return err
	}
	l, err = h.Store.Regenerate(r.Context(), l)
	if err != nil {
		return err
	}
	return h.answer(w, r, "observer.regenerated", l)
}

// observerInfo is what an observer page is told of its link (SPEC section 3 "Observer
// info", and the coins and sub-accounts it may choose from).
type observerInfo struct {
	MachineInfoEnabled bool     `json:"machineInfoEnabled"`
	IncomeInfoEnabled  bool     `json:"incomeInfoEnabled"`
	CurrencyList       []string `json:"currencyList"`
	SubAccounts        []string `json:"subAccounts"` // codes; empty: every sub-account
	Note               string   `json:"note"`
	ExpiresAt          int64    `json:"expiresAt"`
}

func (h *Handler) detail(w http.ResponseWriter, r *http.Request) error {
	l := r.Context().Value(linkKey{}).(Link)
	codes, err := h.subCodes(r.Context(), l.UserID)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, observerInfo{
		MachineInfoEnabled: l.Machine, IncomeInfoEnabled: l.Income, CurrencyList: l.Coins,
		SubAccounts: subNames(l, codes), Note: l.Note, ExpiresAt: l.ExpiresAt,
	})
}

// valid answers true for a live link's token (the query's, else x-token); code 5 otherwise.
func (h *Handler) valid(w http.ResponseWriter, r *http.Request) error {
	token := strings.TrimSpace(r.URL.Query().Get("token"))
	if token == "" {
		token = httpx.From(r.Context()).Token
	}
	if _, err := h.resolve(r.Context(), token); err != nil {
		return err
	}
	return httpx.OK(w, r, true)
}
