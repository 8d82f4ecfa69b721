package cli

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

const usage = `  wallet check [--coin C]              the wallet against what the pool owes
  wallet accept TXID --coin C          such a send is accounted for
                                       (continued)
  payout run --coin C                  the payout job now
`

// A command's help is its own usage lines and its own flags, nothing of the others'.
func TestHelpIsTheCommandsOwn(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"-help"}, {"TX", "--coin", "LTC", "-h"}} {
		c := New("wallet accept", usage)
		c.Flags.String("coin", "", "the send's coin")
		c.Flags.Bool("all", false, "every waiting send")
		var out bytes.Buffer
		words, err := c.Parse(args, &out)
		if !errors.Is(err, ErrHelp) || words != nil {
			t.Fatalf("%v: %v %v", args, words, err)
		}
		got := out.String()
		for _, want := range []string{"wallet accept TXID --coin C", "(continued)", "--coin string", "the send's coin", "--all", "every waiting send"} {
			if !strings.Contains(got, want) {
				t.Errorf("%v: help lacks %q:\n%s", args, want, got)
			}
		}
		for _, not := range []string{"wallet check", "payout run"} {
			if strings.Contains(got, not) {
				t.Errorf("%v: help shows %q:\n%s", args, not, got)
			}
		}
	}
	// After "--" a -h is a word.
	c := New("wallet accept", usage)
	if words, err := c.Parse([]string{"--", "-h"}, &bytes.Buffer{}); err != nil || !slices.Equal(words, []string{"-h"}) {
		t.Fatalf("after --: %v %v", words, err)
	}
}

// Flags go anywhere among the words; a negative number and "-" are words; a bad flag
// names the command.
func TestParseTakesFlagsAnywhere(t *testing.T) {
	c := New("payout fail", usage)
	reason := c.Flags.String("reason", "", "why")
	all := c.Flags.Bool("all", false, "every one")
	words, err := c.Parse([]string{"42", "--reason", "-h", "--all"}, &bytes.Buffer{})
	if !errors.Is(err, ErrHelp) {
		t.Fatalf("a -h value is help (write --reason=-h): %v %v", words, err)
	}
	words, err = c.Parse([]string{"42", "--reason", "gone", "-5", "--all", "-", "x", "--reason=-h"}, &bytes.Buffer{})
	if err != nil || !slices.Equal(words, []string{"42", "-5", "-", "x"}) || *reason != "-h" || !*all {
		t.Fatalf("words %q reason %q all %v err %v", words, *reason, *all, err)
	}
	_, err = New("payout run", usage).Parse([]string{"--colour", "red"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "payout run: flag provided but not defined: -colour") ||
		!strings.Contains(err.Error(), "poold admin payout run --help") {
		t.Fatalf("bad flag: %v", err)
	}
}

// An area's help lists its commands only.
func TestHelpArea(t *testing.T) {
	var out bytes.Buffer
	if err := HelpArea("wallet", usage, []string{"--help"}, &out); !errors.Is(err, ErrHelp) {
		t.Fatal(err)
	}
	if s := out.String(); !strings.Contains(s, "wallet check") || !strings.Contains(s, "wallet accept") || strings.Contains(s, "payout run") {
		t.Fatalf("area help:\n%s", s)
	}
	if err := HelpArea("wallet", usage, []string{"check", "--help"}, &out); err != nil {
		t.Fatalf("a verb's help is the verb's: %v", err)
	}
	if err := HelpArea("wallet", usage, nil, &out); err != nil {
		t.Fatal(err)
	}
}

// An API error reads as the web app's English message.
func TestExplain(t *testing.T) {
	err := Explain(httpx.Required("field.email"))
	if want := i18n.T("en_US", "validation.required", i18n.Params{"field": "field.email"}); err == nil || err.Error() != want || strings.Contains(want, "validation.") {
		t.Fatalf("%v, want %q", err, want)
	}
	plain := errors.New("plain")
	if Explain(plain) != plain || Explain(nil) != nil {
		t.Fatal("other errors changed")
	}
}
