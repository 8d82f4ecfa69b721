// Package cli is what the operator's commands (`poold admin AREA VERB ...`) share, so that
// every area answers the same way: each command has a flag set of its own, whose -h or
// --help prints that command's usage lines and its own flags only (and runs nothing);
// flags may come before, between or after the command's words; and an API error
// (httpx.Error, an i18n key) is worded in English, as the rest of the command line is.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

// ErrHelp is what a command answers after printing its help: poold exits 0 on it.
var ErrHelp = flag.ErrHelp

// IsHelp tells whether arg asks for help: -h, -help or --help.
func IsHelp(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

// WantsHelp tells whether any of args before a "--" asks for help. A command given one
// prints its usage and does nothing else, whatever else it was given, so poold admin
// opens no database for it. (A flag's value that is itself -h is written --flag=-h.)
func WantsHelp(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if IsHelp(a) {
			return true
		}
	}
	return false
}

// Lines picks, from an area's usage text (two-space indented lines, continuations
// indented deeper), the lines of the commands that start with one of the prefixes, such
// as "wallet" or "wallet check", with their continuation lines.
func Lines(usage string, prefixes ...string) string {
	var b strings.Builder
	keep := false
	for _, line := range strings.SplitAfter(usage, "\n") {
		text := strings.TrimSuffix(strings.TrimPrefix(line, "  "), "\n")
		if text == "" || strings.HasPrefix(text, " ") {
			if keep {
				b.WriteString(line)
			}
			continue
		}
		keep = false
		for _, p := range prefixes {
			if text == p || strings.HasPrefix(text, p+" ") {
				keep = true
			}
		}
		if keep {
			b.WriteString(line)
		}
	}
	return b.String()
}

// HelpArea answers an area's help: when args (the words after the area) start with a
// help flag, it prints the area's commands, picked from usage, and answers ErrHelp; nil
// otherwise, for the area to go on to its verb.
func HelpArea(area, usage string, args []string, out io.Writer) error {
	if len(args) == 0 || !IsHelp(args[0]) {
		return nil
	}
	fmt.Fprintf(out, "%s commands (after poold admin [--db PATH|URL]):\n\n%s\n'poold admin %s VERB --help' shows a command's usage and flags.\n", area, Lines(usage, area), area)
	return ErrHelp
}

// Command is one operator command: its words ("wallet check"), its usage lines and its
// own flags, which the caller adds to Flags before Parse.
type Command struct {
	Name  string
	usage string
	Flags *flag.FlagSet
}

// New makes the command called name; its usage lines are those of areaUsage (the area's
// AdminUsage) that start with name.
func New(name, areaUsage string) *Command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	// Errors are returned, usage is printed by Help: the flag package prints neither.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	usage := Lines(areaUsage, name)
	if usage == "" {
		usage = "  " + name + "\n"
	}
	return &Command{Name: name, usage: usage, Flags: fs}
}

// Help prints the command's usage lines and its flags.
func (c *Command) Help(out io.Writer) {
	fmt.Fprintf(out, "usage (after poold admin [--db PATH|URL]):\n\n%s", c.usage)
	n := 0
	c.Flags.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		fmt.Fprintln(out, "\nno flags")
		return
	}
	fmt.Fprintln(out, "\nflags:")
	tw := tabwriter.NewWriter(out, 0, 2, 2, ' ', 0)
	c.Flags.VisitAll(func(f *flag.Flag) {
		kind, usage := flag.UnquoteUsage(f)
		name := "--" + f.Name
		if kind != "" {
			name += " " + kind
		}
		if d := f.DefValue; d != "" && d != "0" && d != "false" && d != "[]" {
			usage += fmt.Sprintf(" (default %s)", d)
		}
		fmt.Fprintf(tw, "  %s\t%s\n", name, usage)
	})
	tw.Flush()
}

// Parse reads the command's arguments: its flags wherever they stand (a "--" ends them),
// and the other words in order, which it answers. A help flag prints Help to out and
// answers ErrHelp; a bad flag answers an error naming the command. A word that starts
// with "-" and a digit is a word, not a flag: a negative number (faq sort 3 -5).
func (c *Command) Parse(args []string, out io.Writer) ([]string, error) {
	if WantsHelp(args) {
		c.Help(out)
		return nil, ErrHelp
	}
	var flags, words []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			words = append(words, args[i+1:]...)
			break
		}
		if !isFlag(a) {
			words = append(words, a)
			continue
		}
		flags = append(flags, a)
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if f := c.Flags.Lookup(name); f != nil && !hasValue && !isBool(f) && i+1 < len(args) {
			flags = append(flags, args[i+1])
			i++
		}
	}
	if err := c.Flags.Parse(flags); err != nil {
		return nil, fmt.Errorf("%s: %w ('poold admin %s --help' lists its flags)", c.Name, err, c.Name)
	}
	return words, nil
}

// Usage is the error of a command given the wrong words: its usage lines.
func (c *Command) Usage() error {
	return fmt.Errorf("usage: %s", strings.TrimSpace(c.usage))
}

func isFlag(a string) bool {
	return len(a) > 1 && a[0] == '-' && !(a[1] >= '0' && a[1] <= '9') && a[1] != '.'
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// Explain words err for an operator: an API error (an i18n key, httpx.Error) becomes its
// English message, so the command line says what the web app would; others are as they
// are.
func Explain(err error) error {
	var he *httpx.Error
	if err == nil || !errors.As(err, &he) {
		return err
	}
	return errors.New(i18n.T("en_US", he.Key, he.Params))
}
