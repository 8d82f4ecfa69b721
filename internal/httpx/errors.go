// Package httpx is the HTTP plumbing every domain shares: the {code,msg,data} envelope,
// error codes mapped to HTTP status in one place, request context (language, time zone,
// token, client address), JSON decoding and a router that remembers its routes.
package httpx

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/uniplus-pool/pool/internal/i18n"
)

// Response codes of SPEC section 8.
const (
	CodeOK            = 0
	CodeWarning       = 3
	CodeLoginRequired = 4
	CodeObserverGone  = 5
	CodeBadLanguage   = 10
)

// Error is an error a handler returns to the client: an envelope code, an HTTP status and
// a message key translated at write time. Cause is logged, never shown.
type Error struct {
	Code   int
	Status int
	Key    string
	Params i18n.Params
	Data   any
	Cause  error
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%s (%d/%d): %v", e.Key, e.Code, e.Status, e.Cause)
	}
	return fmt.Sprintf("%s (%d/%d)", e.Key, e.Code, e.Status)
}

func (e *Error) Unwrap() error { return e.Cause }

// Warn is a code-3 error with HTTP 400: the client shows the message as a warning.
func Warn(key string, params i18n.Params) *Error {
	return &Error{Code: CodeWarning, Status: http.StatusBadRequest, Key: key, Params: params}
}

// Required says a field is missing. field is a message key such as "field.name".
func Required(field string) *Error {
	return Warn("validation.required", i18n.Params{"field": field})
}

// TooLong says a field is longer than max characters.
func TooLong(field string, max int) *Error {
	return Warn("validation.tooLong", i18n.Params{"field": field, "max": strconv.Itoa(max)})
}

// Invalid says a field's value is not acceptable.
func Invalid(field string) *Error {
	return Warn("validation.invalid", i18n.Params{"field": field})
}

// NotFound answers code 3 with HTTP 404.
func NotFound(key string) *Error {
	if key == "" {
		key = "error.notFound"
	}
	return &Error{Code: CodeWarning, Status: http.StatusNotFound, Key: key}
}

// LoginRequired answers code 4 with HTTP 401: the client clears its session.
func LoginRequired(key string) *Error {
	if key == "" {
		key = "error.loginRequired"
	}
	return &Error{Code: CodeLoginRequired, Status: http.StatusUnauthorized, Key: key}
}

// ObserverGone answers code 5 with HTTP 403: an observer link that is deleted, expired or
// regenerated, or a call or coin outside what the link shares. The client shows the
// message and goes to the observer list (SPEC section 8).
func ObserverGone(key string) *Error {
	if key == "" {
		key = "error.observerGone"
	}
	return &Error{Code: CodeObserverGone, Status: http.StatusForbidden, Key: key}
}

// Forbidden answers code 3 with HTTP 403.
func Forbidden(key string) *Error {
	return &Error{Code: CodeWarning, Status: http.StatusForbidden, Key: key}
}

// TooManyRequests answers code 3 with HTTP 429.
func TooManyRequests(key string) *Error {
	if key == "" {
		key = "error.tooManyRequests"
	}
	return &Error{Code: CodeWarning, Status: http.StatusTooManyRequests, Key: key}
}

// Internal hides cause from the client and logs it.
func Internal(cause error) *Error {
	return &Error{Code: CodeWarning, Status: http.StatusInternalServerError, Key: "error.internal", Cause: cause}
}

// asError turns any error into an *Error; an unknown error is internal.
func asError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return Internal(err)
}
