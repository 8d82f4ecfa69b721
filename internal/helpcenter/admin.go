package helpcenter

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// Limits on what an operator may store.
const (
	MaxTitle    = 120       // characters
	MaxBodySize = 100 << 10 // bytes of Markdown
)

// AdminUsage lists the help centre commands of `poold admin`; KIND is notice,
// announcement or faq.
const AdminUsage = `  KIND add --lang LANG --title TITLE --file FILE    new draft; FILE: Markdown, - for stdin; prints the id
  KIND edit ID --lang LANG [--title TITLE] [--file FILE]    add or replace one translation
  KIND publish ID
  KIND unpublish ID
  KIND delete ID                                   the article and its translations, for good
  KIND list
  faq sort ID N                                    FAQ entries are listed by N, then id
  KIND: notice, announcement, faq; LANG: zh_CN, zh_HK, en_US, ko_KR
`

// Admin runs a help centre command of `poold admin`; kind is its first word.
func (s *Store) Admin(ctx context.Context, kind string, args []string, stdin io.Reader, out io.Writer) error {
	if !slices.Contains(Kinds, kind) {
		return fmt.Errorf("unknown kind %q; help centre commands:\n%s", kind, AdminUsage)
	}
	// The lines of this kind's commands, for its help.
	usage := strings.ReplaceAll(AdminUsage, "KIND ", kind+" ")
	if err := cli.HelpArea(kind, usage, args, out); err != nil {
		return err
	}
	verb := ""
	if len(args) > 0 {
		verb, args = args[0], args[1:]
	}
	cmd := cli.New(kind+" "+verb, usage)
	switch verb {
	case "add":
		return s.adminAdd(ctx, kind, cmd, args, stdin, out)
	case "edit":
		return s.adminEdit(ctx, kind, cmd, args, stdin, out)
	}
	switch verb {
	case "publish", "unpublish", "delete", "sort", "list":
		words, err := cmd.Parse(args, out)
		if err != nil {
			return err
		}
		args = words
	}
	switch verb {
	case "publish", "unpublish":
		if len(args) != 1 {
			return fmt.Errorf("usage: %s %s ID", kind, verb)
		}
		id, err := parseID(args[0])
		if err != nil {
			return err
		}
		if err := s.SetPublished(ctx, audit.CLI, kind, id, verb == "publish", ""); err != nil {
			return notFound(kind, id, err)
		}
		fmt.Fprintf(out, "%s %d: %sed\n", kind, id, verb)
		return nil
	case "delete":
		if len(args) != 1 {
			return fmt.Errorf("usage: %s delete ID", kind)
		}
		id, err := parseID(args[0])
		if err != nil {
			return err
		}
		if err := s.Delete(ctx, audit.CLI, kind, id, ""); err != nil {
			return notFound(kind, id, err)
		}
		fmt.Fprintf(out, "%s %d: deleted\n", kind, id)
		return nil
	case "sort":
		if len(args) != 2 {
			return errors.New("usage: faq sort ID N")
		}
		id, err := parseID(args[0])
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(args[1])
		if err != nil {
			return fmt.Errorf("sort order %q must be a whole number from -%d to %d", args[1], MaxSortOrder, MaxSortOrder)
		}
		if err := s.SetSortOrder(ctx, audit.CLI, kind, id, n); err != nil {
			return notFound(kind, id, err)
		}
		fmt.Fprintf(out, "%s %d: sort order %d\n", kind, id, n)
		return nil
	case "list":
		if len(args) != 0 {
			return fmt.Errorf("usage: %s list", kind)
		}
		list, err := s.All(ctx, kind)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(out, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tSTATUS\tSORT\tPUBLISHED\tLANGS\tTITLES")
		for _, a := range list {
			langs := make([]string, len(a.Translations))
			titles := make([]string, len(a.Translations))
			for i, t := range a.Translations {
				langs[i] = t.Lang
				titles[i] = fmt.Sprintf("%s: %q", t.Lang, t.Title)
			}
			published := "-"
			if a.PublishedAt != 0 {
				published = time.UnixMilli(a.PublishedAt).UTC().Format("2006-01-02 15:04:05Z")
			}
			fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%s\t%s\n", a.ID, a.Status, a.SortOrder, published,
				strings.Join(langs, ","), strings.Join(titles, "; "))
		}
		return tw.Flush()
	}
	return fmt.Errorf("unknown command %q; help centre commands:\n%s", strings.TrimSpace(kind+" "+verb), AdminUsage)
}

func (s *Store) adminAdd(ctx context.Context, kind string, cmd *cli.Command, args []string, stdin io.Reader, out io.Writer) error {
	fs := cmd.Flags
	lang := fs.String("lang", "", langHelp)
	title := fs.String("title", "", "title, 1-120 characters")
	file := fs.String("file", "", "Markdown body, - for stdin")
	words, err := cmd.Parse(args, out)
	if err != nil {
		return err
	}
	if len(words) != 0 {
		return fmt.Errorf("usage: %s add --lang LANG --title TITLE --file FILE", kind)
	}
	if *file == "" {
		return errors.New("--file is required (- reads stdin)")
	}
	body, err := readBody(*file, stdin)
	if err != nil {
		return err
	}
	tr := Translation{Lang: *lang, Title: strings.TrimSpace(*title), BodyMD: body}
	id, err := s.Create(ctx, audit.CLI, kind, tr)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, id)
	return nil
}

// langHelp is the help of --lang.
var langHelp = "language of this translation: " + strings.Join(i18n.Languages, ", ")

func (s *Store) adminEdit(ctx context.Context, kind string, cmd *cli.Command, args []string, stdin io.Reader, out io.Writer) error {
	usage := fmt.Errorf("usage: %s edit ID --lang LANG [--title TITLE] [--file FILE]", kind)
	fs := cmd.Flags
	lang := fs.String("lang", "", langHelp)
	title := fs.String("title", "", "new title, 1-120 characters")
	file := fs.String("file", "", "new Markdown body, - for stdin")
	words, err := cmd.Parse(args, out)
	if err != nil {
		return err
	}
	if len(words) != 1 {
		return usage
	}
	id, err := parseID(words[0])
	if err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["title"] && !set["file"] {
		return errors.New("nothing to change: give --title, --file or both")
	}
	e := Edit{Lang: *lang}
	if set["title"] {
		e.Title = title
	}
	if set["file"] {
		body, err := readBody(*file, stdin)
		if err != nil {
			return err
		}
		e.BodyMD = &body
	}
	tr, err := s.EditTranslation(ctx, audit.CLI, kind, id, e)
	if err != nil {
		return notFound(kind, id, err)
	}
	fmt.Fprintf(out, "%s %d: %s translation saved\n", kind, id, tr.Lang)
	return nil
}

// ValidateTranslation checks a translation before it is stored: a supported language,
// a title of 1-120 characters, and a body that is not empty and at most 100 KB. A
// refusal is a content.Refusal.
func ValidateTranslation(t Translation) error {
	var errs []error
	if !i18n.Supported(t.Lang) {
		errs = append(errs, fmt.Errorf("the language %q is not one of %s", t.Lang, strings.Join(i18n.Languages, ", ")))
	}
	if n := utf8.RuneCountInString(t.Title); n == 0 || n > MaxTitle {
		errs = append(errs, fmt.Errorf("the title must be 1-%d characters, not %d", MaxTitle, n))
	}
	if strings.TrimSpace(t.BodyMD) == "" {
		errs = append(errs, errors.New("the body is empty"))
	} else if len(t.BodyMD) > MaxBodySize {
		errs = append(errs, fmt.Errorf("the body is %d bytes; at most %d", len(t.BodyMD), MaxBodySize))
	} else if !utf8.ValidString(t.BodyMD) {
		errs = append(errs, errors.New("the body is not UTF-8 text"))
	}
	return content.Refuse(errors.Join(errs...))
}

// readBody reads a Markdown file, or stdin for "-", reading one byte past the limit so
// that ValidateTranslation sees an oversized body.
func readBody(file string, stdin io.Reader) (string, error) {
	var r io.Reader
	if file == "-" {
		if stdin == nil {
			return "", errors.New("no stdin to read the body from")
		}
		r = stdin
	} else {
		f, err := os.Open(file)
		if err != nil {
			return "", err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, MaxBodySize+1))
	if err != nil {
		return "", fmt.Errorf("read %s: %w", file, err)
	}
	return string(b), nil
}

func parseID(s string) (int64, error) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 1 {
		return 0, fmt.Errorf("id %q must be a positive whole number", s)
	}
	return id, nil
}

// notFound words a missing article for an operator.
func notFound(kind string, id int64, err error) error {
	if errors.Is(err, db.ErrNotFound) {
		return fmt.Errorf("there is no %s %d", kind, id)
	}
	return err
}
