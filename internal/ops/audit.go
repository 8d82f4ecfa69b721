package ops

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// The audit log's writing lives in internal/ops/audit, which the domain packages import;
// these names are the same things.
type (
	Actor = audit.Actor
	Entry = audit.Entry
)

// CLI is the actor of `poold admin` commands.
var CLI = audit.CLI

// ActorCLI is the audit log's actor text for the command line.
const ActorCLI = audit.ActorCLI

// Record appends e to the audit log in the caller's transaction (audit.Record).
func Record(ctx context.Context, tx *db.Tx, e Entry) error { return audit.Record(ctx, tx, e) }

// AuditRow is one entry as read back.
type AuditRow struct {
	ID         int64           `json:"id"`
	At         int64           `json:"at"` // Unix ms
	OperatorID *int64          `json:"operatorId"`
	Actor      string          `json:"actor"`
	Addr       string          `json:"ip"`
	Action     string          `json:"action"`
	ObjectType string          `json:"objectType"`
	ObjectID   string          `json:"objectId"`
	Reason     string          `json:"reason"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
}

// AuditFilter picks entries; zero fields pick all. Entries come newest first.
type AuditFilter struct {
	Actor  string
	Action string // exact, or a prefix ending in "." ("operator.")
	// Object is a type ("operator") or a type and an id ("operator:3").
	Object   string
	From, To time.Time // From inclusive, To exclusive
	// Before is a cursor: entries with a smaller id (the last id of the page before).
	Before int64
	Limit  int
}

// MaxAuditPage bounds one page of the audit log.
const MaxAuditPage = 500

// ListAudit reads entries newest first.
func ListAudit(ctx context.Context, q db.Querier, f AuditFilter) ([]AuditRow, error) {
	var where []string
	var args []any
	if f.Actor != "" {
		// Emails are kept in lower case.
		where, args = append(where, "actor = ?"), append(args, strings.ToLower(f.Actor))
	}
	if f.Action != "" {
		if strings.HasSuffix(f.Action, ".") {
			// A prefix, matched on the range it spans (no LIKE: _ and % are plain here).
			where, args = append(where, "action >= ? AND action < ?"), append(args, f.Action, f.Action[:len(f.Action)-1]+"/")
		} else {
			where, args = append(where, "action = ?"), append(args, f.Action)
		}
	}
	if f.Object != "" {
		typ, id, hasID := strings.Cut(f.Object, ":")
		where, args = append(where, "object_type = ?"), append(args, typ)
		if hasID {
			where, args = append(where, "object_id = ?"), append(args, id)
		}
	}
	if !f.From.IsZero() {
		where, args = append(where, "at >= ?"), append(args, f.From.UnixMilli())
	}
	if !f.To.IsZero() {
		where, args = append(where, "at < ?"), append(args, f.To.UnixMilli())
	}
	if f.Before > 0 {
		where, args = append(where, "id < ?"), append(args, f.Before)
	}
	query := `SELECT id, at, operator_id, actor, client_addr, action, object_type, object_id, reason, before_json, after_json FROM ops_audit`
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 50
	}
	query += " ORDER BY id DESC LIMIT " + strconv.Itoa(limit)
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("ops: audit list: %w", err)
	}
	defer rows.Close()
	out := []AuditRow{}
	for rows.Next() {
		var r AuditRow
		var op sql.NullInt64
		var before, after sql.NullString
		if err := rows.Scan(&r.ID, &r.At, &op, &r.Actor, &r.Addr, &r.Action, &r.ObjectType, &r.ObjectID, &r.Reason, &before, &after); err != nil {
			return nil, err
		}
		if op.Valid {
			r.OperatorID = &op.Int64
		}
		r.Before, r.After = rawOrNull(before), rawOrNull(after)
		out = append(out, r)
	}
	return out, rows.Err()
}

func rawOrNull(s sql.NullString) json.RawMessage {
	if !s.Valid || s.String == "" {
		return json.RawMessage("null")
	}
	return json.RawMessage(s.String)
}
