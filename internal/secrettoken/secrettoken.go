// Package secrettoken makes the bearer tokens the pool hands out (sessions, sign-in
// challenges, observer links, console sessions) and the hash it keeps of them: a
// database leak then gives no token that works.
package secrettoken

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// New is 32 random bytes, URL-safe base64 without padding (43 characters).
func New() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on a supported system
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// Hash is what a table keeps of token: its SHA-256 in hex. A token is 256 random bits,
// so no slow hash is needed to make a guess from the hash hopeless.
func Hash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
