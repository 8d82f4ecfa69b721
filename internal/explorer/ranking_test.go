package explorer_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/explorer"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/solo"
)

// unkeyedID is the ranking id as it was before issue 29: anyone could compute it.
func unkeyedID(n int64) string {
	sum := sha256.Sum256([]byte("uniplus-ranking:" + strconv.FormatInt(n, 10)))
	return hex.EncodeToString(sum[:8])
}

// bruteForce is the attack of issue 29: compute the unkeyed id of every sub-account
// number up to limit, and answer the number whose id is id.
func bruteForce(id string, limit int64) (int64, bool) {
	for n := int64(1); n <= limit; n++ {
		if unkeyedID(n) == id {
			return n, true
		}
	}
	return 0, false
}

// The ranking's public id is an HMAC under a key derived from the pool's secret key: it
// is not the old hash, enumerating sub-account numbers with the old hash finds nothing, it
// depends on the key, and it is stable for one key (the same secret, on any process).
func TestRankingIDIsKeyedWithThePoolSecret(t *testing.T) {
	secretA, secretB := bytes.Repeat([]byte{0xa5}, 32), bytes.Repeat([]byte{0x5a}, 32)
	a, b := explorer.NewRankingKey(secretA), explorer.NewRankingKey(secretB)
	// The attack works on the old id: the test's brute force is a real one.
	if n, ok := bruteForce(unkeyedID(4242), 1<<14); !ok || n != 4242 {
		t.Fatalf("brute force of the unkeyed id: %d %v", n, ok)
	}
	for _, n := range []int64{1, 2, 7, 4242, 1 << 40} {
		id := a.PublicID(n)
		if len(id) != 16 || id == unkeyedID(n) {
			t.Errorf("%d: id %q (the unkeyed one is %q)", n, id, unkeyedID(n))
		}
		if n < 1<<14 {
			if found, ok := bruteForce(id, 1<<14); ok {
				t.Errorf("%d: id %s found by enumerating the unkeyed hash (%d)", n, id, found)
			}
		}
		if again := explorer.NewRankingKey(bytes.Clone(secretA)).PublicID(n); again != id || a.PublicID(n) != id {
			t.Errorf("%d: id %s, then %s", n, id, again)
		}
		if other := b.PublicID(n); other == id {
			t.Errorf("%d: two keys give the same id %s", n, id)
		}
	}
	if a.PublicID(1) == a.PublicID(2) {
		t.Error("two sub-accounts have one id")
	}
	// Without a secret (a test's handler) the key is random, yet one for the process.
	none := explorer.NewRankingKey(nil)
	if id := none.PublicID(7); id == unkeyedID(7) || id == a.PublicID(7) {
		t.Errorf("no secret: %s", id)
	}
	if none.PublicID(7) != explorer.NewRankingKey(nil).PublicID(7) {
		t.Error("no secret: the id changed within the process")
	}
}

// Through the handlers: the ranking shows the keyed id of each sub-account, its detail
// opens with it, and a pool with another secret key neither shows nor opens it.
func TestRankingHandlersUseTheSecretKey(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		cs := &coin.Store{DB: d}
		if err := cs.Put(ctx, coin.Coin{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC", Decimals: 8, OpenStatus: true,
			SettleModel: coin.SettleModelPPS, SettleTime: "00:00", Driver: coin.DriverDevnet, StratumPorts: []int{3333}}); err != nil {
			t.Fatal(err)
		}
		u := accounttest.NewUser(t, d, "rankkey@example.com", "", time.Now())
		ps := &pool.Store{DB: d}
		sub, err := ps.CreateSubAccount(ctx, u.ID, "keyfarm", "keyfarm", "BTC")
		if err != nil {
			t.Fatal(err)
		}
		dev, err := ps.ShareDevice(ctx, "BTC", "keyfarm.r1", "198.51.100.1:1", "")
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		if err := pool.AddShareMinutes(ctx, d, []pool.ShareMinute{{DeviceID: dev.ID, Coin: "BTC", Minute: now.Add(-10 * time.Minute), DiffSum: 100, Accepted: 1}}); err != nil {
			t.Fatal(err)
		}
		serve := func(secret []byte) string {
			rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US"})
			(&explorer.Handler{Explorer: &explorer.Explorer{Blocks: &mining.Blocks{DB: d}, Pool: ps, Solo: &solo.Store{DB: d}}, Coins: cs,
				Now: func() time.Time { return now }, SecretKey: secret}).Routes(rt)
			srv := httptest.NewServer(rt)
			t.Cleanup(srv.Close)
			return srv.URL
		}
		get := func(url string) (int, json.RawMessage) {
			t.Helper()
			resp, err := http.Get(url)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var env envelope
			if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
				t.Fatal(err)
			}
			return resp.StatusCode, env.Data
		}
		secretA, secretB := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32)
		poolA, poolB := serve(secretA), serve(secretB)
		idOf := func(base string) string {
			t.Helper()
			status, data := get(base + "/api/pc/v1/explorer/ranking?coin=BTC")
			var r struct{ Rows []struct{ ID string } }
			if err := json.Unmarshal(data, &r); err != nil || status != 200 || len(r.Rows) != 1 {
				t.Fatalf("ranking: %d %s", status, data)
			}
			return r.Rows[0].ID
		}
		id := idOf(poolA)
		if want := explorer.NewRankingKey(secretA).PublicID(sub.ID); id != want || id == unkeyedID(sub.ID) {
			t.Fatalf("id %s, want %s (unkeyed %s)", id, want, unkeyedID(sub.ID))
		}
		if n, ok := bruteForce(id, 1<<14); ok {
			t.Fatalf("id %s names sub-account %d to anyone", id, n)
		}
		if again := idOf(poolA); again != id {
			t.Fatalf("id changed: %s, then %s", id, again)
		}
		if status, _ := get(poolA + "/api/pc/v1/explorer/ranking/detail?coin=BTC&id=" + id); status != 200 {
			t.Fatalf("detail: %d", status)
		}
		if other := idOf(poolB); other == id {
			t.Fatalf("two secret keys, one id %s", id)
		}
		if status, _ := get(poolB + "/api/pc/v1/explorer/ranking/detail?coin=BTC&id=" + id); status != 404 {
			t.Fatalf("another key's id opened: %d", status)
		}
		if status, _ := get(poolA + "/api/pc/v1/explorer/ranking/detail?coin=BTC&id=" + unkeyedID(sub.ID)); status != 404 {
			t.Fatalf("the unkeyed id opened: %d", status)
		}
	})
}
