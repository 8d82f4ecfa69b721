package app

import (
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// Every registered route must be described in the OpenAPI document, with its method, and
// the document must describe no route that does not exist.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Fatalf("not OpenAPI 3: %q", doc.OpenAPI)
	}
	d := dbtest.SQLite(t)
	rt := NewRouter(Deps{Config: config.Default(), DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Limiter: &ratelimit.DB{DB: d}})
	registered := map[string]bool{}
	for _, r := range rt.Routes() {
		method := strings.ToLower(r.Method)
		if method == "" {
			t.Errorf("route %s has no method", r.Path)
			continue
		}
		registered[method+" "+r.Path] = true
		ops, ok := doc.Paths[r.Path]
		if !ok {
			t.Errorf("route %s %s is not in openapi.json", r.Method, r.Path)
			continue
		}
		if _, ok := ops[method]; !ok {
			t.Errorf("openapi.json has %s but not its %s operation", r.Path, r.Method)
		}
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			if method == "parameters" {
				continue
			}
			if !registered[method+" "+path] {
				t.Errorf("openapi.json describes %s %s, which is not registered", method, path)
			}
		}
	}
}
