package account

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/db"
)

// Lookups other packages make of the users table, which this package owns: the operator
// console's user search and its withdrawal list find users and name them through these.

// MinEmailPrefix is the shortest start of an email the console's search looks up: fewer
// characters would list half the users.
const MinEmailPrefix = 3

// UserIDsBy finds users whose email (in any case), phone or uid is exactly value, or
// whose email starts with value (in any case, at least MinEmailPrefix characters; a
// shorter one finds nobody), at most limit of them; field is "email", "phone", "uid" or
// "emailPrefix".
func UserIDsBy(ctx context.Context, q db.Querier, field, value string, limit int) ([]int64, error) {
	var query string
	switch field {
	case "email":
		query, value = "SELECT id FROM users WHERE email = ?", strings.ToLower(value)
	case "emailPrefix":
		if utf8.RuneCountInString(value) < MinEmailPrefix {
			return nil, nil
		}
		// Emails are stored in lower case; % and _ in the value are plain characters.
		query = `SELECT id FROM users WHERE email LIKE ? ESCAPE '\'`
		value = likeEscaper.Replace(strings.ToLower(value)) + "%"
	case "phone":
		query = "SELECT id FROM users WHERE phone = ?"
	case "uid":
		query = "SELECT id FROM users WHERE uid = ?"
	default:
		return nil, fmt.Errorf("account: no lookup by %q", field)
	}
	rows, err := q.Query(ctx, query+" ORDER BY id LIMIT "+strconv.Itoa(limit), value)
	if err != nil {
		return nil, fmt.Errorf("account: users by %s: %w", field, err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// likeEscaper makes a value's LIKE wildcards plain characters.
var likeEscaper = strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`)

// Identity is how an operator names a user: the public uid and the email.
type Identity struct {
	UID   string
	Email string
}

// Identities names the users of ids (a missing user is left out of the map).
func Identities(ctx context.Context, q db.Querier, ids []int64) (map[int64]Identity, error) {
	out := make(map[int64]Identity, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := q.Query(ctx, "SELECT id, uid, COALESCE(email, '') FROM users WHERE id IN ("+marks+")", args...)
	if err != nil {
		return nil, fmt.Errorf("account: identities: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var who Identity
		if err := rows.Scan(&id, &who.UID, &who.Email); err != nil {
			return nil, err
		}
		out[id] = who
	}
	return out, rows.Err()
}
