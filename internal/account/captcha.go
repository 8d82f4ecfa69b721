package account

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/uniplus-pool/pool/internal/httpx"
)

// Slider rules: the server decides whether a drag looks like a person dragging a slider
// to its end. The seed's slider was client-only, which stops nothing.
const (
	CaptchaWidth     = 300
	CaptchaTTL       = 2 * time.Minute
	TicketTTL        = 2 * time.Minute
	MinTrackPoints   = 5
	MaxTrackPoints   = 2000
	MinTrackDuration = 300 // ms
	// endTolerance is how close to the end (in px of the track width) the drag must stop.
	endTolerance = 2
)

// NewCaptcha stores a slider challenge and returns its id and width.
func (s *Store) NewCaptcha(ctx context.Context, clientAddr string, now time.Time) (string, int, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", 0, err
	}
	id := hex.EncodeToString(b)
	_, err := s.DB.Exec(ctx, `INSERT INTO captchas (id, width, client_addr, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		id, CaptchaWidth, clientAddr, now.UnixMilli(), now.Add(CaptchaTTL).UnixMilli())
	if err != nil {
		return "", 0, fmt.Errorf("account: new captcha: %w", err)
	}
	return id, CaptchaWidth, nil
}

// TrackPoint is one sample of the drag: x in px from the start, t in ms.
type TrackPoint [2]float64

// CheckTrack tells whether a drag reached the end of a track of width px like a person:
// enough points, time only growing, at least 300 ms, never outside the track.
func CheckTrack(track []TrackPoint, width int) bool {
	if len(track) < MinTrackPoints || len(track) > MaxTrackPoints {
		return false
	}
	w := float64(width)
	for i, p := range track {
		x, t := p[0], p[1]
		if math.IsNaN(x) || math.IsNaN(t) || math.IsInf(x, 0) || math.IsInf(t, 0) || x < -endTolerance || x > w+endTolerance || t < 0 {
			return false
		}
		if i > 0 && t <= track[i-1][1] {
			return false
		}
	}
	if track[len(track)-1][1]-track[0][1] < MinTrackDuration {
		return false
	}
	return track[len(track)-1][0] >= w-endTolerance
}

// CheckCaptcha judges a drag once: the challenge is spent whatever the outcome, and a
// pass answers a single-use ticket.
func (s *Store) CheckCaptcha(ctx context.Context, id string, track []TrackPoint, now time.Time) (string, error) {
	ms := now.UnixMilli()
	var width int
	var checked sql.NullInt64
	var expires int64
	err := s.DB.QueryRow(ctx, "SELECT width, checked_at, expires_at FROM captchas WHERE id = ?", id).Scan(&width, &checked, &expires)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && (checked.Valid || expires <= ms)) {
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
	if !CheckTrack(track, width) {
		return "", httpx.Warn("captcha.failed", nil)
	}
	ticket := randomToken()
	if _, err := s.DB.Exec(ctx, "UPDATE captchas SET ticket_hash = ?, ticket_expires_at = ? WHERE id = ?",
		hashToken(ticket), now.Add(TicketTTL).UnixMilli(), id); err != nil {
		return "", fmt.Errorf("account: captcha ticket: %w", err)
	}
	return ticket, nil
}

// UseTicket spends a slider ticket; a missing, used or expired one answers a warning.
func (s *Store) UseTicket(ctx context.Context, ticket string, now time.Time) error {
	if ticket == "" {
		return httpx.Warn("captcha.ticketRequired", nil)
	}
	ms := now.UnixMilli()
	res, err := s.DB.Exec(ctx, `UPDATE captchas SET ticket_used_at = ? WHERE ticket_hash = ? AND ticket_used_at IS NULL AND ticket_expires_at > ?`,
		ms, hashToken(ticket), ms)
	if err != nil {
		return fmt.Errorf("account: use ticket: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return httpx.Warn("captcha.ticketInvalid", nil)
	}
	return nil
}

// SweepExpired deletes spent challenges, codes and sessions that can no longer matter.
// Codes and challenges are kept a day past expiry: the send limits count the last hour.
func (s *Store) SweepExpired(ctx context.Context, now time.Time) error {
	dayAgo := now.Add(-24 * time.Hour).UnixMilli()
	if _, err := s.DB.Exec(ctx, "DELETE FROM captchas WHERE expires_at < ?", dayAgo); err != nil {
		return fmt.Errorf("account: sweep captchas: %w", err)
	}
	if _, err := s.DB.Exec(ctx, "DELETE FROM verification_codes WHERE expires_at < ?", dayAgo); err != nil {
		return fmt.Errorf("account: sweep codes: %w", err)
	}
	if _, err := s.DB.Exec(ctx, "DELETE FROM sessions WHERE expires_at < ?", now.UnixMilli()); err != nil {
		return fmt.Errorf("account: sweep sessions: %w", err)
	}
	return nil
}
