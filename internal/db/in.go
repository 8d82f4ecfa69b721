package db

import "strings"

// InBatch is how many values one "IN (...)" list carries: far under SQLite's limit on
// parameters and PostgreSQL's, and short enough that a long list is still a quick plan.
const InBatch = 500

// Marks is n "?" placeholders separated by commas: the inside of an "IN (...)" list or of
// one VALUES row.
func Marks(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// InBatches calls fn with values as query arguments, InBatch at a time, in order; it stops
// at the first error.
func InBatches[T any](values []T, fn func(args []any) error) error {
	for start := 0; start < len(values); start += InBatch {
		part := values[start:min(start+InBatch, len(values))]
		args := make([]any, len(part))
		for i, v := range part {
			args[i] = v
		}
		if err := fn(args); err != nil {
			return err
		}
	}
	return nil
}
