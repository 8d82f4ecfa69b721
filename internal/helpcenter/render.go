package helpcenter

import (
	"html"
	"strings"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"

	"github.com/uniplus-pool/pool/internal/content"
)

// SummaryRunes is how long a list row's summary is at most, before the ellipsis.
const SummaryRunes = 120

// summarySource bounds how much of a body is rendered for its summary: a list page
// shows up to 50 rows and each body may be 100 KB.
const summarySource = 4 << 10

// textOnly keeps the text of rendered HTML, with a space where a tag was, so that
// paragraphs do not run together.
var textOnly = bluemonday.StrictPolicy().AddSpaceWhenStrippingTag(true)

// Summary is the first SummaryRunes characters of the plain text of a Markdown body,
// with white space collapsed and an ellipsis when it was cut.
func Summary(md string) string {
	if len(md) > summarySource {
		cut := summarySource
		for cut > 0 && !utf8.RuneStart(md[cut]) {
			cut--
		}
		md = md[:cut]
	}
	rendered, err := content.RenderMarkdown(md)
	if err != nil {
		return ""
	}
	text := strings.Join(strings.Fields(html.UnescapeString(textOnly.Sanitize(string(rendered)))), " ")
	if utf8.RuneCountInString(text) <= SummaryRunes {
		return text
	}
	r := []rune(text)
	return strings.TrimSpace(string(r[:SummaryRunes])) + "…"
}
