// Package content owns the operator-managed parts of the site that need no account:
// system settings, legal documents, app releases, the language list and contact messages.
package content

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// Store reads and writes the content tables.
type Store struct {
	DB *db.DB
}

// Sys config keys the client reads.
const (
	KeyTypeGlobal  = "global"
	KeyTelegramURL = "telegram_url"
	KeyMaintenance = "maintenance"
)

// defaultSysConfig is present on every pool; EnsureDefaults adds what is missing and never
// overwrites an operator's value.
var defaultSysConfig = []SysConfig{
	{KeyType: KeyTypeGlobal, SysKey: KeyTelegramURL, Value: ""},
	{KeyType: KeyTypeGlobal, SysKey: KeyMaintenance, Value: "off"},
}

// SysConfig is one setting.
type SysConfig struct {
	KeyType   string
	SysKey    string
	Value     string
	UpdatedAt int64
}

// GetSysConfig answers db.ErrNotFound for a key never set.
func (s *Store) GetSysConfig(ctx context.Context, keyType, key string) (string, error) {
	var v string
	err := s.DB.QueryRow(ctx, "SELECT value FROM sys_config WHERE key_type = ? AND sys_key = ?", keyType, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", db.ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("content: get sys config %s/%s: %w", keyType, key, err)
	}
	return v, nil
}

// SetSysConfig creates or replaces a setting for an operator (by), with its audit entry
// (content.sysconfig.update, sysconfig:TYPE/KEY) in the same transaction. A setting of
// that is a secret (isSecretSetting: an SMTP password) is kept out of the log: its entry
// says only that it was set.
func (s *Store) SetSysConfig(ctx context.Context, by audit.Actor, keyType, key, value string) error {
	now := db.NowMillis()
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		var old string
		err := tx.QueryRow(ctx, "SELECT value FROM sys_config WHERE key_type = ? AND sys_key = ?", keyType, key).Scan(&old)
		had := err == nil
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO sys_config (key_type, sys_key, value, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (key_type, sys_key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
			keyType, key, value, now); err != nil {
			return err
		}
		shown := func(v string, set bool) any {
			switch {
			case !set:
				return nil
			case isSecretSetting(keyType, key):
				return map[string]string{"value": "(secret)"}
			}
			return map[string]string{"value": v}
		}
		return audit.Record(ctx, tx, audit.Entry{At: time.UnixMilli(now), Actor: by, Action: "content.sysconfig.update",
			ObjectType: "sysconfig", ObjectID: keyType + "/" + key, Before: shown(old, had), After: shown(value, true)})
	})
	if err != nil {
		return fmt.Errorf("content: set sys config %s/%s: %w", keyType, key, err)
	}
	return nil
}

// isSecretSetting says whether a setting's value stays out of the audit log: the key type
// "secret", or a key that names a password, secret or token.
func isSecretSetting(keyType, key string) bool {
	k := strings.ToLower(key)
	return keyType == "secret" || strings.Contains(k, "password") || strings.Contains(k, "secret") || strings.Contains(k, "token")
}

// ListSysConfig lists every setting.
func (s *Store) ListSysConfig(ctx context.Context) ([]SysConfig, error) {
	rows, err := s.DB.Query(ctx, "SELECT key_type, sys_key, value, updated_at FROM sys_config ORDER BY key_type, sys_key")
	if err != nil {
		return nil, fmt.Errorf("content: list sys config: %w", err)
	}
	defer rows.Close()
	var out []SysConfig
	for rows.Next() {
		var c SysConfig
		if err := rows.Scan(&c.KeyType, &c.SysKey, &c.Value, &c.UpdatedAt); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// LegalDocument is one document in one language, as Markdown.
type LegalDocument struct {
	Type      string `json:"type"`
	Lang      string `json:"lang"`
	Title     string `json:"title"`
	Body      string `json:"body,omitempty"`
	UpdatedAt int64  `json:"updatedAt"`
}

// GetLegal answers the document in lang, or db.ErrNotFound.
func (s *Store) GetLegal(ctx context.Context, docType, lang string) (LegalDocument, error) {
	return getLegal(ctx, s.DB, docType, lang)
}

func getLegal(ctx context.Context, q db.Querier, docType, lang string) (LegalDocument, error) {
	d := LegalDocument{Type: docType, Lang: lang}
	err := q.QueryRow(ctx, "SELECT title, body_md, updated_at FROM legal_documents WHERE doc_type = ? AND lang = ?",
		docType, lang).Scan(&d.Title, &d.Body, &d.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return d, db.ErrNotFound
	}
	if err != nil {
		return d, fmt.Errorf("content: get legal %s/%s: %w", docType, lang, err)
	}
	return d, nil
}

// MaxLegalSize bounds a legal document's Markdown.
const MaxLegalSize = 1 << 20

// SetLegal publishes a legal document in one language, by an operator or the command
// line: the type and language must be ones the site serves and the Markdown not blank;
// its title is its first heading. The change is in the operator audit log (action
// content.legal.update, object legal:TYPE/LANG, the document before and after) in the
// same transaction. It answers the document stored.
func (s *Store) SetLegal(ctx context.Context, by audit.Actor, docType, lang, body string) (LegalDocument, error) {
	if err := checkLegalKey(docType, lang); err != nil {
		return LegalDocument{}, Refuse(err)
	}
	switch {
	case strings.TrimSpace(body) == "":
		return LegalDocument{}, Refuse(errors.New("the document is empty"))
	case len(body) > MaxLegalSize:
		return LegalDocument{}, Refuse(fmt.Errorf("the document is %d bytes; at most %d", len(body), MaxLegalSize))
	case !utf8.ValidString(body):
		return LegalDocument{}, Refuse(errors.New("the document is not UTF-8 text"))
	}
	d := LegalDocument{Type: docType, Lang: lang, Title: TitleOf(body, docType), Body: body, UpdatedAt: db.NowMillis()}
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		var before any
		old, err := getLegal(ctx, tx, docType, lang)
		switch {
		case err == nil:
			before = old
		case !errors.Is(err, db.ErrNotFound):
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO legal_documents (doc_type, lang, title, body_md, updated_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (doc_type, lang) DO UPDATE SET title = excluded.title, body_md = excluded.body_md, updated_at = excluded.updated_at`,
			d.Type, d.Lang, d.Title, d.Body, d.UpdatedAt); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{At: time.UnixMilli(d.UpdatedAt), Actor: by, Action: "content.legal.update",
			ObjectType: "legal", ObjectID: docType + "/" + lang, Before: before, After: d})
	})
	if err != nil {
		return LegalDocument{}, fmt.Errorf("content: set legal %s/%s: %w", docType, lang, err)
	}
	return d, nil
}

// addDefaultLegal stores a default document unless the pool has one: the pool's own
// text, not an operator's change, so not in the audit log.
func (s *Store) addDefaultLegal(ctx context.Context, d LegalDocument) error {
	if _, err := s.DB.Exec(ctx, `INSERT INTO legal_documents (doc_type, lang, title, body_md, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (doc_type, lang) DO NOTHING`, d.Type, d.Lang, d.Title, d.Body, db.NowMillis()); err != nil {
		return fmt.Errorf("content: default legal %s/%s: %w", d.Type, d.Lang, err)
	}
	return nil
}

// ListLegal lists every stored document without its body.
func (s *Store) ListLegal(ctx context.Context) ([]LegalDocument, error) {
	rows, err := s.DB.Query(ctx, "SELECT doc_type, lang, title, updated_at FROM legal_documents ORDER BY doc_type, lang")
	if err != nil {
		return nil, fmt.Errorf("content: list legal: %w", err)
	}
	defer rows.Close()
	var out []LegalDocument
	for rows.Next() {
		var d LegalDocument
		if err := rows.Scan(&d.Type, &d.Lang, &d.Title, &d.UpdatedAt); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// Release is the current download of the pool's app for one operating system.
type Release struct {
	OperateSystem string `json:"operateSystem"`
	Version       string `json:"version"`
	URL           string `json:"url"`
	Notes         string `json:"notes"`
	UpdatedAt     int64  `json:"updatedAt"`
}

// GetRelease answers db.ErrNotFound when the operating system has none.
func (s *Store) GetRelease(ctx context.Context, os string) (Release, error) {
	return getRelease(ctx, s.DB, os)
}

func getRelease(ctx context.Context, q db.Querier, os string) (Release, error) {
	r := Release{OperateSystem: os}
	err := q.QueryRow(ctx, "SELECT version, url, notes, updated_at FROM app_releases WHERE operate_system = ?", os).
		Scan(&r.Version, &r.URL, &r.Notes, &r.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return r, db.ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("content: get release %s: %w", os, err)
	}
	return r, nil
}

// SetRelease creates or replaces an operating system's release, by an operator or the
// command line, checked (ValidateRelease) and recorded in the operator audit log
// (content.app.update, object app:OS, before and after) in the same transaction.
func (s *Store) SetRelease(ctx context.Context, by audit.Actor, r Release) (Release, error) {
	if err := ValidateRelease(r); err != nil {
		return Release{}, err
	}
	r.UpdatedAt = db.NowMillis()
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		before, err := releaseOrNil(ctx, tx, r.OperateSystem)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO app_releases (operate_system, version, url, notes, updated_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (operate_system) DO UPDATE SET version = excluded.version, url = excluded.url, notes = excluded.notes, updated_at = excluded.updated_at`,
			r.OperateSystem, r.Version, r.URL, r.Notes, r.UpdatedAt); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{At: time.UnixMilli(r.UpdatedAt), Actor: by, Action: "content.app.update",
			ObjectType: "app", ObjectID: r.OperateSystem, Before: before, After: r})
	})
	if err != nil {
		return Release{}, fmt.Errorf("content: set release %s: %w", r.OperateSystem, err)
	}
	return r, nil
}

// releaseOrNil is the release of os for the audit log's before, nil when there is none.
func releaseOrNil(ctx context.Context, q db.Querier, os string) (any, error) {
	r, err := getRelease(ctx, q, os)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// DeleteRelease withdraws an operating system's release, by an operator or the command
// line, with an optional reason, recorded in the operator audit log (content.app.delete);
// db.ErrNotFound when there is none.
func (s *Store) DeleteRelease(ctx context.Context, by audit.Actor, os, reason string) error {
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		before, err := getRelease(ctx, tx, os)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM app_releases WHERE operate_system = ?", os); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{Actor: by, Action: "content.app.delete", ObjectType: "app", ObjectID: os,
			Reason: reason, Before: before})
	})
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return fmt.Errorf("content: delete release %s: %w", os, err)
	}
	return err
}

// ListReleases lists releases in the order of OperatingSystems.
func (s *Store) ListReleases(ctx context.Context) ([]Release, error) {
	rows, err := s.DB.Query(ctx, "SELECT operate_system, version, url, notes, updated_at FROM app_releases")
	if err != nil {
		return nil, fmt.Errorf("content: list releases: %w", err)
	}
	defer rows.Close()
	byOS := map[string]Release{}
	for rows.Next() {
		var r Release
		if err := rows.Scan(&r.OperateSystem, &r.Version, &r.URL, &r.Notes, &r.UpdatedAt); err != nil {
			return nil, err
		}
		byOS[r.OperateSystem] = r
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := []Release{}
	for _, os := range OperatingSystems {
		if r, ok := byOS[os]; ok {
			out = append(out, r)
		}
	}
	return out, nil
}

// ContactMessage is what a visitor left through the contact form.
type ContactMessage struct {
	ID                 int64
	Name               string
	ContactInformation string
	Lang               string
	ClientAddr         string
	CreatedAt          int64
}

// AddContact stores a message.
func (s *Store) AddContact(ctx context.Context, m ContactMessage) (int64, error) {
	var id int64
	err := s.DB.QueryRow(ctx, `INSERT INTO contact_messages (name, contact_information, lang, client_addr, created_at)
		VALUES (?, ?, ?, ?, ?) RETURNING id`, m.Name, m.ContactInformation, m.Lang, m.ClientAddr, db.NowMillis()).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("content: add contact: %w", err)
	}
	return id, nil
}

// ListContacts lists the newest messages first, at most limit.
func (s *Store) ListContacts(ctx context.Context, limit int) ([]ContactMessage, error) {
	rows, err := s.DB.Query(ctx, `SELECT id, name, contact_information, lang, client_addr, created_at
		FROM contact_messages ORDER BY id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("content: list contacts: %w", err)
	}
	defer rows.Close()
	var out []ContactMessage
	for rows.Next() {
		var m ContactMessage
		if err := rows.Scan(&m.ID, &m.Name, &m.ContactInformation, &m.Lang, &m.ClientAddr, &m.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}
