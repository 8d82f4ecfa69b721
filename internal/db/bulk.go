package db

import (
	"context"
	"fmt"
	"strings"
)

// Statement is one SQL statement with its arguments, ? placeholders.
type Statement struct {
	Query string
	Args  []any
}

// DialectOf is the dialect a DB or Tx talks to.
func DialectOf(q Querier) Dialect {
	switch v := q.(type) {
	case *DB:
		return v.Dialect
	case *Tx:
		return v.dialect
	case querier:
		return v.dialect
	}
	return SQLite
}

// bulkRowsPostgres is how many rows one PostgreSQL statement carries: arrays have no
// parameter limit, and a statement of this size costs well under a second.
const bulkRowsPostgres = 50_000

// BulkInsert writes rows with as few statements as the database allows. head is
// "INSERT INTO t (a, b, ...)" and tail what follows the rows (ON CONFLICT ..., RETURNING
// ...). On PostgreSQL each statement passes one array per column and selects the rows from
// unnest: 4 parameters for 50,000 rows instead of 200,000, which parse, plan and bind in a
// fraction of the time (docs/performance.md "Daily settlement"). Elsewhere rows go
// as multi-row VALUES under SQLite's parameter limit. pgTypes are the columns' PostgreSQL
// types (bigint, text, integer, double precision, boolean); a row's values must be int64,
// int, string, float64 or bool to match.
func BulkInsert(d Dialect, head string, pgTypes []string, rows [][]any, tail string) ([]Statement, error) {
	width := len(pgTypes)
	var out []Statement
	if d != Postgres {
		per := max(1, 30000/width)
		one := "(" + Marks(width) + ")"
		for start := 0; start < len(rows); start += per {
			part := rows[start:min(start+per, len(rows))]
			values := make([]string, len(part))
			args := make([]any, 0, len(part)*width)
			for i, r := range part {
				if len(r) != width {
					return nil, fmt.Errorf("db: bulk row of %d values for %d columns", len(r), width)
				}
				values[i] = one
				args = append(args, r...)
			}
			out = append(out, Statement{head + " VALUES " + strings.Join(values, ", ") + tail, args})
		}
		return out, nil
	}
	casts := make([]string, width)
	for i, t := range pgTypes {
		casts[i] = "?::" + t + "[]"
	}
	query := head + " SELECT * FROM unnest(" + strings.Join(casts, ", ") + ")" + tail
	for start := 0; start < len(rows); start += bulkRowsPostgres {
		part := rows[start:min(start+bulkRowsPostgres, len(rows))]
		args := make([]any, width)
		for c, t := range pgTypes {
			col, err := column(t, part, c)
			if err != nil {
				return nil, err
			}
			args[c] = col
		}
		out = append(out, Statement{query, args})
	}
	return out, nil
}

// column gathers column c of rows into the Go slice pgx sends as a PostgreSQL array of t.
func column(t string, rows [][]any, c int) (any, error) {
	bad := func(v any) error { return fmt.Errorf("db: bulk column %d (%s) holds %T", c, t, v) }
	switch t {
	case "bigint", "integer":
		col := make([]int64, len(rows))
		for i, r := range rows {
			switch v := r[c].(type) {
			case int64:
				col[i] = v
			case int:
				col[i] = int64(v)
			default:
				return nil, bad(v)
			}
		}
		return col, nil
	case "boolean":
		col := make([]bool, len(rows))
		for i, r := range rows {
			v, ok := r[c].(bool)
			if !ok {
				return nil, bad(r[c])
			}
			col[i] = v
		}
		return col, nil
	case "text":
		col := make([]string, len(rows))
		for i, r := range rows {
			v, ok := r[c].(string)
			if !ok {
				return nil, bad(r[c])
			}
			col[i] = v
		}
		return col, nil
	case "double precision":
		col := make([]float64, len(rows))
		for i, r := range rows {
			v, ok := r[c].(float64)
			if !ok {
				return nil, bad(r[c])
			}
			col[i] = v
		}
		return col, nil
	}
	return nil, fmt.Errorf("db: bulk column %d: type %q not handled", c, t)
}

// ExecBulk writes rows with BulkInsert's statements, in q's dialect.
func ExecBulk(ctx context.Context, q Querier, head string, pgTypes []string, rows [][]any, tail string) error {
	stmts, err := BulkInsert(DialectOf(q), head, pgTypes, rows, tail)
	if err != nil {
		return err
	}
	for _, st := range stmts {
		if _, err := q.Exec(ctx, st.Query, st.Args...); err != nil {
			return err
		}
	}
	return nil
}
