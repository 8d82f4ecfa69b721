package twofactor

import (
	"context"
	"net/http"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/httpx"
)

// Handler serves the account page's two-factor calls (docs/accounts.md "Two-factor
// sign-in"). The login's second step is the account package's (login/2fa), which calls
// Redeem through account.SecondStep.
type Handler struct {
	Service *Service
	User    httpx.Middleware
	// Password checks the user's password (account.Service.VerifyPassword, with its
	// failure limits).
	Password func(ctx context.Context, u account.User, raw, field string) error
}

// Routes registers the calls; every one is the logged-in user's own.
func (h *Handler) Routes(r *httpx.Router) {
	if h.Service == nil || h.User == nil || h.Password == nil {
		panic("twofactor: Handler.Service, User and Password must be set")
	}
	base := "/api/pc/v1/customer/2fa/"
	r.Handle("GET "+base+"status", h.status, h.User)
	r.Handle("POST "+base+"setup", h.setup, h.User)
	r.Handle("POST "+base+"enable", h.enable, h.User)
	r.Handle("POST "+base+"disable", h.disable, h.User)
	r.Handle("POST "+base+"recovery", h.recovery, h.User)
}

func user(r *http.Request) account.User {
	u, ok := account.CurrentUser(r.Context())
	if !ok {
		panic("twofactor: handler registered without the user middleware")
	}
	return u
}

// accountName is how the app lists the account: its email, else its phone, else its uid.
func accountName(u account.User) string {
	switch {
	case u.Email != "":
		return u.Email
	case u.Phone != "":
		return u.Phone
	default:
		return u.UID
	}
}

func (h *Handler) status(w http.ResponseWriter, r *http.Request) error {
	st, err := h.Service.StatusOf(r.Context(), user(r).ID)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, st)
}

func (h *Handler) setup(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	e, err := h.Service.Begin(r.Context(), u.ID, accountName(u))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, e)
}

type codeBody struct {
	Code string `json:"code"`
}

type recoveryAnswer struct {
	RecoveryCodes []string `json:"recoveryCodes"`
}

func (h *Handler) enable(w http.ResponseWriter, r *http.Request) error {
	var b codeBody
	if err := httpx.DecodeFields(w, r, &b, "twofactor.field."); err != nil {
		return err
	}
	codes, err := h.Service.Enable(r.Context(), user(r).ID, b.Code, httpx.From(r.Context()).Token)
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "twofactor.enabled", recoveryAnswer{codes})
}

func (h *Handler) disable(w http.ResponseWriter, r *http.Request) error {
	var b struct {
		Password string `json:"password"`
		Code     string `json:"code"`
	}
	if err := httpx.DecodeFields(w, r, &b, "twofactor.field."); err != nil {
		return err
	}
	u := user(r)
	if err := h.Password(r.Context(), u, b.Password, "field.password"); err != nil {
		return err
	}
	if err := h.Service.Disable(r.Context(), u.ID, b.Code); err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "twofactor.disabled", nil)
}

func (h *Handler) recovery(w http.ResponseWriter, r *http.Request) error {
	var b codeBody
	if err := httpx.DecodeFields(w, r, &b, "twofactor.field."); err != nil {
		return err
	}
	codes, err := h.Service.RenewRecovery(r.Context(), user(r).ID, b.Code)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, recoveryAnswer{codes})
}
