package pool_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// tableOwners are tables that one domain package owns: only its code names them in SQL,
// and other packages reach the data through its functions (share_minutes read with
// windows of mining's own drifted from the pool pages once).
var tableOwners = []struct {
	table string
	owner string         // directory of the owning package, from the module root
	sql   *regexp.Regexp // the table named in SQL
}{
	{"share_minutes", "internal/pool", regexp.MustCompile(`(?i)\bshare_minutes\b`)},
	{"share_hours", "internal/pool", regexp.MustCompile(`(?i)\bshare_hours\b`)},
	{"share_rollups", "internal/pool", regexp.MustCompile(`(?i)\bshare_rollups\b`)},
	{"sub_account_minutes", "internal/pool", regexp.MustCompile(`(?i)\bsub_account_minutes\b`)},
	{"sub_account_hours", "internal/pool", regexp.MustCompile(`(?i)\bsub_account_hours\b`)},
	{"users", "internal/account", regexp.MustCompile(`(?i)\b(FROM|JOIN|UPDATE|INTO|TABLE|REFERENCES)\s+users\b`)},
	{"overclock_templates", "internal/overclock", regexp.MustCompile(`(?i)\boverclock_templates\b`)},
	{"overclock_devices", "internal/overclock", regexp.MustCompile(`(?i)\boverclock_devices\b`)},
	{"pps_minutes", "internal/earnings", regexp.MustCompile(`(?i)\bpps_minutes\b`)},
	{"earnings", "internal/earnings", regexp.MustCompile(`(?i)\b(FROM|JOIN|UPDATE|INTO|TABLE)\s+earnings\b`)},
	{"earning_carries", "internal/earnings", regexp.MustCompile(`(?i)\bearning_carries\b`)},
	{"settlements", "internal/earnings", regexp.MustCompile(`(?i)\b(FROM|JOIN|UPDATE|INTO|TABLE)\s+settlements\b`)},
	{"ledger_entries", "internal/ledger", regexp.MustCompile(`(?i)\bledger_entries\b`)},
	{"balances", "internal/ledger", regexp.MustCompile(`(?i)\b(FROM|JOIN|UPDATE|INTO|TABLE)\s+balances\b`)},
	{"alert_settings", "internal/alert", regexp.MustCompile(`(?i)\balert_settings\b`)},
	{"alert_states", "internal/alert", regexp.MustCompile(`(?i)\balert_states\b`)},
	{"alert_events", "internal/alert", regexp.MustCompile(`(?i)\balert_events\b`)},
	{"alert_notices", "internal/alert", regexp.MustCompile(`(?i)\balert_notices\b`)},
	{"coin_terms", "internal/coin", regexp.MustCompile(`(?i)\bcoin_terms\b`)},
	{"share_results", "internal/mining", regexp.MustCompile(`(?i)\bshare_results\b`)},
	{"stratum_heartbeats", "internal/mining", regexp.MustCompile(`(?i)\bstratum_heartbeats\b`)},
}

// No package but a table's owner names it in the string literals (SQL) of its non-test Go
// sources. Comments may mention any table.
func TestOnlyOwnersNameTheirTablesInSQL(t *testing.T) {
	root := moduleRoot(t)
	ownerHits := map[string]int{}
	reported := map[string]bool{} // a chain and its literals name a table once per line
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			switch e.Name() {
			case ".git", "node_modules", "testdata", "vendor", "bin":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(rel))
		for _, lit := range stringLiterals(t, path) {
			for _, o := range tableOwners {
				if !o.sql.MatchString(lit.text) {
					continue
				}
				if dir == o.owner {
					ownerHits[o.table]++
					continue
				}
				where := filepath.ToSlash(rel) + ":" + strconv.Itoa(lit.line)
				if !reported[where+" "+o.table] {
					reported[where+" "+o.table] = true
					t.Errorf("%s names %s, which %s owns; call a function of that package instead", where, o.table, o.owner)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range tableOwners {
		if ownerHits[o.table] == 0 {
			t.Errorf("%s names %s nowhere: the walk from %s is broken or the pattern is", o.owner, o.table, root)
		}
	}
}

type literal struct {
	text string
	line int
}

// stringLiterals answers the string constants of a Go file, adjacent ones of a "+" chain
// joined (SQL is often split across lines that way).
func stringLiterals(t *testing.T, path string) []literal {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []literal
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op == token.ADD {
				if s, ok := joined(n); ok {
					out = append(out, literal{s, fset.Position(n.Pos()).Line})
				}
			}
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if s, err := strconv.Unquote(n.Value); err == nil {
					out = append(out, literal{s, fset.Position(n.Pos()).Line})
				}
			}
		}
		return true
	})
	return out
}

// joined is a "+" chain with its non-literal operands as a space; ok when any operand
// is a literal.
func joined(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			s, err := strconv.Unquote(e.Value)
			return s, err == nil
		}
	case *ast.ParenExpr:
		return joined(e.X)
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			l, lok := joined(e.X)
			r, rok := joined(e.Y)
			return l + r, lok || rok
		}
	}
	return " ", false
}

// moduleRoot is the directory of go.mod above the test's directory.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}
