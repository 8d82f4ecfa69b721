package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

// Channels a code is sent on.
const (
	ChannelSMS   = "sms"
	ChannelEmail = "email"
)

// Code rules (DESIGN.md "Accounts and security").
const (
	CodeTTL            = 10 * time.Minute
	CodeMaxAttempts    = 5
	CodeResendInterval = 60 * time.Second
	CodesPerTargetHour = 10
	CodesPerClientHour = 30
)

// ownerRule says whose the target of a scene must be.
type ownerRule int

const (
	targetUnregistered ownerRule = iota // no active account uses it (register)
	targetRegistered                    // an active account uses it (login)
	targetMine                          // it is the logged-in user's own (change, reset)
	targetFreeForMe                     // logged in, and no account uses it (bind, new)
)

// Scene is what a code is for; a code is valid only for its scene and target.
type Scene struct {
	Name    string
	Channel string
	Owner   ownerRule
}

// NeedsLogin tells whether the scene is for a logged-in user.
func (s Scene) NeedsLogin() bool { return s.Owner == targetMine || s.Owner == targetFreeForMe }

// Scenes of the second verification.
const (
	SceneWithdraw    = "withdraw"
	SceneAddressBook = "addressBook"
)

// Scenes of SPEC section 7, per channel.
var Scenes = map[string]Scene{}

func init() {
	for _, s := range []Scene{
		{"login", ChannelSMS, targetRegistered}, {"register", ChannelSMS, targetUnregistered},
		{"bindPhone", ChannelSMS, targetFreeForMe}, {"changePhone", ChannelSMS, targetMine},
		{"newPhone", ChannelSMS, targetFreeForMe}, {"resetPwdByPhone", ChannelSMS, targetMine},
		{"login", ChannelEmail, targetRegistered}, {"register", ChannelEmail, targetUnregistered},
		{"bindEmail", ChannelEmail, targetFreeForMe}, {"changeEmail", ChannelEmail, targetMine},
		{"newEmail", ChannelEmail, targetFreeForMe}, {"resetPwdByEmail", ChannelEmail, targetMine},
		// Binding a contact is proved by the account's password or by a code to the contact
		// it has: binding a phone, a code to the user's own email, and the other way round
		// (docs/accounts.md "Binding and changing a contact").
		{"bindPhone", ChannelEmail, targetMine}, {"bindEmail", ChannelSMS, targetMine},
		// Second verification of money actions (SPEC section 5): withdrawing, and changing
		// the address book.
		{SceneWithdraw, ChannelSMS, targetMine}, {SceneAddressBook, ChannelSMS, targetMine},
		{SceneWithdraw, ChannelEmail, targetMine}, {SceneAddressBook, ChannelEmail, targetMine},
	} {
		Scenes[s.Channel+":"+s.Name] = s
	}
}

// SceneFor finds a scene by channel and name, or answers a field error.
func SceneFor(channel, name string) (Scene, error) {
	if name == "" {
		return Scene{}, httpx.Required("field.scenes")
	}
	s, ok := Scenes[channel+":"+name]
	if !ok {
		var names []string
		for _, sc := range Scenes {
			if sc.Channel == channel {
				names = append(names, sc.Name)
			}
		}
		slices.Sort(names)
		return Scene{}, httpx.Warn("validation.oneOf", i18n.Params{"field": "field.scenes", "values": fmt.Sprint(names)})
	}
	return s, nil
}

// codeHash binds a code to its row, channel, target and scene, so a stored hash says
// nothing useful about any other code.
func codeHash(id int64, channel, target, scene, code string) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%d|%s|%s|%s|%s", id, channel, target, scene, code)))
	return hex.EncodeToString(sum[:])
}

func newCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf("%06d", n.Int64())
}

// checkSendLimits refuses a send that would break the resend interval or an hourly cap.
// SendCode asks before it spends the slider ticket (a refused send must not cost the user
// another drag), and issueCode asks again inside its transaction.
func (s *Store) checkSendLimits(ctx context.Context, q db.Querier, sc Scene, target, clientAddr string, now time.Time) error {
	ms := now.UnixMilli()
	var last sql.NullInt64
	var perTarget int
	if err := q.QueryRow(ctx, `SELECT MAX(created_at), COUNT(*) FROM verification_codes WHERE channel = ? AND target = ? AND created_at > ?`,
		sc.Channel, target, ms-time.Hour.Milliseconds()).Scan(&last, &perTarget); err != nil {
		return fmt.Errorf("account: code limits: %w", err)
	}
	if last.Valid && ms-last.Int64 < CodeResendInterval.Milliseconds() {
		wait := (CodeResendInterval.Milliseconds() - (ms - last.Int64) + 999) / 1000
		e := httpx.TooManyRequests("account.codeTooSoon")
		e.Params = i18n.Params{"seconds": fmt.Sprint(wait)}
		return e
	}
	if perTarget >= CodesPerTargetHour {
		return httpx.TooManyRequests("account.codeHourlyLimit")
	}
	var perClient int
	if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM verification_codes WHERE client_addr = ? AND created_at > ?`,
		clientAddr, ms-time.Hour.Milliseconds()).Scan(&perClient); err != nil {
		return fmt.Errorf("account: code limits: %w", err)
	}
	if perClient >= CodesPerClientHour {
		return httpx.TooManyRequests("account.codeHourlyLimit")
	}
	return nil
}

// issueCode checks the send limits and stores a new code for (channel, target, scene),
// replacing any unused one. It returns the plain code for delivery. A code that goes out
// as a notice instead (deliverable false) is stored with an empty hash that no code
// matches: it counts against the limits and its wrong tries burn it like any other, but
// no guess can ever use it.
func (s *Store) issueCode(ctx context.Context, tx *db.Tx, sc Scene, target, clientAddr string, now time.Time, deliverable bool) (string, error) {
	ms := now.UnixMilli()
	if err := s.checkSendLimits(ctx, tx, sc, target, clientAddr, now); err != nil {
		return "", err
	}
	// Only the newest code of a scene counts: an older one still in a mailbox is dead.
	if _, err := tx.Exec(ctx, `UPDATE verification_codes SET used_at = ? WHERE channel = ? AND target = ? AND scene = ? AND used_at IS NULL`,
		ms, sc.Channel, target, sc.Name); err != nil {
		return "", fmt.Errorf("account: retire codes: %w", err)
	}
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO verification_codes (channel, target, scene, code_hash, client_addr, created_at, expires_at)
		VALUES (?, ?, ?, '', ?, ?, ?) RETURNING id`, sc.Channel, target, sc.Name, clientAddr, ms, now.Add(CodeTTL).UnixMilli()).Scan(&id); err != nil {
		return "", fmt.Errorf("account: store code: %w", err)
	}
	code := newCode()
	if !deliverable {
		return "", nil
	}
	if _, err := tx.Exec(ctx, "UPDATE verification_codes SET code_hash = ? WHERE id = ?", codeHash(id, sc.Channel, target, sc.Name, code), id); err != nil {
		return "", fmt.Errorf("account: store code: %w", err)
	}
	return code, nil
}

// errCodeWrong is a wrong code (the caller counts it as a failure).
var errCodeWrong = httpx.Warn("account.codeInvalid", nil)

// verifyCode checks code against the live code of (channel, target, scene) and returns
// its id without using it up. A wrong code costs one of its 5 tries, the fifth burns it;
// the count is written at once, never inside a transaction that could roll it back.
func (s *Store) verifyCode(ctx context.Context, sc Scene, target, code string, now time.Time) (int64, error) {
	ms := now.UnixMilli()
	var id int64
	var hash string
	var attempts int
	err := s.DB.QueryRow(ctx, `SELECT id, code_hash, attempts FROM verification_codes
		WHERE channel = ? AND target = ? AND scene = ? AND used_at IS NULL AND expires_at > ?
		ORDER BY id DESC LIMIT 1`, sc.Channel, target, sc.Name, ms).Scan(&id, &hash, &attempts)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errCodeWrong
	}
	if err != nil {
		return 0, fmt.Errorf("account: find code: %w", err)
	}
	if subtle.ConstantTimeCompare([]byte(codeHash(id, sc.Channel, target, sc.Name, code)), []byte(hash)) == 1 {
		return id, nil
	}
	// Counted in SQL, so two wrong tries at once both count.
	var after int
	err = s.DB.QueryRow(ctx, `UPDATE verification_codes SET attempts = attempts + 1,
		used_at = CASE WHEN attempts + 1 >= ? THEN ? ELSE used_at END
		WHERE id = ? RETURNING attempts`, CodeMaxAttempts, ms, id).Scan(&after)
	if err != nil {
		return 0, fmt.Errorf("account: count code try: %w", err)
	}
	if after >= CodeMaxAttempts {
		return 0, httpx.Warn("account.codeBurned", nil)
	}
	return 0, errCodeWrong
}

// consumeCode uses up a verified code inside the action's transaction; of two requests
// racing with one code, only one gets it.
func consumeCode(ctx context.Context, tx *db.Tx, id int64, now time.Time) error {
	res, err := tx.Exec(ctx, "UPDATE verification_codes SET used_at = ? WHERE id = ? AND used_at IS NULL", now.UnixMilli(), id)
	if err != nil {
		return fmt.Errorf("account: use code: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errCodeWrong
	}
	return nil
}
