// Package audit writes the operator audit log (ops_audit, docs/operations.md "The audit
// log"): every write of the console and of `poold admin` records who, when, from where,
// what, and the object before and after, in the change's own transaction. It imports
// only the database, so that every domain package can record its operators' changes
// (internal/ops re-exports it).
package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
)

// Actor is who does a write: an operator signed in to the console, or the command line.
type Actor struct {
	// OperatorID is 0 for the command line.
	OperatorID int64
	// Email is the operator's; empty for the command line.
	Email string
	// Addr is the client address of the console request; empty for the command line.
	Addr string
}

// CLI is the actor of `poold admin` commands.
var CLI = Actor{}

// ActorCLI is the audit log's actor text for the command line.
const ActorCLI = "cli"

// Name is the actor as the audit log writes it: the email, or "cli".
func (a Actor) Name() string {
	if a.OperatorID == 0 && a.Email == "" {
		return ActorCLI
	}
	return a.Email
}

// Entry is one write to record.
type Entry struct {
	// At is when; zero is now.
	At         time.Time
	Actor      Actor
	Action     string // "operator.disable"
	ObjectType string // "operator"
	ObjectID   string
	Reason     string
	// Before and After are the object as it was and as it became, stored as JSON; nil is
	// none (a creation has no before).
	Before, After any
}

// Record appends e to the audit log in the caller's transaction: the change and its
// record are committed together, or neither is.
func Record(ctx context.Context, tx *db.Tx, e Entry) error {
	if e.Action == "" || e.ObjectType == "" {
		return fmt.Errorf("ops: audit entry without action or object")
	}
	at := e.At
	if at.IsZero() {
		at = time.Now()
	}
	before, err := jsonOrNil(e.Before)
	if err != nil {
		return err
	}
	after, err := jsonOrNil(e.After)
	if err != nil {
		return err
	}
	var opID any
	if e.Actor.OperatorID != 0 {
		opID = e.Actor.OperatorID
	}
	_, err = tx.Exec(ctx, `INSERT INTO ops_audit (at, operator_id, actor, client_addr, action, object_type, object_id, reason, before_json, after_json)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		at.UnixMilli(), opID, e.Actor.Name(), e.Actor.Addr, e.Action, e.ObjectType, e.ObjectID, e.Reason, before, after)
	if err != nil {
		return fmt.Errorf("ops: audit %s: %w", e.Action, err)
	}
	return nil
}

func jsonOrNil(v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("ops: audit value: %w", err)
	}
	return string(b), nil
}
