package notify

import (
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

var placeholder = regexp.MustCompile(`\{[a-z]+\}`)

// Every language must carry every text with the right placeholders, and name every scene.
func TestEveryLanguageHasEveryText(t *testing.T) {
	if got := slices.Sorted(maps.Keys(catalog)); !slices.Equal(got, slices.Sorted(slices.Values(Languages))) {
		t.Fatalf("catalog languages %v, Languages %v", got, Languages)
	}
	want := map[string][]string{
		"Subject":  {"{scene}"},
		"Intro":    {"{scene}"},
		"Validity": {"{minutes}"},
		"Warning":  nil,
		"Footer":   nil,
		"SMS":      {"{code}", "{minutes}", "{scene}"},
	}
	for _, lang := range Languages {
		v := reflect.ValueOf(catalog[lang])
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.Type.Kind() != reflect.String {
				continue
			}
			text := v.Field(i).String()
			ph, ok := want[f.Name]
			if !ok {
				t.Errorf("field %s: add it to this test", f.Name)
				continue
			}
			if strings.TrimSpace(text) == "" {
				t.Errorf("%s %s: empty", lang, f.Name)
			}
			got := placeholder.FindAllString(text, -1)
			slices.Sort(got)
			if !slices.Equal(got, ph) {
				t.Errorf("%s %s: placeholders %v, want %v", lang, f.Name, got, ph)
			}
		}
		scenes := catalog[lang].Scenes
		for _, sc := range Scenes {
			if strings.TrimSpace(scenes[sc]) == "" {
				t.Errorf("%s: scene %q has no words", lang, sc)
			}
		}
		for sc := range scenes {
			if !slices.Contains(Scenes, sc) {
				t.Errorf("%s: scene %q is not in Scenes", lang, sc)
			}
		}
	}
}

// Every message renders in every language, SMS stays one short line, and the brand, the
// code and the validity appear where they should.
func TestRenderEverySceneAndLanguage(t *testing.T) {
	// 70 is one UCS-2 SMS segment; Korean gets a little more to keep both warnings, English
	// fits one 160-character GSM segment.
	limit := map[string]int{"zh_CN": 70, "zh_HK": 70, "ko_KR": 75, "en_US": 160}
	for _, lang := range Languages {
		for _, sc := range Scenes {
			m, err := Render(Code{Channel: ChannelSMS, To: "13800138000", Lang: lang, Scene: sc, Code: "482913", TTL: 10 * time.Minute})
			if err != nil {
				t.Fatalf("%s %s: %v", lang, sc, err)
			}
			if m.Lang != lang {
				t.Errorf("%s %s: Lang %q", lang, sc, m.Lang)
			}
			if n := utf8.RuneCountInString(m.SMS); n > limit[lang] {
				t.Errorf("%s %s: SMS is %d characters, over %d: %s", lang, sc, n, limit[lang], m.SMS)
			}
			if strings.ContainsAny(m.SMS, "\r\n") || strings.ContainsAny(m.Subject, "\r\n") {
				t.Errorf("%s %s: SMS or subject has a line break", lang, sc)
			}
			scene := catalog[lang].Scenes[sc]
			for name, s := range map[string]string{"SMS": m.SMS, "Text": m.Text, "HTML": m.HTML} {
				for _, want := range []string{"482913", "10", Brand, scene} {
					if !strings.Contains(s, want) {
						t.Errorf("%s %s %s: missing %q", lang, sc, name, want)
					}
				}
			}
			if !strings.Contains(m.Subject, scene) || !strings.Contains(m.Subject, Brand) {
				t.Errorf("%s %s: subject %q", lang, sc, m.Subject)
			}
			if strings.Contains(m.Text+m.HTML+m.SMS+m.Subject, "{") {
				t.Errorf("%s %s: unfilled placeholder", lang, sc)
			}
		}
	}
}

func TestRenderWording(t *testing.T) {
	for _, tc := range []struct {
		lang, scene string
		subject     string
		text, sms   []string
	}{
		{"zh_CN", SceneRegister, "Uniplus Pool 验证码（注册）",
			[]string{"您正在注册", "验证码10分钟内有效", "如非本人操作，请忽略本消息", "请勿将验证码告诉任何人"},
			[]string{"【Uniplus Pool】验证码123456，用于注册，10分钟内有效。"}},
		{"zh_HK", SceneBindEmail, "Uniplus Pool 驗證碼（綁定電郵）",
			[]string{"您正在綁定電郵", "驗證碼10分鐘內有效", "切勿將驗證碼告訴任何人"},
			[]string{"用於綁定電郵"}},
		{"en_US", SceneResetPwdByEmail, "Uniplus Pool: your verification code for resetting your password",
			[]string{"verification code for resetting your password", "valid for 10 minutes", "If you did not ask for this code, ignore this message", "Never share the code"},
			[]string{"123456 is your code for resetting your password"}},
		{"ko_KR", SceneLogin, "[Uniplus Pool] 로그인 인증번호 안내",
			[]string{"요청하신 로그인 인증번호", "인증번호는 10분 동안 유효하며", "본인이 요청하지 않았다면 이 메시지를 무시하세요"},
			[]string{"로그인 인증번호 123456 (10분간 유효)"}},
		// Unknown languages fall back to English.
		{"fr_FR", SceneCancelAccount, "Uniplus Pool: your verification code for cancelling your account", nil, nil},
		{"", SceneChangePhone, "Uniplus Pool: your verification code for changing your phone number", nil, nil},
	} {
		m, err := Render(Code{Lang: tc.lang, Scene: tc.scene, Code: "123456"})
		if err != nil {
			t.Fatalf("%s: %v", tc.lang, err)
		}
		if m.Subject != tc.subject {
			t.Errorf("%s subject %q, want %q", tc.lang, m.Subject, tc.subject)
		}
		for _, w := range tc.text {
			if !strings.Contains(m.Text, w) {
				t.Errorf("%s text lacks %q:\n%s", tc.lang, w, m.Text)
			}
		}
		for _, w := range tc.sms {
			if !strings.Contains(m.SMS, w) {
				t.Errorf("%s SMS lacks %q: %s", tc.lang, w, m.SMS)
			}
		}
	}
}

func TestRenderRefusesBadInput(t *testing.T) {
	for _, c := range []Code{
		{Lang: "en_US", Scene: "nope", Code: "123456"},
		{Lang: "en_US", Scene: SceneLogin, Code: "12345"},
		{Lang: "en_US", Scene: SceneLogin, Code: "1234567"},
		{Lang: "en_US", Scene: SceneLogin, Code: "12345a"},
		{Lang: "en_US", Scene: SceneLogin, Code: "<b>12"},
	} {
		_, err := Render(c)
		if err == nil {
			t.Errorf("%+v: no error", c)
			continue
		}
		if strings.Contains(err.Error(), c.Code) && c.Scene != "nope" {
			t.Errorf("%+v: error repeats the code: %v", c, err)
		}
	}
}

func TestMinutes(t *testing.T) {
	for ttl, want := range map[time.Duration]int{
		0:                                 10,
		10 * time.Minute:                  10,
		9*time.Minute + 59*time.Second:    9,
		30 * time.Second:                  1,
		time.Hour:                         60,
		-time.Second:                      10,
		10*time.Minute + 30*time.Second:   10,
		5 * time.Minute:                   5,
		119*time.Second + time.Nanosecond: 1,
	} {
		if got := minutes(ttl); got != want {
			t.Errorf("minutes(%s) = %d, want %d", ttl, got, want)
		}
	}
	m, _ := Render(Code{Lang: "en_US", Scene: SceneLogin, Code: "123456", TTL: 5 * time.Minute})
	if !strings.Contains(m.Text, "valid for 5 minutes") {
		t.Errorf("TTL not shown: %s", m.Text)
	}
}

// The HTML template escapes everything it inserts.
func TestEmailHTMLEscapes(t *testing.T) {
	out, err := renderEmailHTML(`en" onload="x`, "</title><script>", "<!-- f -->", codeBody, emailPage{
		Intro: "a & b", Code: "<i>1</i>", Validity: "'v'", Warning: `"w"`,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script>", "<i>", "<!-- f", `onload="x`, " & b"} {
		if strings.Contains(out, bad) {
			t.Errorf("HTML contains unescaped %q", bad)
		}
	}
	for _, good := range []string{"&lt;/title&gt;&lt;script&gt;", "a &amp; b", "&lt;i&gt;1&lt;/i&gt;"} {
		if !strings.Contains(out, good) {
			t.Errorf("HTML lacks %q", good)
		}
	}
}
