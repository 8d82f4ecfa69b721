package httpx

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/uniplus-pool/pool/internal/i18n"
)

// Envelope is the body of every /api response.
type Envelope struct {
	Code int    `json:"code"`
	Msg  string `json:"msg"`
	Data any    `json:"data"`
}

// OK writes data with code 0.
func OK(w http.ResponseWriter, r *http.Request, data any) error {
	writeJSON(w, http.StatusOK, Envelope{Code: CodeOK, Msg: i18n.T(Lang(r), "ok", nil), Data: data})
	return nil
}

// Prepared is a success answer encoded once, to be written many times: the whole
// envelope, plain and gzipped (for answers served from a cache).
type Prepared struct {
	Plain, Gzip []byte
}

// Prepare encodes data, already JSON, as OK would answer it in lang, and gzips it.
func Prepare(lang string, data json.RawMessage) (Prepared, error) {
	msg, err := json.Marshal(i18n.T(lang, "ok", nil))
	if err != nil {
		return Prepared{}, err
	}
	body := make([]byte, 0, len(data)+len(msg)+32)
	body = append(body, `{"code":0,"msg":`...)
	body = append(body, msg...)
	body = append(body, `,"data":`...)
	body = append(body, data...)
	body = append(body, "}\n"...)
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(body); err != nil {
		return Prepared{}, err
	}
	if err := zw.Close(); err != nil {
		return Prepared{}, err
	}
	return Prepared{Plain: body, Gzip: gz.Bytes()}, nil
}

// OKPrepared writes a prepared answer, gzipped when the client accepts it.
func OKPrepared(w http.ResponseWriter, r *http.Request, p Prepared) error {
	body := p.Plain
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	if len(p.Gzip) > 0 && acceptsGzip(r.Header.Values("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		body = p.Gzip
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
	return nil
}

// OKMessage writes data with code 0 and a translated message of its own.
func OKMessage(w http.ResponseWriter, r *http.Request, key string, data any) error {
	writeJSON(w, http.StatusOK, Envelope{Code: CodeOK, Msg: i18n.T(Lang(r), key, nil), Data: data})
	return nil
}

// WriteError writes err as an envelope; internal causes are logged with the request.
func WriteError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	e := asError(err)
	if e.Status >= 500 && log != nil {
		log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	writeJSON(w, e.Status, Envelope{Code: e.Code, Msg: i18n.T(Lang(r), e.Key, e.Params), Data: e.Data})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Trimmed is s without surrounding white space; forms send padded values.
func Trimmed(s string) string { return strings.TrimSpace(s) }
