package overclock

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/textcheck"
)

// FuzzCleanMessage fuzzes the one free text an agent's ack carries (POST
// /api/agent/v1/overclock/ack "message"), kept as cleanMessage makes it and shown on the
// device pages: whatever a rig sends, what is kept is valid UTF-8 without control or bidi
// formatting characters (textcheck.Safe) or line breaks, trimmed, at most MaxMessage
// characters, and cleaning it again changes nothing; a message that was fine already is
// kept as it was, trimmed.
func FuzzCleanMessage(f *testing.F) {
	for _, s := range []string{
		"settings applied to 2 GPU(s) with 6 nvidia-smi commands; fan 70% not applied: nvidia-smi cannot set fan speed",
		"2 of 6 nvidia-smi commands failed: exit status 4\nUnable to set power limit", "\t  \r\n", "",
		"GPU 0: \u202eEXE.txt\u202c", "a\x00b\x1b[31mred", "\xff\xfe", "x\u2028y\u2029z", strings.Repeat("é", 250), "  " + strings.Repeat("a", 199) + " b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := cleanMessage(s)
		if !textcheck.Safe(out) || strings.ContainsAny(out, "\n\r\t") || out != strings.TrimSpace(out) || utf8.RuneCountInString(out) > MaxMessage {
			t.Fatalf("cleanMessage(%q) = %q", s, out)
		}
		if again := cleanMessage(out); again != out {
			t.Fatalf("cleanMessage(%q) = %q, then %q", s, out, again)
		}
		if in := strings.TrimSpace(s); textcheck.Safe(in) && !strings.ContainsAny(in, "\n\r\t") && utf8.RuneCountInString(in) <= MaxMessage && out != in {
			t.Fatalf("cleanMessage(%q) = %q, changed a fine message", s, out)
		}
	})
}
