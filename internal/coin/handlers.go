package coin

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

// Handler serves the coin lists.
type Handler struct {
	Store *Store
	// User lets only logged-in users through; Optional adds the user when there is one.
	User, Optional httpx.Middleware
	// UserID is the logged-in user's id from the request context (account.CurrentUser).
	UserID func(ctx context.Context) (int64, bool)
	// StratumHost is the host miners connect to (empty: the request's host); StratumTLS
	// says the listeners speak TLS.
	StratumHost string
	StratumTLS  bool
}

// Routes registers the coin list calls.
func (h *Handler) Routes(r *httpx.Router) {
	r.Handle("GET /api/pc/v1/currency/list", h.list)
	r.Handle("GET /api/pc/v1/common/basic/showCurrencyList", h.showList, h.Optional)
	r.Handle("PUT /api/pc/v1/common/basic/saveSortCurrency", h.saveSort, h.User)
	r.Handle("GET /api/pc/v1/common/basic/resetSortCurrency", h.resetSort, h.User)
	r.Handle("GET /api/pc/v1/common/basic/hashUnit/list", h.hashUnits)
}

// ChainType is SPEC section 3 "Chain type": a coin as lists and selects show it.
type ChainType struct {
	Type                string `json:"type"`
	Name                string `json:"name"`
	AliasName           string `json:"aliasName"`
	Algorithm           string `json:"algorithm"`
	ChainUnit           string `json:"chainUnit"`
	MinHashUnit         string `json:"minHashUnit"`
	IconURL             string `json:"iconUrl"`
	LogoURL             string `json:"logoUrl"`
	Status              int    `json:"status"` // 1 open, 0 closed
	Label               string `json:"label"`
	Value               string `json:"value"`
	Driver              string `json:"driver"`
	CurrencyChangeFlag  bool   `json:"currencyChangeFlag"`
	MachineBindFlag     bool   `json:"machineBindFlag"`
	MachineDetailFlag   bool   `json:"machineDetailFlag"`
	GPUOverclockingFlag bool   `json:"gpuOverclockingFlag"`
	CreatedAt           int64  `json:"createdAt"`
	UpdatedAt           int64  `json:"updatedAt"`
	// StratumURLs are the addresses to mine the coin at, main pool first, then backups;
	// tutorials and connection help show them.
	StratumURLs []string `json:"stratumUrls"`
	// SoloURLs are the coin's solo ports (empty: no solo mining); SoloFeeRate is the
	// pool's part of a solo block, 0..1.
	SoloURLs    []string `json:"soloUrls"`
	SoloFeeRate float64  `json:"soloFeeRate"`
}

func (h *Handler) chainType(r *http.Request, c Coin) ChainType {
	status := 0
	if c.OpenStatus {
		status = 1
	}
	return ChainType{Type: c.Type, Name: c.Name, AliasName: c.AliasName, Algorithm: c.Algorithm, ChainUnit: c.ChainUnit,
		MinHashUnit: c.MinHashUnit, IconURL: c.IconURL, LogoURL: c.LogoURL, Status: status, Label: c.Name, Value: c.Type,
		Driver: c.Driver, CurrencyChangeFlag: c.CurrencyChangeFlag, MachineBindFlag: c.MachineBindFlag,
		MachineDetailFlag: c.MachineDetailFlag, GPUOverclockingFlag: c.GPUOverclockingFlag, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt,
		StratumURLs: StratumURLs(StratumHost(h.StratumHost, r), h.StratumTLS, c),
		SoloURLs:    SoloURLs(StratumHost(h.StratumHost, r), h.StratumTLS, c), SoloFeeRate: float64(c.SoloFeeBps) / 10000}
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	coins, err := h.Store.List(r.Context())
	if err != nil {
		return err
	}
	out := make([]ChainType, len(coins))
	for i, c := range coins {
		out[i] = h.chainType(r, c)
	}
	return httpx.OK(w, r, out)
}

// showList answers the coins in the user's own order when there is one, else the pool's.
func (h *Handler) showList(w http.ResponseWriter, r *http.Request) error {
	coins, err := h.Store.List(r.Context())
	if err != nil {
		return err
	}
	if id, ok := h.UserID(r.Context()); ok {
		order, err := h.Store.UserOrder(r.Context(), id)
		if err != nil {
			return err
		}
		slices.SortStableFunc(coins, func(a, b Coin) int {
			pa, oka := order[a.Type]
			pb, okb := order[b.Type]
			switch {
			case oka && okb:
				return pa - pb
			case oka:
				return -1
			case okb:
				return 1
			}
			return 0
		})
	}
	out := make([]ChainType, len(coins))
	for i, c := range coins {
		out[i] = h.chainType(r, c)
	}
	return httpx.OK(w, r, out)
}

func (h *Handler) saveSort(w http.ResponseWriter, r *http.Request) error {
	// The body is the ordered coin types, as an array or as {"currencyList": [...]}.
	var raw any
	if err := httpx.Decode(w, r, &raw); err != nil {
		return err
	}
	var list []any
	switch v := raw.(type) {
	case []any:
		list = v
	case map[string]any:
		l, ok := v["currencyList"].([]any)
		if !ok {
			return httpx.Required("coin.field.currencyList")
		}
		list = l
	default:
		return httpx.Invalid("coin.field.currencyList")
	}
	if len(list) == 0 {
		return httpx.Required("coin.field.currencyList")
	}
	coins, err := h.Store.List(r.Context())
	if err != nil {
		return err
	}
	known := map[string]bool{}
	for _, c := range coins {
		known[c.Type] = true
	}
	var order []string
	seen := map[string]bool{}
	for _, item := range list {
		s, ok := item.(string)
		typ := strings.ToUpper(strings.TrimSpace(s))
		if !ok || !known[typ] {
			return httpx.Warn("coin.unknown", i18n.Params{"coin": s})
		}
		if seen[typ] {
			return httpx.Warn("coin.listedTwice", i18n.Params{"coin": typ})
		}
		seen[typ] = true
		order = append(order, typ)
	}
	id, _ := h.UserID(r.Context())
	if err := h.Store.SaveUserOrder(r.Context(), id, order); err != nil {
		return err
	}
	return httpx.OK(w, r, nil)
}

func (h *Handler) resetSort(w http.ResponseWriter, r *http.Request) error {
	id, _ := h.UserID(r.Context())
	if err := h.Store.SaveUserOrder(r.Context(), id, nil); err != nil {
		return err
	}
	return httpx.OK(w, r, nil)
}

// hashUnits answers the units a coin's hashrate may be typed in: its smallest unit and up.
func (h *Handler) hashUnits(w http.ResponseWriter, r *http.Request) error {
	typ := strings.ToUpper(strings.TrimSpace(r.URL.Query().Get("currencyType")))
	if typ == "" {
		return httpx.Required("coin.field.currencyType")
	}
	c, err := h.Store.Get(r.Context(), typ)
	if errors.Is(err, db.ErrNotFound) {
		e := httpx.NotFound("coin.unknown")
		e.Params = i18n.Params{"coin": typ}
		return e
	}
	if err != nil {
		return err
	}
	return httpx.OK(w, r, hashrate.UnitsFrom(c.MinHashUnit))
}

// UserOrder answers a user's positions by coin type (empty: the pool's order).
func (s *Store) UserOrder(ctx context.Context, userID int64) (map[string]int, error) {
	rows, err := s.DB.Query(ctx, "SELECT coin, position FROM user_coin_order WHERE user_id = ?", userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var c string
		var p int
		if err := rows.Scan(&c, &p); err != nil {
			return nil, err
		}
		out[c] = p
	}
	return out, rows.Err()
}

// SaveUserOrder replaces a user's order; an empty order goes back to the pool's.
func (s *Store) SaveUserOrder(ctx context.Context, userID int64, order []string) error {
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "DELETE FROM user_coin_order WHERE user_id = ?", userID); err != nil {
			return err
		}
		for i, c := range order {
			if _, err := tx.Exec(ctx, "INSERT INTO user_coin_order (user_id, coin, position) VALUES (?, ?, ?)", userID, c, i); err != nil {
				return err
			}
		}
		return nil
	})
}
