package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"time"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/secrettoken"
)

// Slider rules: the server decides whether a drag looks like a person dragging a slider
// to its end, and makes every pass cost a small proof of work. The seed's slider was
// client-only, which stops nothing.
const (
	CaptchaWidth     = 300
	CaptchaTTL       = 2 * time.Minute
	TicketTTL        = 2 * time.Minute
	MinTrackPoints   = 5
	MaxTrackPoints   = 2000
	MinTrackDuration = 300 // ms
	// DefaultPowBits is the proof of work a check costs unless poold serve says otherwise
	// (--captcha-pow-bits): 2^16 hashes on average, 0.13 to 0.15 s for the browser's solver
	// on a mid-range phone (docs/accounts.md "Slider" has the measurements).
	DefaultPowBits = 16
	// MaxPowBits bounds the setting: each bit doubles the work, and 24 bits already take
	// a phone half a minute.
	MaxPowBits = 24
	// endTolerance is how close to the end (in px of the track width) the drag must stop.
	endTolerance = 2
	// startTolerance is how close to the start the drag's first point must be. The web
	// client records the press at (0, 0); a pointer move in the same millisecond replaces
	// that point (track-recorder.ts), so it may sit a hair further on.
	startTolerance = 10
	// keySteps is how many arrow presses take the web slider from start to end
	// (KEY_STEPS in web/src/features/auth/model/track-recorder.ts), and keyTolerance how
	// far a point may sit from a key position (the client rounds to 0.1).
	keySteps     = 10
	keyTolerance = 0.06
	// Time steps within half a millisecond, x steps within a quarter of a unit (the client
	// rounds to 0.1) and y within 0.05 count as equal.
	timeStepTolerance = 0.5
	xStepTolerance    = 0.25
	yTolerance        = 0.05
	// maxNonceDigits bounds the nonce, a decimal string.
	maxNonceDigits = 20
)

// Pow is the proof-of-work part of a challenge: find a decimal nonce such that
// sha256(Challenge + nonce) begins with Bits zero bits.
type Pow struct {
	Challenge string `json:"challenge"`
	Bits      int    `json:"bits"`
}

// Captcha is a slider challenge as captcha/new answers it.
type Captcha struct {
	ID    string `json:"id"`
	Width int    `json:"width"`
	Pow   Pow    `json:"pow"`
}

// NewCaptcha stores a slider challenge for clientAddr with a proof of work of bits zero
// bits (DefaultPowBits when bits is not positive, at most MaxPowBits).
func (s *Store) NewCaptcha(ctx context.Context, clientAddr string, bits int, now time.Time) (Captcha, error) {
	if bits <= 0 {
		bits = DefaultPowBits
	}
	bits = min(bits, MaxPowBits)
	c := Captcha{ID: randomHex(16), Width: CaptchaWidth, Pow: Pow{Challenge: randomHex(16), Bits: bits}}
	_, err := s.DB.Exec(ctx, `INSERT INTO captchas (id, width, client_addr, created_at, expires_at, pow_challenge, pow_bits)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.Width, clientAddr, now.UnixMilli(), now.Add(CaptchaTTL).UnixMilli(), c.Pow.Challenge, c.Pow.Bits)
	if err != nil {
		return Captcha{}, fmt.Errorf("account: new captcha: %w", err)
	}
	return c, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return hex.EncodeToString(b)
}

// PowOK tells whether nonce, a decimal string of at most 20 digits, answers the proof of
// work: sha256(challenge + nonce) begins with bits zero bits.
func PowOK(challenge, nonce string, bits int) bool {
	if nonce == "" || len(nonce) > maxNonceDigits {
		return false
	}
	for _, c := range []byte(nonce) {
		if c < '0' || c > '9' {
			return false
		}
	}
	sum := sha256.Sum256([]byte(challenge + nonce))
	return leadingZeroBits(sum[:]) >= bits
}

func leadingZeroBits(b []byte) int {
	n := 0
	for _, c := range b {
		if c != 0 {
			return n + bits.LeadingZeros8(c)
		}
		n += 8
	}
	return n
}

// SolvePow finds the smallest nonce that answers a proof of work, as the browser's solver
// does (web/src/features/auth/model/pow.ts); tests and scripts use it.
func SolvePow(challenge string, bits int) string {
	for n := uint64(0); ; n++ {
		nonce := strconv.FormatUint(n, 10)
		if PowOK(challenge, nonce, bits) {
			return nonce
		}
	}
}

// TrackPoint is one sample of the drag: x and y in px from where it began (in the
// track's width units), t in ms.
type TrackPoint [3]float64

// UnmarshalJSON takes a point as [x, y, ms] and nothing else.
func (p *TrackPoint) UnmarshalJSON(b []byte) error {
	var v []float64
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	if len(v) != 3 {
		return fmt.Errorf("account: a track point is [x, y, ms], got %d numbers", len(v))
	}
	copy(p[:], v)
	return nil
}

// CheckTrack tells whether a drag reached the end of a track of width px like a person:
// enough points, time only growing, at least 300 ms, never outside the track (y at most a
// width away from the line), beginning at the start and ending at the end, not evenly
// timed (every time step the same), and, when flat (y never varying), made by the arrow
// keys. Those rules refuse the naive script; any script can imitate a hand, which is why a
// check also costs a proof of work.
func CheckTrack(track []TrackPoint, width int) bool {
	if len(track) < MinTrackPoints || len(track) > MaxTrackPoints {
		return false
	}
	w := float64(width)
	for i, p := range track {
		x, y, t := p[0], p[1], p[2]
		if !finite(x) || !finite(y) || !finite(t) || x < -endTolerance || x > w+endTolerance || math.Abs(y) > w || t < 0 {
			return false
		}
		if i > 0 && t <= track[i-1][2] {
			return false
		}
	}
	first, last := track[0], track[len(track)-1]
	// A handle that never left the end (x at the end throughout, only y wobbling) moved
	// nothing: the drag must begin where the handle rests.
	if first[0] > startTolerance {
		return false
	}
	if last[2]-first[2] < MinTrackDuration || last[0] < w-endTolerance {
		return false
	}
	if evenlyTimed(track) {
		return false
	}
	// A pointer strays off the line, by a pixel at least, over a whole drag; a track that
	// never does is the keyboard's, or a script's. Flat and uneven steps
	// ([[0,0,0],[40,0,90],[120,0,210],[220,0,330],[300,0,420]]) used to pass here.
	return !flat(track) || keyboardTrack(track, w)
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// evenlyTimed: every time step is the same, a script's timer rather than a hand.
func evenlyTimed(track []TrackPoint) bool {
	dt := track[1][2] - track[0][2]
	for i := 2; i < len(track); i++ {
		if math.Abs(track[i][2]-track[i-1][2]-dt) > timeStepTolerance {
			return false
		}
	}
	return true
}

// flat: the drag keeps to one horizontal line.
func flat(track []TrackPoint) bool {
	for _, p := range track {
		if math.Abs(p[1]-track[0][1]) > yTolerance {
			return false
		}
	}
	return true
}

// keyPosition is where the k-th arrow press puts the web slider's handle on a track of
// width w: an eased curve, slow at both ends (keyPosition in track-recorder.ts, to the
// same 0.1).
func keyPosition(k int, w float64) float64 {
	f := float64(k) / keySteps
	return math.Round(w*f*f*(3-2*f)*10) / 10
}

// keyboardTrack: the track is what the web slider records from the arrow keys: it
// starts at key position 0, on the line, and every point is one press from the one
// before (forward, back, or again at an end), each on a key position. The positions are
// not evenly spaced, so a ruled line at one speed is not one; and nothing else the client
// sends is flat.
func keyboardTrack(track []TrackPoint, w float64) bool {
	if math.Abs(track[0][1]) > yTolerance {
		return false
	}
	k := 0
	for i, p := range track {
		at := -1
		for _, c := range []int{k - 1, k, k + 1} {
			if c >= 0 && c <= keySteps && math.Abs(p[0]-keyPosition(c, w)) <= keyTolerance {
				at = c
				break
			}
		}
		if at < 0 || (i == 0 && at != 0) {
			return false
		}
		k = at
	}
	return k == keySteps
}

// CheckCaptcha judges a drag once: the challenge is spent whatever the outcome. A pass
// needs the proof of work's nonce and a drag like a person's, and answers a single-use
// ticket bound to clientAddr, the address that earned it.
func (s *Store) CheckCaptcha(ctx context.Context, id string, track []TrackPoint, nonce, clientAddr string, now time.Time) (string, error) {
	ms := now.UnixMilli()
	var width, bits int
	var challenge string
	var checked sql.NullInt64
	var expires int64
	err := s.DB.QueryRow(ctx, "SELECT width, pow_challenge, pow_bits, checked_at, expires_at FROM captchas WHERE id = ?", id).
		Scan(&width, &challenge, &bits, &checked, &expires)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && (checked.Valid || expires <= ms || challenge == "")) {
		return "", httpx.Warn("captcha.expired", nil)
	}
	if err != nil {
		return "", fmt.Errorf("account: captcha %s: %w", id, err)
	}
	res, err := s.DB.Exec(ctx, "UPDATE captchas SET checked_at = ? WHERE id = ? AND checked_at IS NULL", ms, id)
	if err != nil {
		return "", fmt.Errorf("account: captcha %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return "", httpx.Warn("captcha.expired", nil)
	}
	if !PowOK(challenge, nonce, bits) || !CheckTrack(track, width) {
		return "", httpx.Warn("captcha.failed", nil)
	}
	ticket := secrettoken.New()
	if _, err := s.DB.Exec(ctx, "UPDATE captchas SET ticket_hash = ?, ticket_expires_at = ?, ticket_addr = ? WHERE id = ?",
		secrettoken.Hash(ticket), now.Add(TicketTTL).UnixMilli(), clientAddr, id); err != nil {
		return "", fmt.Errorf("account: captcha ticket: %w", err)
	}
	return ticket, nil
}

// UseTicket spends a slider ticket; a missing, used or expired one, or one earned from
// another client address than ctx's request (httpx.From), answers a warning.
func (s *Store) UseTicket(ctx context.Context, ticket string, now time.Time) error {
	if ticket == "" {
		return httpx.Warn("captcha.ticketRequired", nil)
	}
	ms := now.UnixMilli()
	res, err := s.DB.Exec(ctx, `UPDATE captchas SET ticket_used_at = ?
		WHERE ticket_hash = ? AND ticket_used_at IS NULL AND ticket_expires_at > ? AND ticket_addr = ?`,
		ms, secrettoken.Hash(ticket), ms, httpx.From(ctx).ClientAddr)
	if err != nil {
		return fmt.Errorf("account: use ticket: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return httpx.Warn("captcha.ticketInvalid", nil)
	}
	return nil
}

// SweepExpired deletes spent challenges, codes and sessions that can no longer matter
// (past their 30 days or idle for SessionIdle).
// Codes and challenges are kept a day past expiry: the send limits count the last hour.
func (s *Store) SweepExpired(ctx context.Context, now time.Time) error {
	dayAgo := now.Add(-24 * time.Hour).UnixMilli()
	if _, err := s.DB.Exec(ctx, "DELETE FROM captchas WHERE expires_at < ?", dayAgo); err != nil {
		return fmt.Errorf("account: sweep captchas: %w", err)
	}
	if _, err := s.DB.Exec(ctx, "DELETE FROM verification_codes WHERE expires_at < ?", dayAgo); err != nil {
		return fmt.Errorf("account: sweep codes: %w", err)
	}
	if _, err := s.DB.Exec(ctx, "DELETE FROM sessions WHERE expires_at < ? OR last_seen_at < ?",
		now.UnixMilli(), now.Add(-SessionIdle).UnixMilli()); err != nil {
		return fmt.Errorf("account: sweep sessions: %w", err)
	}
	return nil
}
