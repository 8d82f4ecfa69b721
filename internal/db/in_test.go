package db_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
)

// db.InBatches hands every value over once, in order, at most db.InBatch a call, and stops at
// the first error; db.Marks writes as many placeholders as a batch has values.
func TestInBatches(t *testing.T) {
	values := make([]int64, 2*db.InBatch+3)
	for i := range values {
		values[i] = int64(i)
	}
	var sizes []int
	var seen []any
	err := db.InBatches(values, func(args []any) error {
		sizes = append(sizes, len(args))
		seen = append(seen, args...)
		if got := strings.Count(db.Marks(len(args)), "?"); got != len(args) {
			t.Errorf("db.Marks(%d) has %d placeholders", len(args), got)
		}
		return nil
	})
	if err != nil || fmt.Sprint(sizes) != fmt.Sprint([]int{db.InBatch, db.InBatch, 3}) {
		t.Fatalf("batches %v, %v", sizes, err)
	}
	for i, v := range seen {
		if v != int64(i) {
			t.Fatalf("value %d is %v", i, v)
		}
	}
	if db.Marks(3) != "?, ?, ?" || db.Marks(0) != "" {
		t.Errorf("db.Marks(3) = %q, db.Marks(0) = %q", db.Marks(3), db.Marks(0))
	}
	calls := 0
	stop := errors.New("stop")
	if err := db.InBatches(values, func([]any) error { calls++; return stop }); err != stop || calls != 1 {
		t.Errorf("after an error: %d calls, %v", calls, err)
	}
	if err := db.InBatches([]string(nil), func([]any) error { t.Error("called for no values"); return nil }); err != nil {
		t.Error(err)
	}
}
