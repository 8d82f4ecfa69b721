package alert

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/pool"
)

// Handler serves a sub-account's alert settings and its alerts to the logged-in owner.
// Every call names the sub-account by code; another user's code is "no such
// sub-account" (code 3, HTTP 404), as on every other sub-account call.
type Handler struct {
	Store *Store
	Pool  *pool.Store
	User  httpx.Middleware
	// MinOffline is the shortest offline threshold the job uses, shown on the page.
	MinOffline time.Duration
	Now        func() time.Time
}

// Routes registers the calls, each for the logged-in owner only (an observer token is
// refused by the session middleware).
func (h *Handler) Routes(r *httpx.Router) {
	if h.User == nil || h.Store == nil || h.Pool == nil {
		panic("alert: Handler.User, Store and Pool must be set")
	}
	r.Handle("GET /api/pc/v1/pool/alert/setting", h.settings, h.User)
	r.Handle("POST /api/pc/v1/pool/alert/setting", h.save, h.User)
	r.Handle("GET /api/pc/v1/pool/alert/list", h.list, h.User)
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

func (h *Handler) minOffline() time.Duration {
	if h.MinOffline > 0 {
		return h.MinOffline
	}
	return DefaultMinOffline
}

func mustUser(r *http.Request) account.User {
	u, ok := account.CurrentUser(r.Context())
	if !ok {
		panic("alert: handler registered without the user middleware")
	}
	return u
}

// subAccount is the caller's live sub-account by code, or the 404 a stranger's gets.
func (h *Handler) subAccount(r *http.Request, u account.User, code string) (pool.SubAccount, error) {
	if strings.TrimSpace(code) == "" {
		return pool.SubAccount{}, httpx.Required("pool.field.code")
	}
	a, err := h.Pool.SubAccount(r.Context(), u.ID, code)
	if errors.Is(err, db.ErrNotFound) {
		return a, httpx.NotFound("pool.subAccountNotFound")
	}
	return a, err
}

// settingsView is a sub-account's settings as the page shows them, with what the page
// needs to explain them: which contacts are bound (masked) and the shortest threshold.
type settingsView struct {
	Code              string `json:"code"`
	OfflineEnabled    bool   `json:"offlineEnabled"`
	HashrateEnabled   bool   `json:"hashrateEnabled"`
	HashratePercent   int    `json:"hashratePercent"`
	ByEmail           bool   `json:"byEmail"`
	BySMS             bool   `json:"bySms"`
	Digest            bool   `json:"digest"`
	DigestHour        int    `json:"digestHour"`
	TimeZone          string `json:"timezone"`
	Email             string `json:"email"` // masked; "" when none is bound
	Phone             string `json:"phone"` // masked; "" when none is bound
	MinOfflineMinutes int    `json:"minOfflineMinutes"`
	UpdatedAt         int64  `json:"updatedAt"`
}

func (h *Handler) view(code string, u account.User, s Settings) settingsView {
	v := settingsView{Code: code, OfflineEnabled: s.Offline, HashrateEnabled: s.Hashrate, HashratePercent: s.HashratePercent,
		ByEmail: s.ByEmail, BySMS: s.BySMS, Digest: s.Digest, DigestHour: s.DigestHour, TimeZone: s.TimeZone,
		MinOfflineMinutes: int(h.minOffline() / time.Minute), UpdatedAt: s.UpdatedAt}
	if u.Email != "" {
		v.Email = account.MaskEmail(u.Email)
	}
	if u.Phone != "" {
		v.Phone = account.MaskPhone(u.Phone)
	}
	return v
}

// settings: GET /api/pc/v1/pool/alert/setting?code.
func (h *Handler) settings(w http.ResponseWriter, r *http.Request) error {
	u := mustUser(r)
	a, err := h.subAccount(r, u, r.URL.Query().Get("code"))
	if err != nil {
		return err
	}
	s, err := h.Store.Settings(r.Context(), a.ID, u.ID)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, h.view(a.Code, u, s))
}

// settingsInput is the body of a save; every field is required.
type settingsInput struct {
	Code            string `json:"code"`
	OfflineEnabled  *bool  `json:"offlineEnabled"`
	HashrateEnabled *bool  `json:"hashrateEnabled"`
	HashratePercent *int   `json:"hashratePercent"`
	ByEmail         *bool  `json:"byEmail"`
	BySMS           *bool  `json:"bySms"`
	Digest          *bool  `json:"digest"`
	DigestHour      *int   `json:"digestHour"`
}

// check reads the body's settings onto s, or answers the first field that is wrong. u's
// bound contacts decide whether a channel may be chosen.
func (in settingsInput) check(u account.User, s *Settings) error {
	for _, f := range []struct {
		v     any
		field string
	}{
		{in.OfflineEnabled, "offlineEnabled"}, {in.HashrateEnabled, "hashrateEnabled"}, {in.HashratePercent, "hashratePercent"},
		{in.ByEmail, "byEmail"}, {in.BySMS, "bySms"}, {in.Digest, "digest"}, {in.DigestHour, "digestHour"},
	} {
		switch v := f.v.(type) {
		case *bool:
			if v == nil {
				return httpx.Required("alert.field." + f.field)
			}
		case *int:
			if v == nil {
				return httpx.Required("alert.field." + f.field)
			}
		}
	}
	if p := *in.HashratePercent; p < MinPercent || p > MaxPercent {
		return outOfRange("hashratePercent", MinPercent, MaxPercent)
	}
	if hr := *in.DigestHour; hr < 0 || hr > 23 {
		return outOfRange("digestHour", 0, 23)
	}
	watching := *in.OfflineEnabled || *in.HashrateEnabled
	if watching && !*in.ByEmail && !*in.BySMS {
		return httpx.Warn("alert.noChannel", nil)
	}
	if *in.ByEmail && u.Email == "" {
		return httpx.Warn("alert.noEmail", nil)
	}
	if *in.BySMS && u.Phone == "" {
		return httpx.Warn("alert.noPhone", nil)
	}
	s.Offline, s.Hashrate, s.HashratePercent = *in.OfflineEnabled, *in.HashrateEnabled, *in.HashratePercent
	s.ByEmail, s.BySMS, s.Digest, s.DigestHour = *in.ByEmail, *in.BySMS, *in.Digest, *in.DigestHour
	return nil
}

func outOfRange(field string, lo, hi int) error {
	return httpx.Warn("alert.range", i18n.Params{"field": "alert.field." + field, "min": strconv.Itoa(lo), "max": strconv.Itoa(hi)})
}

// save: POST /api/pc/v1/pool/alert/setting. A refused body changes nothing. The mails'
// language and the digest's time zone are the request's.
func (h *Handler) save(w http.ResponseWriter, r *http.Request) error {
	var in settingsInput
	if err := httpx.DecodeFields(w, r, &in, "alert.field."); err != nil {
		return err
	}
	u := mustUser(r)
	a, err := h.subAccount(r, u, in.Code)
	if err != nil {
		return err
	}
	s, err := h.Store.Settings(r.Context(), a.ID, u.ID)
	if err != nil {
		return err
	}
	if err := in.check(u, &s); err != nil {
		return err
	}
	rq := httpx.From(r.Context())
	s.Lang, s.TimeZone = rq.Lang, rq.TZ.String()
	saved, err := h.Store.SaveSettings(r.Context(), s, h.now())
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "alert.saved", h.view(a.Code, u, saved))
}

// eventView is an alert or recovery in the owner's list.
type eventView struct {
	ID               int64          `json:"id"`
	Kind             string         `json:"kind"`
	Coin             string         `json:"coin"`
	Worker           string         `json:"worker"`
	Since            int64          `json:"since"`
	NoticedAt        int64          `json:"noticedAt"`
	HashRate         *hashrate.Rate `json:"hashRate"`
	Average          *hashrate.Rate `json:"average"`
	Percent          int            `json:"percent"`
	ThresholdMinutes int            `json:"thresholdMinutes"`
	Delivery         string         `json:"delivery"`
}

// list: GET /api/pc/v1/pool/alert/list?code&page&pageSize: the sub-account's alerts and
// recoveries of the last 30 days, newest first, with how each was told.
func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	page, size, err := httpx.Paging(r.URL.Query(), "alert.field.page", "alert.field.pageSize")
	if err != nil {
		return err
	}
	u := mustUser(r)
	a, err := h.subAccount(r, u, r.URL.Query().Get("code"))
	if err != nil {
		return err
	}
	rows, total, err := h.Store.SubAccountEvents(r.Context(), a.ID, u.ID, page, size, h.now())
	if err != nil {
		return err
	}
	out := make([]eventView, len(rows))
	for i, e := range rows {
		v := eventView{ID: e.ID, Kind: e.Kind, Coin: e.Coin, Worker: e.Worker, Since: e.Since, NoticedAt: e.NoticedAt, Percent: e.Percent,
			ThresholdMinutes: int((time.Duration(e.Threshold)*time.Millisecond + 30*time.Second) / time.Minute), Delivery: e.Delivery}
		if e.Kind == KindHashrateLow || e.Kind == KindHashrateBack {
			hr, avg := hashrate.New(e.HashRate), hashrate.New(e.Average)
			v.HashRate, v.Average = &hr, &avg
		}
		out[i] = v
	}
	return httpx.OK(w, r, map[string]any{"total": total, "page": page, "pageSize": size, "rows": out})
}
