package alert_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/i18n"
)

const settingPath = "/api/pc/v1/pool/alert/setting"

type settingsView struct {
	Code              string `json:"code"`
	OfflineEnabled    bool   `json:"offlineEnabled"`
	HashrateEnabled   bool   `json:"hashrateEnabled"`
	HashratePercent   int    `json:"hashratePercent"`
	ByEmail           bool   `json:"byEmail"`
	BySMS             bool   `json:"bySms"`
	Digest            bool   `json:"digest"`
	DigestHour        int    `json:"digestHour"`
	TimeZone          string `json:"timezone"`
	Email             string `json:"email"`
	Phone             string `json:"phone"`
	MinOfflineMinutes int    `json:"minOfflineMinutes"`
}

func (w *world) settings(token, code string) settingsView {
	w.t.Helper()
	var v settingsView
	if err := json.Unmarshal(w.ok("GET", settingPath+"?code="+code, token, "", nil), &v); err != nil {
		w.t.Fatal(err)
	}
	return v
}

// A user reads and changes only their own sub-accounts' settings: another user's
// sub-account answers "no such sub-account" (code 3, HTTP 404) on every call and is left
// as it was; an observer link or no login gets nowhere.
func TestAlertSettingsOwnership(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		w.save("farm", map[string]any{"hashrateEnabled": true, "hashratePercent": 60}, "en_US")
		before := w.settings(w.alice.Token, "farm")
		good := map[string]any{"code": "farm", "offlineEnabled": false, "hashrateEnabled": false, "hashratePercent": 70,
			"byEmail": true, "bySms": false, "digest": false, "digestHour": 8}
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"GET", settingPath + "?code=farm", nil},
			{"POST", settingPath, good},
			{"GET", "/api/pc/v1/pool/alert/list?code=farm", nil},
		} {
			for _, lang := range []string{"en_US", "zh_CN"} {
				code, msg, _, status := w.call(c.method, c.path, w.bob.Token, lang, c.body)
				want := i18n.T(lang, "pool.subAccountNotFound", nil)
				if code != 3 || status != http.StatusNotFound || msg != want {
					t.Errorf("bob %s %s (%s): code %d HTTP %d %q, want 3/404 %q", c.method, c.path, lang, code, status, msg, want)
				}
			}
			if code, _, _, status := w.call(c.method, c.path, "", "", c.body); code != 4 || status != http.StatusUnauthorized {
				t.Errorf("no login %s %s: code %d HTTP %d", c.method, c.path, code, status)
			}
		}
		if after := w.settings(w.alice.Token, "farm"); !reflect.DeepEqual(after, before) {
			t.Fatalf("bob's call changed alice's settings: %+v -> %+v", before, after)
		}
		// bob's own sub-account is his to change.
		w.ok("POST", settingPath, w.bob.Token, "", map[string]any{"code": "bobs", "offlineEnabled": true, "hashrateEnabled": false,
			"hashratePercent": 70, "byEmail": true, "bySms": false, "digest": false, "digestHour": 8})
		if v := w.settings(w.bob.Token, "bobs"); !v.OfflineEnabled {
			t.Fatalf("bob's own: %+v", v)
		}
		// An observer token is refused with code 5.
		var l struct {
			Token string `json:"token"`
		}
		_ = json.Unmarshal(w.ok("POST", "/api/pc/v1/customer/observer/link/add", w.alice.Token, "",
			map[string]any{"currencyList": []string{"BTC"}, "machineInfoEnabled": true, "incomeInfoEnabled": false, "note": "host"}), &l)
		if code, _, _, _ := w.call("GET", settingPath+"?code=farm", l.Token, "", nil); code != 5 {
			t.Errorf("observer token: code %d", code)
		}
	})
}

// Bad input is refused naming what is wrong, in the request's language, and changes
// nothing; good input is saved with the request's language and time zone.
func TestAlertSettingsValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		def := w.settings(w.alice.Token, "farm")
		if def.OfflineEnabled || def.HashrateEnabled || def.HashratePercent != 70 || def.DigestHour != 8 || def.MinOfflineMinutes != 10 ||
			def.Email != "ali***@example.com" || def.Phone != "138****8000" {
			t.Fatalf("defaults %+v", def)
		}
		base := func(change map[string]any) map[string]any {
			b := map[string]any{"code": "farm", "offlineEnabled": true, "hashrateEnabled": true, "hashratePercent": 70,
				"byEmail": true, "bySms": false, "digest": false, "digestHour": 8}
			for k, v := range change {
				if v == nil {
					delete(b, k)
				} else {
					b[k] = v
				}
			}
			return b
		}
		cases := []struct {
			name string
			body any
			want map[string]string // by language
		}{
			{"percent too low", base(map[string]any{"hashratePercent": 5}), map[string]string{
				"en_US": "Hashrate alert line (%) must be a whole number from 10 to 95.",
				"zh_CN": "算力告警线（%）须为 10 到 95 之间的整数。",
				"zh_HK": "算力警報線（%）須為 10 至 95 之間的整數。",
				"ko_KR": "해시레이트 알림 기준(%)은(는) 10부터 95까지의 정수여야 합니다.",
			}},
			{"percent a fraction", base(map[string]any{"hashratePercent": 70.5}), map[string]string{
				"en_US": "Hashrate alert line (%) is not valid.",
			}},
			{"hour 24", base(map[string]any{"digestHour": 24}), map[string]string{
				"en_US": "Digest hour must be a whole number from 0 to 23.",
				"ko_KR": "요약 발송 시각은(는) 0부터 23까지의 정수여야 합니다.",
			}},
			{"no channel", base(map[string]any{"byEmail": false}), map[string]string{
				"en_US": "Choose email, SMS or both to receive the alerts, or turn the alerts off.",
				"zh_HK": "請選擇電郵、短訊或兩者來接收警報，或關閉警報。",
			}},
			{"missing field", base(map[string]any{"digest": nil}), map[string]string{
				"en_US": "Daily digest is required.",
				"zh_CN": i18n.T("zh_CN", "validation.required", i18n.Params{"field": "alert.field.digest"}),
			}},
			{"no code", base(map[string]any{"code": ""}), map[string]string{
				"en_US": "Sub-account code is required.",
			}},
			{"unknown sub-account", base(map[string]any{"code": "nobody"}), map[string]string{
				"en_US": "There is no such sub-account.",
			}},
		}
		for _, c := range cases {
			for lang, want := range c.want {
				code, msg, _, _ := w.call("POST", settingPath, w.alice.Token, lang, c.body)
				if code != 3 || msg != want {
					t.Errorf("%s (%s): code %d %q, want %q", c.name, lang, code, msg, want)
				}
			}
		}
		// bob has no phone: SMS is refused.
		code, msg, _, _ := w.call("POST", settingPath, w.bob.Token, "zh_CN", map[string]any{"code": "bobs", "offlineEnabled": true,
			"hashrateEnabled": false, "hashratePercent": 70, "byEmail": false, "bySms": true, "digest": false, "digestHour": 8})
		if code != 3 || msg != "请先为账户绑定手机号，再选择短信告警。" {
			t.Errorf("SMS without a phone: %d %q", code, msg)
		}
		if after := w.settings(w.alice.Token, "farm"); !reflect.DeepEqual(after, def) {
			t.Fatalf("a refused save changed the settings: %+v", after)
		}
		// Saved, with the request's language and time zone for the mails.
		code, msg, data, _ := w.call("POST", settingPath, w.alice.Token, "ko_KR", base(map[string]any{"hashratePercent": 55, "digest": true, "digestHour": 7}))
		var v settingsView
		_ = json.Unmarshal(data, &v)
		if code != 0 || msg != "알림 설정이 저장되었습니다." || v.HashratePercent != 55 || !v.Digest || v.DigestHour != 7 || v.TimeZone != "Asia/Shanghai" {
			t.Fatalf("save: %d %q %+v", code, msg, v)
		}
		var lang string
		if err := d.QueryRow(w.ctx, "SELECT lang FROM alert_settings WHERE user_id = ?", w.alice.ID).Scan(&lang); err != nil || lang != "ko_KR" {
			t.Fatalf("stored language %q: %v", lang, err)
		}
		// Turning everything off needs no channel.
		w.ok("POST", settingPath, w.alice.Token, "", base(map[string]any{"offlineEnabled": false, "hashrateEnabled": false, "byEmail": false}))
		// The list pages like every list.
		if code, _, _, _ := w.call("GET", "/api/pc/v1/pool/alert/list?code=farm&pageSize=7", w.alice.Token, "", nil); code != 3 {
			t.Errorf("page size 7: code %d", code)
		}
	})
}
