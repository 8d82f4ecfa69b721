// Package opscontent is the operator console's content area (docs/operations.md
// "Content"): the help centre's announcements, FAQ entries and notices, the legal
// documents and the app downloads, each in the languages the site serves, with a preview
// of what the public page renders. Reading is for every role; the changes need the content
// right (support and the owner). The changes are the functions `poold admin
// KIND|legal|app` calls (helpcenter.Store, content.Store): they hold the rules and write
// the operator audit log in the change's own transaction.
package opscontent

import (
	"context"
	"embed"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/helpcenter"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops"
)

//go:embed locales/*.json
var locales embed.FS

func init() { i18n.MustRegister(locales, "locales") }

// Area serves the content routes.
type Area struct {
	Help    *helpcenter.Store
	Content *content.Store
}

// Routes are the content routes, for ops.Handler.Extra.
func (a *Area) Routes() []ops.Route {
	return []ops.Route{
		{Method: "GET", Path: "/ops/api/v1/content/articles/{kind}", Perm: ops.PermRead, Handle: a.articles},
		{Method: "GET", Path: "/ops/api/v1/content/articles/{kind}/{id}", Perm: ops.PermRead, Handle: a.article},
		{Method: "POST", Path: "/ops/api/v1/content/articles/{kind}", Perm: ops.PermContent, Handle: a.create},
		{Method: "POST", Path: "/ops/api/v1/content/articles/{kind}/{id}", Perm: ops.PermContent, Handle: a.edit},
		{Method: "POST", Path: "/ops/api/v1/content/articles/{kind}/{id}/publish", Perm: ops.PermContent, Handle: a.publish(true)},
		{Method: "POST", Path: "/ops/api/v1/content/articles/{kind}/{id}/unpublish", Perm: ops.PermContent, Handle: a.publish(false)},
		{Method: "POST", Path: "/ops/api/v1/content/articles/{kind}/{id}/sort", Perm: ops.PermContent, Handle: a.sort},
		{Method: "POST", Path: "/ops/api/v1/content/articles/{kind}/{id}/delete", Perm: ops.PermContent, Handle: a.deleteArticle},
		{Method: "GET", Path: "/ops/api/v1/content/legal", Perm: ops.PermRead, Handle: a.legalList},
		{Method: "GET", Path: "/ops/api/v1/content/legal/{type}/{lang}", Perm: ops.PermRead, Handle: a.legal},
		{Method: "POST", Path: "/ops/api/v1/content/legal/{type}/{lang}", Perm: ops.PermContent, Handle: a.setLegal},
		{Method: "GET", Path: "/ops/api/v1/content/apps", Perm: ops.PermRead, Handle: a.apps},
		{Method: "POST", Path: "/ops/api/v1/content/apps/{os}", Perm: ops.PermContent, Handle: a.setApp},
		{Method: "POST", Path: "/ops/api/v1/content/apps/{os}/delete", Perm: ops.PermContent, Handle: a.deleteApp},
		{Method: "POST", Path: "/ops/api/v1/content/preview", Perm: ops.PermContent, Handle: a.preview},
	}
}

// refusal answers the errors of the content functions: a rule's refusal is 400
// opscontent.refused with the rule's words in detail, a missing article, document or
// release 404 opscontent.notFound.
func refusal(err error) error {
	var r *content.Refusal
	switch {
	case errors.As(err, &r):
		return errorOf(400, "opscontent.refused", i18n.Params{"detail": r.Error()})
	case errors.Is(err, db.ErrNotFound):
		return errorOf(404, "opscontent.notFound", nil)
	}
	return err
}

func errorOf(status int, key string, params i18n.Params) error {
	data := map[string]string{"error": key}
	if d, ok := params["detail"]; ok {
		data["detail"] = d
	}
	return &httpx.Error{Code: httpx.CodeWarning, Status: status, Key: key, Params: params, Data: data}
}

// Preview is what the public page shows of a Markdown body: its sanitised HTML (the
// renderer of the help centre's detail and the legal pages) and the list row's summary.
type Preview struct {
	HTML    string `json:"html"`
	Summary string `json:"summary"`
}

// PreviewOf renders md as the public pages do.
func PreviewOf(md string) (Preview, error) {
	h, err := content.RenderMarkdown(md)
	if err != nil {
		return Preview{}, err
	}
	return Preview{HTML: string(h), Summary: helpcenter.Summary(md)}, nil
}

func kindOf(r *http.Request) (string, error) {
	kind := r.PathValue("kind")
	if !slices.Contains(helpcenter.Kinds, kind) {
		return "", errorOf(404, "opscontent.notFound", nil)
	}
	return kind, nil
}

func articleOf(r *http.Request) (string, int64, error) {
	kind, err := kindOf(r)
	if err != nil {
		return "", 0, err
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return "", 0, errorOf(404, "opscontent.notFound", nil)
	}
	return kind, id, nil
}

func (a *Area) articles(w http.ResponseWriter, r *http.Request) error {
	kind, err := kindOf(r)
	if err != nil {
		return err
	}
	list, err := a.Help.All(r.Context(), kind)
	if err != nil {
		return err
	}
	if list == nil {
		list = []helpcenter.Article{}
	}
	return httpx.OK(w, r, map[string]any{"items": list, "languages": i18n.Languages})
}

// TranslationView is a translation with its preview.
type TranslationView struct {
	helpcenter.Translation
	Preview Preview `json:"preview"`
}

// ArticleView is an article with each translation's preview, and the languages it lacks
// (the public pages serve those readers zh_HK, else en_US).
type ArticleView struct {
	helpcenter.Article
	Translations []TranslationView `json:"translations"`
	Missing      []string          `json:"missingLanguages"`
}

func (a *Area) viewOf(ctx context.Context, kind string, id int64) (ArticleView, error) {
	art, err := a.Help.Get(ctx, kind, id)
	if err != nil {
		return ArticleView{}, refusal(err)
	}
	v := ArticleView{Article: art, Translations: []TranslationView{}, Missing: []string{}}
	for _, lang := range i18n.Languages {
		i := slices.IndexFunc(art.Translations, func(t helpcenter.Translation) bool { return t.Lang == lang })
		if i < 0 {
			v.Missing = append(v.Missing, lang)
			continue
		}
		p, err := PreviewOf(art.Translations[i].BodyMD)
		if err != nil {
			return ArticleView{}, err
		}
		v.Translations = append(v.Translations, TranslationView{Translation: art.Translations[i], Preview: p})
	}
	return v, nil
}

func (a *Area) article(w http.ResponseWriter, r *http.Request) error {
	kind, id, err := articleOf(r)
	if err != nil {
		return err
	}
	v, err := a.viewOf(r.Context(), kind, id)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, v)
}

type translationIn struct {
	Lang  string  `json:"lang"`
	Title *string `json:"title"`
	Body  *string `json:"body"`
}

func (a *Area) create(w http.ResponseWriter, r *http.Request) error {
	kind, err := kindOf(r)
	if err != nil {
		return err
	}
	var in translationIn
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	tr := helpcenter.Translation{Lang: in.Lang}
	if in.Title != nil {
		tr.Title = strings.TrimSpace(*in.Title)
	}
	if in.Body != nil {
		tr.BodyMD = *in.Body
	}
	id, err := a.Help.Create(r.Context(), ops.ActorOf(r), kind, tr)
	return a.answer(w, r, kind, id, err)
}

// answer ends an article write: the service's refusal (err) as the console's answer, else
// the article as it now is.
func (a *Area) answer(w http.ResponseWriter, r *http.Request, kind string, id int64, err error) error {
	if err != nil {
		return refusal(err)
	}
	v, err := a.viewOf(r.Context(), kind, id)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, v)
}

func (a *Area) edit(w http.ResponseWriter, r *http.Request) error {
	kind, id, err := articleOf(r)
	if err != nil {
		return err
	}
	var in translationIn
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	_, err = a.Help.EditTranslation(r.Context(), ops.ActorOf(r), kind, id,
		helpcenter.Edit{Lang: in.Lang, Title: in.Title, BodyMD: in.Body})
	return a.answer(w, r, kind, id, err)
}

// reasonOf reads an optional reason: none is fine, one given follows the rules of an
// operator's reason (account.CheckAdminReason).
func reasonOf(w http.ResponseWriter, r *http.Request, in any, reason *string) error {
	if err := httpx.Decode(w, r, in); err != nil {
		return err
	}
	if strings.TrimSpace(*reason) == "" {
		*reason = ""
		return nil
	}
	var err error
	*reason, err = account.CheckAdminReason(*reason)
	return err
}

func (a *Area) publish(on bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		kind, id, err := articleOf(r)
		if err != nil {
			return err
		}
		var in struct {
			Reason string `json:"reason"`
		}
		if err := reasonOf(w, r, &in, &in.Reason); err != nil {
			return err
		}
		return a.answer(w, r, kind, id, a.Help.SetPublished(r.Context(), ops.ActorOf(r), kind, id, on, in.Reason))
	}
}

func (a *Area) deleteArticle(w http.ResponseWriter, r *http.Request) error {
	kind, id, err := articleOf(r)
	if err != nil {
		return err
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := reasonOf(w, r, &in, &in.Reason); err != nil {
		return err
	}
	if err := a.Help.Delete(r.Context(), ops.ActorOf(r), kind, id, in.Reason); err != nil {
		return refusal(err)
	}
	return httpx.OK(w, r, map[string]bool{"deleted": true})
}

func (a *Area) sort(w http.ResponseWriter, r *http.Request) error {
	kind, id, err := articleOf(r)
	if err != nil {
		return err
	}
	var in struct {
		SortOrder int `json:"sortOrder"`
	}
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	return a.answer(w, r, kind, id, a.Help.SetSortOrder(r.Context(), ops.ActorOf(r), kind, id, in.SortOrder))
}

// LegalView is a legal document with its preview and the public page's path.
type LegalView struct {
	content.LegalDocument
	Preview Preview `json:"preview"`
	URL     string  `json:"url"`
}

func (a *Area) legalList(w http.ResponseWriter, r *http.Request) error {
	list, err := a.Content.ListLegal(r.Context())
	if err != nil {
		return err
	}
	if list == nil {
		list = []content.LegalDocument{}
	}
	return httpx.OK(w, r, map[string]any{"items": list, "types": content.LegalTypes, "languages": i18n.Languages})
}

func (a *Area) legalView(ctx context.Context, docType, lang string) (LegalView, error) {
	d, err := a.Content.GetLegal(ctx, docType, lang)
	if err != nil {
		return LegalView{}, refusal(err)
	}
	p, err := PreviewOf(d.Body)
	if err != nil {
		return LegalView{}, err
	}
	return LegalView{LegalDocument: d, Preview: p, URL: "/legal/" + docType + "/" + lang}, nil
}

func (a *Area) legal(w http.ResponseWriter, r *http.Request) error {
	v, err := a.legalView(r.Context(), r.PathValue("type"), r.PathValue("lang"))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, v)
}

func (a *Area) setLegal(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Body string `json:"body"`
	}
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	docType, lang := r.PathValue("type"), r.PathValue("lang")
	if _, err := a.Content.SetLegal(r.Context(), ops.ActorOf(r), docType, lang, in.Body); err != nil {
		return refusal(err)
	}
	v, err := a.legalView(r.Context(), docType, lang)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, v)
}

func (a *Area) apps(w http.ResponseWriter, r *http.Request) error {
	list, err := a.Content.ListReleases(r.Context())
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"items": list, "operatingSystems": content.OperatingSystems})
}

func (a *Area) setApp(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Version string `json:"version"`
		URL     string `json:"url"`
		Notes   string `json:"notes"`
	}
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	rel, err := a.Content.SetRelease(r.Context(), ops.ActorOf(r), content.Release{OperateSystem: r.PathValue("os"),
		Version: strings.TrimSpace(in.Version), URL: strings.TrimSpace(in.URL), Notes: in.Notes})
	if err != nil {
		return refusal(err)
	}
	return httpx.OK(w, r, rel)
}

func (a *Area) deleteApp(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Reason string `json:"reason"`
	}
	if err := reasonOf(w, r, &in, &in.Reason); err != nil {
		return err
	}
	if err := a.Content.DeleteRelease(r.Context(), ops.ActorOf(r), r.PathValue("os"), in.Reason); err != nil {
		return refusal(err)
	}
	return httpx.OK(w, r, map[string]bool{"deleted": true})
}

func (a *Area) preview(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Body string `json:"body"`
	}
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	if len(in.Body) > content.MaxLegalSize {
		return errorOf(400, "opscontent.refused", i18n.Params{"detail": "the body is too long to preview"})
	}
	p, err := PreviewOf(in.Body)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, p)
}
