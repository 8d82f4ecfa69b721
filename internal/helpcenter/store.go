package helpcenter

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// Kinds of article.
const (
	KindAnnouncement = "announcement"
	KindFAQ          = "faq"
	KindNotice       = "notice"
)

// Kinds lists every kind of article.
var Kinds = []string{KindAnnouncement, KindFAQ, KindNotice}

// Statuses of an article: only published ones are served.
const (
	StatusDraft     = "draft"
	StatusPublished = "published"
)

// FallbackLang is served when an article lacks the request's language (SPEC: zh_HK is
// the default language); en_US comes next, then any translation there is.
const FallbackLang = "zh_HK"

// Article is one announcement, FAQ entry or notice with the translations it has.
type Article struct {
	ID          int64  `json:"id"`
	Kind        string `json:"kind"`
	Status      string `json:"status"`
	SortOrder   int    `json:"sortOrder"`
	PublishedAt int64  `json:"publishedAt"` // 0 until first published
	CreatedAt   int64  `json:"createdAt"`
	UpdatedAt   int64  `json:"updatedAt"`
	// Translations are in i18n.Languages order.
	Translations []Translation `json:"translations"`
}

// Translation is an article's title and Markdown body in one language.
type Translation struct {
	Lang   string `json:"lang"`
	Title  string `json:"title"`
	BodyMD string `json:"body"`
}

// Entry is a published article in the language chosen for a reader.
type Entry struct {
	ID          int64
	Kind        string
	SortOrder   int
	PublishedAt int64
	Translation
	// Read is the reader's read mark (notices only).
	Read bool
}

// Store is the help centre tables.
type Store struct {
	DB *db.DB
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

func (s *Store) now() int64 {
	if s.Now != nil {
		return s.Now().UnixMilli()
	}
	return db.NowMillis()
}

// Pick chooses the translation served for lang: lang itself, else FallbackLang, else
// en_US, else the first there is. It reports false when trs is empty.
func Pick(trs []Translation, lang string) (Translation, bool) {
	for _, want := range append([]string{lang, FallbackLang, "en_US"}, i18n.Languages...) {
		for _, t := range trs {
			if t.Lang == want {
				return t, true
			}
		}
	}
	if len(trs) > 0 {
		return trs[0], true
	}
	return Translation{}, false
}

// Create stores a draft with its first translation, by an operator or the command line,
// and returns its id. The translation is checked (ValidateTranslation) and the creation
// is in the operator audit log, in the same transaction.
func (s *Store) Create(ctx context.Context, by audit.Actor, kind string, tr Translation) (int64, error) {
	if !slices.Contains(Kinds, kind) {
		return 0, fmt.Errorf("helpcenter: kind %q: %w", kind, db.ErrNotFound)
	}
	if err := ValidateTranslation(tr); err != nil {
		return 0, err
	}
	now := s.now()
	var id int64
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO articles (kind, status, sort_order, published_at, created_at, updated_at)
			VALUES (?, ?, 0, 0, ?, ?) RETURNING id`, kind, StatusDraft, now, now).Scan(&id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO article_translations (article_id, lang, title, body_md, updated_at)
			VALUES (?, ?, ?, ?, ?)`, id, tr.Lang, tr.Title, tr.BodyMD, now); err != nil {
			return err
		}
		after, err := s.get(ctx, tx, kind, id)
		if err != nil {
			return err
		}
		return s.record(ctx, tx, by, kind, id, "create", "", nil, after)
	})
	if err != nil {
		return 0, fmt.Errorf("helpcenter: create %s: %w", kind, err)
	}
	return id, nil
}

// record writes an article's change to the operator audit log: action
// content.KIND.VERB, object KIND:ID.
func (s *Store) record(ctx context.Context, tx *db.Tx, by audit.Actor, kind string, id int64, verb, reason string, before, after any) error {
	return audit.Record(ctx, tx, audit.Entry{At: time.UnixMilli(s.now()), Actor: by, Action: "content." + kind + "." + verb,
		ObjectType: kind, ObjectID: strconv.FormatInt(id, 10), Reason: reason, Before: before, After: after})
}

// Get returns an article of kind in any status, with every translation; db.ErrNotFound
// when there is none.
func (s *Store) Get(ctx context.Context, kind string, id int64) (Article, error) {
	return s.get(ctx, s.DB, kind, id)
}

func (s *Store) get(ctx context.Context, q db.Querier, kind string, id int64) (Article, error) {
	a := Article{ID: id}
	err := q.QueryRow(ctx, `SELECT kind, status, sort_order, published_at, created_at, updated_at
		FROM articles WHERE id = ? AND kind = ?`, id, kind).
		Scan(&a.Kind, &a.Status, &a.SortOrder, &a.PublishedAt, &a.CreatedAt, &a.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return Article{}, fmt.Errorf("helpcenter: %s %d: %w", kind, id, db.ErrNotFound)
	}
	if err != nil {
		return Article{}, fmt.Errorf("helpcenter: get %s %d: %w", kind, id, err)
	}
	trs, err := translations(ctx, q, []int64{id})
	if err != nil {
		return Article{}, err
	}
	a.Translations = trs[id]
	return a, nil
}

// Edit is a change of one translation of an article: a nil Title or BodyMD keeps what
// the translation has. A translation the article does not have yet needs both.
type Edit struct {
	Lang   string
	Title  *string
	BodyMD *string
}

// EditTranslation adds or replaces an article's translation in e.Lang, by an operator or
// the command line, checked (ValidateTranslation) and recorded in the operator audit log
// with the translation before (none for a new one) and after.
func (s *Store) EditTranslation(ctx context.Context, by audit.Actor, kind string, id int64, e Edit) (Translation, error) {
	if e.Title == nil && e.BodyMD == nil {
		return Translation{}, content.Refuse(errors.New("nothing to change: give a title, a body or both"))
	}
	var tr Translation
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		a, err := s.get(ctx, tx, kind, id)
		if err != nil {
			return err
		}
		tr = Translation{Lang: e.Lang}
		var before any
		if i := slices.IndexFunc(a.Translations, func(t Translation) bool { return t.Lang == e.Lang }); i >= 0 {
			tr, before = a.Translations[i], a.Translations[i]
		} else if e.Title == nil || e.BodyMD == nil {
			return content.Refuse(fmt.Errorf("%s %d has no %q translation yet: give both a title and a body", kind, id, e.Lang))
		}
		if e.Title != nil {
			tr.Title = strings.TrimSpace(*e.Title)
		}
		if e.BodyMD != nil {
			tr.BodyMD = *e.BodyMD
		}
		if err := ValidateTranslation(tr); err != nil {
			return err
		}
		now := s.now()
		if _, err := tx.Exec(ctx, `UPDATE articles SET updated_at = ? WHERE id = ? AND kind = ?`, now, id, kind); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO article_translations (article_id, lang, title, body_md, updated_at)
			VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (article_id, lang) DO UPDATE SET title = excluded.title, body_md = excluded.body_md,
				updated_at = excluded.updated_at`, id, tr.Lang, tr.Title, tr.BodyMD, now); err != nil {
			return err
		}
		return s.record(ctx, tx, by, kind, id, "update", "", before, tr)
	})
	if err != nil {
		return Translation{}, fmt.Errorf("helpcenter: %s %d translation %s: %w", kind, id, e.Lang, err)
	}
	return tr, nil
}

// PutTranslation adds or replaces an article's translation in tr.Lang (EditTranslation
// with both the title and the body).
func (s *Store) PutTranslation(ctx context.Context, by audit.Actor, kind string, id int64, tr Translation) error {
	_, err := s.EditTranslation(ctx, by, kind, id, Edit{Lang: tr.Lang, Title: &tr.Title, BodyMD: &tr.BodyMD})
	return err
}

// articleState is an article's state as the audit log records a publish or a sort.
type articleState struct {
	Status      string `json:"status"`
	SortOrder   int    `json:"sortOrder"`
	PublishedAt int64  `json:"publishedAt"`
}

// setState changes an article's state in one transaction with its audit entry.
func (s *Store) setState(ctx context.Context, by audit.Actor, kind string, id int64, verb, reason, set string, args ...any) error {
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		a, err := s.get(ctx, tx, kind, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE articles SET `+set+` WHERE id = ? AND kind = ?`, append(args, id, kind)...); err != nil {
			return err
		}
		b, err := s.get(ctx, tx, kind, id)
		if err != nil {
			return err
		}
		return s.record(ctx, tx, by, kind, id, verb, reason,
			articleState{a.Status, a.SortOrder, a.PublishedAt}, articleState{b.Status, b.SortOrder, b.PublishedAt})
	})
	if err != nil {
		return fmt.Errorf("helpcenter: %s %s %d: %w", verb, kind, id, err)
	}
	return nil
}

// SetPublished publishes or unpublishes an article, by an operator or the command line,
// with an optional reason. The first publish stamps published_at; publishing again keeps
// it, so a corrected article keeps its place.
func (s *Store) SetPublished(ctx context.Context, by audit.Actor, kind string, id int64, published bool, reason string) error {
	now := s.now()
	status, verb := StatusDraft, "unpublish"
	if published {
		status, verb = StatusPublished, "publish"
	}
	return s.setState(ctx, by, kind, id, verb, reason, `status = ?, updated_at = ?,
		published_at = CASE WHEN ? AND published_at = 0 THEN ? ELSE published_at END`, status, now, published, now)
}

// Delete removes an article with its translations and read marks, by an operator or the
// command line, with an optional reason; the audit entry keeps the whole article as it
// was. db.ErrNotFound when there is none of kind.
func (s *Store) Delete(ctx context.Context, by audit.Actor, kind string, id int64, reason string) error {
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		a, err := s.get(ctx, tx, kind, id)
		if err != nil {
			return err
		}
		for _, q := range []string{
			"DELETE FROM notice_reads WHERE article_id = ?",
			"DELETE FROM article_translations WHERE article_id = ?",
			"DELETE FROM articles WHERE id = ?",
		} {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		return s.record(ctx, tx, by, kind, id, "delete", reason, a, nil)
	})
	if err != nil {
		return fmt.Errorf("helpcenter: delete %s %d: %w", kind, id, err)
	}
	return nil
}

// MaxSortOrder bounds an FAQ entry's sort order either way.
const MaxSortOrder = 1_000_000

// SetSortOrder places an FAQ entry (listed by sort order, then id), by an operator or the
// command line; other kinds are listed newest first and are not sorted.
func (s *Store) SetSortOrder(ctx context.Context, by audit.Actor, kind string, id int64, order int) error {
	if kind != KindFAQ {
		return content.Refuse(fmt.Errorf("only faq entries are sorted; %s are listed newest first", kind))
	}
	if order < -MaxSortOrder || order > MaxSortOrder {
		return content.Refuse(fmt.Errorf("sort order %d must be a whole number from -%d to %d", order, MaxSortOrder, MaxSortOrder))
	}
	return s.setState(ctx, by, kind, id, "sort", "", `sort_order = ?, updated_at = ?`, order, s.now())
}

// All lists every article of kind, drafts included, in the order readers see them.
func (s *Store) All(ctx context.Context, kind string) ([]Article, error) {
	rows, err := s.DB.Query(ctx, `SELECT id, kind, status, sort_order, published_at, created_at, updated_at
		FROM articles WHERE kind = ? ORDER BY `+orderBy(kind), kind)
	if err != nil {
		return nil, fmt.Errorf("helpcenter: list %s: %w", kind, err)
	}
	defer rows.Close()
	var out []Article
	for rows.Next() {
		var a Article
		if err := rows.Scan(&a.ID, &a.Kind, &a.Status, &a.SortOrder, &a.PublishedAt, &a.CreatedAt, &a.UpdatedAt); err != nil {
			return nil, fmt.Errorf("helpcenter: list %s: %w", kind, err)
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("helpcenter: list %s: %w", kind, err)
	}
	ids := make([]int64, len(out))
	for i, a := range out {
		ids[i] = a.ID
	}
	trs, err := translations(ctx, s.DB, ids)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Translations = trs[out[i].ID]
	}
	return out, nil
}

// orderBy is the reading order of kind: FAQ by sort order, the others newest first.
func orderBy(kind string) string {
	if kind == KindFAQ {
		return "sort_order, id"
	}
	return "published_at DESC, id DESC"
}

// translations loads the translations of ids, each list in i18n.Languages order.
func translations(ctx context.Context, q db.Querier, ids []int64) (map[int64][]Translation, error) {
	out := make(map[int64][]Translation, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := q.Query(ctx, `SELECT article_id, lang, title, body_md FROM article_translations
		WHERE article_id IN (`+db.Marks(len(ids))+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("helpcenter: translations: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var t Translation
		if err := rows.Scan(&id, &t.Lang, &t.Title, &t.BodyMD); err != nil {
			return nil, fmt.Errorf("helpcenter: translations: %w", err)
		}
		out[id] = append(out[id], t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("helpcenter: translations: %w", err)
	}
	for _, trs := range out {
		slices.SortFunc(trs, func(a, b Translation) int { return langRank(a.Lang) - langRank(b.Lang) })
	}
	return out, nil
}

func langRank(lang string) int {
	if i := slices.Index(i18n.Languages, lang); i >= 0 {
		return i
	}
	return len(i18n.Languages)
}

// Published lists one page of the published articles of kind in reading order, each in
// the language chosen for lang, with the total. For notices, userID's read marks are set.
func (s *Store) Published(ctx context.Context, kind, lang string, userID int64, page, pageSize int) ([]Entry, int, error) {
	var total int
	if err := s.DB.QueryRow(ctx, `SELECT COUNT(*) FROM articles WHERE kind = ? AND status = ?`,
		kind, StatusPublished).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("helpcenter: count %s: %w", kind, err)
	}
	rows, err := s.DB.Query(ctx, `SELECT a.id, a.sort_order, a.published_at,
			CASE WHEN r.article_id IS NULL THEN 0 ELSE 1 END
		FROM articles a LEFT JOIN notice_reads r ON r.article_id = a.id AND r.user_id = ?
		WHERE a.kind = ? AND a.status = ? ORDER BY `+prefixed(orderBy(kind))+` LIMIT ? OFFSET ?`,
		userID, kind, StatusPublished, pageSize, (page-1)*pageSize)
	if err != nil {
		return nil, 0, fmt.Errorf("helpcenter: list %s: %w", kind, err)
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		e := Entry{Kind: kind}
		var read int
		if err := rows.Scan(&e.ID, &e.SortOrder, &e.PublishedAt, &read); err != nil {
			return nil, 0, fmt.Errorf("helpcenter: list %s: %w", kind, err)
		}
		e.Read = read == 1
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("helpcenter: list %s: %w", kind, err)
	}
	ids := make([]int64, len(out))
	for i, e := range out {
		ids[i] = e.ID
	}
	trs, err := translations(ctx, s.DB, ids)
	if err != nil {
		return nil, 0, err
	}
	for i := range out {
		out[i].Translation, _ = Pick(trs[out[i].ID], lang)
	}
	return out, total, nil
}

func prefixed(order string) string {
	parts := strings.Split(order, ", ")
	for i, p := range parts {
		parts[i] = "a." + p
	}
	return strings.Join(parts, ", ")
}

// Neighbours are the ids before and after an article in reading order; 0 means none.
type Neighbours struct {
	Prev, Next int64
}

// PublishedOne returns a published article of kind in the language chosen for lang, and
// its neighbours; db.ErrNotFound when it does not exist or is a draft.
func (s *Store) PublishedOne(ctx context.Context, kind, lang string, id int64) (Entry, Neighbours, error) {
	a, err := s.Get(ctx, kind, id)
	if err != nil {
		return Entry{}, Neighbours{}, err
	}
	tr, ok := Pick(a.Translations, lang)
	if a.Status != StatusPublished || !ok {
		return Entry{}, Neighbours{}, fmt.Errorf("helpcenter: %s %d: %w", kind, id, db.ErrNotFound)
	}
	e := Entry{ID: a.ID, Kind: kind, SortOrder: a.SortOrder, PublishedAt: a.PublishedAt, Translation: tr}
	// before is the condition for "earlier in reading order"; prev is the nearest such.
	var before, after, nearestBefore, nearestAfter string
	var key int64
	if kind == KindFAQ {
		key = int64(a.SortOrder)
		before, after = "(sort_order < ? OR (sort_order = ? AND id < ?))", "(sort_order > ? OR (sort_order = ? AND id > ?))"
		nearestBefore, nearestAfter = "sort_order DESC, id DESC", "sort_order, id"
	} else {
		key = a.PublishedAt
		before, after = "(published_at > ? OR (published_at = ? AND id > ?))", "(published_at < ? OR (published_at = ? AND id < ?))"
		nearestBefore, nearestAfter = "published_at, id", "published_at DESC, id DESC"
	}
	var n Neighbours
	for _, q := range []struct {
		cond, order string
		dst         *int64
	}{{before, nearestBefore, &n.Prev}, {after, nearestAfter, &n.Next}} {
		err := s.DB.QueryRow(ctx, `SELECT id FROM articles WHERE kind = ? AND status = ? AND `+q.cond+
			` ORDER BY `+q.order+` LIMIT 1`, kind, StatusPublished, key, key, id).Scan(q.dst)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return Entry{}, Neighbours{}, fmt.Errorf("helpcenter: neighbours of %s %d: %w", kind, id, err)
		}
	}
	return e, n, nil
}

// MarkRead records that userID read notice id (again is fine).
func (s *Store) MarkRead(ctx context.Context, userID, id int64) error {
	_, err := s.DB.Exec(ctx, `INSERT INTO notice_reads (user_id, article_id, read_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id, article_id) DO NOTHING`, userID, id, s.now())
	if err != nil {
		return fmt.Errorf("helpcenter: mark notice %d read for user %d: %w", id, userID, err)
	}
	return nil
}

// ReadAll marks every published notice read for userID.
func (s *Store) ReadAll(ctx context.Context, userID int64) error {
	// The WHERE clause also settles SQLite's parsing of INSERT ... SELECT ... ON CONFLICT.
	_, err := s.DB.Exec(ctx, `INSERT INTO notice_reads (user_id, article_id, read_at)
		SELECT CAST(? AS BIGINT), id, CAST(? AS BIGINT) FROM articles WHERE kind = ? AND status = ?
		ON CONFLICT (user_id, article_id) DO NOTHING`, userID, s.now(), KindNotice, StatusPublished)
	if err != nil {
		return fmt.Errorf("helpcenter: read all notices for user %d: %w", userID, err)
	}
	return nil
}

// UnreadCount is how many published notices userID has not read.
func (s *Store) UnreadCount(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.DB.QueryRow(ctx, `SELECT COUNT(*) FROM articles a WHERE a.kind = ? AND a.status = ?
		AND NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.user_id = ? AND r.article_id = a.id)`,
		KindNotice, StatusPublished, userID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("helpcenter: unread notices of user %d: %w", userID, err)
	}
	return n, nil
}
