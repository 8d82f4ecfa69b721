package app

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"

	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// BenchmarkLanguageList measures the whole in-process API path (middleware, envelope,
// translation, JSON) for a call that touches no database.
func BenchmarkLanguageList(b *testing.B) {
	d := dbtest.SQLite(b)
	rt := NewRouter(Deps{Config: config.Default(), DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Limiter: &ratelimit.DB{DB: d}, Guard: &ratelimit.DBGuard{DB: d}})
	req := httptest.NewRequest("GET", "/api/pc/v1/common/basic/language/list", nil)
	req.Header.Set("language", "ko_KR")
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		rt.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkSysConfig adds one indexed SQLite read to the path above.
func BenchmarkSysConfig(b *testing.B) {
	d := dbtest.SQLite(b)
	rt := NewRouter(Deps{Config: config.Default(), DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Limiter: &ratelimit.DB{DB: d}, Guard: &ratelimit.DBGuard{DB: d}})
	if _, err := d.Exec(b.Context(), "INSERT INTO sys_config (key_type, sys_key, value, updated_at) VALUES ('global', 'telegram_url', 'https://t.me/x', 0)"); err != nil {
		b.Fatal(err)
	}
	req := httptest.NewRequest("GET", "/api/pc/v1/sys/config?keyType=global&sysKey=telegram_url", nil)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		rt.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code, rec.Body.String())
		}
	}
}
