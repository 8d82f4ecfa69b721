package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/ops/audit"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// Agents are the pool's referral partners (docs/accounts.md "Agents"): each has an invite
// code, and its link /mobile/registerInvite/<code> carries the code into registration.
// Registration records a live agent's code on the new user and refuses any other code.

// MaxAgentName bounds an agent's name (what the operator calls them; no user sees it).
const MaxAgentName = 100

// InviteChecksPerClient is how many invite codes one client address may have looked up
// in InviteCheckWindow: by the invite page's check and by registrations that carry a
// code, together, so that neither is a cheaper way to guess agent codes than the other.
// An invite link opened and used costs two.
const (
	InviteChecksPerClient = 30
	InviteCheckWindow     = 10 * time.Minute
)

// Agent is a referral partner.
type Agent struct {
	Code      string // as the operator spelled it; matched without regard to case
	Name      string
	ExpiresAt int64 // Unix ms; 0 never
	Disabled  bool
	CreatedAt int64
	Users     int // registered with the code (cancelled accounts too); filled by ListAgents
}

// Live tells whether registration takes the agent's code at now.
func (a Agent) Live(now time.Time) bool {
	return !a.Disabled && !a.Expired(now)
}

// Expired tells whether the agent's expiry has passed at now.
func (a Agent) Expired(now time.Time) bool {
	return a.ExpiresAt != 0 && now.UnixMilli() >= a.ExpiresAt
}

// Errors of the agent commands.
var (
	ErrAgentExists  = errors.New("an agent already has this code (codes are unique without regard to case)")
	ErrAgentUnknown = errors.New("no agent has this code")
)

const agentColumns = "code, name, expires_at, disabled, created_at"

func scanAgent(row interface{ Scan(...any) error }) (Agent, error) {
	var a Agent
	err := row.Scan(&a.Code, &a.Name, &a.ExpiresAt, &a.Disabled, &a.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return a, db.ErrNotFound
	}
	return a, err
}

// AgentCode checks a code an operator gives an agent: the registration rule (letters,
// digits, - and _, at most 32), and not "null", which the web client sends for no code.
func AgentCode(raw string) (string, error) {
	code := strings.TrimSpace(raw)
	if code == "" {
		return "", errors.New("the code is empty")
	}
	if !invitePattern.MatchString(code) {
		return "", fmt.Errorf("code %q: only letters, digits, - and _, at most %d", code, MaxInviteCode)
	}
	if strings.EqualFold(code, "null") {
		return "", errors.New(`code "null" means no code to the web client; choose another`)
	}
	return code, nil
}

// AgentName checks an agent's name: required, at most MaxAgentName characters, no
// control characters (it is printed in the operator's terminal).
func AgentName(raw string) (string, error) {
	name := strings.TrimSpace(raw)
	switch {
	case name == "":
		return "", errors.New("--name is required")
	case !utf8.ValidString(name):
		return "", errors.New("--name is not valid UTF-8")
	case utf8.RuneCountInString(name) > MaxAgentName:
		return "", fmt.Errorf("--name is longer than %d characters", MaxAgentName)
	case !textcheck.Safe(name):
		return "", errors.New("--name must not contain control characters (tabs, new lines, escapes, direction overrides)")
	}
	return name, nil
}

// AddAgent stores a new agent for an operator (by) with its audit entry (agent.add) in
// the same transaction; a code another agent has, in any case, is ErrAgentExists.
func (s *Store) AddAgent(ctx context.Context, by audit.Actor, a Agent, now time.Time) (Agent, error) {
	code, err := AgentCode(a.Code)
	if err != nil {
		return a, err
	}
	name, err := AgentName(a.Name)
	if err != nil {
		return a, err
	}
	if a.ExpiresAt < 0 {
		return a, errors.New("the expiry is before 1970")
	}
	a.Code, a.Name, a.Disabled, a.CreatedAt = code, name, false, now.UnixMilli()
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO agents ("+agentColumns+") VALUES (?, ?, ?, ?, ?)",
			a.Code, a.Name, a.ExpiresAt, a.Disabled, a.CreatedAt); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{At: now, Actor: by, Action: "agent.add", ObjectType: "agent", ObjectID: a.Code, After: a})
	})
	if db.IsUniqueViolation(err) {
		return a, ErrAgentExists
	}
	if err != nil {
		return a, fmt.Errorf("account: add agent: %w", err)
	}
	return a, nil
}

// AgentByCode answers the agent whose code is code in any case, or db.ErrNotFound.
func (s *Store) AgentByCode(ctx context.Context, q db.Querier, code string) (Agent, error) {
	a, err := scanAgent(q.QueryRow(ctx, "SELECT "+agentColumns+" FROM agents WHERE lower(code) = lower(?)", code))
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return a, fmt.Errorf("account: agent by code: %w", err)
	}
	return a, err
}

// ListAgents answers every agent, oldest first, with how many users registered with its
// code.
func (s *Store) ListAgents(ctx context.Context) ([]Agent, error) {
	rows, err := s.DB.Query(ctx, `SELECT a.code, a.name, a.expires_at, a.disabled, a.created_at,
			(SELECT COUNT(*) FROM users u WHERE lower(u.agent_invite_code) = lower(a.code))
		FROM agents a ORDER BY a.created_at, a.code`)
	if err != nil {
		return nil, fmt.Errorf("account: list agents: %w", err)
	}
	defer rows.Close()
	var out []Agent
	for rows.Next() {
		var a Agent
		if err := rows.Scan(&a.Code, &a.Name, &a.ExpiresAt, &a.Disabled, &a.CreatedAt, &a.Users); err != nil {
			return nil, fmt.Errorf("account: list agents: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// SetAgent turns an agent's code off (disabled) or on again and, with expiresAt non-nil,
// sets when it expires (0 never), for an operator (by), with its audit entry
// (agent.disable or agent.enable, before and after) in the same transaction. An unknown
// code is ErrAgentUnknown.
func (s *Store) SetAgent(ctx context.Context, by audit.Actor, code string, disabled bool, expiresAt *int64) (Agent, error) {
	set, args := "disabled = ?", []any{disabled}
	if expiresAt != nil {
		if *expiresAt < 0 {
			return Agent{}, errors.New("the expiry is before 1970")
		}
		set, args = set+", expires_at = ?", append(args, *expiresAt)
	}
	code = strings.TrimSpace(code)
	var a Agent
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.AgentByCode(ctx, tx, code)
		if errors.Is(err, db.ErrNotFound) {
			return ErrAgentUnknown
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE agents SET "+set+" WHERE lower(code) = lower(?)", append(args, code)...); err != nil {
			return err
		}
		if a, err = s.AgentByCode(ctx, tx, code); err != nil {
			return err
		}
		action := "agent.enable"
		if disabled {
			action = "agent.disable"
		}
		return audit.Record(ctx, tx, audit.Entry{At: time.Now(), Actor: by, Action: action, ObjectType: "agent", ObjectID: a.Code,
			Before: before, After: a})
	})
	if err != nil && !errors.Is(err, ErrAgentUnknown) {
		return a, fmt.Errorf("account: update agent: %w", err)
	}
	return a, err
}

// errInviteInvalid answers a registration or check whose invite code is no live agent's:
// SPEC section 8's "Invitation link expired; register through the correct link." The one
// message for unknown, disabled and expired codes, so the answer says nothing about which
// codes exist; data.inviteInvalid tells the client to forget the code it kept.
func errInviteInvalid() *httpx.Error {
	e := httpx.Warn("account.inviteInvalid", nil)
	e.Data = map[string]bool{"inviteInvalid": true}
	return e
}

// CheckInvite tells whether raw is the code of a live agent. An empty code is required
// here (registration without a code never asks); a badly shaped one is a field error.
// Every look-up counts against the client address's budget of invite look-ups, shared
// with registration (InviteChecksPerClient).
func (s *Service) CheckInvite(ctx context.Context, raw string) (bool, error) {
	code, err := CheckInviteCode(raw)
	if err != nil {
		return false, err
	}
	if code == "" {
		return false, httpx.Required("field.agentInviteCode")
	}
	a, err := s.liveAgent(ctx, code)
	if err != nil {
		return false, err
	}
	return a != nil, nil
}

// liveAgent counts one invite look-up against the client address's budget and answers
// the live agent whose code is code, or nil.
func (s *Service) liveAgent(ctx context.Context, code string) (*Agent, error) {
	if s.Limiter != nil {
		ok, err := s.Limiter.Allow(ctx, "invite:"+httpx.From(ctx).ClientAddr, InviteChecksPerClient, InviteCheckWindow)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, httpx.TooManyRequests("")
		}
	}
	a, err := s.Store.AgentByCode(ctx, s.Store.DB, code)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !a.Live(s.now()) {
		return nil, nil
	}
	return &a, nil
}
