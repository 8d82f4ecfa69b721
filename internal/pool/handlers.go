package pool

import (
	"context"
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/scope"
)

// ReportsPerMinute bounds the agent reports one Uniplus ID may send from one address.
const ReportsPerMinute = 120

// AgentHeader carries the sub-account's Uniplus ID on agent calls.
const AgentHeader = "x-uniplus-id"

// Handler serves the pool calls of logged-in users and the device agent.
type Handler struct {
	Store *Store
	// User lets only logged-in users through and puts the user in the context
	// (account.Handler.RequireUser).
	User httpx.Middleware
	// Reads lets through the reads an observer link with machine info may make as well as
	// the owner, and puts the reader's scope.Access in the context; nil: the owner's
	// session only (User, with the whole account as the scope).
	Reads httpx.Middleware
	// ListReads is Reads for the sub-account list, which an observer link with either
	// kind of info may read (its revenue pages choose a sub-account from it); nil: Reads.
	ListReads httpx.Middleware
	// Limiter counts agent reports (required).
	Limiter ratelimit.Limiter
	// StratumHost is the host miners connect to; empty means the host the request came to.
	StratumHost string
	StratumTLS  bool // the stratum listeners speak TLS (stratum+ssl)
}

// Routes registers every pool route with its permission.
func (h *Handler) Routes(r *httpx.Router) {
	user, agent := h.User, h.agent
	if user == nil || h.Limiter == nil {
		panic("pool: Handler.User and Handler.Limiter must be set")
	}
	reads := h.Reads
	if reads == nil {
		reads = account.OwnerScope(user)
	}
	listReads := h.ListReads
	if listReads == nil {
		listReads = reads
	}
	// Sub-accounts.
	r.Handle("POST /api/pc/v1/pool/subaccount/create", h.subCreate, user)
	r.Handle("GET /api/pc/v1/pool/subaccount/list", h.subList, listReads)
	r.Handle("GET /api/pc/v1/pool/subaccount/detail", h.subDetail, reads)
	r.Handle("POST /api/pc/v1/pool/subaccount/rename", h.subRename, user)
	r.Handle("POST /api/pc/v1/pool/subaccount/coin", h.subCoin, user)
	r.Handle("POST /api/pc/v1/pool/subaccount/delete", h.subDelete, user)
	r.Handle("GET /api/pc/v1/pool/subaccount/uniplus", h.uniplus, user)
	r.Handle("POST /api/pc/v1/pool/subaccount/uniplus/regenerate", h.uniplusRegenerate, user)
	// Devices.
	r.Handle("GET /api/pc/v1/pool/hashrate/history", h.hashrateHistory, reads)
	r.Handle("GET /api/pc/v1/pool/device/overview", h.deviceOverview, reads)
	r.Handle("GET /api/pc/v1/pool/device/list", h.deviceList, reads)
	r.Handle("GET /api/pc/v1/pool/device/detail", h.deviceDetail, user)
	r.Handle("GET /api/pc/v1/pool/device/hashrate", h.deviceHashrate, user)
	r.Handle("POST /api/pc/v1/pool/device/alias", h.deviceAlias, user)
	r.Handle("POST /api/pc/v1/pool/device/bind", h.deviceBind, user)
	// Removal is the owner's only (user: an observer link is no session), offline devices
	// only.
	r.Handle("POST /api/pc/v1/pool/device/remove", h.deviceRemove, user)
	r.Handle("POST /api/pc/v1/pool/device/removeOffline", h.deviceRemoveOffline, user)
	// The device agent, by Uniplus ID.
	r.Handle("POST /api/agent/v1/report", h.report, agent)
}

func mustUser(r *http.Request) account.User {
	u, ok := account.CurrentUser(r.Context())
	if !ok {
		panic("pool: handler registered without the user middleware")
	}
	return u
}

// decode reads a JSON body; a value of the wrong type names its field.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	return httpx.DecodeFields(w, r, v, "pool.field.")
}

// queryID reads a positive integer id from the query.
func queryID(r *http.Request, name string) (int64, error) {
	v := strings.TrimSpace(r.URL.Query().Get(name))
	if v == "" {
		return 0, httpx.Required("pool.field." + name)
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, httpx.Invalid("pool.field." + name)
	}
	return id, nil
}

func (h *Handler) now() time.Time { return h.Store.now() }

// coinOf answers a coin named in a query or body, or a field error.
func (h *Handler) coinOf(ctx context.Context, typ, field string) (coin.Coin, error) {
	typ = strings.TrimSpace(typ)
	if typ == "" {
		return coin.Coin{}, httpx.Required(field)
	}
	c, err := h.Store.coins().Get(ctx, typ)
	if errors.Is(err, db.ErrNotFound) {
		return c, httpx.Warn("pool.coinNotFound", i18n.Params{"coin": typ})
	}
	return c, err
}

// algorithms maps every coin to its algorithm, for hashrates of devices on several coins.
func (h *Handler) algorithms(ctx context.Context) (map[string]string, error) {
	list, err := h.Store.coins().List(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(list))
	for _, c := range list {
		out[c.Type] = c.Algorithm
	}
	return out, nil
}

// subAccountView is a sub-account as the list and detail show it.
type subAccountView struct {
	Code             string        `json:"code"`
	Alias            string        `json:"alias"`
	DefaultCoin      string        `json:"defaultCoin"`
	DeviceCount      int           `json:"deviceCount"`
	OnlineCount      int           `json:"onlineCount"`
	RealTimeHashRate hashrate.Rate `json:"realTimeHashRate"`
	DayHashRate      hashrate.Rate `json:"dayHashRate"`
	AddTime          int64         `json:"addTime"`
}

// subAccountDetail adds device counts by status and the 24-hour share counts.
type subAccountDetail struct {
	subAccountView
	Counts     Counts `json:"counts"`
	Accepted   int64  `json:"accepted"`
	Rejected   int64  `json:"rejected"`
	Stale      int64  `json:"stale"`
	UpdateTime int64  `json:"updateTime"`
}

func viewSub(a SubAccount, c Counts, st ShareStats, algo string) subAccountView {
	return subAccountView{
		Code: a.Code, Alias: a.Alias, DefaultCoin: a.DefaultCoin, DeviceCount: c.Total, OnlineCount: c.Online(),
		RealTimeHashRate: st.RealTimeRate(algo), DayHashRate: st.DayRate(algo), AddTime: a.CreatedAt,
	}
}

func (h *Handler) subCreate(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Code        string `json:"code"`
		Alias       string `json:"alias"`
		DefaultCoin string `json:"defaultCoin"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	a, err := h.Store.CreateSubAccount(r.Context(), mustUser(r).ID, req.Code, req.Alias, req.DefaultCoin)
	if err != nil {
		return err
	}
	algos, err := h.algorithms(r.Context())
	if err != nil {
		return err
	}
	return httpx.OK(w, r, createdSub{subAccountView: viewSub(a, Counts{}, ShareStats{}, algos[a.DefaultCoin]),
		UniplusID: a.UniplusID, UniplusPrefix: a.UniplusPrefix})
}

// createdSub is the answer of create: the new sub-account and its Uniplus ID, which is
// shown this once (and after a regenerate) and never again: only its hash is stored.
type createdSub struct {
	subAccountView
	UniplusID     string `json:"uniplusId"`
	UniplusPrefix string `json:"uniplusPrefix"`
}

func (h *Handler) subList(w http.ResponseWriter, r *http.Request) error {
	a := scope.MustFromContext(r.Context())
	ctx := r.Context()
	all, err := h.Store.SubAccounts(ctx, a.UserID)
	if err != nil {
		return err
	}
	subs := slices.DeleteFunc(all, func(s SubAccount) bool { return !a.HasSubAccount(s.ID) })
	// Without machine info, the sub-accounts by name only: no counts, no hashrates.
	counts, stats := map[int64]Counts{}, map[int64]ShareStats{}
	if !a.NoMachine {
		if counts, err = h.Store.SubAccountCounts(ctx, a.Scope); err != nil {
			return err
		}
		if stats, err = h.Store.SubAccountStats(ctx, a.Scope, h.now()); err != nil {
			return err
		}
	}
	algos, err := h.algorithms(ctx)
	if err != nil {
		return err
	}
	out := make([]subAccountView, 0, len(subs))
	for _, a := range subs {
		out = append(out, viewSub(a, counts[a.ID], stats[a.ID], algos[a.DefaultCoin]))
	}
	return httpx.OK(w, r, out)
}

func (h *Handler) subDetail(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sc, a, err := h.readScope(r, "code")
	if err != nil {
		return err
	}
	if a.ID == 0 {
		return httpx.Required("pool.field.code")
	}
	c, err := h.Store.DeviceCounts(ctx, sc, DeviceFilter{})
	if err != nil {
		return err
	}
	st, err := h.Store.UserStats(ctx, sc, a.DefaultCoin, h.now())
	if err != nil {
		return err
	}
	algos, err := h.algorithms(ctx)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, subAccountDetail{
		subAccountView: viewSub(a, c, st, algos[a.DefaultCoin]), Counts: c,
		Accepted: st.Accepted, Rejected: st.Rejected, Stale: st.Stale, UpdateTime: a.UpdatedAt,
	})
}

func (h *Handler) subRename(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Code  string `json:"code"`
		Alias string `json:"alias"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	a, err := h.Store.RenameSubAccount(r.Context(), mustUser(r).ID, req.Code, req.Alias)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]string{"code": a.Code, "alias": a.Alias})
}

func (h *Handler) subCoin(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Code string `json:"code"`
		Coin string `json:"coin"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	a, err := h.Store.ChangeDefaultCoin(r.Context(), mustUser(r).ID, req.Code, req.Coin)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]string{"code": a.Code, "defaultCoin": a.DefaultCoin})
}

func (h *Handler) subDelete(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Code string `json:"code"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	a, err := h.Store.DeleteSubAccount(r.Context(), mustUser(r).ID, req.Code)
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "pool.subAccountDeleted", map[string]string{"code": a.Code})
}

// uniplusView is what a rig needs to connect, with the Uniplus ID itself only in the
// answer of regenerate (the pool keeps its hash and cannot show it again) and otherwise
// its prefix, so the owner can tell which ID their rigs hold.
type uniplusView struct {
	Code          string   `json:"code"`
	UniplusID     *string  `json:"uniplusId"`     // regenerate's answer only; null otherwise
	UniplusPrefix string   `json:"uniplusPrefix"` // "UP-" and 4 hex digits; "" for an ID from before 0020 without one
	Coin          string   `json:"coin"`
	StratumURL    string   `json:"stratumUrl"`    // first port of the default coin
	StratumURLs   []string `json:"stratumUrls"`   // every port (backup pools)
	WorkerName    string   `json:"workerName"`    // template: "<code>.{worker}"
	WorkerExample string   `json:"workerExample"` // e.g. "alice.rig01"
}

func (h *Handler) uniplusView(r *http.Request, a SubAccount) (uniplusView, error) {
	v := uniplusView{Code: a.Code, UniplusPrefix: a.UniplusPrefix, Coin: a.DefaultCoin, StratumURLs: []string{},
		WorkerName: a.Code + ".{worker}", WorkerExample: a.Code + ".rig01"}
	c, err := h.Store.coins().Get(r.Context(), a.DefaultCoin)
	if err != nil {
		return v, err
	}
	host := coin.StratumHost(h.StratumHost, r)
	v.StratumURLs = coin.StratumURLs(host, h.StratumTLS, c)
	if len(v.StratumURLs) > 0 {
		v.StratumURL = v.StratumURLs[0]
	} else {
		v.StratumURL = "stratum+tcp://" + host + ":{port}"
	}
	return v, nil
}

func (h *Handler) uniplus(w http.ResponseWriter, r *http.Request) error {
	a, err := h.Store.mustSub(r.Context(), mustUser(r).ID, r.URL.Query().Get("code"))
	if err != nil {
		return err
	}
	v, err := h.uniplusView(r, a)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, v)
}

func (h *Handler) uniplusRegenerate(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Code string `json:"code"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	a, err := h.Store.RegenerateUniplusID(r.Context(), mustUser(r).ID, req.Code)
	if err != nil {
		return err
	}
	v, err := h.uniplusView(r, a)
	if err != nil {
		return err
	}
	v.UniplusID = &a.UniplusID
	return httpx.OKMessage(w, r, "pool.uniplusRegenerated", v)
}

// readScope is the request's read scope narrowed to the sub-account the query parameter
// key names (Store.ReadScope).
func (h *Handler) readScope(r *http.Request, key string) (scope.Scope, SubAccount, error) {
	return h.Store.ReadScope(r.Context(), scope.MustFromContext(r.Context()), r.URL.Query().Get(key))
}

// readCoin is the coin named by the coin parameter (required), which an observer's link
// must share (code 5 otherwise).
func (h *Handler) readCoin(r *http.Request, sc scope.Scope) (coin.Coin, error) {
	c, err := h.coinOf(r.Context(), r.URL.Query().Get("coin"), "pool.field.coin")
	if err != nil {
		return c, err
	}
	if !sc.HasCoin(c.Type) {
		return c, httpx.ObserverGone("")
	}
	return c, nil
}

// filter reads the device filters shared by the overview and the list, and the read scope
// (narrowed to the subAccount parameter's sub-account).
func (h *Handler) filter(r *http.Request) (DeviceFilter, scope.Scope, error) {
	var f DeviceFilter
	sc, sub, err := h.readScope(r, "subAccount")
	if err != nil {
		return f, sc, err
	}
	f.Coin = strings.TrimSpace(r.URL.Query().Get("coin"))
	f.SubAccountID = sub.ID
	return f, sc, nil
}

// overview is the device overview: counts, hashrates and 24-hour share counts on a coin.
type overview struct {
	Coin             string        `json:"coin"`
	Counts           Counts        `json:"counts"`
	RealTimeHashRate hashrate.Rate `json:"realTimeHashRate"`
	DayHashRate      hashrate.Rate `json:"dayHashRate"`
	Accepted         int64         `json:"accepted"`
	Rejected         int64         `json:"rejected"`
	Stale            int64         `json:"stale"`
}

func (h *Handler) deviceOverview(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	f, sc, err := h.filter(r)
	if err != nil {
		return err
	}
	// Hashrates of different algorithms do not add up: the overview is of one coin.
	c, err := h.readCoin(r, sc)
	if err != nil {
		return err
	}
	f.Coin = c.Type
	counts, err := h.Store.DeviceCounts(ctx, sc, f)
	if err != nil {
		return err
	}
	st, err := h.Store.UserStats(ctx, sc, c.Type, h.now())
	if err != nil {
		return err
	}
	return httpx.OK(w, r, overview{
		Coin: c.Type, Counts: counts, RealTimeHashRate: st.RealTimeRate(c.Algorithm), DayHashRate: st.DayRate(c.Algorithm),
		Accepted: st.Accepted, Rejected: st.Rejected, Stale: st.Stale,
	})
}

// deviceRow is a device as the list shows it.
type deviceRow struct {
	ID               int64         `json:"id"`
	Code             string        `json:"code"`   // full worker name
	Worker           string        `json:"worker"` // suffix
	SubAccount       string        `json:"subAccount"`
	Coin             string        `json:"coin"`
	Alias            string        `json:"alias"`
	Kind             string        `json:"kind"`
	Status           string        `json:"status"`
	RealTimeHashRate hashrate.Rate `json:"realTimeHashRate"`
	DayHashRate      hashrate.Rate `json:"dayHashRate"`
	OnlineDuration   int64         `json:"onlineDuration"` // seconds; 0 when offline
	LastUpdateTime   int64         `json:"lastUpdateTime"` // Unix ms of the last share, report or connection
	IntranetIP       string        `json:"intranetIp"`
	PublicIP         string        `json:"publicIp"`
	Region           string        `json:"region"`
	Temperature      *float64      `json:"temperature"` // hottest GPU, else the CPU; null when unknown
	Bound            bool          `json:"bound"`
	BoundAt          int64         `json:"boundAt"`      // Unix ms of the last binding; 0 while unbound
	Initialising     bool          `json:"initialising"` // bound less than InitialisingFor ago
	Burned           bool          `json:"burned"`
}

func rowOf(d Device, st ShareStats, algo string, now time.Time) deviceRow {
	row := deviceRow{
		ID: d.ID, Code: d.FullName(), Worker: d.Worker, SubAccount: d.SubAccountCode, Coin: d.Coin, Alias: d.Alias, Kind: d.Kind,
		Status: d.Status, RealTimeHashRate: st.RealTimeRate(algo), DayHashRate: st.DayRate(algo),
		LastUpdateTime: d.LastSeenAt, IntranetIP: d.IntranetIP, PublicIP: d.PublicIP, Region: d.Region,
		Temperature: d.CPUTemp, Bound: d.Bound, BoundAt: d.BoundAt, Burned: d.Burned,
		Initialising: d.Bound && d.BoundAt > 0 && now.UnixMilli()-d.BoundAt < InitialisingFor.Milliseconds(),
	}
	if d.Status != StatusOffline && d.OnlineSince > 0 {
		row.OnlineDuration = max(0, (now.UnixMilli()-d.OnlineSince)/1000)
	}
	var hottest *float64
	for _, g := range d.GPUs {
		if g.Temperature != nil && (hottest == nil || *g.Temperature > *hottest) {
			hottest = g.Temperature
		}
	}
	if hottest != nil {
		row.Temperature = hottest
	}
	return row
}

// page is one page of a list.
type page[T any] struct {
	Total    int `json:"total"`
	Page     int `json:"page"`
	PageSize int `json:"pageSize"`
	Rows     []T `json:"rows"`
}

func (h *Handler) deviceList(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	q := r.URL.Query()
	f, sc, err := h.filter(r)
	if err != nil {
		return err
	}
	if f.Status = strings.TrimSpace(q.Get("status")); f.Status != "" && !slices.Contains(Statuses, f.Status) {
		return httpx.Warn("validation.oneOf", i18n.Params{"field": "pool.field.status", "values": strings.Join(Statuses, ", ")})
	}
	switch v := strings.TrimSpace(q.Get("bound")); v {
	case "":
	case "true", "1", "false", "0":
		b := v == "true" || v == "1"
		f.Bound = &b
	default:
		return httpx.Invalid("pool.field.bound")
	}
	f.Keyword = strings.TrimSpace(q.Get("keyword"))
	if utf8.RuneCountInString(f.Keyword) > MaxKeyword {
		return httpx.TooLong("pool.field.keyword", MaxKeyword)
	}
	if f.Page, f.PageSize, err = httpx.Paging(q, "pool.field.page", "pool.field.pageSize"); err != nil {
		return err
	}
	if f.Sort, f.Desc, err = parseSort(q.Get("sort"), q.Get("order")); err != nil {
		return err
	}
	if f.Coin != "" {
		c, err := h.readCoin(r, sc)
		if err != nil {
			return err
		}
		f.Coin = c.Type
	}
	devices, total, err := h.Store.ListDevices(ctx, sc, f)
	if err != nil {
		return err
	}
	ids := make([]int64, len(devices))
	for i, d := range devices {
		ids[i] = d.ID
	}
	now := h.now()
	stats, err := h.Store.DeviceStats(ctx, ids, now)
	if err != nil {
		return err
	}
	algos, err := h.algorithms(ctx)
	if err != nil {
		return err
	}
	out := page[deviceRow]{Total: total, Page: f.Page, PageSize: f.PageSize, Rows: make([]deviceRow, 0, len(devices))}
	for _, d := range devices {
		out.Rows = append(out.Rows, rowOf(d, stats[d.ID], algos[d.Coin], now))
	}
	return httpx.OK(w, r, out)
}

// parseSort reads the device list's sort key (one of Sorts, default worker) and order
// (asc or desc, default asc).
func parseSort(sort, order string) (string, bool, error) {
	sort, order = strings.TrimSpace(sort), strings.TrimSpace(order)
	if sort == "" {
		sort = SortWorker
	} else if !slices.Contains(Sorts, sort) {
		return "", false, httpx.Warn("validation.oneOf", i18n.Params{"field": "pool.field.sort", "values": strings.Join(Sorts, ", ")})
	}
	switch order {
	case "", "asc":
		return sort, false, nil
	case "desc":
		return sort, true, nil
	}
	return "", false, httpx.Warn("validation.oneOf", i18n.Params{"field": "pool.field.order", "values": "asc, desc"})
}

// gpuView is a GPU with its hashrate scaled for display.
type gpuView struct {
	GPU
	HashRateShow hashrate.Rate `json:"hashRateShow"`
}

// deviceDetail is every field of SPEC section 3 "Device".
type deviceDetail struct {
	deviceRow
	MinerRunning  *bool     `json:"minerRunning"`
	MinerSoftware string    `json:"minerSoftware"`
	MinerVersion  string    `json:"minerVersion"`
	OS            string    `json:"os"`
	OSVersion     string    `json:"osVersion"`
	DriverVersion string    `json:"driverVersion"`
	CPUModel      string    `json:"cpuModel"`
	CPUTemp       *float64  `json:"cpuTemp"`
	CPUUsage      *float64  `json:"cpuUsage"`
	MemTotal      *int64    `json:"memTotal"`
	MemUsed       *int64    `json:"memUsed"`
	DiskTotal     *int64    `json:"diskTotal"`
	DiskUsed      *int64    `json:"diskUsed"`
	RunningPool   string    `json:"runningPool"`
	GPUs          []gpuView `json:"gpus"`
	Accepted      int64     `json:"accepted"`
	Rejected      int64     `json:"rejected"`
	Stale         int64     `json:"stale"`
	FirstSeenAt   int64     `json:"firstSeenAt"` // the first accepted share; 0 before one
	LastShareAt   int64     `json:"lastShareAt"`
	LastReportAt  int64     `json:"lastReportAt"`
	OnlineSince   int64     `json:"onlineSince"`
	// The rig's own figure (its agent's GPUs summed; null without a report that gives
	// one) against the pool's real-time figure and its 95% range over WindowShares.
	ReportedHashRate *hashrate.Rate `json:"reportedHashRate"`
	EffectiveLow     hashrate.Rate  `json:"effectiveLow"`
	EffectiveHigh    hashrate.Rate  `json:"effectiveHigh"`
	WindowShares     int64          `json:"windowShares"`
	// WindowFull says the device mined the whole real-time window: before, its figure is
	// over the time since its first share and is not held against the rig's own.
	WindowFull bool `json:"windowFull"`
}

func (h *Handler) deviceDetail(w http.ResponseWriter, r *http.Request) error {
	u := mustUser(r)
	ctx := r.Context()
	id, err := queryID(r, "id")
	if err != nil {
		return err
	}
	d, err := h.Store.Device(ctx, u.ID, id)
	if err != nil {
		return err
	}
	c, err := h.Store.coins().Get(ctx, d.Coin)
	if err != nil {
		return err
	}
	if !c.MachineDetailFlag {
		return httpx.Warn("pool.coinNoDetail", i18n.Params{"coin": c.Type})
	}
	now := h.now()
	stats, err := h.Store.DeviceStats(ctx, []int64{d.ID}, now)
	if err != nil {
		return err
	}
	st := stats[d.ID]
	out := deviceDetail{
		deviceRow: rowOf(d, st, c.Algorithm, now), MinerRunning: d.MinerRunning, MinerSoftware: d.MinerSoftware, MinerVersion: d.MinerVersion,
		OS: d.OS, OSVersion: d.OSVersion, DriverVersion: d.DriverVersion, CPUModel: d.CPUModel, CPUTemp: d.CPUTemp, CPUUsage: d.CPUUsage,
		MemTotal: d.MemTotal, MemUsed: d.MemUsed, DiskTotal: d.DiskTotal, DiskUsed: d.DiskUsed, RunningPool: d.RunningPool,
		GPUs: make([]gpuView, 0, len(d.GPUs)), Accepted: st.Accepted, Rejected: st.Rejected, Stale: st.Stale,
		FirstSeenAt: firstShareAt(d), LastShareAt: d.LastShareAt, LastReportAt: d.LastReportAt, OnlineSince: d.OnlineSince,
	}
	var reported float64
	var anyReported bool
	for _, g := range d.GPUs {
		var hs float64
		if g.Hashrate != nil {
			hs, anyReported = *g.Hashrate, true
			reported += hs
		}
		out.GPUs = append(out.GPUs, gpuView{GPU: g, HashRateShow: hashrate.New(hs)})
	}
	if anyReported {
		rate := hashrate.New(reported)
		out.ReportedHashRate = &rate
	}
	low, high := st.Effective(c.Algorithm)
	out.EffectiveLow, out.EffectiveHigh, out.WindowShares = hashrate.New(low), hashrate.New(high), st.RealTimeAccepted
	out.WindowFull = st.WindowFull()
	return httpx.OK(w, r, out)
}

// firstShareAt is when d's first accepted share came: first_seen_at once it has had one,
// 0 before (an agent report alone makes a device, but not a mining one).
func firstShareAt(d Device) int64 {
	if d.LastShareAt == 0 {
		return 0
	}
	return d.FirstSeenAt
}

func (h *Handler) deviceHashrate(w http.ResponseWriter, r *http.Request) error {
	u := mustUser(r)
	ctx := r.Context()
	id, err := queryID(r, "id")
	if err != nil {
		return err
	}
	// range (24h, 7d, 30d) is what the pages ask; hours (10-minute points over the last
	// hours) is the older form, kept for scripts.
	q := r.URL.Query()
	rng, err := ParseRange(strings.TrimSpace(q.Get("range")))
	if err != nil {
		return err
	}
	hours := 0
	if v := strings.TrimSpace(q.Get("hours")); v != "" {
		if hours, err = strconv.Atoi(v); err != nil || hours < 1 || hours > MaxHistoryHours {
			return outOfRange("pool.field.hours", 1, MaxHistoryHours)
		}
	}
	d, err := h.Store.Device(ctx, u.ID, id)
	if err != nil {
		return err
	}
	c, err := h.Store.coins().Get(ctx, d.Coin)
	if err != nil {
		return err
	}
	var points []Point
	if hours > 0 {
		points, err = h.Store.History(ctx, d, c.Algorithm, hours, h.now())
	} else {
		points, err = h.Store.DeviceHistory(ctx, d, c.Algorithm, rng, h.now())
	}
	if err != nil {
		return err
	}
	return httpx.OK(w, r, points)
}

// hashrateHistory is the hashrate of the user's devices on a coin (of one sub-account
// with subAccount) over a range: the account and sub-account charts.
func (h *Handler) hashrateHistory(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	_, sc, err := h.filter(r)
	if err != nil {
		return err
	}
	c, err := h.readCoin(r, sc)
	if err != nil {
		return err
	}
	rng, err := ParseRange(strings.TrimSpace(r.URL.Query().Get("range")))
	if err != nil {
		return err
	}
	points, err := h.Store.UserHistory(ctx, sc, c.Type, c.Algorithm, rng, h.now())
	if err != nil {
		return err
	}
	return httpx.OK(w, r, points)
}

func (h *Handler) deviceAlias(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		ID    int64  `json:"id"`
		Alias string `json:"alias"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if req.ID <= 0 {
		return httpx.Required("pool.field.id")
	}
	d, err := h.Store.SetDeviceAlias(r.Context(), mustUser(r).ID, req.ID, req.Alias)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"id": d.ID, "alias": d.Alias})
}

func (h *Handler) deviceBind(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		ID    int64 `json:"id"`
		Bound *bool `json:"bound"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if req.ID <= 0 {
		return httpx.Required("pool.field.id")
	}
	if req.Bound == nil {
		return httpx.Required("pool.field.bound")
	}
	d, err := h.Store.SetDeviceBound(r.Context(), mustUser(r), req.ID, *req.Bound)
	if err != nil {
		return err
	}
	key := "pool.unbound"
	if d.Bound {
		key = "pool.bound"
	}
	return httpx.OKMessage(w, r, key, map[string]any{"id": d.ID, "bound": d.Bound})
}

func (h *Handler) deviceRemove(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		ID int64 `json:"id"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if req.ID <= 0 {
		return httpx.Required("pool.field.id")
	}
	d, err := h.Store.RemoveDevice(r.Context(), mustUser(r).ID, req.ID)
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "pool.deviceRemoved", map[string]any{"id": d.ID, "code": d.FullName()})
}

func (h *Handler) deviceRemoveOffline(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		SubAccount string `json:"subAccount"` // "" for every sub-account
		Coin       string `json:"coin"`       // "" for every coin
	}
	// A value of the wrong type is named by its field's key, "pool.field.subAccount" or
	// "pool.field.coin" (decode's prefix and the JSON name).
	if err := decode(w, r, &req); err != nil {
		return err
	}
	n, err := h.Store.RemoveOfflineDevices(r.Context(), mustUser(r).ID, req.SubAccount, req.Coin)
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "pool.devicesRemoved", map[string]int{"removed": n})
}

type agentKey struct{}

// agent lets a request through only with a known Uniplus ID in AgentHeader, at most
// ReportsPerMinute per ID and client address, and puts its sub-account in the context.
func (h *Handler) agent(next httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id := strings.TrimSpace(r.Header.Get(AgentHeader))
		if !ValidUniplusID(id) {
			return httpx.LoginRequired("pool.agentUnauthorized")
		}
		// One hash serves both: the bucket names part of it (the ID itself never lands in
		// the counters), the lookup all of it (the table keeps only hashes).
		hash := HashUniplusID(id)
		bucket := "agent:" + hash[:24] + ":" + httpx.From(r.Context()).ClientAddr
		ok, err := h.Limiter.Allow(r.Context(), bucket, ReportsPerMinute, time.Minute)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.TooManyRequests("")
		}
		o, err := h.Store.agentOwnerByHash(r.Context(), hash)
		if err != nil {
			return err
		}
		return next(w, r.WithContext(context.WithValue(r.Context(), agentKey{}, o)))
	}
}

func (h *Handler) report(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxReportBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return &httpx.Error{Code: httpx.CodeWarning, Status: http.StatusRequestEntityTooLarge, Key: "error.bodyTooLarge", Cause: err}
		}
		return httpx.Warn("error.badJSON", nil)
	}
	rep, err := ParseReport(body)
	if err != nil {
		return err
	}
	o, ok := r.Context().Value(agentKey{}).(owner)
	if !ok {
		panic("pool: report registered without the agent middleware")
	}
	d, err := h.Store.applyReport(r.Context(), o, rep, httpx.From(r.Context()).ClientAddr)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"deviceId": d.ID, "status": d.Status})
}
