// Package content owns the operator-managed parts of the site that need no account:
// system settings, legal documents, app releases, the language list and contact messages.
package content

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uniplus-pool/pool/internal/db"
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

// SetSysConfig creates or replaces a setting.
func (s *Store) SetSysConfig(ctx context.Context, keyType, key, value string) error {
	_, err := s.DB.Exec(ctx, `INSERT INTO sys_config (key_type, sys_key, value, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (key_type, sys_key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
		keyType, key, value, db.NowMillis())
	if err != nil {
		return fmt.Errorf("content: set sys config %s/%s: %w", keyType, key, err)
	}
	return nil
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
	Type      string
	Lang      string
	Title     string
	Body      string
	UpdatedAt int64
}

// GetLegal answers the document in lang, or db.ErrNotFound.
func (s *Store) GetLegal(ctx context.Context, docType, lang string) (LegalDocument, error) {
	d := LegalDocument{Type: docType, Lang: lang}
	err := s.DB.QueryRow(ctx, "SELECT title, body_md, updated_at FROM legal_documents WHERE doc_type = ? AND lang = ?",
		docType, lang).Scan(&d.Title, &d.Body, &d.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return d, db.ErrNotFound
	}
	if err != nil {
		return d, fmt.Errorf("content: get legal %s/%s: %w", docType, lang, err)
	}
	return d, nil
}

// SetLegal creates or replaces a document; with onlyIfMissing it never overwrites.
func (s *Store) SetLegal(ctx context.Context, d LegalDocument, onlyIfMissing bool) error {
	q := `INSERT INTO legal_documents (doc_type, lang, title, body_md, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (doc_type, lang) DO UPDATE SET title = excluded.title, body_md = excluded.body_md, updated_at = excluded.updated_at`
	if onlyIfMissing {
		q = `INSERT INTO legal_documents (doc_type, lang, title, body_md, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (doc_type, lang) DO NOTHING`
	}
	if _, err := s.DB.Exec(ctx, q, d.Type, d.Lang, d.Title, d.Body, db.NowMillis()); err != nil {
		return fmt.Errorf("content: set legal %s/%s: %w", d.Type, d.Lang, err)
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
	r := Release{OperateSystem: os}
	err := s.DB.QueryRow(ctx, "SELECT version, url, notes, updated_at FROM app_releases WHERE operate_system = ?", os).
		Scan(&r.Version, &r.URL, &r.Notes, &r.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return r, db.ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("content: get release %s: %w", os, err)
	}
	return r, nil
}

// SetRelease creates or replaces an operating system's release.
func (s *Store) SetRelease(ctx context.Context, r Release) error {
	_, err := s.DB.Exec(ctx, `INSERT INTO app_releases (operate_system, version, url, notes, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (operate_system) DO UPDATE SET version = excluded.version, url = excluded.url, notes = excluded.notes, updated_at = excluded.updated_at`,
		r.OperateSystem, r.Version, r.URL, r.Notes, db.NowMillis())
	if err != nil {
		return fmt.Errorf("content: set release %s: %w", r.OperateSystem, err)
	}
	return nil
}

// DeleteRelease removes an operating system's release; db.ErrNotFound when there is none.
func (s *Store) DeleteRelease(ctx context.Context, os string) error {
	res, err := s.DB.Exec(ctx, "DELETE FROM app_releases WHERE operate_system = ?", os)
	if err != nil {
		return fmt.Errorf("content: delete release %s: %w", os, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return db.ErrNotFound
	}
	return nil
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
