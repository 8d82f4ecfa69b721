package pool_test

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// Migration 0020 hashes the IDs stored in the clear before it, in SQL on both databases
// (SQLite through internal/db's sha256_hex): every old ID keeps working, the clear text
// is gone, its prefix is kept, and a second run changes nothing.
func TestUniplusIDMigrationHashesStoredIDs(t *testing.T) {
	for _, backend := range []struct {
		name string
		open func(t *testing.T) *db.DB
	}{
		{"sqlite", func(t *testing.T) *db.DB {
			d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "old.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			return d
		}},
		{"postgres", func(t *testing.T) *db.DB {
			dsn, _ := dbtest.NewPostgresSchema(t)
			d, err := db.Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			return d
		}},
	} {
		t.Run(backend.name, func(t *testing.T) {
			d := backend.open(t)
			ctx := context.Background()
			if _, err := d.MigrateBefore(ctx, "0020"); err != nil {
				t.Fatal(err)
			}
			// The tables as they were: the users and coins of the harness, then
			// sub-accounts holding their IDs in the clear (one deleted).
			h := newHarnessWith(t, d, func(ctx context.Context, c coin.Coin) error { return putOldCoin(ctx, d, c) })
			ids := map[string]string{}
			for i, code := range []string{"alice", "alice_lab", "gone"} {
				id := fmt.Sprintf("UP-%04x%s", 0xa1b0+i, strings.Repeat(fmt.Sprintf("%x", 3+i), 60))
				ids[code] = id
				var deleted any
				if code == "gone" {
					deleted = int64(1)
				}
				if _, err := d.Exec(ctx, `INSERT INTO sub_accounts (user_id, code, alias, default_coin, uniplus_id, created_at, updated_at, deleted_at)
					VALUES (?, ?, 'Farm', 'BTC', ?, 1, 1, ?)`, h.alice.ID, code, id, deleted); err != nil {
					t.Fatal(err)
				}
			}

			applied, err := d.Migrate(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(applied) == 0 || !strings.HasPrefix(applied[0], "0020_") {
				t.Fatalf("applied %v", applied)
			}
			for code, id := range ids {
				row := subAccountRow(t, d, code)
				if len(holds(row, id)) != 0 || row["uniplus_hash"] != sha256Hex(id) || row["uniplus_prefix"] != id[:7] {
					t.Fatalf("%s after 0020: %v", code, row)
				}
				if _, ok := row["uniplus_id"]; ok {
					t.Fatalf("%s still has a uniplus_id column", code)
				}
			}
			// The old IDs still authenticate their rigs; the deleted sub-account's does not.
			h.want(h.agent(ids["alice"], goodReport("rig1")), 200, 0, "")
			h.want(h.agent(ids["alice_lab"], goodReport("rig2")), 200, 0, "")
			h.want(h.agent(ids["gone"], goodReport("rig3")), 401, 4, msg("pool.agentUnauthorized"))
			var up struct{ UniplusPrefix string }
			h.data(h.get("/api/pc/v1/pool/subaccount/uniplus", h.alice, url.Values{"code": {"alice"}}), &up)
			if up.UniplusPrefix != ids["alice"][:7] || !prefixPattern.MatchString(up.UniplusPrefix) {
				t.Fatalf("prefix %q", up.UniplusPrefix)
			}

			// Once is once: a second start applies nothing and changes no hash.
			if again, err := d.Migrate(ctx); err != nil || len(again) != 0 {
				t.Fatalf("second migrate: %v %v", again, err)
			}
			if row := subAccountRow(t, d, "alice"); row["uniplus_hash"] != sha256Hex(ids["alice"]) {
				t.Fatalf("second migrate changed %v", row)
			}
		})
	}
}

// putOldCoin writes c with the coin columns of migration 0003 alone: every column added
// since has a default, so the row fits the table at any later migration.
func putOldCoin(ctx context.Context, d *db.DB, c coin.Coin) error {
	ports := make([]string, len(c.StratumPorts))
	for i, p := range c.StratumPorts {
		ports[i] = strconv.Itoa(p)
	}
	_, err := d.Exec(ctx, `INSERT INTO coins (type, name, alias_name, algorithm, chain_unit, min_hash_unit, decimals, icon_url, logo_url,
		currency_change_flag, machine_bind_flag, machine_detail_flag, gpu_overclocking_flag, open_status, closed_msg, fee_bps,
		settle_model, settle_time, min_withdraw, withdraw_fee, stratum_ports, tutorial_url, driver, driver_config, sort_order,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, '', '', ?, ?, ?, ?, ?, '{}', ?, ?, ?, ?, ?, ?, '', ?, '{}', ?, 1, 1)`,
		c.Type, c.Name, c.AliasName, c.Algorithm, c.ChainUnit, c.MinHashUnit, c.Decimals, c.CurrencyChangeFlag, c.MachineBindFlag,
		c.MachineDetailFlag, c.GPUOverclockingFlag, c.OpenStatus, c.FeeBps, c.SettleModel, c.SettleTime, c.MinWithdraw, c.WithdrawFee,
		strings.Join(ports, ","), c.Driver, c.SortOrder)
	return err
}
