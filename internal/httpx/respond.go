package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
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

// OKEncoded writes data that is already JSON with code 0, as OK would, without encoding
// it again: for answers served from a cache of encoded bodies.
func OKEncoded(w http.ResponseWriter, r *http.Request, data json.RawMessage) error {
	msg, _ := json.Marshal(i18n.T(Lang(r), "ok", nil))
	body := make([]byte, 0, len(data)+len(msg)+32)
	body = append(body, `{"code":0,"msg":`...)
	body = append(body, msg...)
	body = append(body, `,"data":`...)
	body = append(body, data...)
	body = append(body, "}\n"...)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
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

// MaxBodyBytes bounds every JSON body a handler reads.
const MaxBodyBytes = 1 << 20

// Decode reads a JSON body into v. An empty body, bad JSON, trailing data or an oversized
// body answer a translated code-3 error.
func Decode(w http.ResponseWriter, r *http.Request, v any) error {
	body := http.MaxBytesReader(w, r.Body, MaxBodyBytes)
	dec := json.NewDecoder(body)
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return &Error{Code: CodeWarning, Status: http.StatusRequestEntityTooLarge, Key: "error.bodyTooLarge", Cause: err}
		}
		e := Warn("error.badJSON", nil)
		e.Cause = err
		return e
	}
	if _, err := dec.Token(); err != io.EOF {
		e := Warn("error.badJSON", nil)
		e.Cause = errors.New("trailing data after JSON value")
		return e
	}
	return nil
}

// Trimmed is s without surrounding white space; forms send padded values.
func Trimmed(s string) string { return strings.TrimSpace(s) }
