package account

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// Brute-force limits: failures (wrong password or code) within FailureWindow.
const (
	FailuresPerAccount = 5
	FailuresPerClient  = 20
	FailureWindow      = 15 * time.Minute
	LockoutFor         = 15 * time.Minute
)

// CodeSender delivers a verification code on one channel (internal/notify implements it).
type CodeSender interface {
	SendCode(ctx context.Context, c notify.Code) error
}

// DeviceUnbinder unbinds every device of a user; the pool package's store implements it
// (internal/pool owns devices). It runs inside the caller's transaction, so an
// account-type change or a cancellation and its unbinding are one.
type DeviceUnbinder interface {
	UnbindAllDevices(ctx context.Context, q db.Querier, userID int64) (int, error)
}

// NoDevices is the DeviceUnbinder of a pool without a mining engine: nothing to unbind.
type NoDevices struct{}

// UnbindAllDevices implements DeviceUnbinder.
func (NoDevices) UnbindAllDevices(context.Context, db.Querier, int64) (int, error) { return 0, nil }

// Service is the account rules over the store.
type Service struct {
	Store   *Store
	Guard   ratelimit.Guard
	Email   CodeSender
	SMS     CodeSender
	Devices DeviceUnbinder
	Argon   Argon2Params
	Log     *slog.Logger
	Now     func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) devices() DeviceUnbinder {
	if s.Devices == nil {
		return NoDevices{}
	}
	return s.Devices
}

// normalizeTarget checks a phone or an email by channel.
func normalizeTarget(channel, raw string) (string, error) {
	if channel == ChannelSMS {
		return NormalizePhone(raw)
	}
	return NormalizeEmail(raw)
}

func contactOf(u *User, channel string) string {
	if channel == ChannelSMS {
		return u.Phone
	}
	return u.Email
}

// guardKeys names the failure counters of an attempt: the account (by user when known,
// else by the target typed) and the client address.
func guardKeys(u *User, channel, target, clientAddr string) (acct, client string) {
	if u != nil && u.ID != 0 {
		acct = "auth:user:" + strconv.FormatInt(u.ID, 10)
	} else {
		acct = "auth:" + channel + ":" + target
	}
	return acct, "auth:ip:" + clientAddr
}

func (s *Service) refuseIfLocked(ctx context.Context, keys ...string) error {
	for _, k := range keys {
		locked, err := s.Guard.Locked(ctx, k)
		if err != nil {
			return err
		}
		if locked {
			return httpx.TooManyRequests("account.tooManyAttempts")
		}
	}
	return nil
}

// failed counts a failure on both keys; when that locks either, the answer says so.
func (s *Service) failed(ctx context.Context, acct, client string, answer error) error {
	lockedA, err := s.Guard.Fail(ctx, acct, FailuresPerAccount, FailureWindow, LockoutFor)
	if err != nil {
		return err
	}
	lockedC, err := s.Guard.Fail(ctx, client, FailuresPerClient, FailureWindow, LockoutFor)
	if err != nil {
		return err
	}
	if lockedA || lockedC {
		return httpx.TooManyRequests("account.tooManyAttempts")
	}
	return answer
}

func isWrongCode(err error) bool {
	var e *httpx.Error
	return errors.As(err, &e) && (e.Key == "account.codeInvalid" || e.Key == "account.codeBurned")
}

// checkOwner applies a scene's rule about whose the target must be.
func (s *Service) checkOwner(ctx context.Context, sc Scene, target string, caller *User) error {
	if sc.NeedsLogin() && caller == nil {
		return httpx.LoginRequired("")
	}
	owner, err := s.Store.UserByContact(ctx, s.Store.DB, sc.Channel, target)
	exists := err == nil
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return err
	}
	switch sc.Owner {
	case targetUnregistered:
		if exists {
			return httpx.Warn(contactKey(sc.Channel, "account.phoneRegistered", "account.emailRegistered"), nil)
		}
	case targetRegistered:
		if !exists {
			return httpx.Warn(contactKey(sc.Channel, "account.phoneNotRegistered", "account.emailNotRegistered"), nil)
		}
	case targetMine:
		mine := contactOf(caller, sc.Channel)
		if mine == "" {
			return httpx.Warn("account.notBound", nil)
		}
		if mine != target {
			return httpx.Warn(contactKey(sc.Channel, "account.notYourPhone", "account.notYourEmail"), nil)
		}
	case targetFreeForMe:
		if exists && owner.ID == caller.ID {
			return httpx.Warn(contactKey(sc.Channel, "account.samePhone", "account.sameEmail"), nil)
		}
		if exists {
			return httpx.Warn(contactKey(sc.Channel, "account.phoneInUse", "account.emailInUse"), nil)
		}
		if (sc.Name == "bindPhone" || sc.Name == "bindEmail") && contactOf(caller, sc.Channel) != "" {
			return httpx.Warn(contactKey(sc.Channel, "account.phoneAlreadyBound", "account.emailAlreadyBound"), nil)
		}
	}
	return nil
}

func contactKey(channel, phoneKey, emailKey string) string {
	if channel == ChannelSMS {
		return phoneKey
	}
	return emailKey
}

// SendCode sends a verification code for a scene to a phone or email. It needs a slider
// ticket, spent only once every other check has passed.
func (s *Service) SendCode(ctx context.Context, channel, sceneName, rawTarget, ticket string, caller *User) error {
	sc, err := SceneFor(channel, sceneName)
	if err != nil {
		return err
	}
	target, err := normalizeTarget(channel, rawTarget)
	if err != nil {
		return err
	}
	if err := s.checkOwner(ctx, sc, target, caller); err != nil {
		return err
	}
	now := s.now()
	rq := httpx.From(ctx)
	if err := s.Store.checkSendLimits(ctx, s.Store.DB, sc, target, rq.ClientAddr, now); err != nil {
		return err
	}
	if err := s.Store.UseTicket(ctx, ticket, now); err != nil {
		return err
	}
	var code string
	err = s.Store.DB.InTx(ctx, func(tx *db.Tx) error {
		code, err = s.Store.issueCode(ctx, tx, sc, target, rq.ClientAddr, now)
		return err
	})
	if err != nil {
		return err
	}
	sender := s.Email
	if channel == ChannelSMS {
		sender = s.SMS
	}
	if err := sender.SendCode(ctx, notify.Code{Channel: channel, To: target, Lang: rq.Lang, Scene: sc.Name, Code: code, TTL: CodeTTL}); err != nil {
		// A code nobody received must not count as sent: retire it.
		_, _ = s.Store.DB.Exec(context.WithoutCancel(ctx), `UPDATE verification_codes SET used_at = ?, created_at = 0
			WHERE channel = ? AND target = ? AND scene = ? AND used_at IS NULL`, now.UnixMilli(), channel, target, sc.Name)
		return &httpx.Error{Code: httpx.CodeWarning, Status: http.StatusBadGateway, Key: "account.sendFailed", Cause: err}
	}
	return nil
}

// CheckCode tells whether a code is right without using it up (step 1 of the two-step
// dialogs); the final call checks it again and spends it.
func (s *Service) CheckCode(ctx context.Context, channel, sceneName, rawTarget, rawCode string, caller *User) error {
	sc, err := SceneFor(channel, sceneName)
	if err != nil {
		return err
	}
	_, _, err = s.verifyTargetCode(ctx, sc, rawTarget, rawCode, caller)
	return err
}

// verifyTargetCode checks a target and a code typed for scene sc: their shapes, whose the
// target must be, and the code under the brute-force guard. It answers the normalized
// target and the code's id, not yet used up.
func (s *Service) verifyTargetCode(ctx context.Context, sc Scene, rawTarget, rawCode string, who *User) (string, int64, error) {
	target, err := normalizeTarget(sc.Channel, rawTarget)
	if err != nil {
		return "", 0, err
	}
	code, err := CheckCode(rawCode)
	if err != nil {
		return "", 0, err
	}
	if err := s.checkOwner(ctx, sc, target, who); err != nil {
		return "", 0, err
	}
	id, err := s.verifyGuarded(ctx, sc, target, code, who)
	return target, id, err
}

// verifyGuarded checks a code under the brute-force guard and returns its id, not yet
// used up: the action spends it with consumeCode inside its own transaction.
func (s *Service) verifyGuarded(ctx context.Context, sc Scene, target, code string, who *User) (int64, error) {
	acct, client := guardKeys(who, sc.Channel, target, httpx.From(ctx).ClientAddr)
	if err := s.refuseIfLocked(ctx, acct, client); err != nil {
		return 0, err
	}
	id, err := s.Store.verifyCode(ctx, sc, target, code, s.now())
	if isWrongCode(err) {
		return 0, s.failed(ctx, acct, client, err)
	}
	return id, err
}

// errLoginFailed is the one answer to every failed login, so it tells nothing about which
// part was wrong (SPEC section 8: check whether your information is filled in correctly).
var errLoginFailed = httpx.Warn("account.loginFailed", nil)

// dummyHash is checked against when no user matches, so a login for an unknown account
// takes as long as one for a known account.
var dummyHash, _ = HashPassword("not a real password", DefaultArgon2)

// LoginPassword logs in with phone or email and password; it needs a slider ticket.
func (s *Service) LoginPassword(ctx context.Context, channel, rawTarget, rawPassword, ticket, userAgent string) (string, User, error) {
	target, err := normalizeTarget(channel, rawTarget)
	if err != nil {
		return "", User{}, err
	}
	password, err := PasswordInput(rawPassword, "field.password")
	if err != nil {
		return "", User{}, err
	}
	clientAddr := httpx.From(ctx).ClientAddr
	u, err := s.Store.UserByContact(ctx, s.Store.DB, channel, target)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return "", User{}, err
	}
	found := err == nil
	var who *User
	if found {
		who = &u
	}
	acct, client := guardKeys(who, channel, target, clientAddr)
	if err := s.refuseIfLocked(ctx, acct, client); err != nil {
		return "", User{}, err
	}
	if err := s.Store.UseTicket(ctx, ticket, s.now()); err != nil {
		return "", User{}, err
	}
	hash := dummyHash
	if found {
		hash = u.PasswordHash
	}
	ok, err := CheckPassword(password, hash)
	if err != nil {
		return "", User{}, err
	}
	if !found || !ok {
		return "", User{}, s.failed(ctx, acct, client, errLoginFailed)
	}
	return s.startSession(ctx, u, acct, userAgent)
}

// LoginCode logs in with phone or email and a login code.
func (s *Service) LoginCode(ctx context.Context, channel, rawTarget, rawCode, userAgent string) (string, User, error) {
	target, err := normalizeTarget(channel, rawTarget)
	if err != nil {
		return "", User{}, err
	}
	code, err := CheckCode(rawCode)
	if err != nil {
		return "", User{}, err
	}
	u, err := s.Store.UserByContact(ctx, s.Store.DB, channel, target)
	if errors.Is(err, db.ErrNotFound) {
		acct, client := guardKeys(nil, channel, target, httpx.From(ctx).ClientAddr)
		if err := s.refuseIfLocked(ctx, acct, client); err != nil {
			return "", User{}, err
		}
		return "", User{}, s.failed(ctx, acct, client, errLoginFailed)
	}
	if err != nil {
		return "", User{}, err
	}
	id, err := s.verifyGuarded(ctx, Scenes[channel+":login"], target, code, &u)
	if err != nil {
		return "", User{}, err
	}
	if err := s.Store.DB.InTx(ctx, func(tx *db.Tx) error { return consumeCode(ctx, tx, id, s.now()) }); err != nil {
		return "", User{}, err
	}
	acct, _ := guardKeys(&u, channel, target, "")
	return s.startSession(ctx, u, acct, userAgent)
}

func (s *Service) startSession(ctx context.Context, u User, acctKey, userAgent string) (string, User, error) {
	if err := s.Guard.Reset(ctx, acctKey); err != nil {
		return "", User{}, err
	}
	token, err := s.Store.CreateSession(ctx, s.Store.DB, u.ID, httpx.From(ctx).ClientAddr, userAgent, s.now())
	if err != nil {
		return "", User{}, err
	}
	return token, u, nil
}

// Registration is what the register calls carry.
type Registration struct {
	Channel         string
	Target          string
	Code            string
	Nickname        string
	Password        string
	AgentInviteCode string
}

// Register creates an account after checking the register code.
func (s *Service) Register(ctx context.Context, r Registration) (User, error) {
	nick, err := CheckNickname(r.Nickname)
	if err != nil {
		return User{}, err
	}
	password, err := CheckPasswordRule(r.Password)
	if err != nil {
		return User{}, err
	}
	target, err := normalizeTarget(r.Channel, r.Target)
	if err != nil {
		return User{}, err
	}
	code, err := CheckCode(r.Code)
	if err != nil {
		return User{}, err
	}
	invite, err := CheckInviteCode(r.AgentInviteCode)
	if err != nil {
		return User{}, err
	}
	sc := Scenes[r.Channel+":register"]
	if err := s.checkOwner(ctx, sc, target, nil); err != nil {
		return User{}, err
	}
	hash, err := HashPassword(password, s.Argon)
	if err != nil {
		return User{}, err
	}
	u := User{Nickname: nick, PasswordHash: hash, AccountType: TypeNormal, Status: StatusActive, AgentInviteCode: invite, Lang: httpx.From(ctx).Lang}
	if r.Channel == ChannelSMS {
		u.Phone = target
	} else {
		u.Email = target
	}
	id, err := s.verifyGuarded(ctx, sc, target, code, nil)
	if err != nil {
		return User{}, err
	}
	err = s.Store.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := consumeCode(ctx, tx, id, s.now()); err != nil {
			return err
		}
		u, err = s.Store.CreateUser(ctx, tx, u)
		return err
	})
	if errors.Is(err, errContactTaken) {
		return User{}, httpx.Warn(contactKey(r.Channel, "account.phoneRegistered", "account.emailRegistered"), nil)
	}
	return u, err
}

// Rename changes the nickname.
func (s *Service) Rename(ctx context.Context, u User, raw string) error {
	nick, err := CheckNickname(raw)
	if err != nil {
		return err
	}
	u.Nickname = nick
	return s.Store.UpdateUser(ctx, s.Store.DB, u)
}

// BindContact binds a phone or email to an account that has none.
func (s *Service) BindContact(ctx context.Context, u User, channel, rawTarget, rawCode string) error {
	sc := Scenes[channel+":"+contactKey(channel, "bindPhone", "bindEmail")]
	target, id, err := s.verifyTargetCode(ctx, sc, rawTarget, rawCode, &u)
	if err != nil {
		return err
	}
	return s.setContact(ctx, u, channel, target, id)
}

// ChangeContact replaces the bound phone or email: oldCode proves the current one,
// newCode the new one; both are spent together.
func (s *Service) ChangeContact(ctx context.Context, u User, channel, rawOldCode, rawNew, rawNewCode string) error {
	current := contactOf(&u, channel)
	if current == "" {
		return httpx.Warn("account.notBound", nil)
	}
	oldCode, err := CheckCode(rawOldCode)
	if err != nil {
		return err
	}
	target, err := normalizeTarget(channel, rawNew)
	if err != nil {
		return err
	}
	newCode, err := CheckCode(rawNewCode)
	if err != nil {
		return err
	}
	changeSc := Scenes[channel+":"+contactKey(channel, "changePhone", "changeEmail")]
	newSc := Scenes[channel+":"+contactKey(channel, "newPhone", "newEmail")]
	if err := s.checkOwner(ctx, newSc, target, &u); err != nil {
		return err
	}
	oldID, err := s.verifyGuarded(ctx, changeSc, current, oldCode, &u)
	if err != nil {
		return err
	}
	newID, err := s.verifyGuarded(ctx, newSc, target, newCode, &u)
	if err != nil {
		return err
	}
	return s.setContact(ctx, u, channel, target, oldID, newID)
}

func (s *Service) setContact(ctx context.Context, u User, channel, target string, codeIDs ...int64) error {
	if channel == ChannelSMS {
		u.Phone = target
	} else {
		u.Email = target
	}
	err := s.Store.DB.InTx(ctx, func(tx *db.Tx) error {
		for _, id := range codeIDs {
			if err := consumeCode(ctx, tx, id, s.now()); err != nil {
				return err
			}
		}
		return s.Store.UpdateUser(ctx, tx, u)
	})
	if errors.Is(err, errContactTaken) {
		return httpx.Warn(contactKey(channel, "account.phoneInUse", "account.emailInUse"), nil)
	}
	return err
}

// VerifyPassword checks the user's password under the brute-force guard.
func (s *Service) VerifyPassword(ctx context.Context, u User, raw, field string) error {
	password, err := PasswordInput(raw, field)
	if err != nil {
		return err
	}
	acct, client := guardKeys(&u, "", "", httpx.From(ctx).ClientAddr)
	if err := s.refuseIfLocked(ctx, acct, client); err != nil {
		return err
	}
	ok, err := CheckPassword(password, u.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		return s.failed(ctx, acct, client, httpx.Warn("account.wrongPassword", nil))
	}
	return nil
}

// ChangePasswordByOld sets a new password after checking the old one; the user's other
// sessions end.
func (s *Service) ChangePasswordByOld(ctx context.Context, u User, keepToken, oldPassword, newPassword string) error {
	next, err := CheckPasswordRule(newPassword)
	if err != nil {
		return err
	}
	if err := s.VerifyPassword(ctx, u, oldPassword, "field.oldPassword"); err != nil {
		return err
	}
	return s.setPassword(ctx, u, keepToken, next)
}

// ChangePasswordByCode sets a new password after checking a code sent to the user's own
// phone or email.
func (s *Service) ChangePasswordByCode(ctx context.Context, u User, keepToken, channel, rawTarget, rawCode, newPassword string) error {
	if contactOf(&u, channel) == "" {
		return httpx.Warn("account.notBound", nil)
	}
	next, err := CheckPasswordRule(newPassword)
	if err != nil {
		return err
	}
	sc := Scenes[channel+":"+contactKey(channel, "resetPwdByPhone", "resetPwdByEmail")]
	_, id, err := s.verifyTargetCode(ctx, sc, rawTarget, rawCode, &u)
	if err != nil {
		return err
	}
	return s.setPassword(ctx, u, keepToken, next, id)
}

func (s *Service) setPassword(ctx context.Context, u User, keepToken, password string, codeIDs ...int64) error {
	hash, err := HashPassword(password, s.Argon)
	if err != nil {
		return err
	}
	u.PasswordHash = hash
	return s.Store.DB.InTx(ctx, func(tx *db.Tx) error {
		for _, id := range codeIDs {
			if err := consumeCode(ctx, tx, id, s.now()); err != nil {
				return err
			}
		}
		if err := s.Store.UpdateUser(ctx, tx, u); err != nil {
			return err
		}
		return s.Store.RevokeUserSessions(ctx, tx, u.ID, keepToken)
	})
}

// ChangeAccountType switches between normal and ASIC; every bound device is unbound in the
// same transaction. An unchanged type changes nothing and answers false.
func (s *Service) ChangeAccountType(ctx context.Context, u User, code string) (bool, error) {
	if code == "" {
		return false, httpx.Required("field.accountTypeCode")
	}
	if !slices.Contains(AccountTypes, code) {
		return false, httpx.Invalid("field.accountTypeCode")
	}
	if code == u.AccountType {
		return false, nil
	}
	u.AccountType = code
	err := s.Store.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := s.Store.UpdateUser(ctx, tx, u); err != nil {
			return err
		}
		n, err := s.devices().UnbindAllDevices(ctx, tx, u.ID)
		if err != nil {
			return fmt.Errorf("account: unbind devices of %d: %w", u.ID, err)
		}
		if s.Log != nil && n > 0 {
			s.Log.Info("account type changed, devices unbound", "user", u.ID, "type", code, "devices", n)
		}
		return nil
	})
	return err == nil, err
}

// CancelAccount ends an account for good after checking the password: every session ends,
// devices are unbound, and the phone and email are freed.
func (s *Service) CancelAccount(ctx context.Context, u User, password string) error {
	if err := s.VerifyPassword(ctx, u, password, "field.password"); err != nil {
		return err
	}
	return s.Store.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := s.devices().UnbindAllDevices(ctx, tx, u.ID); err != nil {
			return err
		}
		if err := s.Store.Cancel(ctx, tx, u.ID); err != nil {
			return err
		}
		return s.Store.RevokeUserSessions(ctx, tx, u.ID, "")
	})
}

// Logout ends one session.
func (s *Service) Logout(ctx context.Context, token string) error {
	return s.Store.RevokeSession(ctx, s.Store.DB, token)
}

// SecondFactor checks the second verification of a money action (SPEC section 5): a code
// sent for scene to the user's own phone (verifyType "phone") or email ("email"). A user
// with neither bound has nothing to verify with and passes (id 0); one with a contact
// bound must give a code. The code is not yet used up: the action spends it with
// SpendCode inside its own transaction, so a refused action leaves it usable.
func (s *Service) SecondFactor(ctx context.Context, u User, scene, verifyType, rawCode string) (int64, error) {
	if u.Phone == "" && u.Email == "" {
		return 0, nil
	}
	var channel string
	switch verifyType {
	case "phone":
		channel = ChannelSMS
	case "email":
		channel = ChannelEmail
	case "":
		return 0, httpx.Required("field.verifyType")
	default:
		return 0, httpx.Warn("validation.oneOf", i18n.Params{"field": "field.verifyType", "values": "phone, email"})
	}
	target := contactOf(&u, channel)
	if target == "" {
		return 0, httpx.Warn("account.notBound", nil)
	}
	sc, err := SceneFor(channel, scene)
	if err != nil {
		return 0, err
	}
	code, err := CheckCode(rawCode)
	if err != nil {
		return 0, err
	}
	return s.verifyGuarded(ctx, sc, target, code, &u)
}

// SpendCode uses up the code SecondFactor verified, inside the action's transaction; of
// two actions racing with one code only one gets it. id 0 (nothing to verify) passes.
func SpendCode(ctx context.Context, tx *db.Tx, id int64, now time.Time) error {
	if id == 0 {
		return nil
	}
	return consumeCode(ctx, tx, id, now)
}
