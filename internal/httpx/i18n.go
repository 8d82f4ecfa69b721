package httpx

import (
	"embed"

	"github.com/uniplus-pool/pool/internal/i18n"
)

// The messages of the refusals added here since the shared catalogue was written (NUL
// characters); the older ones (error.badJSON...) stay in internal/i18n.
//
//go:embed locales/*.json
var locales embed.FS

func init() { i18n.MustRegister(locales, "locales") }
