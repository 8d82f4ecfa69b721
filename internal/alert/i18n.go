package alert

import (
	"embed"

	"github.com/uniplus-pool/pool/internal/i18n"
)

//go:embed locales/*.json
var locales embed.FS

func init() { i18n.MustRegister(locales, "locales") }
