// Package testcert makes self-signed server certificates for the TLS servers of tests
// and test tools (stratum over TLS, the SMTP sink, certificate renewal).
package testcert

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"time"
)

// Cert is a self-signed certificate, its key, and a pool of roots that trusts it.
type Cert struct {
	TLS     tls.Certificate
	CertPEM []byte
	KeyPEM  []byte
	Roots   *x509.CertPool
}

// New makes a certificate for names (host names, or IP addresses written as such),
// valid from an hour ago for a day; the first name is its common name. A fresh key and
// serial each time, so two certificates for one name are told apart.
func New(names ...string) (Cert, error) {
	if len(names) == 0 {
		names = []string{"localhost"}
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return Cert{}, fmt.Errorf("testcert: key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return Cert{}, fmt.Errorf("testcert: serial: %w", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: names[0]},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true, // its own root: a pool holding it trusts it
	}
	for _, n := range names {
		if ip := net.ParseIP(n); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, n)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return Cert{}, fmt.Errorf("testcert: certificate: %w", err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return Cert{}, fmt.Errorf("testcert: certificate: %w", err)
	}
	kb, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return Cert{}, fmt.Errorf("testcert: key: %w", err)
	}
	roots := x509.NewCertPool()
	roots.AddCert(leaf)
	return Cert{
		TLS:     tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf},
		CertPEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		KeyPEM:  pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}),
		Roots:   roots,
	}, nil
}

// WriteFiles writes the certificate and its key as PEM files (mode 0600).
func (c Cert) WriteFiles(certPath, keyPath string) error {
	if err := os.WriteFile(certPath, c.CertPEM, 0o600); err != nil {
		return err
	}
	return os.WriteFile(keyPath, c.KeyPEM, 0o600)
}
