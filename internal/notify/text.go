package notify

import (
	"fmt"
	"html/template"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Brand is the name every message is signed with.
const Brand = "Uniplus Pool"

// Languages the messages are written in; any other Code.Lang gets en_US.
var Languages = []string{"zh_CN", "zh_HK", "en_US", "ko_KR"}

// Scenes a code can be sent for (Code.Scene).
const (
	SceneLogin           = "login"
	SceneRegister        = "register"
	SceneBindPhone       = "bindPhone"
	SceneChangePhone     = "changePhone"
	SceneNewPhone        = "newPhone"
	SceneResetPwdByPhone = "resetPwdByPhone"
	SceneBindEmail       = "bindEmail"
	SceneChangeEmail     = "changeEmail"
	SceneNewEmail        = "newEmail"
	SceneResetPwdByEmail = "resetPwdByEmail"
	SceneCancelAccount   = "cancelAccount"
	SceneWithdraw        = "withdraw"
	SceneAddressBook     = "addressBook"
)

// Scenes lists every scene; each language names each one (the tests make sure of that).
var Scenes = []string{
	SceneLogin, SceneRegister,
	SceneBindPhone, SceneChangePhone, SceneNewPhone, SceneResetPwdByPhone,
	SceneBindEmail, SceneChangeEmail, SceneNewEmail, SceneResetPwdByEmail,
	SceneCancelAccount, SceneWithdraw, SceneAddressBook,
}

// texts is one language's wording. Placeholders: {scene} (the scene in words), {code} and
// {minutes}.
type texts struct {
	Subject  string // email subject: {scene}
	Intro    string // line before the code: {scene}
	Validity string // {minutes}
	Warning  string // did not ask: ignore; never share the code
	Footer   string // automated message, do not reply
	SMS      string // the whole text message, one line: {scene} {code} {minutes}
	Scenes   map[string]string
}

var catalog = map[string]texts{
	"zh_CN": {
		Subject:  "Uniplus Pool 验证码（{scene}）",
		Intro:    "您正在{scene}，本次验证码为：",
		Validity: "验证码{minutes}分钟内有效，仅可使用一次。",
		Warning:  "如非本人操作，请忽略本消息。请勿将验证码告诉任何人，Uniplus Pool 工作人员不会向您索取验证码。",
		Footer:   "此邮件由 Uniplus Pool 系统自动发送，请勿直接回复。",
		SMS:      "【Uniplus Pool】验证码{code}，用于{scene}，{minutes}分钟内有效。请勿泄露给他人；如非本人操作，请忽略。",
		Scenes: map[string]string{
			SceneLogin:           "登录",
			SceneRegister:        "注册",
			SceneBindPhone:       "绑定手机号",
			SceneChangePhone:     "更换手机号",
			SceneNewPhone:        "验证新手机号",
			SceneResetPwdByPhone: "重置密码",
			SceneBindEmail:       "绑定邮箱",
			SceneChangeEmail:     "更换邮箱",
			SceneNewEmail:        "验证新邮箱",
			SceneResetPwdByEmail: "重置密码",
			SceneCancelAccount:   "注销账户",
			SceneWithdraw:        "提现",
			SceneAddressBook:     "修改提现地址簿",
		},
	},
	"zh_HK": {
		Subject:  "Uniplus Pool 驗證碼（{scene}）",
		Intro:    "您正在{scene}，本次驗證碼為：",
		Validity: "驗證碼{minutes}分鐘內有效，只可使用一次。",
		Warning:  "如非本人操作，請忽略本訊息。切勿將驗證碼告訴任何人，Uniplus Pool 職員絕不會向您索取驗證碼。",
		Footer:   "此電郵由 Uniplus Pool 系統自動發送，請勿直接回覆。",
		SMS:      "【Uniplus Pool】驗證碼{code}，用於{scene}，{minutes}分鐘內有效。切勿向他人透露；如非本人操作，請忽略。",
		Scenes: map[string]string{
			SceneLogin:           "登入",
			SceneRegister:        "註冊",
			SceneBindPhone:       "綁定手機號碼",
			SceneChangePhone:     "更換手機號碼",
			SceneNewPhone:        "驗證新手機號碼",
			SceneResetPwdByPhone: "重設密碼",
			SceneBindEmail:       "綁定電郵",
			SceneChangeEmail:     "更換電郵地址",
			SceneNewEmail:        "驗證新電郵地址",
			SceneResetPwdByEmail: "重設密碼",
			SceneCancelAccount:   "註銷帳戶",
			SceneWithdraw:        "提現",
			SceneAddressBook:     "修改提現地址簿",
		},
	},
	"en_US": {
		Subject:  "Uniplus Pool: your verification code for {scene}",
		Intro:    "Here is your verification code for {scene}:",
		Validity: "The code is valid for {minutes} minutes and can be used once.",
		Warning:  "If you did not ask for this code, ignore this message. Never share the code with anyone: Uniplus Pool staff will never ask you for it.",
		Footer:   "This is an automated message from Uniplus Pool. Please do not reply.",
		SMS:      "Uniplus Pool: {code} is your code for {scene}, valid for {minutes} minutes. Never share it. Didn't ask for it? Ignore this message.",
		Scenes: map[string]string{
			SceneLogin:           "sign-in",
			SceneRegister:        "registration",
			SceneBindPhone:       "binding this phone number",
			SceneChangePhone:     "changing your phone number",
			SceneNewPhone:        "confirming your new phone number",
			SceneResetPwdByPhone: "resetting your password",
			SceneBindEmail:       "binding this email",
			SceneChangeEmail:     "changing your email address",
			SceneNewEmail:        "confirming your new email address",
			SceneResetPwdByEmail: "resetting your password",
			SceneCancelAccount:   "cancelling your account",
			SceneWithdraw:        "a withdrawal",
			SceneAddressBook:     "changing your withdrawal address book",
		},
	},
	"ko_KR": {
		Subject:  "[Uniplus Pool] {scene} 인증번호 안내",
		Intro:    "요청하신 {scene} 인증번호는 다음과 같습니다.",
		Validity: "인증번호는 {minutes}분 동안 유효하며 한 번만 사용할 수 있습니다.",
		Warning:  "본인이 요청하지 않았다면 이 메시지를 무시하세요. 인증번호는 절대 다른 사람에게 알려주지 마세요. Uniplus Pool 직원은 인증번호를 묻지 않습니다.",
		Footer:   "이 메일은 Uniplus Pool에서 자동으로 발송되었습니다. 회신하지 마세요.",
		SMS:      "[Uniplus Pool] {scene} 인증번호 {code} ({minutes}분간 유효). 타인 공유 금지, 미요청 시 무시하세요.",
		Scenes: map[string]string{
			SceneLogin:           "로그인",
			SceneRegister:        "회원가입",
			SceneBindPhone:       "휴대폰 번호 연결",
			SceneChangePhone:     "휴대폰 번호 변경",
			SceneNewPhone:        "새 휴대폰 번호 확인",
			SceneResetPwdByPhone: "비밀번호 재설정",
			SceneBindEmail:       "이메일 연결",
			SceneChangeEmail:     "이메일 주소 변경",
			SceneNewEmail:        "새 이메일 주소 확인",
			SceneResetPwdByEmail: "비밀번호 재설정",
			SceneCancelAccount:   "회원 탈퇴",
			SceneWithdraw:        "출금",
			SceneAddressBook:     "출금 주소록 변경",
		},
	},
}

// Message is a code rendered in one language, for every channel.
type Message struct {
	Lang    string // the language used: Code.Lang, or en_US when that is not supported
	Subject string // email subject
	Text    string // plain-text email body
	HTML    string // HTML email body
	SMS     string // the text message, one line
}

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

// Render writes c's messages in c.Lang. It fails for an unknown scene or a code that is not
// 6 digits; the error never repeats the code.
func Render(c Code) (Message, error) {
	lang := c.Lang
	t, ok := catalog[lang]
	if !ok {
		lang = "en_US"
		t = catalog[lang]
	}
	scene, ok := t.Scenes[c.Scene]
	if !ok {
		return Message{}, fmt.Errorf("notify: render: unknown scene %q", c.Scene)
	}
	if !sixDigits.MatchString(c.Code) {
		return Message{}, fmt.Errorf("notify: render %s: the code is not 6 digits", c.Scene)
	}
	r := strings.NewReplacer("{scene}", scene, "{code}", c.Code, "{minutes}", strconv.Itoa(minutes(c.TTL)))
	m := Message{Lang: lang, Subject: r.Replace(t.Subject), SMS: r.Replace(t.SMS)}
	page := emailPage{
		Lang:     strings.ReplaceAll(lang, "_", "-"),
		Brand:    Brand,
		Subject:  m.Subject,
		Intro:    r.Replace(t.Intro),
		Code:     c.Code,
		Validity: r.Replace(t.Validity),
		Warning:  r.Replace(t.Warning),
		Footer:   r.Replace(t.Footer),
	}
	m.Text = page.Brand + "\n\n" +
		page.Intro + "\n\n" +
		"    " + page.Code + "\n\n" +
		page.Validity + "\n\n" +
		page.Warning + "\n\n" +
		"-- \n" + page.Footer + "\n"
	html, err := renderEmailHTML(lang, m.Subject, page.Footer, codeBody, page)
	if err != nil {
		return Message{}, fmt.Errorf("notify: render %s html: %w", c.Scene, err)
	}
	m.HTML = html
	return m, nil
}

// minutes is the validity shown in the text, in whole minutes rounded down (at least 1), so
// the text never promises more time than the code has.
func minutes(ttl time.Duration) int {
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	return max(int(ttl/time.Minute), 1)
}

// emailPage fills the HTML template; html/template escapes every field it inserts.
type emailPage struct {
	Lang, Brand, Subject, Intro, Code, Validity, Warning, Footer string
}

// emailFrame is every email's HTML around its body: deliberately plain, inline styles and
// tables, as mail clients still expect.
var emailFrame = template.Must(template.New("email").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Subject}}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;color:#1f2329;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei','Malgun Gothic',sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 32px;border-bottom:1px solid #eceef1;font-size:20px;font-weight:bold;">{{.Brand}}</td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.6;">
{{.Body}}</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #eceef1;color:#8f959e;font-size:12px;">{{.Footer}}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`))

// emailFramePage fills emailFrame; Body is HTML a body template has already escaped.
type emailFramePage struct {
	Lang, Brand, Subject, Footer string
	Body                         template.HTML
}

// renderEmailHTML executes body with data (html/template escapes every field) and frames it.
func renderEmailHTML(lang, subject, footer string, body *template.Template, data any) (string, error) {
	var b strings.Builder
	if err := body.Execute(&b, data); err != nil {
		return "", err
	}
	var page strings.Builder
	err := emailFrame.Execute(&page, emailFramePage{Lang: strings.ReplaceAll(lang, "_", "-"), Brand: Brand, Subject: subject, Footer: footer,
		Body: template.HTML(b.String())}) // #nosec: produced by html/template above
	return page.String(), err
}

// codeBody is the body of a code email.
var codeBody = template.Must(template.New("code").Parse(`<p style="margin:0 0 16px;">{{.Intro}}</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:Menlo,Consolas,monospace;">{{.Code}}</p>
<p style="margin:0 0 16px;">{{.Validity}}</p>
<p style="margin:0;color:#646a73;font-size:13px;">{{.Warning}}</p>
`))
