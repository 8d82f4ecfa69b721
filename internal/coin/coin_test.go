package coin

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

func TestAdminAddSetListOnBothDatabases(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := &Store{DB: d}
		ctx := context.Background()
		var out bytes.Buffer
		run := func(args ...string) error { out.Reset(); return s.Admin(ctx, args, &out) }
		if err := run("add", "ltc", "--name", "Litecoin", "--algorithm", "scrypt", "--decimals", "8", "--ports", "3333,3334",
			"--driver", "bitcoind", "--driver-config", "rpc_url=http://127.0.0.1:19332", "--driver-config", "wallet=pool",
			"--closed-msg", "en_US=Closed for upgrade", "--closed-msg", "zh_CN=升级中", "--fee-bps", "150", "--hash-unit", "MH/s"); err != nil {
			t.Fatal(err)
		}
		c, err := s.Get(ctx, "LTC")
		if err != nil {
			t.Fatal(err)
		}
		if c.Name != "Litecoin" || c.ChainUnit != "LTC" || c.AliasName != "LTC" || c.FeeRate() != 0.015 || len(c.StratumPorts) != 2 ||
			c.DriverConfig["wallet"] != "pool" || c.ClosedMessage("zh_CN") != "升级中" || c.ClosedMessage("ko_KR") != "Closed for upgrade" || !c.OpenStatus {
			t.Fatalf("stored %+v", c)
		}
		if err := run("set", "LTC", "--open=false", "--fee-bps", "200", "--reason", "test"); err != nil {
			t.Fatal(err)
		}
		c, _ = s.Get(ctx, "LTC")
		if c.OpenStatus || c.Pending == nil || c.Pending.FeeBps != 200 || c.Name != "Litecoin" || c.DriverConfig["rpc_url"] == "" {
			t.Fatalf("set changed more than asked or not enough: %+v", c)
		}
		for _, bad := range [][]string{
			{"add", "LTC", "--name", "again", "--algorithm", "scrypt"},
			{"set", "DOGE", "--fee-bps", "1", "--reason", "test"},
			{"add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d", "--ports", "3334"},
			{"add", "BTC", "--name", "Bitcoin", "--algorithm", "md5"},
			{"add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d", "--driver", "bitcoind"},
			{"add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d", "--settle-time", "25:00"},
			{"add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d", "--fee-bps", "-1"},
			{"add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d", "--min-withdraw", "100", "--withdraw-fee", "100"},
			{"add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d", "--tutorial", "javascript:alert(1)"},
			{"add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d", "--closed-msg", "fr_FR=ferme"},
			{"add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d", "--ports", "3335,3335"},
			{"add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d", "--ports", "70000"},
			{"add", "bitcoin!", "--name", "Bitcoin", "--algorithm", "sha256d"},
			{"frobnicate"},
		} {
			if err := run(bad...); err == nil {
				t.Errorf("accepted %v", bad)
			}
		}
		if list, _ := s.List(ctx); len(list) != 1 {
			t.Fatalf("refused commands stored coins: %d", len(list))
		}
		if err := run("list"); err != nil || !strings.Contains(out.String(), "LTC") || !strings.Contains(out.String(), "1.50% (2.00% from ") {
			t.Fatalf("list: %v\n%s", err, out.String())
		}
	})
}

// The dust floor is stored and read on both databases, set by `coin set --dust-floor`,
// 0 meaning the chain's default, and never negative.
func TestDustFloorOnBothDatabases(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := &Store{DB: d}
		ctx := context.Background()
		var out bytes.Buffer
		run := func(args ...string) error { out.Reset(); return s.Admin(ctx, args, &out) }
		if err := run("add", "LTC", "--name", "Litecoin", "--algorithm", "scrypt"); err != nil {
			t.Fatal(err)
		}
		if c, _ := s.Get(ctx, "LTC"); c.DustFloor != 0 || c.Dust() != 5460 {
			t.Fatalf("default: floor %d, dust %d", c.DustFloor, c.Dust())
		}
		if err := run("set", "LTC", "--dust-floor", "10000", "--reason", "test"); err != nil {
			t.Fatal(err)
		}
		if c, _ := s.Get(ctx, "LTC"); c.DustFloor != 10_000 || c.Dust() != 10_000 {
			t.Fatalf("set: floor %d, dust %d", c.DustFloor, c.Dust())
		}
		if err := run("set", "LTC", "--dust-floor", "-1", "--reason", "test"); err == nil {
			t.Fatal("a negative dust floor was stored")
		}
		if c, _ := s.Get(ctx, "LTC"); c.DustFloor != 10_000 {
			t.Fatalf("a refused set changed the floor to %d", c.DustFloor)
		}
	})
}
