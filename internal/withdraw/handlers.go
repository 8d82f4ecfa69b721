package withdraw

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// Rate limits of the calls that move money or change where it goes.
const (
	WithdrawalsPerHour    = 20
	AddressChangesPerHour = 20
)

// Handler serves the address book, withdrawal settings, withdrawals and their history
// (docs/withdrawals.md). Every call is the logged-in user's, on their own sub-accounts
// and address book entries only.
type Handler struct {
	Store   *Store
	Pool    *pool.Store
	Account *account.Service
	User    httpx.Middleware
	Limiter ratelimit.Limiter
	// Email and SMS, when set, tell the user's bound contacts of every change of where
	// their money may go (docs/withdrawals.md "The address book").
	Email, SMS notify.NoticeSender
	Log        *slog.Logger
	// TwoFactor, when set, asks users who have an authenticator app for its code on the
	// calls that take the second verification: withdrawals, address book changes and
	// saving a withdrawal setting (spender).
	TwoFactor TwoFactor
}

// held refuses a withdrawal or a new or changed address while the wait after a contact
// change is under way (account.ContactHold), naming its end in the reader's time zone;
// data.holdUntil is the end in Unix ms. A code or password that changed the phone or
// email is no proof that the holder, rather than whoever has the session, asks for the
// money: the contacts the account had are told, and have the day to act.
func (h *Handler) held(ctx context.Context, u account.User) error {
	end, on := u.ContactHoldUntil(h.Store.now())
	if !on {
		return nil
	}
	e := httpx.Warn("withdraw.contactHold", i18n.Params{"until": end.In(httpx.From(ctx).TZ).Format("2006-01-02 15:04 (UTC-07:00)")})
	e.Data = map[string]int64{"holdUntil": end.UnixMilli()}
	return e
}

// tellContacts sends the address book notice to the user's email and phone, after the
// change is committed and without holding up the answer; a failed send is logged.
func (h *Handler) tellContacts(ctx context.Context, u account.User, a Address, action string) {
	params := map[string]string{"action": action, "coin": a.Coin, "address": a.Address,
		"time": h.Store.now().In(beijing).Format("2006-01-02 15:04")}
	lang := httpx.From(ctx).Lang
	var sends []func(context.Context) error
	if u.Email != "" && h.Email != nil {
		n := notify.Notice{Channel: notify.ChannelEmail, To: u.Email, Lang: lang, Kind: notify.NoticeAddressBook, Params: params}
		sends = append(sends, func(ctx context.Context) error { return h.Email.SendNotice(ctx, n) })
	}
	if u.Phone != "" && h.SMS != nil {
		n := notify.Notice{Channel: notify.ChannelSMS, To: u.Phone, Lang: lang, Kind: notify.NoticeAddressBook, Params: params}
		sends = append(sends, func(ctx context.Context) error { return h.SMS.SendNotice(ctx, n) })
	}
	if len(sends) == 0 {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		for _, send := range sends {
			if err := send(ctx); err != nil && h.Log != nil {
				h.Log.Warn("address book notice not sent", "user", u.ID, "err", err)
			}
		}
	}()
}

// Routes registers the calls.
func (h *Handler) Routes(r *httpx.Router) {
	if h.User == nil || h.Limiter == nil || h.Account == nil {
		panic("withdraw: Handler.User, Limiter and Account must be set")
	}
	r.Handle("GET /api/pc/v1/customer/address/list", h.addressList, h.User)
	r.Handle("POST /api/pc/v1/customer/address/save", h.addressSave, h.User)
	r.Handle("POST /api/pc/v1/customer/address/delete", h.addressDelete, h.User)
	r.Handle("GET /api/pc/v1/customer/withdraw/setting/list", h.settingList, h.User)
	r.Handle("POST /api/pc/v1/customer/withdraw/setting", h.settingSave, h.User)
	r.Handle("GET /api/pc/v1/customer/withdraw/setting/closed", h.settingClose, h.User)
	r.Handle("GET /api/pc/v1/customer/withdraw/info", h.info, h.User)
	r.Handle("POST /api/pc/v1/customer/withdraw/apply", h.apply, h.User)
	r.Handle("GET /api/pc/v1/customer/withdraw/list", h.list, h.User)
}

func user(r *http.Request) account.User {
	u, ok := account.CurrentUser(r.Context())
	if !ok {
		panic("withdraw: handler registered without the user middleware")
	}
	return u
}

// limit counts one money action of the user against its hourly cap.
func (h *Handler) limit(ctx context.Context, what string, userID int64, perHour int) error {
	ok, err := h.Limiter.Allow(ctx, "withdraw:"+what+":"+strconv.FormatInt(userID, 10), perHour, time.Hour)
	if err != nil {
		return err
	}
	if !ok {
		return httpx.TooManyRequests("")
	}
	return nil
}

// subAccount is the caller's sub-account named by code (required).
func (h *Handler) subAccount(ctx context.Context, userID int64, code string) (pool.SubAccount, error) {
	if strings.TrimSpace(code) == "" {
		return pool.SubAccount{}, httpx.Required("withdraw.field.subAccount")
	}
	a, err := h.Pool.SubAccount(ctx, userID, code)
	if err != nil {
		return a, httpx.NotFound("pool.subAccountNotFound")
	}
	return a, nil
}

// addressView is an address book entry in the API.
type addressView struct {
	ID           int64  `json:"id"`
	CurrencyType string `json:"currencyType"`
	Address      string `json:"address"`
	Network      string `json:"network"`
	Description  string `json:"description"`
	UsableAt     int64  `json:"usableAt"`
	// LockedSeconds is how long until it may be paid (0: usable now).
	LockedSeconds int64 `json:"lockedSeconds"`
	CreatedAt     int64 `json:"createdAt"`
	UpdatedAt     int64 `json:"updatedAt"`
}

func viewAddress(a Address, now time.Time) addressView {
	left := max(0, (a.UsableAt-now.UnixMilli()+999)/1000)
	return addressView{ID: a.ID, CurrencyType: a.Coin, Address: a.Address, Network: a.Network, Description: a.Description,
		UsableAt: a.UsableAt, LockedSeconds: left, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
}

func (h *Handler) addressList(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	list, err := h.Store.Addresses(r.Context(), u.ID, strings.ToUpper(strings.TrimSpace(r.URL.Query().Get("currencyType"))))
	if err != nil {
		return err
	}
	now := h.Store.now()
	out := make([]addressView, len(list))
	for i, a := range list {
		out[i] = viewAddress(a, now)
	}
	return httpx.OK(w, r, out)
}

// verification is the second verification every money call carries, and the code from the
// authenticator app when the user signs in with one.
type verification struct {
	VerifyType string `json:"verifyType"`
	Code       string `json:"code"`
	TotpCode   string `json:"totpCode"`
}

// TwoFactor is the user's authenticator app (internal/twofactor).
type TwoFactor interface {
	Enabled(ctx context.Context, userID int64) (bool, error)
	Verify(ctx context.Context, userID int64, code string) error
}

// spender checks the second verification and answers what spends it in the action's
// transaction. A user with an authenticator app also gives its code, checked after the
// SPEC's code so a mistyped one does not use up the app's.
func (h *Handler) spender(ctx context.Context, u account.User, scene string, v verification) (Spend, error) {
	id, err := h.Account.SecondFactor(ctx, u, scene, strings.TrimSpace(v.VerifyType), v.Code)
	if err != nil {
		return nil, err
	}
	if h.TwoFactor != nil {
		on, err := h.TwoFactor.Enabled(ctx, u.ID)
		if err != nil {
			return nil, err
		}
		if on {
			if err := h.TwoFactor.Verify(ctx, u.ID, v.TotpCode); err != nil {
				return nil, err
			}
		}
	}
	return func(ctx context.Context, tx *db.Tx) error { return account.SpendCode(ctx, tx, id, h.Store.now()) }, nil
}

func (h *Handler) addressSave(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		ID           int64  `json:"id"`
		CurrencyType string `json:"currencyType"`
		Address      string `json:"address"`
		Network      string `json:"network"`
		Description  string `json:"description"`
		verification
	}
	if err := httpx.DecodeFields(w, r, &body, "withdraw.field."); err != nil {
		return err
	}
	u := user(r)
	ctx := r.Context()
	if err := h.limit(ctx, "address", u.ID, AddressChangesPerHour); err != nil {
		return err
	}
	// Shapes first, so a mistyped address costs no code.
	in, err := h.Store.CheckAddress(ctx, AddressInput{ID: body.ID, Coin: body.CurrencyType, Address: body.Address, Network: body.Network, Description: body.Description})
	if err != nil {
		return err
	}
	// A new address, or another address or network for an entry, waits out the hold after
	// a contact change; a description alone sends money nowhere new.
	moves := in.ID == 0
	if !moves {
		old, err := h.Store.address(ctx, h.Store.DB, u.ID, in.ID)
		if err != nil {
			return err
		}
		moves = old.Address != in.Address || old.Network != in.Network
	}
	if moves {
		if err := h.held(ctx, u); err != nil {
			return err
		}
	}
	spend, err := h.spender(ctx, u, account.SceneAddressBook, body.verification)
	if err != nil {
		return err
	}
	a, change, err := h.Store.SaveChecked(ctx, u.ID, in, spend)
	if err != nil {
		return err
	}
	if change != "" {
		h.tellContacts(ctx, u, a, change)
	}
	return httpx.OKMessage(w, r, "withdraw.addressSaved", viewAddress(a, h.Store.now()))
}

func (h *Handler) addressDelete(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		ID int64 `json:"id"`
		verification
	}
	if err := httpx.DecodeFields(w, r, &body, "withdraw.field."); err != nil {
		return err
	}
	u := user(r)
	ctx := r.Context()
	if body.ID == 0 {
		return httpx.Required("withdraw.field.id")
	}
	if err := h.limit(ctx, "address", u.ID, AddressChangesPerHour); err != nil {
		return err
	}
	if _, err := h.Store.address(ctx, h.Store.DB, u.ID, body.ID); err != nil {
		return err
	}
	spend, err := h.spender(ctx, u, account.SceneAddressBook, body.verification)
	if err != nil {
		return err
	}
	old, err := h.Store.DeleteAddress(ctx, u.ID, body.ID, spend)
	if err != nil {
		return err
	}
	h.tellContacts(ctx, u, old, ChangeDeleted)
	return httpx.OKMessage(w, r, "withdraw.addressDeleted", nil)
}

// settingView is one coin's auto-withdrawal in the API.
type settingView struct {
	CurrencyType string `json:"currencyType"`
	Unit         string `json:"unit"`
	Decimals     int    `json:"decimals"`
	AutoEnabled  bool   `json:"autoEnabled"`
	Amount       string `json:"amount"`
	AddressID    int64  `json:"addressId"`
	Address      string `json:"address"`
	// MinAmount is the system minimum (SPEC: set by the system); Fee the withdrawal fee.
	MinAmount string `json:"minAmount"`
	Fee       string `json:"fee"`
}

// windowView tells the client about the payment window.
type windowView struct {
	Locked      bool  `json:"locked"`
	LockedUntil int64 `json:"lockedUntil"` // Unix ms, when locked
}

func window(now time.Time) windowView {
	if InPaymentWindow(now) {
		return windowView{Locked: true, LockedUntil: windowEnd(now).UnixMilli()}
	}
	return windowView{}
}

func (h *Handler) settingList(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	ctx := r.Context()
	sub, err := h.subAccount(ctx, u.ID, r.URL.Query().Get("subAccount"))
	if err != nil {
		return err
	}
	coins, err := h.Store.Coins.List(ctx)
	if err != nil {
		return err
	}
	settings, err := h.Store.Settings(ctx, sub.ID)
	if err != nil {
		return err
	}
	book, err := h.Store.Addresses(ctx, u.ID, "")
	if err != nil {
		return err
	}
	addr := map[int64]string{}
	for _, a := range book {
		addr[a.ID] = a.Address
	}
	out := struct {
		Window windowView    `json:"window"`
		Rows   []settingView `json:"rows"`
	}{Window: window(h.Store.now()), Rows: []settingView{}}
	for _, c := range coins {
		st := settings[c.Type]
		out.Rows = append(out.Rows, settingView{CurrencyType: c.Type, Unit: c.ChainUnit, Decimals: c.Decimals, AutoEnabled: st.Enabled,
			Amount: amountOrEmpty(st.Amount, c), AddressID: st.AddressID, Address: addr[st.AddressID],
			MinAmount: chain.FormatAmount(c.MinWithdraw, c.Decimals), Fee: chain.FormatAmount(c.WithdrawFee, c.Decimals)})
	}
	return httpx.OK(w, r, out)
}

func amountOrEmpty(v int64, c coin.Coin) string {
	if v == 0 {
		return ""
	}
	return chain.FormatAmount(v, c.Decimals)
}

// settingSave turns an auto-withdrawal on or changes it with the same second verification
// as a withdrawal (scene withdraw; the authenticator's code too when it is on): with a
// session alone, whoever held it chose when, how much and to which entry money went.
// Turning one off takes none, here or with setting/closed: it sends nothing anywhere.
func (h *Handler) settingSave(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		SubAccount   string `json:"subAccount"`
		CurrencyType string `json:"currencyType"`
		AutoEnabled  bool   `json:"autoEnabled"`
		Amount       string `json:"amount"`
		AddressID    int64  `json:"addressId"`
		verification
	}
	if err := httpx.DecodeFields(w, r, &body, "withdraw.field."); err != nil {
		return err
	}
	u := user(r)
	ctx := r.Context()
	sub, err := h.subAccount(ctx, u.ID, body.SubAccount)
	if err != nil {
		return err
	}
	// Checked first, so a refused change costs no code.
	st, err := h.Store.PrepareSetting(ctx, SettingInput{UserID: u.ID, SubAccountID: sub.ID, Coin: body.CurrencyType,
		Enabled: body.AutoEnabled, Amount: body.Amount, AddressID: body.AddressID})
	if err != nil {
		return err
	}
	spend := Spend(func(context.Context, *db.Tx) error { return nil })
	if st.Enabled {
		if spend, err = h.spender(ctx, u, account.SceneWithdraw, body.verification); err != nil {
			return err
		}
	}
	if err := h.Store.PutSetting(ctx, u.ID, st, spend); err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "withdraw.settingSaved", nil)
}

func (h *Handler) settingClose(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	ctx := r.Context()
	q := r.URL.Query()
	sub, err := h.subAccount(ctx, u.ID, q.Get("subAccount"))
	if err != nil {
		return err
	}
	if _, err := h.Store.SaveSetting(ctx, SettingInput{UserID: u.ID, SubAccountID: sub.ID, Coin: q.Get("currencyType")}); err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "withdraw.settingSaved", nil)
}

// infoView is what the withdrawal dialog needs.
type infoView struct {
	CurrencyType string `json:"currencyType"`
	Unit         string `json:"unit"`
	Decimals     int    `json:"decimals"`
	MaxDecimals  int    `json:"maxDecimals"`
	Available    string `json:"available"`
	Frozen       string `json:"frozen"`
	Max          string `json:"maxAmount"`
	Fee          string `json:"fee"`
	// Min is the smallest amount a withdrawal may name: the fee plus the coin's dust floor.
	Min       string        `json:"minAmount"`
	Networks  []string      `json:"networks"`
	Addresses []addressView `json:"addresses"`
	// Verify lists the second verification methods the user has bound ("phone", "email").
	Verify []string `json:"verifyTypes"`
	// HoldUntil is when withdrawals may go again after a contact change (Unix ms); 0 when
	// none is waiting.
	HoldUntil int64 `json:"holdUntil"`
}

func (h *Handler) info(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	ctx := r.Context()
	q := r.URL.Query()
	sub, err := h.subAccount(ctx, u.ID, q.Get("subAccount"))
	if err != nil {
		return err
	}
	c, err := h.Store.coinOf(ctx, q.Get("currencyType"))
	if err != nil {
		return err
	}
	quote, err := h.Store.QuoteFor(ctx, sub.ID, c)
	if err != nil {
		return err
	}
	book, err := h.Store.Addresses(ctx, u.ID, c.Type)
	if err != nil {
		return err
	}
	now := h.Store.now()
	f := func(v int64) string { return chain.FormatAmount(v, c.Decimals) }
	out := infoView{CurrencyType: c.Type, Unit: c.ChainUnit, Decimals: c.Decimals, MaxDecimals: min(MaxDecimals, c.Decimals),
		Available: f(quote.Available), Frozen: f(quote.Frozen), Max: f(quote.Max), Fee: f(quote.Fee), Min: f(MinAmount(c)), Networks: Networks(c),
		Addresses: make([]addressView, len(book)), Verify: []string{}}
	for i, a := range book {
		out.Addresses[i] = viewAddress(a, now)
	}
	if u.Phone != "" {
		out.Verify = append(out.Verify, "phone")
	}
	if u.Email != "" {
		out.Verify = append(out.Verify, "email")
	}
	if end, on := u.ContactHoldUntil(now); on {
		out.HoldUntil = end.UnixMilli()
	}
	return httpx.OK(w, r, out)
}

func (h *Handler) apply(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		SubAccount   string `json:"subAccount"`
		CurrencyType string `json:"currencyType"`
		Amount       string `json:"amount"`
		AddressID    int64  `json:"addressId"`
		Network      string `json:"network"`
		Remark       string `json:"remark"`
		RequestID    string `json:"requestId"`
		verification
	}
	if err := httpx.DecodeFields(w, r, &body, "withdraw.field."); err != nil {
		return err
	}
	u := user(r)
	ctx := r.Context()
	sub, err := h.subAccount(ctx, u.ID, body.SubAccount)
	if err != nil {
		return err
	}
	// Read and checked first, so a malformed request costs no code.
	p, err := h.Store.Prepare(ctx, Request{UserID: u.ID, SubAccountID: sub.ID, Coin: body.CurrencyType, AddressID: body.AddressID,
		Network: body.Network, Amount: body.Amount, Remark: body.Remark, RequestID: body.RequestID})
	if err != nil {
		return err
	}
	// A resubmitted request (its answer was lost) made its withdrawal already, and its
	// code is spent: answer that withdrawal as it was made, with its own sub-account and
	// coin whatever this request names. The key is the user's own, so nothing else can
	// be read this way, and nothing is booked.
	if p.Existing != nil {
		v, err := h.viewStored(ctx, u.ID, *p.Existing)
		if err != nil {
			return err
		}
		return httpx.OKMessage(w, r, "withdraw.requested", v)
	}
	if err := h.held(ctx, u); err != nil {
		return err
	}
	if err := h.limit(ctx, "apply", u.ID, WithdrawalsPerHour); err != nil {
		return err
	}
	spend, err := h.spender(ctx, u, account.SceneWithdraw, body.verification)
	if err != nil {
		return err
	}
	wd, err := h.Store.Book(ctx, p, spend)
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "withdraw.requested", h.view(ctx, wd, p.Coin, sub.Code))
}

// viewStored shows a withdrawal with its own coin and sub-account, read from the database.
func (h *Handler) viewStored(ctx context.Context, userID int64, wd Withdrawal) (withdrawalView, error) {
	c, err := h.Store.Coins.Get(ctx, wd.Coin)
	if err != nil {
		return withdrawalView{}, err
	}
	subs, err := h.Pool.SubAccounts(ctx, userID)
	if err != nil {
		return withdrawalView{}, err
	}
	code := ""
	for _, s := range subs {
		if s.ID == wd.SubAccountID {
			code = s.Code
		}
	}
	return h.view(ctx, wd, c, code), nil
}

// withdrawalView is one withdrawal in the history (SPEC section 3 "Withdrawal").
type withdrawalView struct {
	ID            int64  `json:"id"`
	OrderNo       string `json:"orderNo"`
	SubAccount    string `json:"subAccount"`
	CurrencyType  string `json:"currencyType"`
	Kind          string `json:"kind"`
	Amount        string `json:"amount"`
	Fee           string `json:"fee"`
	Received      string `json:"received"`
	Address       string `json:"address"`
	Network       string `json:"network"`
	Remark        string `json:"remark"`
	Status        string `json:"status"` // processing, success, failure
	Stage         string `json:"stage"`  // the payout's own status
	TxHash        string `json:"txHash"` // empty until broadcast
	Confirmations int64  `json:"confirmations"`
	Required      int64  `json:"requiredConfirmations"`
	Reason        string `json:"reason"` // in the request's language
	CreatedAt     int64  `json:"createdAt"`
	UpdatedAt     int64  `json:"updatedAt"`
}

func (h *Handler) view(ctx context.Context, wd Withdrawal, c coin.Coin, subCode string) withdrawalView {
	f := func(v int64) string { return chain.FormatAmount(v, c.Decimals) }
	v := withdrawalView{ID: wd.ID, OrderNo: wd.OrderNo, SubAccount: subCode, CurrencyType: wd.Coin, Kind: wd.Kind, Amount: f(wd.Amount),
		Fee: f(wd.Fee), Received: f(wd.Received), Address: wd.Address, Network: wd.Network, Remark: wd.Remark,
		Status: Shown(wd.Status), Stage: wd.Status, Confirmations: wd.Confirmations, Required: c.Confirmations(),
		CreatedAt: wd.CreatedAt, UpdatedAt: wd.UpdatedAt}
	if wd.Status == StatusBroadcast || wd.Status == StatusConfirmed || (wd.Status == StatusFailed && wd.TxID != "") {
		v.TxHash = wd.TxID
	}
	if wd.Status == StatusConfirmed && v.Confirmations < v.Required {
		v.Confirmations = v.Required
	}
	if wd.Status == StatusFailed {
		v.Reason = reasonText(httpx.From(ctx).Lang, wd)
	}
	return v
}

// reasonText is why a withdrawal failed, in lang: its message key, with the operator's
// note where the key shows one. Rows failed before there were keys show their reason as
// it was stored.
func reasonText(lang string, wd Withdrawal) string {
	switch wd.ReasonKey {
	case "":
		return wd.Reason
	case ReasonByPoolNote:
		return i18n.T(lang, wd.ReasonKey, i18n.Params{"note": wd.Reason})
	}
	return i18n.T(lang, wd.ReasonKey, nil)
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	u := user(r)
	ctx := r.Context()
	q := r.URL.Query()
	page, size, err := httpx.Paging(q, "withdraw.field.page", "withdraw.field.pageSize")
	if err != nil {
		return err
	}
	var subID int64
	if code := strings.TrimSpace(q.Get("subAccount")); code != "" {
		sub, err := h.subAccount(ctx, u.ID, code)
		if err != nil {
			return err
		}
		subID = sub.ID
	}
	coinType := ""
	if t := strings.TrimSpace(q.Get("currencyType")); t != "" {
		c, err := h.Store.coinOf(ctx, t)
		if err != nil {
			return err
		}
		coinType = c.Type
	}
	list, total, err := h.Store.List(ctx, u.ID, subID, coinType, page, size)
	if err != nil {
		return err
	}
	coins, err := h.Store.Coins.List(ctx)
	if err != nil {
		return err
	}
	byType := map[string]coin.Coin{}
	for _, c := range coins {
		byType[c.Type] = c
	}
	subs, err := h.Pool.SubAccounts(ctx, u.ID)
	if err != nil {
		return err
	}
	codes := map[int64]string{}
	for _, s := range subs {
		codes[s.ID] = s.Code
	}
	out := make([]withdrawalView, len(list))
	for i, wd := range list {
		out[i] = h.view(ctx, wd, byType[wd.Coin], codes[wd.SubAccountID])
	}
	return httpx.OK(w, r, map[string]any{"rows": out, "total": total, "page": page, "pageSize": size})
}
