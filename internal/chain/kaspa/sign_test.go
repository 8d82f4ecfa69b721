package kaspa

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/btcsuite/btcd/btcec/v2/schnorr"
)

// TestBIP340Vector0: BIP-340's first test vector (secret key 3, message and auxiliary
// randomness all zero) gives its public key and signature, and VerifySchnorr takes it.
func TestBIP340Vector0(t *testing.T) {
	sk := make([]byte, 32)
	sk[31] = 3
	k, err := ParsePrivateKey(sk)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.ToUpper(hex.EncodeToString(k.XOnly())); got != "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9" {
		t.Fatalf("public key %s", got)
	}
	sig, err := schnorr.Sign(k.k, make([]byte, 32), schnorr.CustomNonce([32]byte{}))
	if err != nil {
		t.Fatal(err)
	}
	want := "E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA821525F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0"
	if got := strings.ToUpper(hex.EncodeToString(sig.Serialize())); got != want {
		t.Fatalf("signature %s", got)
	}
	w, _ := hex.DecodeString(want)
	if !VerifySchnorr(k.XOnly(), Hash{}, w) {
		t.Fatal("the vector's signature does not verify")
	}
	w[5] ^= 1
	if VerifySchnorr(k.XOnly(), Hash{}, w) {
		t.Fatal("a changed signature verifies")
	}
}

func TestParsePrivateKeyRange(t *testing.T) {
	n, _ := hex.DecodeString("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141")
	nMinus1, _ := hex.DecodeString("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140")
	for _, bad := range [][]byte{make([]byte, 32), n, make([]byte, 31), nil} {
		if _, err := ParsePrivateKey(bad); !errors.Is(err, ErrKey) {
			t.Errorf("%x: %v", bad, err)
		}
	}
	if _, err := ParsePrivateKey(nMinus1); err != nil {
		t.Errorf("n-1: %v", err)
	}
}

// FuzzParseTransaction: any bytes are read without a panic, and what reads writes back
// the same bytes.
func FuzzParseTransaction(f *testing.F) {
	tx := &Transaction{Inputs: []TxInput{{SignatureScript: []byte{1, 2}, SigOpCount: 1}}, Outputs: []TxOutput{{Value: 5, ScriptPublicKey: ScriptPublicKey{Script: []byte{0xac}}}}, Payload: []byte{9}}
	f.Add(tx.Bytes())
	f.Add([]byte{})
	f.Add(append(tx.Bytes(), 0))
	f.Fuzz(func(t *testing.T, b []byte) {
		tx, err := ParseTransaction(b)
		if err != nil {
			return
		}
		if string(tx.Bytes()) != string(b) {
			t.Fatalf("%x reads as a transaction that writes %x", b, tx.Bytes())
		}
	})
}
