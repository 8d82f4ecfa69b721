package app

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/commonpw"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/pool"
)

// runAdmin runs `poold admin args...` as main would, with stdin, and answers what it
// printed and its error (main exits 1 on an error, 0 without).
func runAdmin(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := Run(context.Background(), append([]string{"admin"}, args...), noEnv, strings.NewReader(stdin), &out, io.Discard)
	return out.String(), err
}

// adminCommands lists every command the admin help names, as "AREA VERB" (KIND as each
// help centre kind), from the two-space indented lines of adminUsage.
func adminCommands(t *testing.T) []string {
	t.Helper()
	var cmds []string
	for _, line := range strings.Split(adminUsage, "\n") {
		f := strings.Fields(line)
		if !strings.HasPrefix(line, "  ") || strings.HasPrefix(line, "   ") || len(f) < 2 || strings.HasPrefix(f[0], "--") {
			continue
		}
		areas := []string{f[0]}
		if f[0] == "KIND" {
			areas = []string{"notice", "announcement", "faq"}
		} else if f[0] == "KIND:" {
			continue
		}
		for _, a := range areas {
			if _, ok := adminAreas[a]; !ok {
				t.Fatalf("the help names area %q that poold admin does not know: %q", a, line)
			}
			if c := a + " " + f[1]; !slices.Contains(cmds, c) {
				cmds = append(cmds, c)
			}
		}
	}
	if len(cmds) < 40 {
		t.Fatalf("only %d commands found in the help: %q", len(cmds), cmds)
	}
	return cmds
}

// poold admin --help and -h print what poold admin help does, and succeed.
func TestAdminHelpFlagsPrintTheCommands(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "none.db")
	want, err := runAdmin(t, "", "help")
	if err != nil || !strings.Contains(want, "wallet check") || !strings.Contains(want, "user add") || !strings.Contains(want, "--db PATH|URL") {
		t.Fatalf("help: %v\n%s", err, want)
	}
	for _, args := range [][]string{{"--help"}, {"-h"}, {"-help"}, {"--db", missing, "--help"}, {"--help", "--db", missing}, {"-h", "wallet"}} {
		if got, err := runAdmin(t, "", args...); err != nil || got != want {
			t.Errorf("%v: %v\n%s", args, err, got)
		}
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Fatalf("help made a database: %v", err)
	}
}

// Every command and every area answers -h and --help with its own usage and flags only,
// succeeds, and opens no database.
func TestAdminEveryCommandAnswersHelp(t *testing.T) {
	t.Chdir(t.TempDir()) // the default --db, ./data/poold.db, must not appear either
	missing := filepath.Join(t.TempDir(), "none.db")
	cmds := adminCommands(t)
	for _, c := range cmds {
		area, verb, _ := strings.Cut(c, " ")
		for _, h := range []string{"--help", "-h"} {
			for _, args := range [][]string{{area, verb, h}, {"--db", missing, area, verb, "X", h}} {
				out, err := runAdmin(t, "", args...)
				if err != nil {
					t.Errorf("%v: %v\n%s", args, err, out)
					continue
				}
				if !strings.Contains(out, "\n  "+c) && !strings.Contains(out, "\n  KIND "+verb) {
					t.Errorf("%v: help without its usage line:\n%s", args, out)
				}
				// Its own lines only: no other command of the area.
				for _, other := range cmds {
					if o, _, _ := strings.Cut(other, " "); o == area && other != c && strings.Contains(out, "\n  "+other+" ") {
						t.Errorf("%v: help shows %q:\n%s", args, other, out)
					}
				}
			}
		}
		if out, err := runAdmin(t, "", area, "--help"); err != nil || !strings.Contains(out, c) {
			t.Errorf("%s --help: %v\n%s", area, err, out)
		}
	}
	for _, p := range []string{missing, "data"} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Fatalf("help made %s: %v", p, err)
		}
	}
}

// The reported cases: wallet --help and wallet check --help.
func TestAdminWalletHelp(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none.db")
	area, err := runAdmin(t, "", "--db", missing, "wallet", "--help")
	if err != nil || !strings.Contains(area, "wallet check") || !strings.Contains(area, "wallet accept") || strings.Contains(area, "payout run") {
		t.Fatalf("wallet --help: %v\n%s", err, area)
	}
	if again, err := runAdmin(t, "", "--db", missing, "help", "wallet"); err != nil || again != area {
		t.Fatalf("help wallet: %v\n%s", err, again)
	}
	out, err := runAdmin(t, "", "--db", missing, "wallet", "check", "--help")
	if err != nil || !strings.Contains(out, "--coin") {
		t.Fatalf("wallet check --help: %v\n%s", err, out)
	}
	flags := regexp.MustCompile(`--[a-z-]+`).FindAllString(out[strings.Index(out, "flags:"):], -1)
	if !slices.Equal(flags, []string{"--coin"}) {
		t.Fatalf("wallet check's flags: %q\n%s", flags, out)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Fatalf("a database was made: %v", err)
	}
	path, _ := adminDB(t)
	if _, err := runAdmin(t, "", "--db", path, "wallet", "check", "--status", "review"); err == nil ||
		!strings.Contains(err.Error(), "wallet check: flag provided but not defined: -status") {
		t.Fatalf("another command's flag taken: %v", err)
	}
}

// A command that reads the database refuses a SQLite file that is not there, saying
// where it looked and how to make one, and makes nothing; the commands that set a new
// pool up (coin add among them, as the README shows) may start one.
func TestAdminRefusesAMissingDatabase(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	missing := filepath.Join(dir, "sub", "none.db")
	for _, args := range [][]string{
		{"wallet", "check"}, {"ledger", "check"}, {"coin", "list"}, {"coin", "set", "BTC", "--fee-bps", "1"}, {"withdrawal", "list"},
		{"sysconfig", "list"}, {"agent", "list"}, {"2fa", "status", "a@example.com"}, {"user", "add", "a@example.com", "--nickname", "ann", "--password-stdin"},
		{"subaccount", "add", "a@example.com", "alice"}, {"faq", "list"}, {"earnings", "settle", "--coin", "BTC", "--day", "2026-01-01"},
	} {
		_, err := runAdmin(t, "Sup3r-secret-pw\n", append([]string{"--db", missing}, args...)...)
		if err == nil || !strings.Contains(err.Error(), "no database at "+missing) || !strings.Contains(err.Error(), "poold migrate --db") {
			t.Errorf("%v: %v", args, err)
		}
		// The default, ./data/poold.db, named by its full path.
		_, err = runAdmin(t, "", args...)
		if err == nil || !strings.Contains(err.Error(), "no database at "+filepath.Join(dir, "data", "poold.db")) {
			t.Errorf("%v with the default --db: %v", args, err)
		}
	}
	for _, p := range []string{filepath.Join(dir, "sub"), filepath.Join(dir, "data")} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Fatalf("%s was made: %v", p, err)
		}
	}
	// POOLD_DB is refused the same way.
	env := func(k string) string {
		if k == "POOLD_DB" {
			return missing
		}
		return ""
	}
	if err := Run(context.Background(), []string{"admin", "wallet", "check"}, env, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), missing) {
		t.Fatalf("POOLD_DB: %v", err)
	}
	// Once it is there, from poold migrate, the same command runs.
	if err := Run(context.Background(), []string{"migrate", "--db", missing}, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if out, err := runAdmin(t, "", "--db", missing, "coin", "list"); err != nil || !strings.Contains(out, "TYPE") {
		t.Fatalf("coin list after migrate: %v\n%s", err, out)
	}
	// Setting a new pool up may start a database.
	fresh := filepath.Join(dir, "fresh", "poold.db")
	if _, err := runAdmin(t, "", "--db", fresh, "coin", "add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d"); err != nil {
		t.Fatalf("coin add on a new database: %v", err)
	}
	if out, err := runAdmin(t, "", "--db", fresh, "coin", "list"); err != nil || !strings.Contains(out, "Bitcoin") {
		t.Fatalf("coin list: %v\n%s", err, out)
	}
}

// PostgreSQL URLs are not checked for a file: the server is asked.
func TestAdminOnPostgresNeedsNoFile(t *testing.T) {
	dsn, _ := dbtest.NewPostgresSchema(t)
	if out, err := runAdmin(t, "", "--db", dsn, "ledger", "check"); err != nil {
		t.Fatalf("ledger check on PostgreSQL: %v\n%s", err, out)
	}
}

// adminDB is a migrated SQLite database for the user and sub-account commands, opened by
// the test too.
func adminDB(t *testing.T) (string, *db.DB) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "poold.db")
	if err := Run(context.Background(), []string{"migrate", "--db", path}, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return path, d
}

func tableRows(t *testing.T, d *db.DB, table string) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// enMsg is the web app's English message of key, which the command line must say.
func enMsg(key string, params i18n.Params) string { return i18n.T("en_US", key, params) }

// user add makes an account on registration's rules, the password from stdin; every
// refusal says why in English and stores nothing.
func TestAdminUserAdd(t *testing.T) {
	path, d := adminDB(t)
	const pw = "Tr1cky-horse-42"
	out, err := runAdmin(t, pw+"\n", "--db", path, "user", "add", "Ann@Example.com", "--nickname", "ann_1", "--password-stdin", "--lang", "en_US")
	if err != nil || !strings.Contains(out, "user ann@example.com added: uid ") {
		t.Fatalf("user add: %v\n%s", err, out)
	}
	ctx := context.Background()
	u, err := (&account.Store{DB: d}).UserByContact(ctx, d, account.ChannelEmail, "ann@example.com")
	if err != nil || u.Nickname != "ann_1" || u.Lang != "en_US" || u.Status != account.StatusActive || u.AccountType != account.TypeNormal {
		t.Fatalf("stored %+v %v", u, err)
	}
	if ok, err := account.CheckPassword(pw, u.PasswordHash); !ok || err != nil {
		t.Fatalf("the password does not log in: %v", err)
	}
	// A phone, without --lang: the server's default language.
	if out, err := runAdmin(t, pw, "--db", path, "user", "add", "13800138000", "--nickname", "李雷", "--password-stdin"); err != nil || !strings.Contains(out, "13800138000") {
		t.Fatalf("user add by phone: %v\n%s", err, out)
	}
	if u, err := (&account.Store{DB: d}).UserByContact(ctx, d, account.ChannelSMS, "13800138000"); err != nil || u.Lang != "zh_HK" {
		t.Fatalf("phone user %+v %v", u, err)
	}
	common := "password"
	if !commonpw.Common(common) {
		t.Fatalf("%q is not in the common list", common)
	}
	before := tableRows(t, d, "users")
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{pw, []string{"bob@example.com", "--nickname", "bob"}, "--password-stdin"},
		{pw, []string{"bob@example.com", "--nickname", "bob", "--password", pw}, "flag provided but not defined: -password"},
		{"", []string{"bob@example.com", "--nickname", "bob", "--password-stdin"}, enMsg("validation.required", i18n.Params{"field": "field.password"})},
		{"short\n", []string{"bob@example.com", "--nickname", "bob", "--password-stdin"}, enMsg("account.passwordLength", nil)},
		{common + "\n", []string{"bob@example.com", "--nickname", "bob", "--password-stdin"}, enMsg("account.passwordCommon", nil)},
		{pw, []string{"bob@example", "--nickname", "bob", "--password-stdin"}, enMsg("account.badEmail", nil)},
		{pw, []string{"12345", "--nickname", "bob", "--password-stdin"}, enMsg("account.badPhone", nil)},
		{pw, []string{"bob@example.com", "--password-stdin"}, enMsg("validation.required", i18n.Params{"field": "field.nickName"})},
		{pw, []string{"bob@example.com", "--nickname", "bob!", "--password-stdin"}, enMsg("account.badNickname", nil)},
		{pw, []string{"bob@example.com", "--nickname", "bob", "--password-stdin", "--lang", "de_DE"}, "Language must be one of"},
		{pw, []string{"ANN@example.com", "--nickname", "ann2", "--password-stdin"}, enMsg("account.emailRegistered", nil)},
		{pw, []string{"bob@example.com", "extra", "--nickname", "bob", "--password-stdin"}, "usage: user add EMAIL|PHONE"},
		{pw, []string{"--nickname", "bob", "--password-stdin"}, "usage: user add EMAIL|PHONE"},
	} {
		out, err := runAdmin(t, c.stdin, append([]string{"--db", path, "user", "add"}, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v (want %q)\n%s", c.args, err, c.want, out)
		} else if regexp.MustCompile(`\b(account|validation|field)\.[a-zA-Z]+`).MatchString(err.Error()) {
			t.Errorf("%v: an untranslated key: %v", c.args, err)
		}
	}
	if n := tableRows(t, d, "users"); n != before {
		t.Fatalf("refused adds stored users: %d, was %d", n, before)
	}
	// The two accounts made are in the operator audit log as cli, the refused ones not,
	// and never a password or its hash.
	if got := auditAfter(t, d, "user.add"); len(got) != 2 || !strings.Contains(got[0], `"email":"ann@example.com"`) ||
		!strings.Contains(got[1], `"phone":"13800138000"`) || strings.Contains(strings.Join(got, ""), "argon2") || strings.Contains(strings.Join(got, ""), pw) {
		t.Fatalf("user.add entries: %q", got)
	}
	if _, err := runAdmin(t, "", "--db", path, "user", "remove", "ann@example.com"); err == nil || !strings.Contains(err.Error(), `unknown verb "remove"`) {
		t.Fatalf("unknown verb: %v", err)
	}
}

// subaccount add makes a sub-account on the web app's rules and prints its Uniplus ID;
// every refusal says why in English and stores nothing.
func TestAdminSubaccountAdd(t *testing.T) {
	path, d := adminDB(t)
	mustRun := func(stdin string, args ...string) {
		t.Helper()
		if out, err := runAdmin(t, stdin, append([]string{"--db", path}, args...)...); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	mustRun("", "coin", "add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d")
	mustRun("Tr1cky-horse-42\n", "user", "add", "ann@example.com", "--nickname", "ann", "--password-stdin")
	// One open coin: --coin may be left out, and the alias is the code.
	out, err := runAdmin(t, "", "--db", path, "subaccount", "add", "ANN@example.com", "alice")
	if err != nil || !strings.Contains(out, "sub-account alice (alice, default coin BTC) added to") {
		t.Fatalf("subaccount add: %v\n%s", err, out)
	}
	id := regexp.MustCompile(`UP-[0-9a-f]{64}`).FindString(out)
	if !pool.ValidUniplusID(id) {
		t.Fatalf("no Uniplus ID printed:\n%s", out)
	}
	ctx := context.Background()
	u, err := (&account.Store{DB: d}).UserByContact(ctx, d, account.ChannelEmail, "ann@example.com")
	if err != nil {
		t.Fatal(err)
	}
	ps := &pool.Store{DB: d}
	a, err := ps.SubAccount(ctx, u.ID, "alice")
	if err != nil || a.Alias != "alice" || a.DefaultCoin != "BTC" || a.UniplusPrefix != id[:pool.UniplusPrefixLen] {
		t.Fatalf("stored %+v %v", a, err)
	}
	mustRun("", "subaccount", "add", "ann@example.com", "bob_rigs", "--coin", "btc", "--alias", "Bob farm")
	mustRun("", "coin", "add", "LTC", "--name", "Litecoin", "--algorithm", "scrypt")
	mustRun("", "coin", "add", "DOGE", "--name", "Dogecoin", "--algorithm", "scrypt", "--open=false")
	before := tableRows(t, d, "sub_accounts")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"nobody@example.com", "carol"}, "no active account uses nobody@example.com"},
		{[]string{"not-an-address@", "carol", "--coin", "BTC"}, enMsg("account.badEmail", nil)},
		{[]string{"ann@example.com", "carol"}, "give --coin, one of BTC, LTC"},
		{[]string{"ann@example.com", "Carol", "--coin", "BTC"}, enMsg("pool.badCode", nil)},
		{[]string{"ann@example.com", "c", "--coin", "BTC"}, enMsg("pool.badCode", nil)},
		{[]string{"ann@example.com", "alice", "--coin", "BTC"}, enMsg("pool.codeTaken", nil)},
		{[]string{"ann@example.com", "carol", "--coin", "BTC", "--alias", "<b>"}, enMsg("pool.badAlias", nil)},
		{[]string{"ann@example.com", "carol", "--coin", "XYZ"}, enMsg("pool.coinNotFound", i18n.Params{"coin": "XYZ"})},
		{[]string{"ann@example.com", "carol", "--coin", "DOGE"}, enMsg("pool.coinClosed", i18n.Params{"coin": "DOGE"})},
		{[]string{"ann@example.com"}, "usage: subaccount add USER CODE"},
		{[]string{"ann@example.com", "carol", "--uniplus-id", "x"}, "flag provided but not defined"},
	} {
		out, err := runAdmin(t, "", append([]string{"--db", path, "subaccount", "add"}, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v (want %q)\n%s", c.args, err, c.want, out)
		} else if regexp.MustCompile(`\b(account|validation|pool)\.[a-zA-Z]+`).MatchString(err.Error()) {
			t.Errorf("%v: an untranslated key: %v", c.args, err)
		}
	}
	if n := tableRows(t, d, "sub_accounts"); n != before {
		t.Fatalf("refused adds stored sub-accounts: %d, was %d", n, before)
	}
	// The two made are audited as cli, without the Uniplus ID.
	if got := auditAfter(t, d, "subaccount.add"); len(got) != 2 || !strings.Contains(got[0], `"code":"alice"`) ||
		!strings.Contains(got[1], `"alias":"Bob farm"`) || strings.Contains(strings.Join(got, ""), "UP-") {
		t.Fatalf("subaccount.add entries: %q", got)
	}
}

// auditAfter lists the after values of the cli audit entries of action, oldest first.
func auditAfter(t *testing.T, d *db.DB, action string) []string {
	t.Helper()
	rows, err := d.Query(context.Background(), "SELECT after_json FROM ops_audit WHERE action = ? AND actor = 'cli' ORDER BY id", action)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var after string
		if err := rows.Scan(&after); err != nil {
			t.Fatal(err)
		}
		out = append(out, after)
	}
	return out
}
