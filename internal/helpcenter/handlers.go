package helpcenter

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
)

// PageSizes are the page sizes a list accepts; the first is the default.
var PageSizes = httpx.PageSizes

// Handler serves the help centre calls.
type Handler struct {
	Store *Store
	// User lets only logged-in users through and puts the user in the context
	// (account.Handler.RequireUser).
	User httpx.Middleware
}

// Routes registers every help centre route with its permission.
func (h *Handler) Routes(r *httpx.Router) {
	user := h.User
	if user == nil || h.Store == nil {
		panic("helpcenter: Handler.Store and Handler.User must be set")
	}
	// Public.
	r.Handle("GET /api/pc/v1/helpPage/announcement/list", h.list(KindAnnouncement))
	r.Handle("GET /api/pc/v1/helpPage/announcement/detail", h.detail(KindAnnouncement))
	r.Handle("GET /api/pc/v1/helpPage/faq/list", h.list(KindFAQ))
	r.Handle("GET /api/pc/v1/helpPage/faq/detail", h.detail(KindFAQ))
	// Logged-in users, with a read mark per user.
	r.Handle("GET /api/pc/v1/helpPage/notice/list", h.list(KindNotice), user)
	r.Handle("GET /api/pc/v1/helpPage/notice/detail", h.detail(KindNotice), user)
	r.Handle("POST /api/pc/v1/helpPage/notice/readAll", h.readAll, user)
	r.Handle("GET /api/pc/v1/helpPage/notice/unread", h.unread, user)
}

// userID is the logged-in user's id, or 0 on public calls.
func userID(r *http.Request, kind string) int64 {
	if kind != KindNotice {
		return 0
	}
	u, ok := account.CurrentUser(r.Context())
	if !ok {
		panic("helpcenter: notice handler registered without the user middleware")
	}
	return u.ID
}

// listPage is one page of a list.
type listPage struct {
	Total    int   `json:"total"`
	Page     int   `json:"page"`
	PageSize int   `json:"pageSize"`
	Rows     []any `json:"rows"`
}

// listRow is an article in a list, in the language it is served in.
type listRow struct {
	ID          int64  `json:"id"`
	Title       string `json:"title"`
	Summary     string `json:"summary"`
	PublishedAt int64  `json:"publishedAt"`
	Lang        string `json:"lang"`
}

// noticeRow is a notice in a list, with the reader's read mark.
type noticeRow struct {
	listRow
	Read bool `json:"read"`
}

func (h *Handler) list(kind string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		page, pageSize, err := paging(r)
		if err != nil {
			return err
		}
		uid := userID(r, kind)
		entries, total, err := h.Store.Published(r.Context(), kind, httpx.Lang(r), uid, page, pageSize)
		if err != nil {
			return err
		}
		out := listPage{Total: total, Page: page, PageSize: pageSize, Rows: make([]any, 0, len(entries))}
		for _, e := range entries {
			row := listRow{ID: e.ID, Title: e.Title, Summary: Summary(e.BodyMD), PublishedAt: e.PublishedAt, Lang: e.Lang}
			if kind == KindNotice {
				out.Rows = append(out.Rows, noticeRow{listRow: row, Read: e.Read})
			} else {
				out.Rows = append(out.Rows, row)
			}
		}
		return httpx.OK(w, r, out)
	}
}

// paging reads page and pageSize (httpx.Paging).
func paging(r *http.Request) (page, pageSize int, err error) {
	return httpx.Paging(r.URL.Query(), "helpcenter.field.page", "helpcenter.field.pageSize")
}

// detailView is one article rendered to safe HTML, with its neighbours in list order.
type detailView struct {
	ID          int64  `json:"id"`
	Title       string `json:"title"`
	HTML        string `json:"html"`
	PublishedAt int64  `json:"publishedAt"`
	Lang        string `json:"lang"`
	PrevID      *int64 `json:"prevId"`
	NextID      *int64 `json:"nextId"`
}

func (h *Handler) detail(kind string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := articleID(r)
		if err != nil {
			return err
		}
		uid := userID(r, kind)
		ctx := r.Context()
		e, n, err := h.Store.PublishedOne(ctx, kind, httpx.Lang(r), id)
		if errors.Is(err, db.ErrNotFound) {
			return httpx.NotFound("helpcenter.notFound." + kind)
		}
		if err != nil {
			return err
		}
		body, err := content.RenderMarkdown(e.BodyMD)
		if err != nil {
			return err
		}
		if kind == KindNotice {
			if err := h.Store.MarkRead(ctx, uid, id); err != nil {
				return err
			}
		}
		return httpx.OK(w, r, detailView{ID: e.ID, Title: e.Title, HTML: string(body), PublishedAt: e.PublishedAt,
			Lang: e.Lang, PrevID: nonZero(n.Prev), NextID: nonZero(n.Next)})
	}
}

func nonZero(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

// articleID reads the id query parameter: a positive integer.
func articleID(r *http.Request) (int64, error) {
	v := strings.TrimSpace(r.URL.Query().Get("id"))
	if v == "" {
		return 0, httpx.Required("helpcenter.field.id")
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id < 1 {
		return 0, httpx.Invalid("helpcenter.field.id")
	}
	return id, nil
}

// unreadView is what the client reads the unread marker from (SPEC: data.unReadCount).
type unreadView struct {
	UnReadCount int `json:"unReadCount"`
}

func (h *Handler) readAll(w http.ResponseWriter, r *http.Request) error {
	uid := userID(r, KindNotice)
	if err := h.Store.ReadAll(r.Context(), uid); err != nil {
		return err
	}
	n, err := h.Store.UnreadCount(r.Context(), uid)
	if err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "helpcenter.allRead", unreadView{UnReadCount: n})
}

func (h *Handler) unread(w http.ResponseWriter, r *http.Request) error {
	n, err := h.Store.UnreadCount(r.Context(), userID(r, KindNotice))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, unreadView{UnReadCount: n})
}
