// Package seal encrypts the few secrets the pool must read back (observer links, second-factor
// keys) with the pool's secret key (AES-256-GCM), so the database alone does not open them.
// Every api process of a pool must use the same key (--secret-key-file).
package seal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// KeySize is the secret key's length: AES-256.
const KeySize = 32

// Sealer seals secrets for storage with the pool's secret key.
type Sealer struct{ aead cipher.AEAD }

// New makes a sealer from a 32-byte key.
func New(key []byte) (*Sealer, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("seal: secret key is %d bytes, want %d", len(key), KeySize)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead}, nil
}

// LoadKey reads the secret key at path, or makes one (mode 0600, its folder 0700) when the
// file does not exist yet. A file of another size is refused rather than replaced: what was
// sealed with the old key would no longer open.
func LoadKey(path string) ([]byte, error) {
	key, err := os.ReadFile(path)
	if err == nil {
		if len(key) != KeySize {
			return nil, fmt.Errorf("seal: secret key %s is %d bytes, want %d", path, len(key), KeySize)
		}
		return key, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("seal: read secret key: %w", err)
	}
	key = make([]byte, KeySize)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("seal: secret key folder: %w", err)
	}
	// O_EXCL: two processes starting at once keep the first one's key.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return LoadKey(path)
	}
	if err != nil {
		return nil, fmt.Errorf("seal: create secret key: %w", err)
	}
	if _, err := f.Write(key); err != nil {
		f.Close()
		return nil, fmt.Errorf("seal: write secret key: %w", err)
	}
	return key, f.Close()
}

// Seal encrypts a secret: base64url of nonce and ciphertext. context (may be nil) is bound
// to it: Open needs the same, so a sealed value copied to another row does not open there.
func (s *Sealer) Seal(secret string, context []byte) (string, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(s.aead.Seal(nonce, nonce, []byte(secret), context)), nil
}

// Open decrypts what Seal made; false when it was sealed with another key or context, or altered.
func (s *Sealer) Open(sealed string, context []byte) (string, bool) {
	b, err := base64.RawURLEncoding.DecodeString(sealed)
	n := s.aead.NonceSize()
	if err != nil || len(b) < n {
		return "", false
	}
	plain, err := s.aead.Open(nil, b[:n], b[n:], context)
	if err != nil {
		return "", false
	}
	return string(plain), true
}
