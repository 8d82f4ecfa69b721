package account

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// Brute force (docs/accounts.md "Brute force"). Failures slow down what made them and
// never lock an account for everyone: each failed guess counts on its (account, client
// address) pair, on the address across accounts and, for passwords, on the account from
// every address; each key waits, past its free failures, twice as long after each one.
const (
	// FailureMemory: a key's failures are forgotten once this long passes without another.
	FailureMemory = 24 * time.Hour
	// TrustFor: a pair that logged in (by password or code) is trusted this long, so the
	// account-wide ceiling never slows the owner's own addresses.
	TrustFor = 30 * 24 * time.Hour
	// FailureWindow is how long past its end the jobs role's sweep keeps a throttle row.
	FailureWindow = 15 * time.Minute
)

var (
	// PairPolicy: one account (or a typed address no account uses) from one client address:
	// 4 free failures, then 15 s, 30 s, 1 min, ... up to an hour.
	PairPolicy = ratelimit.Policy{Free: 4, First: 15 * time.Second, Max: time.Hour, Memory: FailureMemory}
	// CodePolicy: codes for one target from one client address. Each code burns after 5
	// wrong tries already; this slows a guesser who asks for code after code.
	CodePolicy = ratelimit.Policy{Free: 10, First: 15 * time.Second, Max: time.Hour, Memory: FailureMemory}
	// AddressPolicy: one client address across every account (a password spray).
	AddressPolicy = ratelimit.Policy{Free: 30, First: 15 * time.Second, Max: time.Hour, Memory: FailureMemory}
	// AccountPolicy: one account's password failures from every address. Generous, and it
	// only slows (at most 30 s between attempts); the owner is told at the fifth failure
	// of a burst, and again each day a burst goes on.
	AccountPolicy = ratelimit.Policy{Free: 50, First: time.Second, Max: 30 * time.Second, Memory: FailureMemory,
		NotifyAfter: 5, NotifyEvery: 24 * time.Hour}
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
	// Async runs what must not hold up an answer (the failed-logins notice); nil runs it
	// in a new goroutine. Tests run it at once.
	Async func(func())
	// SecondStep, when set, asks accounts that have a second factor for it at login.
	SecondStep SecondStep
	// Limiter counts invite-code look-ups per client address (InviteChecksPerClient), for
	// the invite check and for registrations that carry a code; nil counts nothing.
	Limiter ratelimit.Limiter
	// OnCancel ends, inside the cancellation's transaction, what other packages hold for
	// an account (observer.Store.EndUser: its links); an error cancels nothing.
	OnCancel []func(ctx context.Context, tx *db.Tx, userID int64) error
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

// attempt names the throttle keys of one guess.
type attempt struct {
	code    bool   // a code guess (CodePolicy on the pair), else a password (PairPolicy)
	pair    string // the account (or the typed address) from this client address
	addr    string // the client address across accounts
	acct    string // the account from every address; "" for codes (a code burns after 5 tries)
	owner   *User  // told of repeated failures; nil for an address no account uses
	trusted bool   // set by begin: the pair logged in before, the account ceiling spares it
}

// passwordAttempt is a password guess for who: "email:<address>" or "sms:<phone>" typed at
// login (so known and unknown addresses are treated alike), "user:<id>" in a session.
func passwordAttempt(who, clientAddr string, owner *User) attempt {
	return attempt{pair: "pw:" + who + "|" + clientAddr, addr: "ip:" + clientAddr, acct: "acct:" + who, owner: owner}
}

// codeAttempt is a code guess for a target (whoever it belongs to).
func codeAttempt(channel, target, clientAddr string) attempt {
	return attempt{code: true, pair: "code:" + channel + ":" + target + "|" + clientAddr, addr: "ip:" + clientAddr}
}

// begin refuses an attempt whose keys must still wait, saying for how long.
func (s *Service) begin(ctx context.Context, a *attempt) error {
	pair, err := s.Guard.State(ctx, a.pair)
	if err != nil {
		return err
	}
	addr, err := s.Guard.State(ctx, a.addr)
	if err != nil {
		return err
	}
	wait := max(pair.Wait, addr.Wait)
	a.trusted = pair.Trusted
	if a.acct != "" && !a.trusted {
		acct, err := s.Guard.State(ctx, a.acct)
		if err != nil {
			return err
		}
		wait = max(wait, acct.Wait)
	}
	if wait > 0 {
		return throttled(wait)
	}
	return nil
}

// failed counts a failed attempt on its keys and answers answer, or, when the failure
// makes the caller wait, how long (a burned code is said as such: waiting will not help).
func (s *Service) failed(ctx context.Context, a attempt, answer error) error {
	pairPolicy := PairPolicy
	if a.code {
		pairPolicy = CodePolicy
	}
	vp, err := s.Guard.Fail(ctx, a.pair, pairPolicy)
	if err != nil {
		return err
	}
	va, err := s.Guard.Fail(ctx, a.addr, AddressPolicy)
	if err != nil {
		return err
	}
	wait := max(vp.Wait, va.Wait)
	if a.acct != "" {
		vc, err := s.Guard.Fail(ctx, a.acct, AccountPolicy)
		if err != nil {
			return err
		}
		if !a.trusted {
			wait = max(wait, vc.Wait)
		}
		if vc.Notify && a.owner != nil {
			s.tellFailures(ctx, *a.owner, vc)
		}
	}
	var he *httpx.Error
	if wait > 0 && !(errors.As(answer, &he) && he.Key == "account.codeBurned") {
		return throttled(wait)
	}
	return answer
}

// throttled is the answer to an attempt that must wait: HTTP 429 with the wait in the
// message (seconds, or whole minutes from one minute on) and as data.retryAfter (seconds).
func throttled(wait time.Duration) error {
	secs := int((wait + time.Second - 1) / time.Second)
	e := httpx.TooManyRequests("account.retryInSeconds")
	e.Params = i18n.Params{"seconds": strconv.Itoa(secs)}
	if secs >= 60 {
		e.Key = "account.retryInMinutes"
		e.Params = i18n.Params{"minutes": strconv.Itoa((secs + 59) / 60)}
	}
	e.Data = map[string]int{"retryAfter": secs}
	return e
}

// beijing shows times in notices and agents' expiries, and reads an expiry date (the
// pool's days are Beijing days).
var beijing = time.FixedZone("CST", 8*3600)

// tellFailures mails the owner (texts a phone-only account) of repeated failed log-ins,
// without holding up the answer; a failed send is logged.
func (s *Service) tellFailures(ctx context.Context, u User, v ratelimit.Verdict) {
	n := notify.Notice{Lang: u.Lang, Kind: notify.NoticeFailedLogins,
		Params: map[string]string{"count": strconv.Itoa(v.Failures), "since": v.Since.In(beijing).Format("2006-01-02 15:04")}}
	switch {
	case u.Email != "":
		n.Channel, n.To = notify.ChannelEmail, u.Email
	case u.Phone != "":
		n.Channel, n.To = notify.ChannelSMS, u.Phone
	default:
		return
	}
	sender := s.noticeSender(n.Channel)
	if sender == nil {
		return
	}
	run := s.Async
	if run == nil {
		run = func(f func()) { go f() }
	}
	run(func() {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		if err := sender.SendNotice(ctx, n); err != nil && s.Log != nil {
			s.Log.Warn("failed-logins notice not sent", "user", u.ID, "err", err)
		}
	})
}

// noticeSender is the channel's sender of notices (every sender of package notify is one).
func (s *Service) noticeSender(channel string) notify.NoticeSender {
	cs := s.Email
	if channel == ChannelSMS {
		cs = s.SMS
	}
	n, _ := cs.(notify.NoticeSender)
	return n
}

func isWrongCode(err error) bool {
	var e *httpx.Error
	return errors.As(err, &e) && (e.Key == "account.codeInvalid" || e.Key == "account.codeBurned")
}

// checkCaller applies the rules of a scene that are about the caller's own account (a
// session, their own contact): they tell the caller nothing about anybody else, so they
// come before any look-up.
func checkCaller(sc Scene, target string, caller *User) error {
	if sc.NeedsLogin() && caller == nil {
		return httpx.LoginRequired("")
	}
	switch sc.Owner {
	case targetMine:
		mine := contactOf(caller, sc.Channel)
		if mine == "" {
			return httpx.Warn("account.notBound", nil)
		}
		if mine != target {
			return httpx.Warn(contactKey(sc.Channel, "account.notYourPhone", "account.notYourEmail"), nil)
		}
		if bound, ok := bindsOther(sc); ok && contactOf(caller, bound) != "" {
			return httpx.Warn(contactKey(bound, "account.phoneAlreadyBound", "account.emailAlreadyBound"), nil)
		}
	case targetFreeForMe:
		if contactOf(caller, sc.Channel) == target {
			return httpx.Warn(contactKey(sc.Channel, "account.samePhone", "account.sameEmail"), nil)
		}
		if (sc.Name == "bindPhone" || sc.Name == "bindEmail") && contactOf(caller, sc.Channel) != "" {
			return httpx.Warn(contactKey(sc.Channel, "account.phoneAlreadyBound", "account.emailAlreadyBound"), nil)
		}
	}
	return nil
}

// refusedNotice looks the target up for a code send (after the ticket and the limits) and
// names the notice that goes out instead of a code the scene's rule refuses: the answer
// is "sent" either way, and only the target's owner learns which (docs/accounts.md
// "Account enumeration"). "" sends the code.
func (s *Service) refusedNotice(ctx context.Context, sc Scene, target string) (string, error) {
	_, err := s.Store.UserByContact(ctx, s.Store.DB, sc.Channel, target)
	exists := err == nil
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return "", err
	}
	switch {
	case sc.Owner == targetRegistered && !exists:
		return notify.NoticeLoginNoAccount, nil
	case sc.Owner == targetUnregistered && exists:
		return notify.NoticeAlreadyRegistered, nil
	case sc.Owner == targetFreeForMe && exists: // not the caller's own: checkCaller saw to that
		return notify.NoticeContactInUse, nil
	}
	return "", nil
}

// checkOwner applies a scene's rules about whose the target must be. With a code, it runs
// only once the code is right (the target may have changed hands since it was sent), so
// its answers tell nothing to whoever does not hold the target.
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
		if bound, ok := bindsOther(sc); ok && contactOf(caller, bound) != "" {
			return httpx.Warn(contactKey(bound, "account.phoneAlreadyBound", "account.emailAlreadyBound"), nil)
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

// bindsOther names the channel a bind scene binds when its code goes to the user's own
// other contact (a bindPhone code by email proves the bind of a phone).
func bindsOther(sc Scene) (string, bool) {
	switch {
	case sc.Name == "bindPhone" && sc.Channel == ChannelEmail:
		return ChannelSMS, true
	case sc.Name == "bindEmail" && sc.Channel == ChannelSMS:
		return ChannelEmail, true
	}
	return "", false
}

func contactKey(channel, phoneKey, emailKey string) string {
	if channel == ChannelSMS {
		return phoneKey
	}
	return emailKey
}

// SendCode sends a verification code for a scene to a phone or email. Every send needs a
// slider ticket and counts against the send limits before the target is looked up; where
// the scene's rule refuses the target (a login code for an address no account uses, a
// register or bind code for one an account uses) the target gets a notice instead of the
// code, and the answer is the same (docs/accounts.md "Account enumeration").
func (s *Service) SendCode(ctx context.Context, channel, sceneName, rawTarget, ticket string, caller *User) error {
	sc, err := SceneFor(channel, sceneName)
	if err != nil {
		return err
	}
	target, err := normalizeTarget(channel, rawTarget)
	if err != nil {
		return err
	}
	if err := checkCaller(sc, target, caller); err != nil {
		return err
	}
	now := s.now()
	rq := httpx.From(ctx)
	// A send refused as too soon or over a cap leaves the ticket usable.
	if err := s.Store.checkSendLimits(ctx, s.Store.DB, sc, target, rq.ClientAddr, now); err != nil {
		return err
	}
	if err := s.Store.UseTicket(ctx, ticket, now); err != nil {
		return err
	}
	notice, err := s.refusedNotice(ctx, sc, target)
	if err != nil {
		return err
	}
	// A code is stored also when a notice goes instead, one that no guess matches: the
	// send counts against the limits, and guesses at it burn it, as for any other.
	var code string
	err = s.Store.DB.InTx(ctx, func(tx *db.Tx) error {
		code, err = s.Store.issueCode(ctx, tx, sc, target, rq.ClientAddr, now, notice == "")
		return err
	})
	if err != nil {
		return err
	}
	if notice != "" {
		if sender := s.noticeSender(channel); sender != nil {
			err = sender.SendNotice(ctx, notify.Notice{Channel: channel, To: target, Lang: rq.Lang, Kind: notice})
		} else if s.Log != nil {
			s.Log.Warn("account: the sender cannot send notices", "channel", channel, "notice", notice)
		}
	} else {
		sender := s.Email
		if channel == ChannelSMS {
			sender = s.SMS
		}
		err = sender.SendCode(ctx, notify.Code{Channel: channel, To: target, Lang: rq.Lang, Scene: sc.Name, Code: code, TTL: CodeTTL})
	}
	if err != nil {
		// A message nobody received must not count as sent: retire the code.
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

// verifyTargetCode checks a target and a code typed for scene sc: their shapes, the
// caller's own rules, the code under the brute-force guard and, once the code is right,
// whose the target must be. It answers the normalized target and the code's id, not yet
// used up. Without the right code the answer is the same whoever holds the target.
func (s *Service) verifyTargetCode(ctx context.Context, sc Scene, rawTarget, rawCode string, who *User) (string, int64, error) {
	target, err := normalizeTarget(sc.Channel, rawTarget)
	if err != nil {
		return "", 0, err
	}
	code, err := CheckCode(rawCode)
	if err != nil {
		return "", 0, err
	}
	if err := checkCaller(sc, target, who); err != nil {
		return "", 0, err
	}
	id, err := s.verifyGuarded(ctx, sc, target, code)
	if err != nil {
		return "", 0, err
	}
	if err := s.checkOwner(ctx, sc, target, who); err != nil {
		return "", 0, err
	}
	return target, id, nil
}

// verifyGuarded checks a code under the brute-force guard and returns its id, not yet
// used up: the action spends it with consumeCode inside its own transaction.
func (s *Service) verifyGuarded(ctx context.Context, sc Scene, target, code string) (int64, error) {
	a := codeAttempt(sc.Channel, target, httpx.From(ctx).ClientAddr)
	if err := s.begin(ctx, &a); err != nil {
		return 0, err
	}
	id, err := s.Store.verifyCode(ctx, sc, target, code, s.now())
	if isWrongCode(err) {
		return 0, s.failed(ctx, a, err)
	}
	if err == nil {
		err = s.Guard.Succeed(ctx, a.pair, 0)
	}
	return id, err
}

// errLoginFailed is the one answer to every failed login, so it tells nothing about which
// part was wrong (SPEC section 8: check whether your information is filled in correctly).
var errLoginFailed = httpx.Warn("account.loginFailed", nil)

// dummyHash is checked against when no user matches, so a login for an unknown account
// takes as long as one for a known account.
var dummyHash, _ = HashPassword("not a real password", DefaultArgon2)

// LoginPassword logs in with phone or email and password; it needs a slider ticket. The
// throttle keys follow the typed address, so that a known and an unknown account are
// answered alike.
func (s *Service) LoginPassword(ctx context.Context, channel, rawTarget, rawPassword, ticket, userAgent string) (string, User, error) {
	target, err := normalizeTarget(channel, rawTarget)
	if err != nil {
		return "", User{}, err
	}
	password, err := PasswordInput(rawPassword, "field.password")
	if err != nil {
		return "", User{}, err
	}
	u, err := s.Store.UserByContact(ctx, s.Store.DB, channel, target)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return "", User{}, err
	}
	found := err == nil
	var owner *User
	if found {
		owner = &u
	}
	a := passwordAttempt(channel+":"+target, httpx.From(ctx).ClientAddr, owner)
	if err := s.begin(ctx, &a); err != nil {
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
		return "", User{}, s.failed(ctx, a, errLoginFailed)
	}
	if err := s.Guard.Succeed(ctx, a.pair, TrustFor); err != nil {
		return "", User{}, err
	}
	return s.startSession(ctx, u, userAgent)
}

// LoginCode logs in with phone or email and a login code. The code is checked first, the
// account looked up after: a wrong code reads the same whether an account uses the target
// or not. A right code also forgets this address's password failures on the account.
func (s *Service) LoginCode(ctx context.Context, channel, rawTarget, rawCode, userAgent string) (string, User, error) {
	target, err := normalizeTarget(channel, rawTarget)
	if err != nil {
		return "", User{}, err
	}
	code, err := CheckCode(rawCode)
	if err != nil {
		return "", User{}, err
	}
	id, err := s.verifyGuarded(ctx, Scenes[channel+":login"], target, code)
	if err != nil {
		return "", User{}, err
	}
	u, err := s.Store.UserByContact(ctx, s.Store.DB, channel, target)
	if errors.Is(err, db.ErrNotFound) {
		// The account was cancelled since the code was sent.
		return "", User{}, errCodeWrong
	}
	if err != nil {
		return "", User{}, err
	}
	if err := s.Store.DB.InTx(ctx, func(tx *db.Tx) error { return consumeCode(ctx, tx, id, s.now()) }); err != nil {
		return "", User{}, err
	}
	pw := passwordAttempt(channel+":"+target, httpx.From(ctx).ClientAddr, &u)
	if err := s.Guard.Succeed(ctx, pw.pair, TrustFor); err != nil {
		return "", User{}, err
	}
	return s.startSession(ctx, u, userAgent)
}

// startSession ends a login's first step: a session, or, for an account that signs in with
// a second factor, a *PendingLogin to finish with LoginSecondStep.
func (s *Service) startSession(ctx context.Context, u User, userAgent string) (string, User, error) {
	if err := refuseFrozen(u); err != nil {
		return "", User{}, err
	}
	if s.SecondStep != nil {
		on, err := s.SecondStep.Enabled(ctx, u.ID)
		if err != nil {
			return "", User{}, err
		}
		if on {
			challenge, err := s.SecondStep.Challenge(ctx, u.ID)
			if err != nil {
				return "", User{}, err
			}
			return "", User{}, &PendingLogin{Challenge: challenge}
		}
	}
	return s.openSession(ctx, u, userAgent)
}

func (s *Service) openSession(ctx context.Context, u User, userAgent string) (string, User, error) {
	if err := refuseFrozen(u); err != nil {
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

// Register creates an account after checking the register code, and logs it in: it
// answers the new session's token as a login does (docs/accounts.md "Sign-up"). The
// register code is the proof of the slider here: it went out only on a slider ticket, to
// a mailbox or phone that received it, so the call asks for no second ticket. The user
// and the session are written in one transaction with the code spent, so a refused
// registration leaves neither.
func (s *Service) Register(ctx context.Context, r Registration, userAgent string) (string, User, error) {
	token, u, err := s.register(ctx, r, userAgent)
	if err != nil {
		return "", User{}, err
	}
	// As a login by code does: this address proved it holds the target, so the account's
	// ceiling on failed logins spares it (docs/accounts.md "Brute force"). The account and
	// its session exist by now, so a failure here is logged, not answered.
	pw := passwordAttempt(r.Channel+":"+contactOf(&u, r.Channel), httpx.From(ctx).ClientAddr, &u)
	if err := s.Guard.Succeed(ctx, pw.pair, TrustFor); err != nil && s.Log != nil {
		s.Log.Warn("account: trust the registering address", "user", u.ID, "err", err)
	}
	return token, u, nil
}

func (s *Service) register(ctx context.Context, r Registration, userAgent string) (string, User, error) {
	nick, err := CheckNickname(r.Nickname)
	if err != nil {
		return "", User{}, err
	}
	password, err := CheckPasswordRule(r.Password)
	if err != nil {
		return "", User{}, err
	}
	target, err := normalizeTarget(r.Channel, r.Target)
	if err != nil {
		return "", User{}, err
	}
	code, err := CheckCode(r.Code)
	if err != nil {
		return "", User{}, err
	}
	invite, err := CheckInviteCode(r.AgentInviteCode)
	if err != nil {
		return "", User{}, err
	}
	// The code first, the address's owner after: without the right code the answer is the
	// same whether the address is registered or not.
	sc := Scenes[r.Channel+":register"]
	id, err := s.verifyGuarded(ctx, sc, target, code)
	if err != nil {
		return "", User{}, err
	}
	if err := s.checkOwner(ctx, sc, target, nil); err != nil {
		return "", User{}, err
	}
	// The agent after the code (and after the address's owner, which fixing the link would
	// not change). Without the right register code the answer is the wrong-code one whatever
	// the invite code, so registration is no oracle for agent codes to whoever does not
	// hold a mailbox or phone that got a code (a slider ticket with its proof of work, 60 s
	// between sends, hourly caps). A refusal leaves the code unspent, so the holder may try
	// again without the bad link's code; to keep that from being a way to try agent codes
	// one after another on one register code, each try counts against the same per-address
	// budget as the public invite check (liveAgent), and registration is never a cheaper
	// oracle than that check.
	if invite != "" {
		agent, err := s.liveAgent(ctx, invite)
		if err != nil {
			return "", User{}, err
		}
		if agent == nil {
			return "", User{}, errInviteInvalid()
		}
		invite = agent.Code // the agent's own spelling, whatever the case of the link
	}
	hash, err := HashPassword(password, s.Argon)
	if err != nil {
		return "", User{}, err
	}
	u := User{Nickname: nick, PasswordHash: hash, AccountType: TypeNormal, Status: StatusActive, AgentInviteCode: invite, Lang: httpx.From(ctx).Lang}
	if r.Channel == ChannelSMS {
		u.Phone = target
	} else {
		u.Email = target
	}
	var token string
	err = s.Store.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := consumeCode(ctx, tx, id, s.now()); err != nil {
			return err
		}
		if u, err = s.Store.CreateUser(ctx, tx, u); err != nil {
			return err
		}
		token, err = s.Store.CreateSession(ctx, tx, u.ID, httpx.From(ctx).ClientAddr, userAgent, s.now())
		return err
	})
	if errors.Is(err, errContactTaken) {
		return "", User{}, httpx.Warn(contactKey(r.Channel, "account.phoneRegistered", "account.emailRegistered"), nil)
	}
	if err != nil {
		return "", User{}, err
	}
	return token, u, nil
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

// ContactHold is how long withdrawals and address book changes wait after a phone or
// email is bound or changed (docs/withdrawals.md "After a contact change"), as exchanges
// hold them: whoever took over a session and bound their own phone must not withdraw
// with its codes before the contacts the account had are told and can act.
const ContactHold = 24 * time.Hour

// ContactHoldUntil is when the wait after u's last contact change ends, and whether it is
// still under way at now.
func (u User) ContactHoldUntil(now time.Time) (time.Time, bool) {
	if u.ContactChangedAt == 0 {
		return time.Time{}, false
	}
	end := time.UnixMilli(u.ContactChangedAt).Add(ContactHold)
	return end, now.Before(end)
}

// BindProof proves that a bind is the account holder's, not only a session's: the
// account's password, or a code sent for the bind scene to the contact the account has
// (binding a phone, a bindPhone code to the user's own email). Either one is enough.
type BindProof struct {
	Password    string
	CurrentCode string
}

// otherChannel is the contact kind that is not channel.
func otherChannel(channel string) string {
	if channel == ChannelSMS {
		return ChannelEmail
	}
	return ChannelSMS
}

// BindContact binds a phone or email to an account that has none, with the bind code of
// the new contact and a proof that the holder of the account asks (BindProof). A session
// alone was enough before, and a bound phone is a way to pass the second verification of
// withdrawals (SecondFactor). The proof is checked before the new contact's code, and
// nothing is spent unless all of it is right.
func (s *Service) BindContact(ctx context.Context, u User, channel, rawTarget, rawCode string, proof BindProof) error {
	name := contactKey(channel, "bindPhone", "bindEmail")
	sc := Scenes[channel+":"+name]
	target, err := normalizeTarget(channel, rawTarget)
	if err != nil {
		return err
	}
	code, err := CheckCode(rawCode)
	if err != nil {
		return err
	}
	if err := checkCaller(sc, target, &u); err != nil {
		return err
	}
	var spend []int64
	switch {
	case strings.TrimSpace(proof.Password) != "":
		if err := s.VerifyPassword(ctx, u, proof.Password, "field.password"); err != nil {
			return err
		}
	case strings.TrimSpace(proof.CurrentCode) != "":
		other := otherChannel(channel)
		current := contactOf(&u, other)
		if current == "" {
			return httpx.Warn("account.notBound", nil)
		}
		c, err := CheckCode(proof.CurrentCode)
		if err != nil {
			return err
		}
		id, err := s.verifyGuarded(ctx, Scenes[other+":"+name], current, c)
		if err != nil {
			return err
		}
		spend = append(spend, id)
	default:
		return httpx.Warn("account.bindProofRequired", nil)
	}
	id, err := s.verifyGuarded(ctx, sc, target, code)
	if err != nil {
		return err
	}
	// Only with the codes right: whether another account took the new one since.
	if err := s.checkOwner(ctx, sc, target, &u); err != nil {
		return err
	}
	return s.setContact(ctx, u, channel, target, false, append(spend, id)...)
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
	if err := checkCaller(newSc, target, &u); err != nil {
		return err
	}
	oldID, err := s.verifyGuarded(ctx, changeSc, current, oldCode)
	if err != nil {
		return err
	}
	newID, err := s.verifyGuarded(ctx, newSc, target, newCode)
	if err != nil {
		return err
	}
	// Only with both codes right: whether another account took the new one since.
	if err := s.checkOwner(ctx, newSc, target, &u); err != nil {
		return err
	}
	return s.setContact(ctx, u, channel, target, true, oldID, newID)
}

// setContact binds or changes the contact, spends the codes and starts the ContactHold in
// one transaction, then tells the contacts the account had.
func (s *Service) setContact(ctx context.Context, u User, channel, target string, changed bool, codeIDs ...int64) error {
	before := u
	if channel == ChannelSMS {
		u.Phone = target
	} else {
		u.Email = target
	}
	now := s.now()
	err := s.Store.DB.InTx(ctx, func(tx *db.Tx) error {
		for _, id := range codeIDs {
			if err := consumeCode(ctx, tx, id, now); err != nil {
				return err
			}
		}
		if err := s.Store.UpdateUser(ctx, tx, u); err != nil {
			return err
		}
		// Apart from UpdateUser, which writes back what a caller read: a rename with a
		// user read before this change must not end the hold.
		if _, err := tx.Exec(ctx, "UPDATE users SET contact_changed_at = ? WHERE id = ?", now.UnixMilli(), u.ID); err != nil {
			return fmt.Errorf("account: contact change time of %d: %w", u.ID, err)
		}
		return nil
	})
	if errors.Is(err, errContactTaken) {
		return httpx.Warn(contactKey(channel, "account.phoneInUse", "account.emailInUse"), nil)
	}
	if err != nil {
		return err
	}
	s.tellOldContacts(ctx, before, channel, target, changed, now)
	return nil
}

// tellOldContacts tells every contact the account had before a bind or change (the
// replaced one too) what changed and that money waits ContactHold, in the language the
// user registered in: the holder learns of a change made from a session they did not
// open while the hold still stops withdrawals. Sent after the commit, without holding up
// the answer; a failed send is logged and changes nothing.
func (s *Service) tellOldContacts(ctx context.Context, before User, channel, target string, changed bool, at time.Time) {
	action := contactKey(channel, "phone", "email")
	if changed {
		action += "Changed"
	} else {
		action += "Bound"
	}
	shown := MaskEmail(target)
	if channel == ChannelSMS {
		shown = MaskPhone(target)
	}
	params := map[string]string{"action": action, "target": shown, "time": at.In(beijing).Format("2006-01-02 15:04"),
		"until": at.Add(ContactHold).In(beijing).Format("2006-01-02 15:04")}
	for _, c := range []struct{ channel, to string }{{ChannelEmail, before.Email}, {ChannelSMS, before.Phone}} {
		if c.to == "" {
			continue
		}
		sender := s.noticeSender(c.channel)
		if sender == nil {
			if s.Log != nil {
				s.Log.Warn("account: the sender cannot send notices", "channel", c.channel, "notice", notify.NoticeContactChanged)
			}
			continue
		}
		n := notify.Notice{Channel: c.channel, To: c.to, Lang: before.Lang, Kind: notify.NoticeContactChanged, Params: params}
		s.async(func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
			defer cancel()
			if err := sender.SendNotice(ctx, n); err != nil && s.Log != nil {
				s.Log.Warn("contact change notice not sent", "user", before.ID, "channel", c.channel, "err", err)
			}
		})
	}
}

// async runs f without holding up the answer (Async, or a new goroutine).
func (s *Service) async(f func()) {
	if s.Async != nil {
		s.Async(f)
		return
	}
	go f()
}

// VerifyPassword checks the user's password under the brute-force guard.
func (s *Service) VerifyPassword(ctx context.Context, u User, raw, field string) error {
	password, err := PasswordInput(raw, field)
	if err != nil {
		return err
	}
	a := passwordAttempt("user:"+strconv.FormatInt(u.ID, 10), httpx.From(ctx).ClientAddr, &u)
	if err := s.begin(ctx, &a); err != nil {
		return err
	}
	ok, err := CheckPassword(password, u.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		return s.failed(ctx, a, httpx.Warn("account.wrongPassword", nil))
	}
	return s.Guard.Succeed(ctx, a.pair, TrustFor)
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
// devices are unbound, the phone and email are freed, and what other packages hold for the
// account ends with it (OnCancel: its observer links), all in one transaction. The
// account's Uniplus IDs and stratum workers are refused from the commit on by every
// process, since their lookups need an active owner (docs/accounts.md "Account type and
// cancellation"); CancelWatch closes the stratum connections already open.
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
		for _, end := range s.OnCancel {
			if err := end(ctx, tx, u.ID); err != nil {
				return err
			}
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
	return s.verifyGuarded(ctx, sc, target, code)
}

// SpendCode uses up the code SecondFactor verified, inside the action's transaction; of
// two actions racing with one code only one gets it. id 0 (nothing to verify) passes.
func SpendCode(ctx context.Context, tx *db.Tx, id int64, now time.Time) error {
	if id == 0 {
		return nil
	}
	return consumeCode(ctx, tx, id, now)
}

// SecondStep is the second factor of a login (internal/twofactor): whether an account has
// one, a challenge for a login that passed its first step, and the challenge redeemed with
// a code for the user to sign in.
type SecondStep interface {
	Enabled(ctx context.Context, userID int64) (bool, error)
	Challenge(ctx context.Context, userID int64) (string, error)
	Redeem(ctx context.Context, challenge, code string) (int64, error)
}

// PendingLogin is a login's answer when the account signs in with a second factor: the
// first step passed, no session yet.
type PendingLogin struct{ Challenge string }

func (p *PendingLogin) Error() string { return "account: the login needs its second factor" }

// LoginSecondStep finishes a login that answered *PendingLogin: the challenge and the code
// from the authenticator app (or a recovery code) open the session.
func (s *Service) LoginSecondStep(ctx context.Context, challenge, code, userAgent string) (string, User, error) {
	if s.SecondStep == nil {
		return "", User{}, httpx.NotFound("")
	}
	userID, err := s.SecondStep.Redeem(ctx, challenge, code)
	if err != nil {
		return "", User{}, err
	}
	u, err := s.Store.UserByID(ctx, s.Store.DB, userID)
	if err != nil {
		return "", User{}, err
	}
	if u.Status != StatusActive {
		return "", User{}, errLoginFailed
	}
	return s.openSession(ctx, u, userAgent)
}
