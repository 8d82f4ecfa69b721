package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/i18n"
)

// MaxBodyBytes bounds every JSON body a handler reads.
const MaxBodyBytes = 1 << 20

// Decode reads a JSON body into v. It answers a translated code-3 error for an empty
// body, bad JSON or trailing data; for a field v has no place for, at any depth (a body
// that says more than the call takes is a client bug or a probe, and would otherwise pass
// silently); for a key given twice in one object, which encoding/json would settle by
// keeping the last while a proxy or log reader may keep the first; and for a string
// holding U+0000, which PostgreSQL cannot store. The errors name the field. A body over
// MaxBodyBytes answers 413. (docs/security.md, "JSON bodies" and "NUL characters".)
func Decode(w http.ResponseWriter, r *http.Request, v any) error {
	body, err := readBody(w, r)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if name, ok := unknownFieldName(err); ok {
			return withCause(UnknownField(name), err)
		}
		return withCause(Warn("error.badJSON", nil), err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return withCause(Warn("error.badJSON", nil), errors.New("trailing data after JSON value"))
	}
	return CheckBody(body)
}

// CheckBody refuses, as Decode does, a body with a key given twice in one object or a
// string holding U+0000 (the first in the text). body must be one valid JSON value (a
// decoder has read it): it is for handlers that decode their body themselves (the agent
// report, pool.ParseReport), which would otherwise take {"worker":"a","worker":"b"} as the
// last one says, and hand {"worker":"\u0000"} to the database.
func CheckBody(body []byte) error {
	switch p, name := scanBody(body); p {
	case bodyDuplicateKey:
		return DuplicateField(name)
	case bodyNUL:
		return NULField(name)
	}
	return nil
}

// CheckDuplicateKeys is CheckBody, under the name pool.ParseReport calls: it refuses NUL
// too, so the agent report is covered without a change there.
func CheckDuplicateKeys(body []byte) error { return CheckBody(body) }

// DecodeFields is Decode for a body whose fields have messages under prefix: a value of
// the wrong type is a field error naming prefix plus the field's own JSON name (the last
// part of its path, so embedded structs name their field, not themselves).
func DecodeFields(w http.ResponseWriter, r *http.Request, v any, prefix string) error {
	err := Decode(w, r, v)
	var typeErr *json.UnmarshalTypeError
	if err != nil && errors.As(err, &typeErr) && typeErr.Field != "" {
		return withCause(Invalid(prefix+typeErr.Field[strings.LastIndexByte(typeErr.Field, '.')+1:]), err)
	}
	return err
}

// DecodeObject reads a JSON object body into a map, for handlers that read their fields
// by name rather than into a struct; a key not among keys is refused as Decode refuses a
// field a struct lacks.
func DecodeObject(w http.ResponseWriter, r *http.Request, keys ...string) (map[string]any, error) {
	var m map[string]any
	if err := Decode(w, r, &m); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, Warn("error.badJSON", nil)
	}
	for k := range m {
		if !slices.Contains(keys, k) {
			return nil, UnknownField(k)
		}
	}
	return m, nil
}

// readBody reads the whole body, at most MaxBodyBytes: the duplicate-key scan needs the
// bytes after the decoder has checked them.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, min(max(r.ContentLength, 512), MaxBodyBytes+1)))
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return nil, &Error{Code: CodeWarning, Status: http.StatusRequestEntityTooLarge, Key: "error.bodyTooLarge", Cause: err}
	}
	if err != nil {
		return nil, withCause(Warn("error.badJSON", nil), err)
	}
	return buf.Bytes(), nil
}

// unknownFieldName reads the name out of DisallowUnknownFields' error, which has no type
// of its own: `json: unknown field "name"`. TestDecodeRefusesUnknownFieldsAndDuplicateKeys
// fails if a Go release words it otherwise.
func unknownFieldName(err error) (string, bool) {
	quoted, ok := strings.CutPrefix(err.Error(), "json: unknown field ")
	if !ok {
		return "", false
	}
	name, err := strconv.Unquote(quoted)
	return name, err == nil
}

// UnknownField says the body has a field the call does not take.
func UnknownField(name string) *Error {
	return Warn("error.unknownField", i18n.Params{"field": quoteField(name)})
}

// DuplicateField says a key appears twice in one object of the body.
func DuplicateField(name string) *Error {
	return Warn("error.duplicateField", i18n.Params{"field": quoteField(name)})
}

// NULField says a string of the body or a query parameter holds U+0000: in the value of
// the field name, in a key (name is then the key), or, for name "", somewhere else in
// the request (the path, a string outside every object).
func NULField(name string) *Error {
	if name == "" {
		return Warn("error.nulRequest", nil)
	}
	return Warn("error.nulField", i18n.Params{"field": quoteField(name)})
}

// maxFieldRunes bounds how much of a client's field name a message repeats.
const maxFieldRunes = 64

// quoteField is a field name as a message shows it: quoted with Go's escapes, so control
// characters cannot shape the message and the name is never taken for a message key, and
// cut to maxFieldRunes.
func quoteField(name string) string {
	if utf8.RuneCountInString(name) > maxFieldRunes {
		name = string([]rune(name)[:maxFieldRunes]) + "…"
	}
	return strconv.Quote(name)
}

func withCause(e *Error, cause error) *Error {
	e.Cause = cause
	return e
}
