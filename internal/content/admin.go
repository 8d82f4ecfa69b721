package content

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// AdminUsage lists the content commands of `poold admin`.
const AdminUsage = `  sysconfig list
  sysconfig set KEYTYPE KEY VALUE      e.g. sysconfig set global telegram_url https://t.me/yourgroup
  legal list
  legal set TYPE LANG FILE             TYPE: Privacy-Policy, Service-Agreement, Disclaimer; FILE: Markdown, - for stdin
  app list
  app set OS --version V --url URL [--notes TEXT]    OS: windows, macos, linux, android, ios, uniplus-os (the rig OS image)
  app delete OS
  contact list [--limit N]
`

// adminCommand runs one content command: it adds its flags to cmd and parses args (the
// words after its verb) with it before it reads the database; stdin is read by the
// commands that take a file as "-", out gets what they print.
type adminCommand func(s *Store, ctx context.Context, cmd *cli.Command, args []string, stdin io.Reader, out io.Writer) error

// adminCommands are the content commands by area and verb, as AdminUsage lists them.
var adminCommands = map[string]adminCommand{
	"sysconfig list": (*Store).adminSysConfigList,
	"sysconfig set":  (*Store).adminSysConfigSet,
	"legal list":     (*Store).adminLegalList,
	"legal set":      (*Store).adminLegalSet,
	"app list":       (*Store).adminAppList,
	"app set":        (*Store).adminAppSet,
	"app delete":     (*Store).adminAppDelete,
	"contact list":   (*Store).adminContactList,
}

// Admin runs a content command of `poold admin`; area is its first word.
func (s *Store) Admin(ctx context.Context, area string, args []string, stdin io.Reader, out io.Writer) error {
	if err := cli.HelpArea(area, AdminUsage, args, out); err != nil {
		return err
	}
	verb := ""
	if len(args) > 0 {
		verb, args = args[0], args[1:]
	}
	run, ok := adminCommands[area+" "+verb]
	if !ok {
		return fmt.Errorf("unknown command %q; content commands:\n%s", strings.TrimSpace(area+" "+verb), AdminUsage)
	}
	return run(s, ctx, cli.New(area+" "+verb, AdminUsage), args, stdin, out)
}

// words parses a command without flags of its own, answering its words when there are n.
func words(cmd *cli.Command, args []string, out io.Writer, n int, usage string) ([]string, error) {
	w, err := cmd.Parse(args, out)
	if err != nil {
		return nil, err
	}
	if len(w) != n {
		return nil, errors.New("usage: " + usage)
	}
	return w, nil
}

// writeTable prints header and one line a row, in aligned columns.
func writeTable[T any](out io.Writer, header string, rows []T, line func(w io.Writer, row T)) error {
	tw := tabwriter.NewWriter(out, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, header)
	for _, r := range rows {
		line(tw, r)
	}
	return tw.Flush()
}

func (s *Store) adminSysConfigList(ctx context.Context, cmd *cli.Command, args []string, _ io.Reader, out io.Writer) error {
	if _, err := words(cmd, args, out, 0, "sysconfig list"); err != nil {
		return err
	}
	list, err := s.ListSysConfig(ctx)
	if err != nil {
		return err
	}
	return writeTable(out, "KEYTYPE\tKEY\tVALUE\tUPDATED", list, func(w io.Writer, c SysConfig) {
		fmt.Fprintf(w, "%s\t%s\t%q\t%s\n", c.KeyType, c.SysKey, c.Value, stamp(c.UpdatedAt))
	})
}

func (s *Store) adminSysConfigSet(ctx context.Context, cmd *cli.Command, args []string, _ io.Reader, out io.Writer) error {
	args, err := words(cmd, args, out, 3, "sysconfig set KEYTYPE KEY VALUE")
	if err != nil {
		return err
	}
	keyType, key, value := args[0], args[1], args[2]
	if err := ValidateSysConfig(keyType, key, value); err != nil {
		return err
	}
	if err := s.SetSysConfig(ctx, audit.CLI, keyType, key, value); err != nil {
		return err
	}
	fmt.Fprintf(out, "%s/%s = %q\n", keyType, key, value)
	return nil
}

func (s *Store) adminLegalList(ctx context.Context, cmd *cli.Command, args []string, _ io.Reader, out io.Writer) error {
	if _, err := words(cmd, args, out, 0, "legal list"); err != nil {
		return err
	}
	list, err := s.ListLegal(ctx)
	if err != nil {
		return err
	}
	return writeTable(out, "TYPE\tLANG\tTITLE\tUPDATED", list, func(w io.Writer, d LegalDocument) {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", d.Type, d.Lang, d.Title, stamp(d.UpdatedAt))
	})
}

func (s *Store) adminLegalSet(ctx context.Context, cmd *cli.Command, args []string, stdin io.Reader, out io.Writer) error {
	args, err := words(cmd, args, out, 3, "legal set TYPE LANG FILE")
	if err != nil {
		return err
	}
	docType, lang, file := args[0], args[1], args[2]
	if err := checkLegalKey(docType, lang); err != nil {
		return err
	}
	body, err := readDocument(file, stdin)
	if err != nil {
		return err
	}
	d, err := s.SetLegal(ctx, audit.CLI, docType, lang, string(body))
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s/%s: %q saved (%d bytes)\n", docType, lang, d.Title, len(body))
	return nil
}

// checkLegalKey refuses a document type or language the site does not serve.
func checkLegalKey(docType, lang string) error {
	if !slices.Contains(LegalTypes, docType) {
		return fmt.Errorf("type %q is not one of %s", docType, strings.Join(LegalTypes, ", "))
	}
	if !i18n.Supported(lang) {
		return fmt.Errorf("language %q is not one of %s", lang, strings.Join(i18n.Languages, ", "))
	}
	return nil
}

// readDocument reads a legal document's Markdown from file, or from stdin (1 MiB at
// most) when file is "-"; a blank document is refused.
func readDocument(file string, stdin io.Reader) ([]byte, error) {
	var body []byte
	var err error
	if file == "-" {
		body, err = io.ReadAll(io.LimitReader(stdin, MaxLegalSize+1)) // one byte more: SetLegal refuses it
	} else {
		body, err = os.ReadFile(file)
	}
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(string(body)) == "" {
		return nil, errors.New("the document is empty")
	}
	return body, nil
}

func (s *Store) adminAppList(ctx context.Context, cmd *cli.Command, args []string, _ io.Reader, out io.Writer) error {
	if _, err := words(cmd, args, out, 0, "app list"); err != nil {
		return err
	}
	list, err := s.ListReleases(ctx)
	if err != nil {
		return err
	}
	return writeTable(out, "OS\tVERSION\tURL\tNOTES\tUPDATED", list, func(w io.Writer, r Release) {
		fmt.Fprintf(w, "%s\t%s\t%s\t%q\t%s\n", r.OperateSystem, r.Version, r.URL, r.Notes, stamp(r.UpdatedAt))
	})
}

func (s *Store) adminAppSet(ctx context.Context, cmd *cli.Command, args []string, _ io.Reader, out io.Writer) error {
	rel, err := parseRelease(cmd, args, out)
	if err != nil {
		return err
	}
	if _, err := s.SetRelease(ctx, audit.CLI, rel); err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: %s at %s\n", rel.OperateSystem, rel.Version, rel.URL)
	return nil
}

// parseRelease reads `app set OS` and its flags; its help prints to out.
func parseRelease(cmd *cli.Command, args []string, out io.Writer) (Release, error) {
	var rel Release
	fs := cmd.Flags
	fs.StringVar(&rel.Version, "version", "", "version shown to users")
	fs.StringVar(&rel.URL, "url", "", "download URL (http(s):// or a path on this site)")
	fs.StringVar(&rel.Notes, "notes", "", "release notes")
	w, err := cmd.Parse(args, out)
	if err != nil {
		return rel, err
	}
	if len(w) != 1 {
		return rel, errors.New("usage: app set OS --version V --url URL [--notes TEXT]")
	}
	rel.OperateSystem = w[0]
	return rel, nil
}

func (s *Store) adminAppDelete(ctx context.Context, cmd *cli.Command, args []string, _ io.Reader, out io.Writer) error {
	args, err := words(cmd, args, out, 1, "app delete OS")
	if err != nil {
		return err
	}
	if err := s.DeleteRelease(ctx, audit.CLI, args[0], ""); err != nil {
		return fmt.Errorf("app delete %s: %w", args[0], err)
	}
	fmt.Fprintf(out, "%s: deleted\n", args[0])
	return nil
}

func (s *Store) adminContactList(ctx context.Context, cmd *cli.Command, args []string, _ io.Reader, out io.Writer) error {
	limit := cmd.Flags.Int("limit", 100, "how many, newest first")
	if _, err := words(cmd, args, out, 0, "contact list [--limit N]"); err != nil {
		return err
	}
	if *limit < 1 {
		return errors.New("--limit must be at least 1")
	}
	list, err := s.ListContacts(ctx, *limit)
	if err != nil {
		return err
	}
	return writeTable(out, "ID\tTIME\tNAME\tCONTACT\tLANG\tFROM", list, func(w io.Writer, m ContactMessage) {
		fmt.Fprintf(w, "%d\t%s\t%q\t%q\t%s\t%s\n", m.ID, stamp(m.CreatedAt), m.Name, m.ContactInformation, m.Lang, m.ClientAddr)
	})
}

// ValidateSysConfig checks the values of the settings the client relies on.
func ValidateSysConfig(keyType, key, value string) error {
	if keyType == "" || key == "" {
		return errors.New("key type and key must not be empty")
	}
	if keyType != KeyTypeGlobal {
		return nil
	}
	switch key {
	case KeyMaintenance:
		if !slices.Contains([]string{"off", "on", "hostname"}, value) {
			return fmt.Errorf("maintenance must be off, on or hostname, not %q", value)
		}
	case KeyTelegramURL:
		if value != "" && !isWebURL(value) {
			return fmt.Errorf("telegram_url must be empty or an http(s) URL, not %q", value)
		}
	}
	return nil
}

// ValidateRelease checks an app release before it is stored.
func ValidateRelease(r Release) error {
	var errs []error
	if !slices.Contains(OperatingSystems, r.OperateSystem) {
		errs = append(errs, fmt.Errorf("OS %q is not one of %s", r.OperateSystem, strings.Join(OperatingSystems, ", ")))
	}
	if strings.TrimSpace(r.Version) == "" {
		errs = append(errs, errors.New("the version is required"))
	}
	if !isWebURL(r.URL) && !strings.HasPrefix(r.URL, "/") {
		errs = append(errs, fmt.Errorf("the URL %q must be an http(s) URL or a path starting with /", r.URL))
	}
	return Refuse(errors.Join(errs...))
}

func isWebURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

func stamp(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("2006-01-02 15:04:05Z")
}
