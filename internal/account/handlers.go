package account

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/scope"
)

// CaptchasPerClient bounds how many slider challenges one address may ask for in 10 minutes.
const CaptchasPerClient = 60

// Handler serves the account calls.
type Handler struct {
	Service *Service
	Limiter ratelimit.Limiter
	// PowBits is the slider's proof of work in zero bits (poold serve --captcha-pow-bits);
	// 0 is DefaultPowBits.
	PowBits int
}

// Routes registers every account route with its permission.
func (h *Handler) Routes(r *httpx.Router) {
	user := h.RequireUser
	// Slider.
	r.Handle("POST /api/pc/v1/common/captcha/new", h.captchaNew)
	r.Handle("POST /api/pc/v1/common/captcha/check", h.captchaCheck)
	// Codes for visitors (login, register) and for logged-in users (bind, change, reset).
	r.Handle("GET /api/pc/v1/common/customer/phone/send", h.sendCode(ChannelSMS, "phone", false))
	r.Handle("GET /api/pc/v1/common/customer/email/send", h.sendCode(ChannelEmail, "email", false))
	r.Handle("GET /api/pc/v1/customer/sms/code/send", h.sendCode(ChannelSMS, "phone", true))
	r.Handle("GET /api/pc/v1/customer/email/code/send", h.sendCode(ChannelEmail, "email", true))
	r.Handle("GET /api/pc/v1/customer/sms/code/check", h.checkCode(ChannelSMS, "phone"))
	r.Handle("GET /api/pc/v1/customer/email/code/check", h.checkCode(ChannelEmail, "email"))
	// Login and register.
	r.Handle("POST /api/pc/v1/common/customer/login/email/pwd", h.loginPassword(ChannelEmail, "email"))
	r.Handle("POST /api/pc/v1/common/customer/login/phone/pwd", h.loginPassword(ChannelSMS, "phone"))
	r.Handle("POST /api/pc/v1/common/customer/login/email/code", h.loginCode(ChannelEmail, "email"))
	r.Handle("POST /api/pc/v1/common/customer/login/phone/code", h.loginCode(ChannelSMS, "phone"))
	r.Handle("POST /api/pc/v1/common/customer/login/2fa", h.loginSecondStep)
	r.Handle("POST /api/pc/v1/common/customer/register/email", h.register(ChannelEmail, "email", "emailCode"))
	r.Handle("POST /api/pc/v1/common/customer/register/phone", h.register(ChannelSMS, "phone", "phoneCode"))
	r.Handle("GET /api/pc/v1/common/customer/invite/check", h.inviteCheck)
	// The account itself.
	r.Handle("GET /api/pc/v1/customer/baseInfo", h.baseInfo, user)
	r.Handle("POST /api/pc/v1/customer/username/upd", h.rename, user)
	r.Handle("POST /api/pc/v1/customer/phone/bind", h.bind(ChannelSMS, "phone"), user)
	r.Handle("POST /api/pc/v1/customer/email/bind", h.bind(ChannelEmail, "email"), user)
	r.Handle("POST /api/pc/v1/customer/phone/change", h.change(ChannelSMS, "newPhone"), user)
	r.Handle("POST /api/pc/v1/customer/email/change", h.change(ChannelEmail, "newEmail"), user)
	r.Handle("POST /api/pc/v1/customer/password/check", h.passwordCheck, user)
	r.Handle("POST /api/pc/v1/customer/password/upd/oldPassword", h.passwordByOld, user)
	r.Handle("POST /api/pc/v1/customer/password/upd/phoneCode", h.passwordByCode(ChannelSMS, "phone"), user)
	r.Handle("POST /api/pc/v1/customer/password/upd/emailCode", h.passwordByCode(ChannelEmail, "email"), user)
	r.Handle("GET /api/pc/v1/common/basic/account/type/list", h.accountTypes)
	r.Handle("POST /api/pc/v1/customer/change/account/type", h.changeAccountType, user)
	r.Handle("POST /api/pc/v1/customer/account/cancel", h.cancel, user)
	r.Handle("POST /api/app/v1/customer/account/logOut", h.logout, user)
}

type userKey struct{}

// RequireUser lets a request through only with a live session, and puts its user in the
// request context. No token, or a token that ended, answers code 4.
func (h *Handler) RequireUser(next httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		token := httpx.From(r.Context()).Token
		if token == "" {
			return httpx.LoginRequired("")
		}
		if strings.HasPrefix(token, ObserverTokenPrefix) {
			// An observer page asking for something its link does not open.
			return httpx.ObserverGone("")
		}
		u, err := h.Service.Store.SessionUser(r.Context(), token, h.Service.now())
		if errors.Is(err, db.ErrNotFound) {
			return httpx.LoginRequired("account.sessionExpired")
		}
		if err != nil {
			return err
		}
		return next(w, r.WithContext(context.WithValue(r.Context(), userKey{}, u)))
	}
}

// OptionalUser puts the session's user in the request context when the request carries a
// live token, and lets every request through (calls that answer visitors and users alike).
func (h *Handler) OptionalUser(next httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if u := h.optionalUser(r); u != nil {
			r = r.WithContext(context.WithValue(r.Context(), userKey{}, *u))
		}
		return next(w, r)
	}
}

// CurrentUser is the user RequireUser let through.
func CurrentUser(ctx context.Context) (User, bool) {
	u, ok := ctx.Value(userKey{}).(User)
	return u, ok
}

func mustUser(r *http.Request) User {
	u, ok := CurrentUser(r.Context())
	if !ok {
		panic("account: handler registered without RequireUser")
	}
	return u
}

// optionalUser is the session's user when the request carries a live token.
func (h *Handler) optionalUser(r *http.Request) *User {
	token := httpx.From(r.Context()).Token
	if token == "" {
		return nil
	}
	u, err := h.Service.Store.SessionUser(r.Context(), token, h.Service.now())
	if err != nil {
		return nil
	}
	return &u
}

// UserView is the user as the client holds it (SPEC section 3 "User").
type UserView struct {
	ID              int64   `json:"id"`
	UID             string  `json:"uid"`
	UUID            string  `json:"uuid"`
	CustomerCode    string  `json:"customerCode"`
	NickName        string  `json:"nickName"`
	UserName        string  `json:"userName"`
	Username        string  `json:"username"`
	Phone           string  `json:"phone"`
	Email           string  `json:"email"`
	RegistDate      int64   `json:"registDate"`
	AccountTypeCode string  `json:"accountTypeCode"`
	AccountTypeName string  `json:"accountTypeName"`
	AvatarURL       string  `json:"avatarUrl"`
	Birthday        *string `json:"birthday"`
	Sex             *int    `json:"sex"`
	Status          string  `json:"status"`
}

// View is u as the client sees it, with names in lang.
func View(u User, lang string) UserView {
	return UserView{
		ID: u.ID, UID: u.UID, UUID: u.UID, CustomerCode: u.UID,
		NickName: u.Nickname, UserName: u.Nickname, Username: u.Nickname,
		Phone: u.Phone, Email: u.Email, RegistDate: u.CreatedAt,
		AccountTypeCode: u.AccountType, AccountTypeName: i18n.T(lang, "account.type."+u.AccountType, nil),
		Status: u.Status,
	}
}

func (h *Handler) captchaNew(w http.ResponseWriter, r *http.Request) error {
	rq := httpx.From(r.Context())
	ok, err := h.Limiter.Allow(r.Context(), "captcha:"+rq.ClientAddr, CaptchasPerClient, 10*time.Minute)
	if err != nil {
		return err
	}
	if !ok {
		return httpx.TooManyRequests("")
	}
	c, err := h.Service.Store.NewCaptcha(r.Context(), rq.ClientAddr, h.PowBits, h.Service.now())
	if err != nil {
		return err
	}
	return httpx.OK(w, r, c)
}

func (h *Handler) captchaCheck(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		ID    string       `json:"id"`
		Track []TrackPoint `json:"track"`
		Nonce string       `json:"nonce"`
	}
	if err := httpx.Decode(w, r, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.ID) == "" {
		return httpx.Required("field.id")
	}
	if len(req.Track) == 0 {
		return httpx.Required("field.track")
	}
	ticket, err := h.Service.Store.CheckCaptcha(r.Context(), req.ID, req.Track, req.Nonce, httpx.From(r.Context()).ClientAddr, h.Service.now())
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]string{"ticket": ticket})
}

func (h *Handler) sendCode(channel, param string, loggedIn bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		q := r.URL.Query()
		caller := h.optionalUser(r)
		if loggedIn && caller == nil {
			sc, err := SceneFor(channel, q.Get("scenes"))
			if err == nil && sc.NeedsLogin() {
				return httpx.LoginRequired("")
			}
		}
		if err := h.Service.SendCode(r.Context(), channel, q.Get("scenes"), q.Get(param), q.Get("ticket"), caller); err != nil {
			return err
		}
		return httpx.OKMessage(w, r, "account.codeSent", nil)
	}
}

func (h *Handler) checkCode(channel, param string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		q := r.URL.Query()
		if err := h.Service.CheckCode(r.Context(), channel, q.Get("scenes"), q.Get(param), q.Get("code"), h.optionalUser(r)); err != nil {
			return err
		}
		return httpx.OK(w, r, nil)
	}
}

// loginResponse is SPEC section 3 "Login response".
type loginResponse struct {
	Token string   `json:"token"`
	User  UserView `json:"user"`
}

// str reads a string field; numbers are accepted as their text (a phone typed into a
// number field), anything else is a field error.
func str(m map[string]any, key string) (string, error) {
	switch v := m[key].(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	}
	return "", httpx.Invalid("field." + key)
}

func fields(w http.ResponseWriter, r *http.Request, keys ...string) (map[string]string, error) {
	m, err := httpx.DecodeObject(w, r, keys...)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(keys))
	for _, k := range keys {
		v, err := str(m, k)
		if err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, nil
}

func (h *Handler) loginPassword(channel, param string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		f, err := fields(w, r, param, "password", "ticket")
		if err != nil {
			return err
		}
		token, u, err := h.Service.LoginPassword(r.Context(), channel, f[param], f["password"], f["ticket"], r.UserAgent())
		return loggedIn(w, r, token, u, err)
	}
}

func (h *Handler) loginCode(channel, param string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		f, err := fields(w, r, param, "code")
		if err != nil {
			return err
		}
		token, u, err := h.Service.LoginCode(r.Context(), channel, f[param], f["code"], r.UserAgent())
		return loggedIn(w, r, token, u, err)
	}
}

// loginSecondStep finishes a login that answered twoFactor with the code from the app.
func (h *Handler) loginSecondStep(w http.ResponseWriter, r *http.Request) error {
	f, err := fields(w, r, "challenge", "code")
	if err != nil {
		return err
	}
	token, u, err := h.Service.LoginSecondStep(r.Context(), f["challenge"], f["code"], r.UserAgent())
	return loggedIn(w, r, token, u, err)
}

// pendingLogin is a login's answer when the account has a second factor: no token yet,
// and the challenge that login/2fa takes with the code.
type pendingLogin struct {
	TwoFactor bool   `json:"twoFactor"`
	Challenge string `json:"challenge"`
}

// loggedIn answers a login: the session, or the challenge of the second step.
func loggedIn(w http.ResponseWriter, r *http.Request, token string, u User, err error) error {
	var pending *PendingLogin
	if errors.As(err, &pending) {
		return httpx.OKMessage(w, r, "twofactor.secondStep", pendingLogin{TwoFactor: true, Challenge: pending.Challenge})
	}
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "account.loginSuccess", loginResponse{Token: token, User: View(u, httpx.Lang(r))})
}

func (h *Handler) register(channel, param, codeParam string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		f, err := fields(w, r, param, codeParam, "nickName", "password", "agentInviteCode")
		if err != nil {
			return err
		}
		// The new account is logged in at once: the answer is a login's (token and user),
		// so the client needs neither the login form nor a second slider.
		token, u, err := h.Service.Register(r.Context(), Registration{
			Channel: channel, Target: f[param], Code: f[codeParam], Nickname: f["nickName"],
			Password: f["password"], AgentInviteCode: f["agentInviteCode"],
		}, r.UserAgent())
		if err != nil {
			return err
		}
		return httpx.OKMessage(w, r, "account.registeredLoggedIn", loginResponse{Token: token, User: View(u, httpx.Lang(r))})
	}
}

// inviteCheck tells the invite page at once whether its link's code is a live agent's
// (docs/accounts.md "Agents"); it counts against the address's invite budget.
func (h *Handler) inviteCheck(w http.ResponseWriter, r *http.Request) error {
	valid, err := h.Service.CheckInvite(r.Context(), r.URL.Query().Get("code"))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]bool{"valid": valid})
}

func (h *Handler) baseInfo(w http.ResponseWriter, r *http.Request) error {
	return httpx.OK(w, r, View(mustUser(r), httpx.Lang(r)))
}

func (h *Handler) rename(w http.ResponseWriter, r *http.Request) error {
	f, err := fields(w, r, "userName")
	if err != nil {
		return err
	}
	if err := h.Service.Rename(r.Context(), mustUser(r), f["userName"]); err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "account.operateSuccess", nil)
}

func (h *Handler) bind(channel, param string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		// password or currentCode (a bind code to the contact the account has) proves the
		// holder asks; the session alone binds nothing.
		f, err := fields(w, r, param, "code", "password", "currentCode")
		if err != nil {
			return err
		}
		proof := BindProof{Password: f["password"], CurrentCode: f["currentCode"]}
		if err := h.Service.BindContact(r.Context(), mustUser(r), channel, f[param], f["code"], proof); err != nil {
			return err
		}
		return httpx.OKMessage(w, r, "account.bindSuccess", nil)
	}
}

func (h *Handler) change(channel, newParam string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		f, err := fields(w, r, "code", newParam, "newCode")
		if err != nil {
			return err
		}
		if err := h.Service.ChangeContact(r.Context(), mustUser(r), channel, f["code"], f[newParam], f["newCode"]); err != nil {
			return err
		}
		return httpx.OKMessage(w, r, "account.operateSuccess", nil)
	}
}

func (h *Handler) passwordCheck(w http.ResponseWriter, r *http.Request) error {
	f, err := fields(w, r, "oldPassword")
	if err != nil {
		return err
	}
	if err := h.Service.VerifyPassword(r.Context(), mustUser(r), f["oldPassword"], "field.oldPassword"); err != nil {
		return err
	}
	return httpx.OK(w, r, nil)
}

func (h *Handler) passwordByOld(w http.ResponseWriter, r *http.Request) error {
	f, err := fields(w, r, "password", "newPassword")
	if err != nil {
		return err
	}
	token := httpx.From(r.Context()).Token
	if err := h.Service.ChangePasswordByOld(r.Context(), mustUser(r), token, f["password"], f["newPassword"]); err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "account.operateSuccess", nil)
}

func (h *Handler) passwordByCode(channel, param string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		f, err := fields(w, r, param, "code", "newPassword")
		if err != nil {
			return err
		}
		token := httpx.From(r.Context()).Token
		if err := h.Service.ChangePasswordByCode(r.Context(), mustUser(r), token, channel, f[param], f["code"], f["newPassword"]); err != nil {
			return err
		}
		return httpx.OKMessage(w, r, "account.operateSuccess", nil)
	}
}

type accountTypeOption struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

func (h *Handler) accountTypes(w http.ResponseWriter, r *http.Request) error {
	out := make([]accountTypeOption, 0, len(AccountTypes))
	for _, t := range AccountTypes {
		out = append(out, accountTypeOption{Code: t, Name: i18n.T(httpx.Lang(r), "account.type."+t, nil)})
	}
	return httpx.OK(w, r, out)
}

func (h *Handler) changeAccountType(w http.ResponseWriter, r *http.Request) error {
	f, err := fields(w, r, "accountTypeCode")
	if err != nil {
		return err
	}
	changed, err := h.Service.ChangeAccountType(r.Context(), mustUser(r), strings.TrimSpace(f["accountTypeCode"]))
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "account.operateSuccess", map[string]bool{"changed": changed})
}

func (h *Handler) cancel(w http.ResponseWriter, r *http.Request) error {
	f, err := fields(w, r, "password")
	if err != nil {
		return err
	}
	if err := h.Service.CancelAccount(r.Context(), mustUser(r), f["password"]); err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "account.cancelled", nil)
}

func (h *Handler) logout(w http.ResponseWriter, r *http.Request) error {
	if err := h.Service.Logout(r.Context(), httpx.From(r.Context()).Token); err != nil {
		return err
	}
	return httpx.OK(w, r, nil)
}

// OwnerScope wraps a session middleware (RequireUser): the request goes on with the
// session user's whole account as its read scope (scope.Access), for the reads that an
// observer link may also make with its own narrower scope.
func OwnerScope(user httpx.Middleware) httpx.Middleware {
	return func(next httpx.HandlerFunc) httpx.HandlerFunc {
		return user(func(w http.ResponseWriter, r *http.Request) error {
			u := mustUser(r)
			return next(w, r.WithContext(scope.NewContext(r.Context(), scope.Access{Scope: scope.User(u.ID)})))
		})
	}
}

// ObserverTokenPrefix begins every observer link's token (package observer), so that a
// call open only to sessions can tell one and answer code 5 (SPEC section 8), not code 4.
const ObserverTokenPrefix = "ob_"
