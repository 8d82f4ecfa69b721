// Package buildinfo holds the version stamped into the binary at build time.
package buildinfo

// Version is set by the linker (-X github.com/uniplus-pool/pool/internal/buildinfo.Version=...).
// The web client compares it with the one it loaded to know when to reload.
var Version = "dev"
