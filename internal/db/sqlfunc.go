package db

import (
	"crypto/sha256"
	"database/sql/driver"
	"encoding/hex"
	"fmt"

	"modernc.org/sqlite"
)

// SQLite lacks PostgreSQL's sha256(): sha256_hex(text) gives SQLite connections the same
// hash as PostgreSQL's encode(sha256(convert_to(text, 'UTF8')), 'hex') (lower-case hex of
// the UTF-8 bytes; NULL stays NULL), so that a migration can hash stored secrets in SQL on
// both dialects (0020_uniplus_id_hash.sql). It is registered with the driver before any
// connection opens, on every connection.
func init() {
	sqlite.MustRegisterDeterministicScalarFunction("sha256_hex", 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		var b []byte
		switch v := args[0].(type) {
		case nil:
			return nil, nil
		case string:
			b = []byte(v)
		case []byte:
			b = v
		default:
			return nil, fmt.Errorf("sha256_hex: want text, got %T", v)
		}
		sum := sha256.Sum256(b)
		return hex.EncodeToString(sum[:]), nil
	})
}
