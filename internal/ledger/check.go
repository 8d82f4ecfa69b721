package ledger

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/uniplus-pool/pool/internal/db"
)

// Sums are the four figures of a balance, or their sum over many.
type Sums struct {
	Available, Frozen, Earned, Withdrawn int64
}

func (s *Sums) add(o Sums) {
	s.Available += o.Available
	s.Frozen += o.Frozen
	s.Earned += o.Earned
	s.Withdrawn += o.Withdrawn
}

func (s Sums) negative() bool {
	return s.Available < 0 || s.Frozen < 0 || s.Earned < 0 || s.Withdrawn < 0
}

// Mismatch is a balance that is not what its journal adds up to (or that is negative).
type Mismatch struct {
	SubAccountID    int64
	Coin            string
	Journal, Cached Sums
}

// Report is what Check found: totals per coin from the journal and every mismatch.
type Report struct {
	Entries    int64
	Balances   int64
	Totals     map[string]Sums
	Mismatches []Mismatch
}

// OK says whether every balance matched its journal.
func (r Report) OK() bool { return len(r.Mismatches) == 0 }

// Check recomputes every balance from the journal and compares it with the cached one.
func Check(ctx context.Context, q db.Querier) (Report, error) {
	rep := Report{Totals: map[string]Sums{}}
	journal := map[owner]Sums{}
	rows, err := q.Query(ctx, `SELECT sub_account_id, coin, COUNT(*), SUM(available), SUM(frozen), SUM(earned), SUM(withdrawn)
		FROM ledger_entries GROUP BY sub_account_id, coin`)
	if err != nil {
		return rep, fmt.Errorf("ledger: check journal: %w", err)
	}
	for rows.Next() {
		var k owner
		var n int64
		var s Sums
		if err := rows.Scan(&k.sub, &k.coin, &n, &s.Available, &s.Frozen, &s.Earned, &s.Withdrawn); err != nil {
			rows.Close()
			return rep, err
		}
		rep.Entries += n
		journal[k] = s
		t := rep.Totals[k.coin]
		t.add(s)
		rep.Totals[k.coin] = t
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return rep, err
	}
	cached := map[owner]Sums{}
	rows, err = q.Query(ctx, `SELECT sub_account_id, coin, available, frozen, earned, withdrawn FROM balances`)
	if err != nil {
		return rep, fmt.Errorf("ledger: check balances: %w", err)
	}
	for rows.Next() {
		var k owner
		var s Sums
		if err := rows.Scan(&k.sub, &k.coin, &s.Available, &s.Frozen, &s.Earned, &s.Withdrawn); err != nil {
			rows.Close()
			return rep, err
		}
		rep.Balances++
		cached[k] = s
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return rep, err
	}
	for k, j := range journal {
		if c := cached[k]; c != j || c.negative() {
			rep.Mismatches = append(rep.Mismatches, Mismatch{k.sub, k.coin, j, c})
		}
	}
	for k, c := range cached {
		if _, ok := journal[k]; !ok && (c != Sums{}) {
			rep.Mismatches = append(rep.Mismatches, Mismatch{k.sub, k.coin, Sums{}, c})
		}
	}
	slices.SortFunc(rep.Mismatches, func(a, b Mismatch) int {
		if a.SubAccountID != b.SubAccountID {
			return int(a.SubAccountID - b.SubAccountID)
		}
		return strings.Compare(a.Coin, b.Coin)
	})
	return rep, nil
}

// Print writes the report: totals per coin, then each mismatch.
func (r Report) Print(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintf(tw, "journal entries\t%d\nbalances\t%d\n", r.Entries, r.Balances)
	fmt.Fprintln(tw, "COIN\tAVAILABLE\tFROZEN\tEARNED\tWITHDRAWN")
	coins := make([]string, 0, len(r.Totals))
	for c := range r.Totals {
		coins = append(coins, c)
	}
	slices.Sort(coins)
	for _, c := range coins {
		t := r.Totals[c]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\n", c, t.Available, t.Frozen, t.Earned, t.Withdrawn)
	}
	_ = tw.Flush()
	for _, m := range r.Mismatches {
		fmt.Fprintf(w, "MISMATCH sub-account %d %s: journal %+v, balance %+v\n", m.SubAccountID, m.Coin, m.Journal, m.Cached)
	}
	if r.OK() {
		fmt.Fprintln(w, "ok: every balance matches its journal")
	}
}
