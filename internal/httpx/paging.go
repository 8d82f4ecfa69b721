package httpx

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/uniplus-pool/pool/internal/i18n"
)

// PageSizes are the table page sizes (SPEC section 9); the first is the default.
var PageSizes = []int{10, 20, 30, 50}

// maxPage bounds the page number a list accepts.
const maxPage = 1_000_000

// Paging reads page (default 1) and pageSize (one of PageSizes, default the first) from a
// list call's query; a bad value is a field error naming pageField or sizeField (message
// keys of the caller's package).
func Paging(q url.Values, pageField, sizeField string) (page, size int, err error) {
	page, size = 1, PageSizes[0]
	if v := strings.TrimSpace(q.Get("page")); v != "" {
		if page, err = strconv.Atoi(v); err != nil || page < 1 || page > maxPage {
			return 0, 0, Invalid(pageField)
		}
	}
	if v := strings.TrimSpace(q.Get("pageSize")); v != "" {
		if size, err = strconv.Atoi(v); err != nil || !slices.Contains(PageSizes, size) {
			return 0, 0, Warn("validation.oneOf", i18n.Params{"field": sizeField, "values": "10, 20, 30, 50"})
		}
	}
	return page, size, nil
}
