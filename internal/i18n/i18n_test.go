package i18n

import (
	"regexp"
	"slices"
	"testing"
	"testing/fstest"
)

var placeholder = regexp.MustCompile(`\{[a-zA-Z]+\}`)

// Every language must carry every key, with the same placeholders, and no empty text.
func TestEveryLanguageHasEveryKey(t *testing.T) {
	ref := Keys("en_US")
	for _, lang := range Languages {
		keys := Keys(lang)
		for _, k := range ref {
			if !slices.Contains(keys, k) {
				t.Errorf("%s: missing %q", lang, k)
				continue
			}
			got, want := placeholder.FindAllString(catalog[lang][k], -1), placeholder.FindAllString(catalog["en_US"][k], -1)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s %q: placeholders %v, en_US has %v", lang, k, got, want)
			}
			if catalog[lang][k] == "" {
				t.Errorf("%s %q: empty", lang, k)
			}
		}
		for _, k := range keys {
			if !slices.Contains(ref, k) {
				t.Errorf("%s: key %q not in en_US", lang, k)
			}
		}
	}
}

func TestTFillsAndTranslatesParams(t *testing.T) {
	got := T("zh_CN", "validation.required", Params{"field": "field.name"})
	if got != "姓名不能为空。" {
		t.Fatalf("got %q", got)
	}
	if got := T("en_US", "validation.tooLong", Params{"field": "field.name", "max": "50"}); got != "Name must be at most 50 characters." {
		t.Fatalf("got %q", got)
	}
	if got := T("xx", "ok", nil); got != "success" {
		t.Fatalf("unknown language should fall back to English, got %q", got)
	}
}

func TestRegisterRefusesIncompleteCatalogs(t *testing.T) {
	good := fstest.MapFS{}
	for _, l := range Languages {
		good["x/"+l+".json"] = &fstest.MapFile{Data: []byte(`{"test.register.only":"v ` + l + `"}`)}
	}
	MustRegister(good, "x")
	if T("ko_KR", "test.register.only", nil) != "v ko_KR" {
		t.Fatal("registered key not served")
	}
	if _, err := load(fstest.MapFS{"y/en_US.json": {Data: []byte(`{"a":"b"}`)}}, "y"); err == nil {
		t.Fatal("missing languages accepted")
	}
	partial := fstest.MapFS{}
	for _, l := range Languages {
		partial["z/"+l+".json"] = &fstest.MapFile{Data: []byte(`{"a":"b"}`)}
	}
	partial["z/zh_HK.json"] = &fstest.MapFile{Data: []byte(`{}`)}
	if _, err := load(partial, "z"); err == nil {
		t.Fatal("a language without a key accepted")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("registering a key twice did not panic")
		}
	}()
	MustRegister(good, "x")
}
