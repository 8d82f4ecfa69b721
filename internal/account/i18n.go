package account

import (
	"embed"

	"github.com/uniplus-pool/pool/internal/i18n"
)

//go:embed locales/*.json
var locales embed.FS

// The messages added with the brute-force throttle, the common-password check and the
// agents' invite codes live beside the code that uses them (the older account messages
// are in internal/i18n).
func init() { i18n.MustRegister(locales, "locales") }
