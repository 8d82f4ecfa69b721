package content

import (
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// OSImage is the platform of the pool's own rig operating system image (Uniplus OS),
// released through the app download call like the apps.
const OSImage = "uniplus-os"

// OperatingSystems the app download call knows, in display order: the apps' platforms,
// then the rig OS image.
var OperatingSystems = []string{"windows", "macos", "linux", "android", "ios", OSImage}

// Contact form limits.
const (
	MaxContactName        = 50
	MaxContactInformation = 100
	// ContactPerHour is how many messages one client address may leave in an hour.
	ContactPerHour = 5
)

// publicKeyTypes are the sys config key types anyone may read; others stay server-side.
var publicKeyTypes = []string{KeyTypeGlobal}

// Handler serves the content calls.
type Handler struct {
	Store   *Store
	Limiter ratelimit.Limiter
	Log     *slog.Logger
	// Maintenance, when not empty, is the maintenance mode set by the --maintenance flag,
	// which wins over the stored setting.
	Maintenance string
}

// Routes registers every content route.
func (h *Handler) Routes(r *httpx.Router) {
	r.Handle("GET /api/pc/v1/common/basic/language/list", h.languageList)
	r.Handle("GET /api/pc/v1/sys/config", h.sysConfig)
	r.Handle("GET /api/pc/v1/common/agreement", h.agreement)
	r.Handle("POST /api/pc/v1/contact", h.contact)
	r.Handle("GET /api/pc/v1/app/download", h.appDownload)
	r.HandlePlain("GET /legal/{type}/{lang}", http.HandlerFunc(h.legalPage))
}

type languageEntry struct {
	Lang string `json:"lang"`
	Des  string `json:"des"`
}

func (h *Handler) languageList(w http.ResponseWriter, r *http.Request) error {
	out := make([]languageEntry, 0, len(i18n.Languages))
	for _, l := range i18n.Languages {
		out = append(out, languageEntry{Lang: l, Des: i18n.Descriptions[l]})
	}
	return httpx.OK(w, r, out)
}

func (h *Handler) sysConfig(w http.ResponseWriter, r *http.Request) error {
	keyType := strings.TrimSpace(r.URL.Query().Get("keyType"))
	key := strings.TrimSpace(r.URL.Query().Get("sysKey"))
	if keyType == "" {
		return httpx.Required("field.keyType")
	}
	if key == "" {
		return httpx.Required("field.sysKey")
	}
	if !slices.Contains(publicKeyTypes, keyType) {
		return httpx.NotFound("content.sysConfigNotFound")
	}
	if keyType == KeyTypeGlobal && key == KeyMaintenance && h.Maintenance != "" {
		return httpx.OK(w, r, h.Maintenance)
	}
	v, err := h.Store.GetSysConfig(r.Context(), keyType, key)
	if errors.Is(err, db.ErrNotFound) {
		return httpx.NotFound("content.sysConfigNotFound")
	}
	if err != nil {
		return err
	}
	return httpx.OK(w, r, v)
}

// agreementURLs is the data of the agreement call: where each document is read.
type agreementURLs struct {
	PrivacyPolicy    string `json:"PrivacyPolicy,omitempty"`
	ServiceAgreement string `json:"ServiceAgreement,omitempty"`
	Disclaimer       string `json:"Disclaimer,omitempty"`
}

var agreementSources = []string{"", "pc", "mobile", "app"}

func (h *Handler) agreement(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	docType := strings.TrimSpace(q.Get("type"))
	lang := strings.TrimSpace(q.Get("language"))
	source := strings.TrimSpace(q.Get("source"))
	if docType != "" && !slices.Contains(LegalTypes, docType) {
		return oneOf("field.type", LegalTypes)
	}
	if lang == "" {
		lang = LegalFallbackLang
	} else if !i18n.Supported(lang) {
		return oneOf("field.language", i18n.Languages)
	}
	if !slices.Contains(agreementSources, source) {
		return oneOf("field.source", agreementSources[1:])
	}
	url := func(t string) string { return "/legal/" + t + "/" + lang }
	var out agreementURLs
	if docType == "" || docType == PrivacyPolicy {
		out.PrivacyPolicy = url(PrivacyPolicy)
	}
	if docType == "" || docType == ServiceAgreement {
		out.ServiceAgreement = url(ServiceAgreement)
	}
	if docType == "" || docType == Disclaimer {
		out.Disclaimer = url(Disclaimer)
	}
	return httpx.OK(w, r, out)
}

func oneOf(field string, values []string) error {
	return httpx.Warn("validation.oneOf", i18n.Params{"field": field, "values": strings.Join(values, ", ")})
}

type contactRequest struct {
	Name               string `json:"name"`
	ContactInformation string `json:"contactInformation"`
}

func (h *Handler) contact(w http.ResponseWriter, r *http.Request) error {
	var req contactRequest
	if err := httpx.Decode(w, r, &req); err != nil {
		return err
	}
	req.Name = strings.TrimSpace(req.Name)
	req.ContactInformation = strings.TrimSpace(req.ContactInformation)
	switch {
	case req.Name == "":
		return httpx.Required("field.name")
	case utf8.RuneCountInString(req.Name) > MaxContactName:
		return httpx.TooLong("field.name", MaxContactName)
	case req.ContactInformation == "":
		return httpx.Required("field.contactInformation")
	case utf8.RuneCountInString(req.ContactInformation) > MaxContactInformation:
		return httpx.TooLong("field.contactInformation", MaxContactInformation)
	}
	// The operator reads these: the pool's one rule for shown text (no control, bidi or
	// line-separator characters), naming the field that broke it.
	if err := textcheck.Check("field.name", req.Name); err != nil {
		return err
	}
	if err := textcheck.Check("field.contactInformation", req.ContactInformation); err != nil {
		return err
	}
	rq := httpx.From(r.Context())
	ok, err := h.Limiter.Allow(r.Context(), "contact:"+rq.ClientAddr, ContactPerHour, time.Hour)
	if err != nil {
		return err
	}
	if !ok {
		return httpx.TooManyRequests("")
	}
	if _, err := h.Store.AddContact(r.Context(), ContactMessage{
		Name: req.Name, ContactInformation: req.ContactInformation, Lang: rq.Lang, ClientAddr: rq.ClientAddr,
	}); err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "content.contactReceived", nil)
}

func (h *Handler) appDownload(w http.ResponseWriter, r *http.Request) error {
	os := strings.ToLower(strings.TrimSpace(r.URL.Query().Get("operateSystem")))
	if os == "" {
		list, err := h.Store.ListReleases(r.Context())
		if err != nil {
			return err
		}
		return httpx.OK(w, r, list)
	}
	if !slices.Contains(OperatingSystems, os) {
		return oneOf("field.operateSystem", OperatingSystems)
	}
	rel, err := h.Store.GetRelease(r.Context(), os)
	if errors.Is(err, db.ErrNotFound) {
		// Nothing published yet is a state of the platform, not a missing resource: a 404
		// made the browser log an error on every visit of a page that shows it (/OS).
		return httpx.OK(w, r, nil)
	}
	if err != nil {
		return err
	}
	return httpx.OK(w, r, rel)
}

// legalPage serves a document as a standalone HTML page, the URL the agreement call gives.
// A language without a translation falls back to zh_HK.
func (h *Handler) legalPage(w http.ResponseWriter, r *http.Request) {
	docType, lang := r.PathValue("type"), r.PathValue("lang")
	if !slices.Contains(LegalTypes, docType) || !i18n.Supported(lang) {
		http.NotFound(w, r)
		return
	}
	doc, err := h.Store.GetLegal(r.Context(), docType, lang)
	if errors.Is(err, db.ErrNotFound) && lang != LegalFallbackLang {
		doc, err = h.Store.GetLegal(r.Context(), docType, LegalFallbackLang)
	}
	if errors.Is(err, db.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		h.Log.Error("legal page", "type", docType, "lang", lang, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	body, err := RenderMarkdown(doc.Body)
	if err != nil {
		h.Log.Error("legal page", "type", docType, "lang", lang, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// Stricter than the router's app policy, which this replaces: the page runs no script.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
	w.Header().Set("Cache-Control", "no-cache")
	_ = legalPage.Execute(w, map[string]any{"Title": doc.Title, "Body": body, "HTMLLang": htmlLang[doc.Lang]})
}
