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
		"en_US": "gpus[0].model contains control characters or characters that change the direction of text; remove them.",
		"zh_CN": "gpus[0].model包含控制字符或改变文字方向的字符，请删除后再试。",
		"zh_HK": "gpus[0].model包含控制字元或改變文字方向的字元，請刪除後再試。",
		"ko_KR": "gpus[0].model에 제어 문자 또는 텍스트 방향을 바꾸는 문자가 포함되어 있습니다. 삭제한 후 다시 시도하세요.",
	}
	for _, lang := range i18n.Languages {
		if got := i18n.T(lang, he.Key, he.Params); got != want[lang] {
			t.Errorf("%s: %q", lang, got)
		}
	}
}
