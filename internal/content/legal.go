package content

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/i18n"
)

// Legal document types, as the agreement call names them.
const (
	PrivacyPolicy    = "Privacy-Policy"
	ServiceAgreement = "Service-Agreement"
	Disclaimer       = "Disclaimer"
)

// LegalTypes lists the document types in display order.
var LegalTypes = []string{ServiceAgreement, PrivacyPolicy, Disclaimer}

// LegalFallbackLang is the language served when a document has no translation (SPEC
// section 4: the default language for legal documents is zh_HK).
const LegalFallbackLang = "zh_HK"

//go:embed legal/*.md
var defaultLegal embed.FS

// EnsureDefaults adds the default settings and legal documents that are missing; it
// never overwrites what an operator set.
func (s *Store) EnsureDefaults(ctx context.Context) error {
	for _, c := range defaultSysConfig {
		_, err := s.DB.Exec(ctx, `INSERT INTO sys_config (key_type, sys_key, value, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (key_type, sys_key) DO NOTHING`, c.KeyType, c.SysKey, c.Value, db.NowMillis())
		if err != nil {
			return fmt.Errorf("content: default sys config: %w", err)
		}
	}
	for _, t := range LegalTypes {
		for _, lang := range i18n.Languages {
			body, err := fs.ReadFile(defaultLegal, "legal/"+t+"."+lang+".md")
			if err != nil {
				return fmt.Errorf("content: default legal %s/%s: %w", t, lang, err)
			}
			d := LegalDocument{Type: t, Lang: lang, Body: string(body), Title: TitleOf(string(body), t)}
			if err := s.addDefaultLegal(ctx, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// TitleOf is the text of the first level-1 heading of a Markdown document, or fallback.
func TitleOf(markdown, fallback string) string {
	for _, line := range strings.Split(markdown, "\n") {
		if t, ok := strings.CutPrefix(strings.TrimSpace(line), "# "); ok {
			return strings.TrimSpace(t)
		}
	}
	return fallback
}

var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// sanitizer lets through what Markdown produces and nothing that runs: an operator's
// document is trusted, but a pasted document may carry what nobody meant to publish.
var sanitizer = bluemonday.UGCPolicy()

// RenderMarkdown turns Markdown into safe HTML.
func RenderMarkdown(src string) (template.HTML, error) {
	var buf bytes.Buffer
	if err := markdown.Convert([]byte(src), &buf); err != nil {
		return "", fmt.Errorf("content: render markdown: %w", err)
	}
	return template.HTML(sanitizer.SanitizeBytes(buf.Bytes())), nil
}

var legalPage = template.Must(template.New("legal").Parse(`<!doctype html>
<html lang="{{.HTMLLang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · Uniplus Pool</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
:root { color-scheme: light; }
body { margin: 0; font: 16px/1.75 "Inter", system-ui, -apple-system, "Segoe UI", "PingFang SC", "PingFang HK", "Microsoft YaHei", "Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans CJK SC", "Noto Sans KR", sans-serif; color: #1d2433; background: #f4f6f8; overflow-wrap: break-word; -webkit-text-size-adjust: 100%; }
:lang(ko) body { word-break: keep-all; }
header { background: #0B1220; padding: 14px 20px; border-bottom: 1px solid #1F2A40; }
header a { color: #fff; font-weight: 650; letter-spacing: .02em; text-decoration: none; }
header a span { color: #31C48D; }
main { max-width: 820px; margin: 32px auto 48px; background: #fff; padding: 32px 40px; border: 1px solid #E3E7ED; border-radius: 14px; box-shadow: 0 1px 3px rgba(11,18,32,.06); }
h1 { font-size: 1.75em; line-height: 1.3; margin: 0 0 .8em; color: #111827; }
h2 { font-size: 1.2em; line-height: 1.4; margin: 1.8em 0 .5em; color: #111827; }
h3 { font-size: 1.05em; margin: 1.4em 0 .4em; }
p, ul, ol { margin: 0 0 1em; }
ul, ol { padding-left: 1.4em; }
li { margin: .3em 0; }
li::marker { color: #0E9F6E; }
a { color: #0E9F6E; }
em { color: #4B5563; }
hr { border: 0; border-top: 1px solid #E3E7ED; margin: 2em 0; }
blockquote { margin: 0 0 1em; padding: .2em 1em; border-left: 3px solid #0E9F6E; background: #E6F6EF; border-radius: 0 8px 8px 0; }
code { font-family: "JetBrains Mono", SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; background: #f4f6f8; padding: .1em .35em; border-radius: 4px; }
table { display: block; max-width: 100%; overflow-x: auto; border-collapse: collapse; margin: 0 0 1em; }
th, td { border: 1px solid #E3E7ED; padding: 6px 10px; text-align: left; }
th { background: #f4f6f8; }
@media (max-width: 600px) { body { font-size: 15px; } main { margin: 0; border: 0; border-radius: 0; padding: 20px 18px 32px; } h1 { font-size: 1.5em; } }
</style>
</head>
<body>
<header><a href="/">Uniplus <span>Pool</span></a></header>
<main>{{.Body}}</main>
</body>
</html>
`))

var htmlLang = map[string]string{"zh_CN": "zh-CN", "zh_HK": "zh-HK", "en_US": "en", "ko_KR": "ko"}
