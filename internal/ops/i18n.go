package ops

import (
	"embed"

	"github.com/uniplus-pool/pool/internal/i18n"
)

//go:embed locales/*.json
var locales embed.FS

// The console's messages live beside the code that uses them.
func init() { i18n.MustRegister(locales, "locales") }
