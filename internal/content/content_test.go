package content

import (
	"bytes"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/i18n"
)

func TestValidateRelease(t *testing.T) {
	for _, c := range []struct {
		name string
		rel  Release
		ok   bool
	}{
		{"app", Release{OperateSystem: "windows", Version: "1.2.0", URL: "https://dl.example.com/uniplus.exe"}, true},
		{"OS image", Release{OperateSystem: OSImage, Version: "2.0.1", URL: "/files/uniplus-os-2.0.1.img.xz"}, true},
		{"unknown platform", Release{OperateSystem: "uniplusos", Version: "1", URL: "/x"}, false},
		{"platform in capitals", Release{OperateSystem: "Uniplus-OS", Version: "1", URL: "/x"}, false},
		{"no version", Release{OperateSystem: OSImage, Version: "  ", URL: "/x"}, false},
		{"bad URL", Release{OperateSystem: OSImage, Version: "1", URL: "ftp://dl.example.com/os.img"}, false},
	} {
		err := ValidateRelease(c.rel)
		if (err == nil) != c.ok {
			t.Errorf("%s: ValidateRelease(%+v) = %v, want ok=%v", c.name, c.rel, err, c.ok)
		}
	}
	if err := ValidateRelease(Release{OperateSystem: "beos", Version: "1", URL: "/x"}); err == nil || !strings.Contains(err.Error(), OSImage) {
		t.Errorf("the error for an unknown platform should list %s: %v", OSImage, err)
	}
	if !strings.Contains(AdminUsage, OSImage) {
		t.Errorf("AdminUsage does not mention %s", OSImage)
	}
}

// Every default document renders to a page a phone can read: a viewport, its language,
// its title, and Markdown that really became HTML (CommonMark does not close `**` after
// CJK punctuation such as "：" when a letter follows, so a stray `**` means a broken source).
func TestDefaultLegalPagesRender(t *testing.T) {
	leftover := regexp.MustCompile(`\*\*|__|(^|[^\w])\*[^\s*]`)
	for _, docType := range LegalTypes {
		for _, lang := range i18n.Languages {
			src, err := fs.ReadFile(defaultLegal, "legal/"+docType+"."+lang+".md")
			if err != nil {
				t.Fatal(err)
			}
			body, err := RenderMarkdown(string(src))
			if err != nil {
				t.Fatal(err)
			}
			text := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(string(body), "")
			if m := leftover.FindString(text); m != "" {
				t.Errorf("%s/%s: Markdown left unrendered (%q) in %q", docType, lang, m, firstLineWith(text, m))
			}
			title := TitleOf(string(src), "")
			if title == "" {
				t.Errorf("%s/%s has no level-1 heading", docType, lang)
			}
			var page bytes.Buffer
			if err := legalPage.Execute(&page, map[string]any{"Title": title, "Body": body, "HTMLLang": htmlLang[lang]}); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{
				`<meta name="viewport" content="width=device-width, initial-scale=1">`,
				`<html lang="` + htmlLang[lang] + `">`,
				"<title>" + title + " · Uniplus Pool</title>",
				"@media (max-width: 600px)",
				":lang(ko) body { word-break: keep-all; }",
				`<a href="/">`,
				"<h1>" + title + "</h1>",
			} {
				if !strings.Contains(page.String(), want) {
					t.Errorf("%s/%s page lacks %q", docType, lang, want)
				}
			}
		}
	}
}

// A broken source is caught: the same text with the colon inside the bold.
func TestLegalRenderCatchesCJKEmphasis(t *testing.T) {
	body, err := RenderMarkdown("- **账户信息：**您的手机号码\n- **钱包地址**：提现地址\n")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(body), "**账户信息：**") || !strings.Contains(string(body), "<strong>钱包地址</strong>：") {
		t.Fatalf("goldmark changed its CJK emphasis rules; revisit the test above: %s", body)
	}
}

func firstLineWith(text, s string) string {
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, s) {
			return line
		}
	}
	return ""
}
