package ops

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/commonpw"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/seal"
	"github.com/uniplus-pool/pool/internal/secrettoken"
	"github.com/uniplus-pool/pool/internal/twofactor"
)

// Service is what the console's handlers and `poold admin operator|audit` both call: one
// implementation of every rule.
type Service struct {
	DB *db.DB
	// Sealer seals the operators' authenticator keys (the pool's secret key); the command
	// line, which never makes one, may leave it nil.
	Sealer *seal.Sealer
	// Limiter counts sign-in tries and codes; nil counts nothing (the command line).
	Limiter ratelimit.Limiter
	// Argon is the password hashing's cost; zero is account.DefaultArgon2.
	Argon account.Argon2Params
	// Issuer names the pool in the authenticator app.
	Issuer string
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) argon() account.Argon2Params {
	if s.Argon == (account.Argon2Params{}) {
		return account.DefaultArgon2
	}
	return s.Argon
}

// Operator is one console account.
type Operator struct {
	ID           int64     `json:"id"`
	Email        string    `json:"email"`
	Role         Role      `json:"role"`
	TOTPEnrolled bool      `json:"totpEnrolled"`
	Disabled     bool      `json:"disabled"`
	CreatedAt    time.Time `json:"-"`
	Created      int64     `json:"createdAt"` // Unix ms

	passwordHash string
	sealedSecret string
	lastStep     int64
}

const operatorCols = "id, email, role, totp_enrolled_at, disabled_at, created_at, password_hash, totp_secret, totp_last_step"

func scanOperator(row interface{ Scan(...any) error }) (Operator, error) {
	var o Operator
	var enrolled, disabled int64
	err := row.Scan(&o.ID, &o.Email, &o.Role, &enrolled, &disabled, &o.Created, &o.passwordHash, &o.sealedSecret, &o.lastStep)
	if errors.Is(err, sql.ErrNoRows) {
		return o, db.ErrNotFound
	}
	o.TOTPEnrolled, o.Disabled = enrolled > 0, disabled > 0
	o.CreatedAt = time.UnixMilli(o.Created)
	return o, err
}

// view is what the audit log keeps of an operator: no hash, no key.
func (o Operator) view() map[string]any {
	return map[string]any{"email": o.Email, "role": o.Role, "totpEnrolled": o.TOTPEnrolled, "disabled": o.Disabled}
}

func (s *Service) operator(ctx context.Context, q db.Querier, where string, arg any) (Operator, error) {
	o, err := scanOperator(q.QueryRow(ctx, "SELECT "+operatorCols+" FROM ops_operators WHERE "+where, arg))
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return o, fmt.Errorf("ops: operator: %w", err)
	}
	return o, err
}

// OperatorByID reads one operator.
func (s *Service) OperatorByID(ctx context.Context, id int64) (Operator, error) {
	return s.operator(ctx, s.DB, "id = ?", id)
}

// OperatorByEmail reads one operator by email, in any case.
func (s *Service) OperatorByEmail(ctx context.Context, email string) (Operator, error) {
	return s.operator(ctx, s.DB, "email = ?", strings.ToLower(strings.TrimSpace(email)))
}

// Operators lists every operator, oldest first.
func (s *Service) Operators(ctx context.Context) ([]Operator, error) {
	rows, err := s.DB.Query(ctx, "SELECT "+operatorCols+" FROM ops_operators ORDER BY id")
	if err != nil {
		return nil, fmt.Errorf("ops: operators: %w", err)
	}
	defer rows.Close()
	out := []Operator{}
	for rows.Next() {
		o, err := scanOperator(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// checkPassword applies the operators' password rule: MinPassword to MaxPassword
// characters, not a common password.
func checkPassword(raw string) (string, error) {
	p := strings.TrimSpace(raw)
	if n := utf8.RuneCountInString(p); n < MinPassword || n > MaxPassword {
		return "", errorOf(400, "ops.passwordLength", i18n.Params{"min": strconv.Itoa(MinPassword), "max": strconv.Itoa(MaxPassword)})
	}
	if commonpw.Common(p) {
		return "", errorOf(400, "ops.passwordCommon", nil)
	}
	return p, nil
}

// AddOperator creates an operator, who enrols an authenticator at the first sign-in.
func (s *Service) AddOperator(ctx context.Context, by Actor, rawEmail string, role Role, password string) (Operator, error) {
	email, err := account.NormalizeEmail(rawEmail)
	if err != nil {
		return Operator{}, err
	}
	if _, err := ParseRole(string(role)); err != nil {
		return Operator{}, err
	}
	password, err = checkPassword(password)
	if err != nil {
		return Operator{}, err
	}
	hash, err := account.HashPassword(password, s.argon())
	if err != nil {
		return Operator{}, err
	}
	now := s.now()
	var o Operator
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO ops_operators (email, password_hash, role, created_at) VALUES (?, ?, ?, ?)",
			email, hash, string(role), now.UnixMilli()); err != nil {
			return err
		}
		var err error
		if o, err = s.operator(ctx, tx, "email = ?", email); err != nil {
			return err
		}
		return Record(ctx, tx, Entry{At: now, Actor: by, Action: "operator.add", ObjectType: "operator",
			ObjectID: strconv.FormatInt(o.ID, 10), After: o.view()})
	})
	if db.IsUniqueViolation(err) {
		return Operator{}, errorOf(400, "ops.emailTaken", nil)
	}
	return o, err
}

// reasonInput is an action's reason: required, at most account.MaxAdminReason characters,
// the bound of every other operator reason (freezes, withdrawal notes), so the console
// has one limit to say.
func reasonInput(raw string) (string, error) {
	r := strings.TrimSpace(raw)
	if r == "" {
		return "", errorOf(400, "ops.reasonRequired", nil)
	}
	if utf8.RuneCountInString(r) > account.MaxAdminReason {
		return "", errorOf(400, "ops.reasonTooLong", nil)
	}
	return r, nil
}

// change applies one write to an operator in a transaction with its audit entry: edit
// checks the operator as it was and answers the statement that changes it. Sessions of
// the operator end with it when endSessions.
func (s *Service) change(ctx context.Context, by Actor, id int64, action, reason string, endSessions bool,
	edit func(before Operator) (after Operator, stmt string, args []any, err error)) (Operator, error) {
	reason, err := reasonInput(reason)
	if err != nil {
		return Operator{}, err
	}
	now := s.now()
	var after Operator
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.operator(ctx, tx, "id = ?", id)
		if errors.Is(err, db.ErrNotFound) {
			return errorOf(404, "ops.noOperator", nil)
		}
		if err != nil {
			return err
		}
		var stmt string
		var args []any
		if after, stmt, args, err = edit(before); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, stmt, args...); err != nil {
			return err
		}
		// The pool keeps an owner who can sign in: the last one is neither disabled nor
		// given another role.
		var owners int
		if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM ops_operators WHERE role = ? AND disabled_at = 0", string(RoleOwner)).Scan(&owners); err != nil {
			return err
		}
		if owners == 0 && before.Role == RoleOwner && !before.Disabled {
			return errorOf(400, "ops.lastOwner", nil)
		}
		if endSessions {
			if _, err := tx.Exec(ctx, "DELETE FROM ops_sessions WHERE operator_id = ?", id); err != nil {
				return err
			}
		}
		return Record(ctx, tx, Entry{At: now, Actor: by, Action: action, ObjectType: "operator",
			ObjectID: strconv.FormatInt(id, 10), Reason: reason, Before: before.view(), After: after.view()})
	})
	return after, err
}

// DisableOperator stops an operator signing in and ends their sessions. An operator does
// not disable themselves, and the last owner is not disabled.
func (s *Service) DisableOperator(ctx context.Context, by Actor, id int64, reason string) (Operator, error) {
	return s.change(ctx, by, id, "operator.disable", reason, true, func(o Operator) (Operator, string, []any, error) {
		if by.OperatorID == id {
			return o, "", nil, errorOf(400, "ops.notSelf", nil)
		}
		if o.Disabled {
			return o, "", nil, errorOf(400, "ops.alreadyDisabled", nil)
		}
		o.Disabled = true
		return o, "UPDATE ops_operators SET disabled_at = ? WHERE id = ?", []any{s.now().UnixMilli(), id}, nil
	})
}

// SetRole gives an operator another role; it applies to their next request.
func (s *Service) SetRole(ctx context.Context, by Actor, id int64, role Role, reason string) (Operator, error) {
	if _, err := ParseRole(string(role)); err != nil {
		return Operator{}, err
	}
	return s.change(ctx, by, id, "operator.role", reason, false, func(o Operator) (Operator, string, []any, error) {
		if o.Role == role {
			return o, "", nil, errorOf(400, "ops.sameRole", nil)
		}
		o.Role = role
		return o, "UPDATE ops_operators SET role = ? WHERE id = ?", []any{string(role), id}, nil
	})
}

// ResetTOTP removes an operator's authenticator (a lost phone) and ends their sessions:
// the next sign-in enrols a new one.
func (s *Service) ResetTOTP(ctx context.Context, by Actor, id int64, reason string) (Operator, error) {
	return s.change(ctx, by, id, "operator.resetTotp", reason, true, func(o Operator) (Operator, string, []any, error) {
		if !o.TOTPEnrolled && o.sealedSecret == "" {
			return o, "", nil, errorOf(400, "ops.notEnrolled", nil)
		}
		o.TOTPEnrolled = false
		return o, "UPDATE ops_operators SET totp_secret = '', totp_enrolled_at = 0, totp_last_step = 0 WHERE id = ?", []any{id}, nil
	})
}

// ------------------------------------------------------------------ sessions

// Session stages.
const (
	stageEnrol = "enrol"
	stageFull  = "full"
)

func (s *Service) createSession(ctx context.Context, q db.Querier, operatorID int64, stage, addr string) (string, error) {
	token := secrettoken.New()
	now := s.now().UnixMilli()
	_, err := q.Exec(ctx, `INSERT INTO ops_sessions (token_hash, operator_id, stage, created_at, last_seen_at, client_addr)
		VALUES (?, ?, ?, ?, ?, ?)`, secrettoken.Hash(token), operatorID, stage, now, now, addr)
	if err != nil {
		return "", fmt.Errorf("ops: create session: %w", err)
	}
	// Ended sessions go as new ones come; nothing reads them.
	if _, err := q.Exec(ctx, "DELETE FROM ops_sessions WHERE last_seen_at <= ?", s.now().Add(-SessionIdle).UnixMilli()); err != nil {
		return "", fmt.Errorf("ops: sweep sessions: %w", err)
	}
	return token, nil
}

// sessionOperator answers the operator behind a live session of stage, and moves its
// last use: db.ErrNotFound when the token is unknown, of another stage, unused for
// SessionIdle (an enrolment: older than EnrolTTL), or its operator is disabled.
func (s *Service) sessionOperator(ctx context.Context, token, stage string) (Operator, error) {
	if token == "" {
		return Operator{}, db.ErrNotFound
	}
	now := s.now()
	h := secrettoken.Hash(token)
	idleFrom := now.Add(-SessionIdle).UnixMilli()
	createdFrom := int64(0)
	if stage == stageEnrol {
		createdFrom = now.Add(-EnrolTTL).UnixMilli()
	}
	o, err := scanOperator(s.DB.QueryRow(ctx, "SELECT "+prefixed("o.", operatorCols)+` FROM ops_sessions s
		JOIN ops_operators o ON o.id = s.operator_id
		WHERE s.token_hash = ? AND s.stage = ? AND s.last_seen_at > ? AND s.created_at > ? AND o.disabled_at = 0`,
		h, stage, idleFrom, createdFrom))
	if err != nil {
		if !errors.Is(err, db.ErrNotFound) {
			err = fmt.Errorf("ops: session: %w", err)
		}
		return o, err
	}
	if _, err := s.DB.Exec(ctx, "UPDATE ops_sessions SET last_seen_at = ? WHERE token_hash = ? AND last_seen_at < ?",
		now.UnixMilli(), h, now.UnixMilli()); err != nil {
		return o, fmt.Errorf("ops: touch session: %w", err)
	}
	return o, nil
}

func prefixed(p, cols string) string {
	parts := strings.Split(cols, ", ")
	for i := range parts {
		parts[i] = p + parts[i]
	}
	return strings.Join(parts, ", ")
}

// Session answers the operator signed in with token (see sessionOperator).
func (s *Service) Session(ctx context.Context, token string) (Operator, error) {
	return s.sessionOperator(ctx, token, stageFull)
}

// Logout ends a session.
func (s *Service) Logout(ctx context.Context, token string) error {
	_, err := s.DB.Exec(ctx, "DELETE FROM ops_sessions WHERE token_hash = ?", secrettoken.Hash(token))
	return err
}

// ------------------------------------------------------------------ sign-in

// LoginStep is what a sign-in answers: Step "enrol" (no authenticator yet: Secret and
// URI to add to one, then Enrol with its first code; Token is the enrolment's session),
// "code" (the password was right; the authenticator code is needed), or "done" (Token
// is the session).
type LoginStep struct {
	Step     string    `json:"step"`
	Secret   string    `json:"secret,omitempty"`
	URI      string    `json:"uri,omitempty"`
	Operator *Operator `json:"operator,omitempty"`
	Token    string    `json:"-"`
}

var (
	dummyMu     sync.Mutex
	dummyHashes = map[account.Argon2Params]string{}
)

// dummy is a hash of the service's cost, checked when no operator has the email, so that
// an unknown email takes as long as a known one.
func (s *Service) dummy() string {
	p := s.argon()
	dummyMu.Lock()
	defer dummyMu.Unlock()
	if h, ok := dummyHashes[p]; ok {
		return h
	}
	h, err := account.HashPassword("not a real password at all", p)
	if err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	dummyHashes[p] = h
	return h
}

func (s *Service) allow(ctx context.Context, bucket string, limit int) error {
	if s.Limiter == nil {
		return nil
	}
	ok, err := s.Limiter.Allow(ctx, bucket, limit, TryWindow)
	if err != nil {
		return err
	}
	if !ok {
		return errorOf(429, "ops.tooMany", nil)
	}
	return nil
}

// recordAlone appends an entry in a transaction of its own (sign-in outcomes change
// nothing else).
func (s *Service) recordAlone(ctx context.Context, e Entry) error {
	return s.DB.InTx(ctx, func(tx *db.Tx) error { return Record(ctx, tx, e) })
}

var errLogin = errorOf(400, "ops.loginFailed", nil)

// Login checks an email and password, and the authenticator code of an enrolled
// operator. addr is the client's address: tries are limited per address and per email,
// and each outcome but a refusal for too many tries goes to the audit log.
func (s *Service) Login(ctx context.Context, rawEmail, password, code, addr string) (LoginStep, error) {
	if err := s.allow(ctx, "ops-login-addr:"+addr, LoginsPerAddr); err != nil {
		return LoginStep{}, err
	}
	email, err := account.NormalizeEmail(rawEmail)
	if err != nil {
		return LoginStep{}, err
	}
	if err := s.allow(ctx, "ops-login:"+email, LoginsPerEmail); err != nil {
		return LoginStep{}, err
	}
	o, err := s.OperatorByEmail(ctx, email)
	found := err == nil
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return LoginStep{}, err
	}
	hash := s.dummy()
	if found {
		hash = o.passwordHash
	}
	password = strings.TrimSpace(password)
	ok, err := account.CheckPassword(password, hash)
	if err != nil {
		return LoginStep{}, err
	}
	actor := Actor{OperatorID: o.ID, Email: email, Addr: addr}
	fail := func(why string, answer error) (LoginStep, error) {
		objectID := ""
		if found {
			objectID = strconv.FormatInt(o.ID, 10)
		}
		if err := s.recordAlone(ctx, Entry{At: s.now(), Actor: actor, Action: "operator.login.failed", ObjectType: "operator",
			ObjectID: objectID, Reason: why}); err != nil {
			return LoginStep{}, err
		}
		return LoginStep{}, answer
	}
	switch {
	case !found:
		return fail("unknown email", errLogin)
	case !ok:
		return fail("wrong password", errLogin)
	case o.Disabled:
		return fail("operator disabled", errLogin)
	}
	if !o.TOTPEnrolled {
		return s.beginEnrol(ctx, o, addr)
	}
	if strings.TrimSpace(code) == "" {
		return LoginStep{Step: "code"}, nil
	}
	if err := s.checkCode(ctx, o, code); err != nil {
		if err == errWrongCode {
			return fail("wrong authenticator code", err)
		}
		return LoginStep{}, err
	}
	var token string
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if token, err = s.createSession(ctx, tx, o.ID, stageFull, addr); err != nil {
			return err
		}
		return Record(ctx, tx, Entry{At: s.now(), Actor: actor, Action: "operator.login", ObjectType: "operator",
			ObjectID: strconv.FormatInt(o.ID, 10)})
	})
	if err != nil {
		return LoginStep{}, err
	}
	return LoginStep{Step: "done", Operator: &o, Token: token}, nil
}

func sealContext(id int64) []byte { return []byte("ops-totp:" + strconv.FormatInt(id, 10)) }

// beginEnrol starts (or takes up again) an operator's enrolment: the key made at the
// first sign-in stays until a code from it is taken, so a second try shows the same one.
func (s *Service) beginEnrol(ctx context.Context, o Operator, addr string) (LoginStep, error) {
	if s.Sealer == nil {
		return LoginStep{}, errors.New("ops: no secret key to seal the authenticator key with")
	}
	secret := ""
	if o.sealedSecret != "" {
		if opened, ok := s.Sealer.Open(o.sealedSecret, sealContext(o.ID)); ok {
			secret = opened
		}
	}
	var token string
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		if secret == "" {
			secret = twofactor.NewSecret()
			sealed, err := s.Sealer.Seal(secret, sealContext(o.ID))
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, "UPDATE ops_operators SET totp_secret = ? WHERE id = ? AND totp_enrolled_at = 0", sealed, o.ID); err != nil {
				return err
			}
		}
		var err error
		token, err = s.createSession(ctx, tx, o.ID, stageEnrol, addr)
		return err
	})
	if err != nil {
		return LoginStep{}, err
	}
	issuer := s.Issuer
	if issuer == "" {
		issuer = "Uniplus Pool console"
	}
	return LoginStep{Step: "enrol", Secret: secret, URI: twofactor.URI(issuer, o.Email, secret), Token: token}, nil
}

// Enrol takes the first code of the operator's new authenticator, on the session a
// sign-in without one opened: the key is on from then, and the enrolment session is
// replaced by a signed-in one (a new token).
func (s *Service) Enrol(ctx context.Context, enrolToken, code, addr string) (LoginStep, error) {
	o, err := s.sessionOperator(ctx, enrolToken, stageEnrol)
	if errors.Is(err, db.ErrNotFound) {
		return LoginStep{}, errorOf(401, "ops.enrolGone", nil)
	}
	if err != nil {
		return LoginStep{}, err
	}
	if o.TOTPEnrolled {
		return LoginStep{}, errorOf(400, "ops.alreadyEnrolled", nil)
	}
	if err := s.allow(ctx, "ops-code:"+strconv.FormatInt(o.ID, 10), CodesPerOperator); err != nil {
		return LoginStep{}, err
	}
	secret, ok := s.Sealer.Open(o.sealedSecret, sealContext(o.ID))
	if !ok {
		return LoginStep{}, errorOf(401, "ops.enrolGone", nil)
	}
	actor := Actor{OperatorID: o.ID, Email: o.Email, Addr: addr}
	step := twofactor.Match(secret, codeInput(code), s.now(), 0)
	if step < 0 {
		if err := s.recordAlone(ctx, Entry{At: s.now(), Actor: actor, Action: "operator.login.failed", ObjectType: "operator",
			ObjectID: strconv.FormatInt(o.ID, 10), Reason: "wrong enrolment code"}); err != nil {
			return LoginStep{}, err
		}
		return LoginStep{}, errWrongCode
	}
	var token string
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, "UPDATE ops_operators SET totp_enrolled_at = ?, totp_last_step = ? WHERE id = ? AND totp_enrolled_at = 0",
			s.now().UnixMilli(), step, o.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errorOf(400, "ops.alreadyEnrolled", nil)
		}
		if _, err := tx.Exec(ctx, "DELETE FROM ops_sessions WHERE operator_id = ? AND stage = ?", o.ID, stageEnrol); err != nil {
			return err
		}
		if token, err = s.createSession(ctx, tx, o.ID, stageFull, addr); err != nil {
			return err
		}
		after := o
		after.TOTPEnrolled = true
		return Record(ctx, tx, Entry{At: s.now(), Actor: actor, Action: "operator.enrol", ObjectType: "operator",
			ObjectID: strconv.FormatInt(o.ID, 10), Before: o.view(), After: after.view()})
	})
	if err != nil {
		return LoginStep{}, err
	}
	o.TOTPEnrolled = true
	return LoginStep{Step: "done", Operator: &o, Token: token}, nil
}

// codeInput reads a 6-digit code, spaces allowed.
func codeInput(raw string) string { return strings.ReplaceAll(strings.TrimSpace(raw), " ", "") }

var errWrongCode = errorOf(403, "ops.wrongCode", nil)

// checkCode checks an enrolled operator's authenticator code and uses it up (a code
// works once); tries are limited per operator.
func (s *Service) checkCode(ctx context.Context, o Operator, raw string) error {
	if strings.TrimSpace(raw) == "" {
		return errorOf(403, "ops.totpRequired", nil)
	}
	if err := s.allow(ctx, "ops-code:"+strconv.FormatInt(o.ID, 10), CodesPerOperator); err != nil {
		return err
	}
	if s.Sealer == nil {
		return errors.New("ops: no secret key to open the authenticator key with")
	}
	secret, ok := s.Sealer.Open(o.sealedSecret, sealContext(o.ID))
	if !ok {
		return errWrongCode
	}
	step := twofactor.Match(secret, codeInput(raw), s.now(), o.lastStep)
	if step < 0 {
		return errWrongCode
	}
	// Of two requests racing with one code, one moves the step and the other is refused.
	res, err := s.DB.Exec(ctx, "UPDATE ops_operators SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?", step, o.ID, step)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errWrongCode
	}
	return nil
}

// CheckCode is checkCode for the finance actions' second asking.
func (s *Service) CheckCode(ctx context.Context, o Operator, raw string) error {
	return s.checkCode(ctx, o, raw)
}
