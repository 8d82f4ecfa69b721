package overclock

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/pool"
)

// Handler serves the overclock calls of logged-in users and of the device agent.
type Handler struct {
	Store *Store
	// User lets only logged-in users through (account.Handler.RequireUser).
	User httpx.Middleware
	// Agent lets only known Uniplus IDs through (pool.AgentAuth).
	Agent httpx.Middleware
}

// Routes registers every overclock route with its permission.
func (h *Handler) Routes(r *httpx.Router) {
	user, agent := h.User, h.Agent
	if user == nil || agent == nil || h.Store == nil || h.Store.Pool == nil {
		panic("overclock: Handler.Store (with Pool), User and Agent must be set")
	}
	const base = "/api/pc/v1/pool/overclock/"
	r.Handle("GET "+base+"template/list", h.list, user)
	r.Handle("POST "+base+"template/create", h.create, user)
	r.Handle("POST "+base+"template/edit", h.edit, user)
	r.Handle("POST "+base+"template/delete", h.delete, user)
	r.Handle("POST "+base+"apply", h.apply, user)
	r.Handle("POST "+base+"cancel", h.cancel, user)
	r.Handle("GET "+base+"device/status", h.status, user)
	r.Handle("GET /api/agent/v1/overclock/pending", h.pending, agent)
	r.Handle("POST /api/agent/v1/overclock/ack", h.ack, agent)
}

func mustUser(r *http.Request) account.User {
	u, ok := account.CurrentUser(r.Context())
	if !ok {
		panic("overclock: handler registered without the user middleware")
	}
	return u
}

func mustAgent(r *http.Request) pool.SubAccount {
	a, ok := pool.AgentSubAccount(r.Context())
	if !ok {
		panic("overclock: handler registered without the agent middleware")
	}
	return a
}

// decode reads a JSON body; a value of the wrong type (a string, a fraction, a number out
// of int64) names its field.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	return httpx.DecodeFields(w, r, v, "overclock.field.")
}

// templateView is a template as the calls answer it.
type templateView struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Coin        string `json:"coin"`
	GPUCategory string `json:"gpuCategory"`
	Settings
	CreatedAt int64 `json:"createdAt"`
	UpdatedAt int64 `json:"updatedAt"`
}

func viewTemplate(t Template) templateView {
	return templateView{ID: t.ID, Name: t.Name, Coin: t.Coin, GPUCategory: t.GPUCategory, Settings: t.Settings,
		CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt}
}

type page[T any] struct {
	Total    int `json:"total"`
	Page     int `json:"page"`
	PageSize int `json:"pageSize"`
	Rows     []T `json:"rows"`
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	pg, size, err := httpx.Paging(q, "overclock.field.page", "overclock.field.pageSize")
	if err != nil {
		return err
	}
	coinType := strings.TrimSpace(q.Get("coin"))
	if coinType != "" {
		// An unknown coin is a mistake; a coin whose flag is off still lists its templates.
		if _, err := h.Store.overclockCoin(r.Context(), coinType); err != nil {
			var he *httpx.Error
			if !errors.As(err, &he) || he.Key != "overclock.coinNoOverclock" {
				return err
			}
		}
	}
	list, total, err := h.Store.Templates(r.Context(), mustUser(r).ID, coinType, pg, size)
	if err != nil {
		return err
	}
	out := page[templateView]{Total: total, Page: pg, PageSize: size, Rows: make([]templateView, 0, len(list))}
	for _, t := range list {
		out.Rows = append(out.Rows, viewTemplate(t))
	}
	return httpx.OK(w, r, out)
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) error {
	var in Input
	if err := decode(w, r, &in); err != nil {
		return err
	}
	t, err := h.Store.CreateTemplate(r.Context(), mustUser(r).ID, in)
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "overclock.saved", viewTemplate(t))
}

func (h *Handler) edit(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		ID int64 `json:"id"`
		Input
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if req.ID <= 0 {
		return httpx.Required("overclock.field.id")
	}
	t, err := h.Store.EditTemplate(r.Context(), mustUser(r).ID, req.ID, req.Input)
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "overclock.saved", viewTemplate(t))
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		ID int64 `json:"id"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if req.ID <= 0 {
		return httpx.Required("overclock.field.id")
	}
	if err := h.Store.DeleteTemplate(r.Context(), mustUser(r).ID, req.ID); err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "overclock.deleted", map[string]int64{"id": req.ID})
}

// checkIDs checks a list of device ids: at least one, at most MaxDevicesPerCall, each
// positive.
func checkIDs(ids []int64) error {
	if len(ids) == 0 {
		return httpx.Required("overclock.field.deviceIds")
	}
	if len(ids) > MaxDevicesPerCall {
		return httpx.Warn("overclock.tooManyDevices", i18n.Params{"max": strconv.Itoa(MaxDevicesPerCall)})
	}
	for _, id := range ids {
		if id <= 0 {
			return httpx.Invalid("overclock.field.deviceIds")
		}
	}
	return nil
}

// deviceView is a device's overclock state (SPEC: each device shows pending, applied or
// failed with the agent's message).
type deviceView struct {
	DeviceID       int64    `json:"deviceId"`
	Worker         string   `json:"worker"` // full worker name
	Coin           string   `json:"coin"`
	State          string   `json:"state"` // none, pending, applied, failed
	Factory        bool     `json:"factory"`
	TemplateID     *int64   `json:"templateId"`
	TemplateName   string   `json:"templateName"`
	Settings       Settings `json:"settings"`
	Message        string   `json:"message"`
	Version        int64    `json:"version"`
	RequestedAt    int64    `json:"requestedAt"`
	AcknowledgedAt int64    `json:"acknowledgedAt"`
}

func viewDevice(d pool.Device, req Request, ok bool) deviceView {
	v := deviceView{DeviceID: d.ID, Worker: d.FullName(), Coin: d.Coin, State: StateNone, Factory: true}
	if ok {
		v.State, v.Factory, v.TemplateID, v.TemplateName, v.Settings = req.State, req.Factory, req.TemplateID, req.TemplateName, req.Settings
		v.Message, v.Version, v.RequestedAt, v.AcknowledgedAt = req.Message, req.Version, req.RequestedAt, req.AcknowledgedAt
	}
	return v
}

// views answers the devices' states as they are now.
func (h *Handler) views(r *http.Request, devices []pool.Device) ([]deviceView, error) {
	ids := make([]int64, len(devices))
	for i, d := range devices {
		ids[i] = d.ID
	}
	reqs, err := h.Store.Requests(r.Context(), ids)
	if err != nil {
		return nil, err
	}
	out := make([]deviceView, 0, len(devices))
	for _, d := range devices {
		req, ok := reqs[d.ID]
		out = append(out, viewDevice(d, req, ok))
	}
	return out, nil
}

func (h *Handler) apply(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		TemplateID int64   `json:"templateId"`
		DeviceIDs  []int64 `json:"deviceIds"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if req.TemplateID <= 0 {
		return httpx.Required("overclock.field.templateId")
	}
	if err := checkIDs(req.DeviceIDs); err != nil {
		return err
	}
	devices, err := h.Store.Apply(r.Context(), mustUser(r).ID, req.TemplateID, req.DeviceIDs)
	if err != nil {
		return err
	}
	out, err := h.views(r, devices)
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "overclock.sent", out)
}

func (h *Handler) cancel(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		DeviceIDs []int64 `json:"deviceIds"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if err := checkIDs(req.DeviceIDs); err != nil {
		return err
	}
	devices, err := h.Store.Cancel(r.Context(), mustUser(r).ID, req.DeviceIDs)
	if err != nil {
		return err
	}
	out, err := h.views(r, devices)
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "overclock.factorySent", out)
}

// status answers the overclock state of devices named by deviceIds, a comma-separated
// list of ids ("12,13,20").
func (h *Handler) status(w http.ResponseWriter, r *http.Request) error {
	v := r.URL.Query().Get("deviceIds")
	if strings.TrimSpace(v) == "" {
		return httpx.Required("overclock.field.deviceIds")
	}
	parts := strings.Split(v, ",")
	if len(parts) > MaxDevicesPerCall {
		return httpx.Warn("overclock.tooManyDevices", i18n.Params{"max": strconv.Itoa(MaxDevicesPerCall)})
	}
	ids := make([]int64, 0, len(parts))
	for _, p := range parts {
		id, err := strconv.ParseInt(p, 10, 64)
		if err != nil || id <= 0 || strings.Trim(p, "0123456789") != "" { // digits only: no sign, no spaces
			return httpx.Invalid("overclock.field.deviceIds")
		}
		ids = append(ids, id)
	}
	devices, reqs, err := h.Store.Statuses(r.Context(), mustUser(r).ID, ids)
	if err != nil {
		return err
	}
	out := make([]deviceView, 0, len(devices))
	for _, d := range devices {
		req, ok := reqs[d.ID]
		out = append(out, viewDevice(d, req, ok))
	}
	return httpx.OK(w, r, out)
}

// pendingView is what the agent applies (the contract the agent program is written
// against): the request's version, factory, and the six settings (null when unset; all
// null for factory settings).
type pendingView struct {
	Version int64 `json:"version"`
	Factory bool  `json:"factory"`
	Settings
}

// pending answers the worker's pending request, or data null when there is none (also
// for a worker name of the sub-account that has no live device yet).
func (h *Handler) pending(w http.ResponseWriter, r *http.Request) error {
	d, err := h.Store.Pool.AgentDevice(r.Context(), mustAgent(r), r.URL.Query().Get("worker"), "overclock.field.worker")
	if errors.Is(err, db.ErrNotFound) {
		return httpx.OK(w, r, nil)
	}
	if err != nil {
		return err
	}
	p, err := h.Store.Pending(r.Context(), d.ID)
	if err != nil || p == nil {
		if err != nil {
			return err
		}
		return httpx.OK(w, r, nil)
	}
	return httpx.OK(w, r, pendingView{Version: p.Version, Factory: p.Factory, Settings: p.Settings})
}

// ackResult tells the agent whether its answer was taken, and the device's request now.
type ackResult struct {
	Accepted bool   `json:"accepted"`
	Version  int64  `json:"version"` // the device's latest request; 0 when none
	State    string `json:"state"`
}

func (h *Handler) ack(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Worker  string `json:"worker"`
		Version int64  `json:"version"`
		Status  string `json:"status"`
		Message string `json:"message"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	sub := mustAgent(r)
	if strings.TrimSpace(req.Worker) == "" {
		return httpx.Required("overclock.field.worker")
	}
	if req.Version <= 0 {
		return httpx.Required("overclock.field.version")
	}
	if req.Status != StateApplied && req.Status != StateFailed {
		return httpx.Warn("validation.oneOf", i18n.Params{"field": "overclock.field.status", "values": StateApplied + ", " + StateFailed})
	}
	d, err := h.Store.Pool.AgentDevice(r.Context(), sub, req.Worker, "overclock.field.worker")
	if errors.Is(err, db.ErrNotFound) {
		return httpx.NotFound("overclock.deviceNotFound")
	}
	if err != nil {
		return err
	}
	accepted, err := h.Store.Ack(r.Context(), d.ID, req.Version, req.Status, req.Message)
	if err != nil {
		return err
	}
	reqs, err := h.Store.Requests(r.Context(), []int64{d.ID})
	if err != nil {
		return err
	}
	out := ackResult{Accepted: accepted, State: StateNone}
	if cur, ok := reqs[d.ID]; ok {
		out.Version, out.State = cur.Version, cur.State
	}
	return httpx.OK(w, r, out)
}
