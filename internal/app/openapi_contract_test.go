package app

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// The API contract in tests: every request an internal/app test sends to an in-process
// server, and the real response, are checked against openapi.json with kin-openapi.
//
//   - TestMain puts contractTransport in front of http.DefaultTransport, so every call the
//     package's tests make with http.DefaultClient, http.Get or a zero http.Client (to
//     httptest servers and to `poold serve` started by Run) is checked; what does not
//     match is listed when the tests end and fails the run.
//   - contract.Handler is the same check as server middleware, reporting to a test's
//     t.Errorf (TestOpenAPIEveryRouteAgainstARealServer uses it).
//
// A request the document refuses may be answered with an error (that is a bad-input
// test); answered with success, it is a mismatch: the document is stricter than the
// server. Every response must be one the document describes for its status, with the
// documented content type and body. Unknown /api paths must answer the NotFound or
// MethodNotAllowed envelope.

func init() {
	// Legal pages are HTML; their bodies are strings to the validator.
	openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.PlainBodyDecoder)
	openapi3filter.RegisterBodyDecoder("application/openmetrics-text", openapi3filter.PlainBodyDecoder)
	openapi3filter.RegisterBodyDecoder("text/csv", openapi3filter.PlainBodyDecoder)
}

type contract struct {
	doc    *openapi3.T
	router routers.Router
}

var (
	contractOnce sync.Once
	theContract  *contract
	contractErr  error
)

// loadContract loads and validates the embedded document once.
func loadContract() (*contract, error) {
	contractOnce.Do(func() { theContract, contractErr = newContract(openAPIDoc) })
	return theContract, contractErr
}

// newContract loads an OpenAPI document and validates it.
func newContract(data []byte) (*contract, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(data)
	if err != nil {
		return nil, fmt.Errorf("openapi.json: load: %w", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("openapi.json: invalid: %w", err)
	}
	rt, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("openapi.json: router: %w", err)
	}
	return &contract{doc: doc, router: rt}, nil
}

// exchange is one request and its real response.
type exchange struct {
	req     *http.Request // its Body is ignored; reqBody is what was sent
	reqBody []byte
	status  int
	header  http.Header
	body    []byte
}

func (x exchange) String() string {
	b := bytes.TrimSpace(x.body)
	if len(b) > 300 {
		b = append(b[:300:300], "..."...)
	}
	return fmt.Sprintf("%s %s -> %d %s", x.req.Method, x.req.URL.RequestURI(), x.status, b)
}

// covers tells whether the contract speaks about a request: every /api path, and the
// plain routes the document lists. The web app's pages and files are not described.
func (c *contract) covers(r *http.Request) bool {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		return true
	}
	_, _, err := c.router.FindRoute(r)
	return err == nil
}

// check answers every way the exchange differs from the document.
func (c *contract) check(x exchange) []string {
	ctx := context.Background()
	req := x.req.Clone(ctx)
	req.Body = io.NopCloser(bytes.NewReader(x.reqBody))
	req.ContentLength = int64(len(x.reqBody))
	if len(x.reqBody) > 0 && req.Header.Get("Content-Type") == "" {
		// The server reads every body as JSON whatever its Content-Type; so does the check.
		req.Header.Set("Content-Type", "application/json")
	}
	route, params, err := c.router.FindRoute(req)
	if err != nil {
		if !strings.HasPrefix(req.URL.Path, "/api/") {
			return nil
		}
		return c.checkUnmatched(x)
	}
	opts := &openapi3filter.Options{MultiError: true, IncludeResponseStatus: true, AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	var problems []string
	if err := openapi3filter.ValidateRequest(ctx, in); err != nil && x.status < 400 {
		problems = append(problems, fmt.Sprintf("the server accepted a request the document refuses: %v", oneLine(err)))
	}
	// The request validation may have read the body: give it back for the response's.
	req.Body = io.NopCloser(bytes.NewReader(x.reqBody))
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: x.status, Header: x.header,
		Body: io.NopCloser(bytes.NewReader(x.body)), Options: opts}
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		problems = append(problems, fmt.Sprintf("response does not match the document: %v", oneLine(err)))
	}
	return problems
}

// checkUnmatched checks the answer to an /api request no documented operation takes.
func (c *contract) checkUnmatched(x exchange) []string {
	var name string
	switch x.status {
	case http.StatusNotFound:
		name = "NotFound"
	case http.StatusMethodNotAllowed:
		name = "MethodNotAllowed"
	case http.StatusBadRequest: // the language and timezone headers are checked first
		name = "BadRequest"
	default:
		return []string{fmt.Sprintf("an /api path the document does not list answered %d, not 404 or 405", x.status)}
	}
	resp := c.doc.Components.Responses[name].Value
	ct := x.header.Get("Content-Type")
	mt := resp.Content.Get(ct)
	if mt == nil {
		return []string{fmt.Sprintf("an /api path the document does not list answered content type %q", ct)}
	}
	var v any
	if err := json.Unmarshal(x.body, &v); err != nil {
		return []string{fmt.Sprintf("an /api path the document does not list answered no JSON: %v", err)}
	}
	if err := mt.Schema.Value.VisitJSON(v, openapi3.MultiErrors()); err != nil {
		return []string{fmt.Sprintf("an /api path the document does not list answered a body unlike components/responses/%s: %v", name, oneLine(err))}
	}
	return nil
}

func oneLine(err error) string {
	var me openapi3.MultiError
	if errors.As(err, &me) {
		parts := make([]string, 0, len(me))
		for _, e := range me {
			parts = append(parts, oneLine(e))
		}
		return strings.Join(parts, "; ")
	}
	s := strings.Join(strings.Fields(err.Error()), " ")
	if len(s) > 600 {
		s = s[:600] + "..."
	}
	return s
}

// Handler checks every exchange through h and reports each mismatch.
func (c *contract) Handler(h http.Handler, report func(format string, args ...any)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !c.covers(r) {
			h.ServeHTTP(w, r)
			return
		}
		reqBody, err := io.ReadAll(r.Body)
		if err != nil {
			report("read request body of %s %s: %v", r.Method, r.URL, err)
		}
		r.Body = io.NopCloser(bytes.NewReader(reqBody))
		rec := &teeWriter{ResponseWriter: w}
		h.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		header, body := w.Header().Clone(), rec.body.Bytes()
		// What the wire carried may be gzipped (API answers past 1 KiB are); the contract
		// is about what it says.
		if header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err == nil {
				body, err = io.ReadAll(zr)
			}
			if err != nil {
				report("openapi: %s %s: bad gzip body: %v", r.Method, r.URL, err)
				return
			}
			header.Del("Content-Encoding")
		}
		x := exchange{req: r, reqBody: reqBody, status: rec.status, header: header, body: body}
		for _, p := range c.check(x) {
			report("openapi: %s\n\t%s", x, p)
		}
	})
}

// teeWriter keeps a copy of what the handler writes.
type teeWriter struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (w *teeWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *teeWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *teeWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// contractTransport checks every exchange with an in-process server (a loopback
// address) that the contract covers, and keeps the mismatches.
type contractTransport struct {
	base     http.RoundTripper
	c        *contract
	mu       sync.Mutex
	checked  int
	problems []string
}

func (t *contractTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !isLoopback(req.URL.Hostname()) || !t.c.covers(req) {
		return t.base.RoundTrip(req)
	}
	var reqBody []byte
	if req.Body != nil && req.Body != http.NoBody {
		var err error
		if reqBody, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
		req.Body.Close()
		sent := req.Clone(req.Context())
		sent.Body = io.NopCloser(bytes.NewReader(reqBody))
		req = sent
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return resp, nil
	}
	x := exchange{req: req, reqBody: reqBody, status: resp.StatusCode, header: resp.Header, body: body}
	problems := t.c.check(x)
	t.mu.Lock()
	t.checked++
	for _, p := range problems {
		t.problems = append(t.problems, fmt.Sprintf("%s\n\t%s", x, p))
	}
	t.mu.Unlock()
	return resp, nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// TestMain checks every call the package's tests make against the document.
func TestMain(m *testing.M) {
	if spec := os.Getenv(stormClientEnv); spec != "" {
		os.Exit(runStormClients(spec))
	}
	if spec := os.Getenv(replayClientEnv); spec != "" {
		os.Exit(runReplayClients(spec))
	}
	c, err := loadContract()
	if err != nil {
		// TestOpenAPIDocumentIsValid says why; the other tests still run.
		fmt.Fprintln(os.Stderr, "openapi contract not checked:", err)
		os.Exit(m.Run())
	}
	tr := &contractTransport{base: http.DefaultTransport, c: c}
	http.DefaultTransport = tr
	code := m.Run()
	tr.mu.Lock()
	problems := tr.problems
	tr.mu.Unlock()
	if testing.Verbose() {
		fmt.Fprintf(os.Stderr, "openapi: %d calls made through http.DefaultTransport were checked against openapi.json\n", tr.checked)
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		fmt.Fprintf(os.Stderr, "FAIL: %d of %d calls the tests made do not match internal/app/openapi.json:\n", len(problems), tr.checked)
		for _, p := range problems {
			fmt.Fprintln(os.Stderr, p)
		}
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
