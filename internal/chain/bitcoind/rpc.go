package bitcoind

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
)

// ErrBadCredentials is returned when the node answers HTTP 401 or 403: the RPC user and
// password (or cookie) are wrong.
var ErrBadCredentials = errors.New("bad RPC credentials")

// RPCError is an error the node returned in a JSON-RPC response.
type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Error implements error.
func (e *RPCError) Error() string { return fmt.Sprintf("RPC error %d: %s", e.Code, e.Message) }

// JSON-RPC error codes of Bitcoin Core that callers may want to tell apart.
const (
	CodeMethodNotFound      = -32601
	CodeType                = -3 // a value of the wrong type or out of range ("Invalid amount")
	CodeWallet              = -4 // a wallet call failed: "Insufficient funds", "Transaction amount too small"
	CodeInvalidAddressOrKey = -5 // also "block not found" and "invalid or non-wallet transaction id"
	CodeInsufficientFunds   = -6
	CodeInvalidParameter    = -8
	CodeNotConnected        = -9
	CodeInInitialDownload   = -10
	CodeWalletNotFound      = -18
	CodeDeserialization     = -22
	CodeVerify              = -25
)

// httpStatusError is a node's (or a proxy's) answer with an HTTP error status and no
// JSON-RPC body: an answer, not a broken connection.
type httpStatusError struct {
	Status int
	Body   string
}

func (e *httpStatusError) Error() string { return fmt.Sprintf("HTTP %d: %s", e.Status, e.Body) }

// errDecode marks a response that came whole but could not be read as JSON-RPC.
var errDecode = errors.New("decode response")

// maxResponse bounds what one response may hold: a 4 MB block as hex in a template is
// well under it.
const maxResponse = 64 << 20

// rpc is a JSON-RPC 1.0 client over HTTP. It reads 1.0 and 2.0 responses alike.
type rpc struct {
	url        string
	user, pass string
	cookieFile string
	http       *http.Client
	ids        atomic.Uint64
}

type rpcRequest struct {
	JSONRPC string `json:"jsonrpc"`
	ID      uint64 `json:"id"`
	Method  string `json:"method"`
	Params  []any  `json:"params"`
}

type rpcResponse struct {
	Result json.RawMessage `json:"result"`
	Error  *RPCError       `json:"error"`
}

func (r *rpc) credentials() (string, string, error) {
	if r.cookieFile == "" {
		return r.user, r.pass, nil
	}
	// The node rewrites its cookie at every start, so read it each time.
	b, err := os.ReadFile(r.cookieFile)
	if err != nil {
		return "", "", fmt.Errorf("read cookie: %w", err)
	}
	user, pass, ok := strings.Cut(strings.TrimSpace(string(b)), ":")
	if !ok {
		return "", "", fmt.Errorf("cookie file %s is not user:password", r.cookieFile)
	}
	return user, pass, nil
}

// call runs method on the node at path ("" or "/wallet/<name>") and decodes the result
// into result (unless nil), with JSON numbers kept as json.Number.
func (r *rpc) call(ctx context.Context, path, method string, result any, params ...any) error {
	if params == nil {
		params = []any{}
	}
	body, err := json.Marshal(rpcRequest{JSONRPC: "1.0", ID: r.ids.Add(1), Method: method, Params: params})
	if err != nil {
		return fmt.Errorf("encode request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.url+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	user, pass, err := r.credentials()
	if err != nil {
		return err
	}
	req.SetBasicAuth(user, pass)
	resp, err := r.http.Do(req)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
		return ErrBadCredentials
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse+1))
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		return fmt.Errorf("read response: %w", err)
	}
	if len(raw) > maxResponse {
		return fmt.Errorf("response larger than %d bytes", maxResponse)
	}
	var res rpcResponse
	// Bitcoin Core answers errors with HTTP 404 or 500 and a JSON body; anything else that
	// is not JSON (a proxy's page, "Work queue depth exceeded") is shown as it came.
	if err := json.Unmarshal(raw, &res); err != nil {
		if resp.StatusCode != http.StatusOK {
			return &httpStatusError{Status: resp.StatusCode, Body: snippet(raw)}
		}
		return fmt.Errorf("%w: %w", errDecode, err)
	}
	if res.Error != nil {
		return res.Error
	}
	if resp.StatusCode != http.StatusOK {
		return &httpStatusError{Status: resp.StatusCode, Body: snippet(raw)}
	}
	if result == nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(res.Result))
	dec.UseNumber()
	if err := dec.Decode(result); err != nil {
		return fmt.Errorf("%w: result: %w", errDecode, err)
	}
	return nil
}

func snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	if s == "" {
		return "(empty body)"
	}
	return s
}

// walletPath is the URL path of wallet calls for a named wallet.
func walletPath(name string) string {
	if name == "" {
		return ""
	}
	return "/wallet/" + url.PathEscape(name)
}

// hexBytes decodes a JSON hex string.
type hexBytes []byte

func (h *hexBytes) UnmarshalText(b []byte) error {
	out := make([]byte, hex.DecodedLen(len(b)))
	if _, err := hex.Decode(out, b); err != nil {
		return err
	}
	*h = out
	return nil
}
