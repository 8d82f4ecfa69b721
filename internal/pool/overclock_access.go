package pool

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// Read-only access for internal/overclock, which keeps its own tables and reaches devices
// and the agent's sub-account only through these functions (the devices and sub_accounts
// tables are the pool's).

// MaxDevicesPerCall bounds the device ids one DevicesOf call looks up.
const MaxDevicesPerCall = 500

// DevicesOf answers those of ids that are live devices of the user's live sub-accounts,
// by id. An id that is unknown, removed or someone else's is simply missing from the map:
// the caller answers "not found" without telling which case it was.
func (s *Store) DevicesOf(ctx context.Context, userID int64, ids []int64) (map[int64]Device, error) {
	out := make(map[int64]Device, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	if len(ids) > MaxDevicesPerCall {
		return nil, fmt.Errorf("pool: %d device ids in one call, at most %d", len(ids), MaxDevicesPerCall)
	}
	args := []any{userID}
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := s.DB.Query(ctx, "SELECT "+deviceColumns+deviceFrom+
		"WHERE s.user_id = ? AND s.deleted_at IS NULL AND d.removed_at IS NULL AND d.id IN ("+db.Marks(len(ids))+")", args...)
	if err != nil {
		return nil, fmt.Errorf("pool: devices of %d: %w", userID, err)
	}
	defer rows.Close()
	for rows.Next() {
		d, err := scanDevice(rows)
		if err != nil {
			return nil, fmt.Errorf("pool: devices of %d: %w", userID, err)
		}
		out[d.ID] = d
	}
	return out, rows.Err()
}

// AgentAuth is the middleware of the agent calls (the one POST /api/agent/v1/report goes
// through): a known Uniplus ID in AgentHeader, at most ReportsPerMinute calls per ID and
// client address (all agent calls share the count), and the ID's sub-account in the
// context for AgentSubAccount. A missing or unknown ID answers code 4.
func AgentAuth(s *Store, limiter ratelimit.Limiter) httpx.Middleware {
	if s == nil || limiter == nil {
		panic("pool: AgentAuth needs a store and a limiter")
	}
	return (&Handler{Store: s, Limiter: limiter}).agent
}

// AgentSubAccount answers the sub-account of the Uniplus ID a request passed AgentAuth
// with; false outside AgentAuth.
func AgentSubAccount(ctx context.Context) (SubAccount, bool) {
	o, ok := ctx.Value(agentKey{}).(owner)
	return o.SubAccount, ok
}

// AgentDevice answers the live device of sub that worker names, as agent reports name
// it: by suffix, or by full name "<code>.<suffix>" whose code must be sub's. A bad name
// or another sub-account's code is an *httpx.Error naming field; a well-formed name
// without a live device is db.ErrNotFound.
func (s *Store) AgentDevice(ctx context.Context, sub SubAccount, worker, field string) (Device, error) {
	worker = strings.TrimSpace(worker)
	if worker == "" {
		return Device{}, httpx.Required(field)
	}
	suffix := worker
	if strings.Contains(worker, ".") {
		code, sfx, err := ParseWorkerName(worker)
		if err != nil {
			return Device{}, httpx.Invalid(field)
		}
		if code != sub.Code {
			return Device{}, httpx.Warn("pool.workerOtherSubAccount", nil)
		}
		suffix = sfx
	}
	if !ValidSuffix(suffix) {
		return Device{}, httpx.Invalid(field)
	}
	d, err := liveDevice(ctx, s.DB, sub.ID, suffix)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return d, fmt.Errorf("pool: agent device %q: %w", worker, err)
	}
	return d, err
}
