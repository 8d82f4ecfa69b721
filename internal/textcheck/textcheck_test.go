package textcheck_test

import (
	"errors"
	"testing"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// The refused characters: C0 and C1 controls, every bidi formatting character, the line
// and paragraph separators, bytes that are not UTF-8. Letters of any script, emoji with
// their joiners, and ordinary spaces pass.
func TestCheckRefusesControlAndBidiCharacters(t *testing.T) {
	bad := []string{"a\x00b", "rig\n01", "tab\there", "esc\x1b[31m", "del\x7f", "c1\u0085", "c1\u009b",
		"\u202aLRE", "\u202bRLE", "\u202cPDF", "\u202dLRO", "rig\u202e1gpj.exe", "\u2066LRI", "\u2067RLI", "\u2068FSI", "\u2069PDI",
		"\u200eLRM", "\u200fRLM", "\u061cALM", "line\u2028sep", "para\u2029sep", "bad\xffutf8", "\ufffd"}
	for _, s := range bad {
		if textcheck.Safe(s) {
			t.Errorf("%q passed", s)
		}
		if got := textcheck.Strip(s); !textcheck.Safe(got) {
			t.Errorf("Strip(%q) = %q, still unsafe", s, got)
		}
	}
	good := []string{"", "rig 01", "矿机一号", "채굴기", "עברית", "العربية", "RTX 4090 (24 GB)", "👩\u200d💻", "a_b-c.d"}
	for _, s := range good {
		if !textcheck.Safe(s) || textcheck.Strip(s) != s {
			t.Errorf("%q refused or changed", s)
		}
	}
	if got := textcheck.Strip("rig\u202e1gpj.exe\n"); got != "rig1gpj.exe" {
		t.Errorf("Strip = %q", got)
	}
}

// A refusal is a code-3 warning naming the field, translated in every language.
func TestCheckNamesTheFieldInFourLanguages(t *testing.T) {
	if err := textcheck.Check("pool.field.alias", "ok"); err != nil {
		t.Fatal(err)
	}
	err := textcheck.Check("gpus[0].model", "RTX\u202e0909")
	var he *httpx.Error
	if !errors.As(err, &he) || he.Code != httpx.CodeWarning || he.Status != 400 || he.Key != textcheck.Key || he.Params["field"] != "gpus[0].model" {
		t.Fatalf("got %#v", err)
	}
	want := map[string]string{
		"en_US": "gpus[0].model contains control characters or characters that change the direction of text or are invisible; remove them.",
		"zh_CN": "gpus[0].model包含控制字符、不可见字符或改变文字方向的字符，请删除后再试。",
		"zh_HK": "gpus[0].model包含控制字元、不可見字元或改變文字方向的字元，請刪除後再試。",
		"ko_KR": "gpus[0].model에 제어 문자, 보이지 않는 문자 또는 텍스트 방향을 바꾸는 문자가 포함되어 있습니다. 삭제한 후 다시 시도하세요.",
	}
	for _, lang := range i18n.Languages {
		if got := i18n.T(lang, he.Key, he.Params); got != want[lang] {
			t.Errorf("%s: %q", lang, got)
		}
	}
}

// Invisible characters (issue 29): the zero width space and U+FEFF were taken in agent
// telemetry, so "RTX 4090" and "RTX\u200b4090" were two models that read the same. Every
// default-ignorable character is refused, except the joiners, variation selectors and
// emoji tags where the text before them uses them; CJK, Korean, Persian, Hindi and emoji
// text keeps working.
func TestCheckRefusesInvisibleCharacters(t *testing.T) {
	bad := []string{
		"RTX\u200b4090", "\ufeffRTX 4090", "RTX 4090\ufeff", "rig\u206001", "a\u2061b", "a\u2064b", "mn\u180eg", "soft\u00adhyphen",
		"cgj\u034fx", "\u3164", "\u115f\u1160", "\uffa0", "a\u17b4b", "a\u206ab", "a\u206fb", "a\ufff9b\ufffac\ufffb", "a\U0001bca0b",
		"a\U0001d173b", "a\U000e0001b",
		// ASCII smuggled as tags, after anything but the black flag or in a run too long
		"ok\U000e0069\U000e0067\U000e006e\U000e006f\U000e0072\U000e0065",
		"\U0001f3f4\U000e0069\U000e0067\U000e006e\U000e006f\U000e0072\U000e0065\U000e0020\U000e007f",
		"\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e0067\U000e0067\U000e007f",
		"\U0001f3f4\U000e007f", "\U000e007f",
		// joiners where the script has no use for them, or with nothing before them
		"al\u200dice", "al\u200cice", "\u200dalice", "alice \u200d", "矿\u200d机", "채\u200d굴", "ア\u200dイ", "Ω\u200dΩ", "Ж\u200cЖ",
		"1\u200d2", "a\ufe0f\u200dx", "👩\u200d\u200d💻",
		// selectors that select nothing
		"alic\ufe0fe", "\ufe0f", "a \ufe0e", "채\ufe00", "❤\ufe0f\ufe0f", "a\U000e0100",
	}
	for _, s := range bad {
		if textcheck.Safe(s) {
			t.Errorf("%+q passed", s)
		}
		if err := textcheck.Check("gpus[0].model", s); err == nil {
			t.Errorf("Check(%+q) passed", s)
		}
		if got := textcheck.Strip(s); !textcheck.Safe(got) {
			t.Errorf("Strip(%+q) = %+q, still unsafe", s, got)
		}
	}
	good := []string{
		"矿机一号", "礦機一號", "채굴기 1호", "マイニング", "ㄅㄆㄇ", "Ωmega", "Жук", "Ünïcödé",
		"می\u200cخواهم",          // Persian: ZWNJ between two Arabic letters
		"क्\u200dष", "क्\u200cष", // Devanagari: joiners after a virama
		"👩\u200d💻", "👨\u200d👩\u200d👧\u200d👦", "👩🏽\u200d🚀", "🏳\ufe0f\u200d🌈", "❤\ufe0f\u200d🔥", "1\ufe0f\u20e3", "#\ufe0f\u20e3", "❤\ufe0f", "☺\ufe0e",
		"\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f", // England's flag
		"\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", // Scotland's
		"葛\U000e0100", // an ideographic variation sequence (a Han name)
		"ᠠ\u180b",     // a Mongolian free variation selector
		"👩\u200d",     // a prefix of safe text is safe: a joiner is judged by what precedes it
	}
	for _, s := range good {
		if !textcheck.Safe(s) || textcheck.Strip(s) != s {
			t.Errorf("%+q refused or changed", s)
		}
	}
	for in, want := range map[string]string{
		"RTX\u200b 4090\ufeff":   "RTX 4090",
		"al\u200dice":            "alice",
		"👩\u200d\u200d💻":         "👩\u200d💻",
		"a\ufe0f\u200d\u3164b":   "ab",
		"ok\U000e0069\U000e0067": "ok",
	} {
		if got := textcheck.Strip(in); got != want {
			t.Errorf("Strip(%+q) = %+q, want %+q", in, got, want)
		}
	}
}

// Whatever Strip keeps is safe, and so is every prefix of it: callers cut stripped text
// to a length (a miner's user agent, an agent's message), which must not leave a joiner,
// selector or tag that only the cut-off text justified.
func FuzzStrip(f *testing.F) {
	for _, s := range []string{"rig\u202e1gpj.exe\n", "👩\u200d💻", "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
		"می\u200cخواهم", "al\u200dice\ufeff", "\xff\u200d", "❤\ufe0f\u200d🔥"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := textcheck.Strip(s)
		if !textcheck.Safe(out) {
			t.Fatalf("Strip(%+q) = %+q, unsafe", s, out)
		}
		if textcheck.Safe(s) != (out == s) {
			t.Fatalf("Safe(%+q) = %v, Strip changed it to %+q", s, textcheck.Safe(s), out)
		}
		for i := range out {
			if !textcheck.Safe(out[:i]) {
				t.Fatalf("prefix %+q of Strip(%+q) unsafe", out[:i], s)
			}
		}
	})
}
