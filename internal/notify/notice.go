package notify

import (
	"context"
	"fmt"
	"html/template"
	"strings"
)

// Notice is a message without a code: a security notice about the user's account, sent to
// every contact the account has bound.
type Notice struct {
	Channel string // "email" or "sms"
	To      string
	Lang    string
	Kind    string // NoticeAddressBook, ...
	// Params fill the text: for NoticeAddressBook, action (added, changed, deleted), coin,
	// address and time; for NoticeFailedLogins, count and since (a time); for
	// NoticeContactChanged, action (phoneBound, phoneChanged, emailBound, emailChanged),
	// target (the new contact, masked), time and until (when withdrawals may go again);
	// the notices about a code that was not sent have none.
	Params map[string]string
}

// Kinds of notice.
const (
	NoticeAddressBook = "addressBook"
	// NoticeFailedLogins tells an account's owner of repeated failed log-ins (once a burst).
	NoticeFailedLogins = "failedLogins"
	// The next three go out instead of a code that the account rules refuse, so that the
	// answer to the code call says nothing about who has an account (docs/accounts.md):
	// a login code asked for an address no account uses, a register code for one an account
	// uses, a bind code for one another account uses. They tell the owner of the address.
	NoticeLoginNoAccount    = "loginNoAccount"
	NoticeAlreadyRegistered = "alreadyRegistered"
	NoticeContactInUse      = "contactInUse"
	// NoticeContactChanged tells the contacts an account had that a phone or email was
	// bound or changed, and that withdrawals wait 24 hours (docs/accounts.md).
	NoticeContactChanged = "contactChanged"
)

// NoticeKinds lists every kind; each language words each one (the tests make sure of that).
var NoticeKinds = []string{NoticeAddressBook, NoticeFailedLogins, NoticeLoginNoAccount, NoticeAlreadyRegistered, NoticeContactInUse,
	NoticeContactChanged}

// NoticeSender delivers notices on one channel; every sender of this package is one.
type NoticeSender interface {
	SendNotice(ctx context.Context, n Notice) error
}

// noticeTexts is one language's wording of a notice: subject, body lines and the text
// message, with {placeholders} from Notice.Params; actions names each action.
type noticeTexts struct {
	Subject string
	Body    []string
	SMS     string
	Actions map[string]string
}

var noticeCatalog = map[string]map[string]noticeTexts{
	NoticeContactChanged: {
		"zh_CN": {
			Subject: "Uniplus Pool 账户联系方式变更通知",
			Body: []string{"您的账户于 {time}（北京时间）{action}：{target}。",
				"为保障资金安全，提现以及提现地址的新增和修改暂停 24 小时，至 {until}（北京时间）恢复。",
				"如非本人操作，说明有人登录了您的账户：请立即修改密码并联系我们。"},
			SMS: "【Uniplus Pool】您的账户于{time}（北京时间）{action}：{target}，提现暂停至{until}。如非本人操作，请立即修改密码。",
			Actions: map[string]string{"phoneBound": "绑定了手机号", "phoneChanged": "更换了手机号",
				"emailBound": "绑定了邮箱", "emailChanged": "更换了邮箱"},
		},
		"zh_HK": {
			Subject: "Uniplus Pool 帳戶聯絡方式變更通知",
			Body: []string{"您的帳戶於 {time}（北京時間）{action}：{target}。",
				"為保障資金安全，提現以及提現地址的新增和修改暫停 24 小時，至 {until}（北京時間）恢復。",
				"如非本人操作，表示有人登入了您的帳戶：請立即修改密碼並聯絡我們。"},
			SMS: "【Uniplus Pool】您的帳戶於{time}（北京時間）{action}：{target}，提現暫停至{until}。如非本人操作，請立即修改密碼。",
			Actions: map[string]string{"phoneBound": "綁定了手機號碼", "phoneChanged": "更換了手機號碼",
				"emailBound": "綁定了電郵", "emailChanged": "更換了電郵"},
		},
		"en_US": {
			Subject: "Uniplus Pool: a contact of your account changed",
			Body: []string{"At {time} (Beijing time) {action}: {target}.",
				"For your security, withdrawals and new or changed withdrawal addresses are paused for 24 hours, until {until} (Beijing time).",
				"If this was not you, someone has signed in to your account: change your password at once and contact us."},
			SMS: "Uniplus Pool: {action} ({target}) at {time}. Withdrawals are paused until {until} (Beijing time). Not you? Change your password now.",
			Actions: map[string]string{"phoneBound": "a phone number was bound to your account", "phoneChanged": "the phone number of your account was changed",
				"emailBound": "an email address was bound to your account", "emailChanged": "the email address of your account was changed"},
		},
		"ko_KR": {
			Subject: "Uniplus Pool: 계정 연락처가 변경되었습니다",
			Body: []string{"{time}(베이징 시간)에 {action}: {target}",
				"보안을 위해 출금과 출금 주소 추가·변경이 24시간 동안, {until}(베이징 시간)까지 중지됩니다.",
				"본인이 한 변경이 아니라면 누군가 계정에 로그인한 것입니다. 즉시 비밀번호를 바꾸고 문의해 주세요."},
			SMS: "Uniplus Pool: {time}에 {action}: {target}. 출금은 {until}(베이징 시간)까지 중지됩니다. 본인이 아니면 즉시 비밀번호를 바꾸세요.",
			Actions: map[string]string{"phoneBound": "계정에 휴대폰 번호가 연결되었습니다", "phoneChanged": "계정의 휴대폰 번호가 변경되었습니다",
				"emailBound": "계정에 이메일이 연결되었습니다", "emailChanged": "계정의 이메일이 변경되었습니다"},
		},
	},
	NoticeAddressBook: {
		"zh_CN": {
			Subject: "Uniplus Pool 提现地址簿变更通知",
			Body: []string{"您的账户于 {time}（北京时间）{action}了 {coin} 提现地址：", "{address}",
				"新增或修改的地址需等待 48 小时后才能接收提现。", "如非本人操作，请立即修改密码并联系我们。"},
			SMS:     "【Uniplus Pool】您的账户{action}了{coin}提现地址{address}，48小时后生效。如非本人操作，请立即修改密码。",
			Actions: map[string]string{"added": "新增", "changed": "修改", "deleted": "删除"},
		},
		"zh_HK": {
			Subject: "Uniplus Pool 提現地址簿變更通知",
			Body: []string{"您的帳戶於 {time}（北京時間）{action}了 {coin} 提現地址：", "{address}",
				"新增或修改的地址需等待 48 小時後才能接收提現。", "如非本人操作，請立即修改密碼並聯絡我們。"},
			SMS:     "【Uniplus Pool】您的帳戶{action}了{coin}提現地址{address}，48小時後生效。如非本人操作，請立即修改密碼。",
			Actions: map[string]string{"added": "新增", "changed": "修改", "deleted": "刪除"},
		},
		"en_US": {
			Subject: "Uniplus Pool: your withdrawal address book changed",
			Body: []string{"A {coin} withdrawal address was {action} on your account at {time} (Beijing time):", "{address}",
				"A new or changed address receives withdrawals 48 hours after the change.",
				"If this was not you, change your password and contact us at once."},
			SMS:     "Uniplus Pool: a {coin} withdrawal address was {action} on your account ({address}); it is usable in 48 h. Not you? Change your password now.",
			Actions: map[string]string{"added": "added", "changed": "changed", "deleted": "deleted"},
		},
		"ko_KR": {
			Subject: "Uniplus Pool: 출금 주소록이 변경되었습니다",
			Body: []string{"{time}(베이징 시간)에 계정의 {coin} 출금 주소가 {action}되었습니다:", "{address}",
				"새로 추가하거나 변경한 주소는 48시간 후부터 출금을 받을 수 있습니다.",
				"본인이 한 변경이 아니라면 즉시 비밀번호를 바꾸고 문의해 주세요."},
			SMS:     "Uniplus Pool: 계정의 {coin} 출금 주소({address})가 {action}되었습니다. 48시간 후 사용 가능합니다. 본인이 아니면 즉시 비밀번호를 바꾸세요.",
			Actions: map[string]string{"added": "추가", "changed": "변경", "deleted": "삭제"},
		},
	},
	NoticeFailedLogins: {
		"zh_CN": {
			Subject: "Uniplus Pool 账户登录失败提醒",
			Body: []string{"自 {since}（北京时间）起，您的账户已有 {count} 次登录失败（密码或验证码错误）。",
				"如果是您本人，请忽略本消息；忘记密码时可使用验证码登录后修改密码。",
				"如果不是您本人，说明有人在尝试登录您的账户：请确认密码足够独特，并且没有在其他网站使用。"},
			SMS: "【Uniplus Pool】自{since}（北京时间）起，您的账户已有{count}次登录失败。如非本人操作，请确认密码未在其他网站使用。",
		},
		"zh_HK": {
			Subject: "Uniplus Pool 帳戶登入失敗提示",
			Body: []string{"自 {since}（北京時間）起，您的帳戶已有 {count} 次登入失敗（密碼或驗證碼錯誤）。",
				"如果是您本人，請忽略本訊息；忘記密碼時可使用驗證碼登入後修改密碼。",
				"如果不是您本人，表示有人正嘗試登入您的帳戶：請確認密碼足夠獨特，並且沒有在其他網站使用。"},
			SMS: "【Uniplus Pool】自{since}（北京時間）起，您的帳戶已有{count}次登入失敗。如非本人操作，請確認密碼沒有在其他網站使用。",
		},
		"en_US": {
			Subject: "Uniplus Pool: failed sign-ins on your account",
			Body: []string{"There have been {count} failed sign-ins (wrong password or code) on your account since {since} (Beijing time).",
				"If this was you, ignore this message; if you have forgotten your password, sign in with a verification code and change it.",
				"If it was not you, someone is trying to sign in to your account: make sure your password is unique and not used on any other site."},
			SMS: "Uniplus Pool: {count} failed sign-ins on your account since {since} (Beijing time). Not you? Make sure your password is not used on any other site.",
		},
		"ko_KR": {
			Subject: "Uniplus Pool: 계정 로그인 실패 알림",
			Body: []string{"{since}(베이징 시간) 이후 계정에 로그인 실패(비밀번호 또는 인증번호 오류)가 {count}회 있었습니다.",
				"본인이라면 이 메시지를 무시하세요. 비밀번호를 잊었다면 인증번호로 로그인한 뒤 비밀번호를 변경하세요.",
				"본인이 아니라면 누군가 계정에 로그인하려 하고 있습니다. 비밀번호가 고유하고 다른 사이트에서 쓰이지 않는지 확인하세요."},
			SMS: "Uniplus Pool: {since}(베이징 시간) 이후 로그인 실패 {count}회. 본인이 아니라면 비밀번호를 다른 사이트에서 쓰지 않는지 확인하세요.",
		},
	},
	NoticeLoginNoAccount: {
		"zh_CN": {
			Subject: "Uniplus Pool 登录验证码请求",
			Body: []string{"有人使用此邮箱请求 Uniplus Pool 登录验证码，但没有账户使用此邮箱，因此没有发送验证码。",
				"如果是您本人，您可能使用了其他邮箱或手机号注册，也可以使用此邮箱注册新账户。", "如非本人操作，请忽略本消息。"},
			SMS: "【Uniplus Pool】有人使用此手机号请求登录验证码，但没有账户使用此手机号，未发送验证码。如非本人操作，请忽略。",
		},
		"zh_HK": {
			Subject: "Uniplus Pool 登入驗證碼請求",
			Body: []string{"有人使用此電郵請求 Uniplus Pool 登入驗證碼，但沒有帳戶使用此電郵，因此沒有發送驗證碼。",
				"如果是您本人，您可能使用了其他電郵或手機號碼註冊，也可以使用此電郵註冊新帳戶。", "如非本人操作，請忽略本訊息。"},
			SMS: "【Uniplus Pool】有人使用此手機號碼請求登入驗證碼，但沒有帳戶使用此號碼，未發送驗證碼。如非本人操作，請忽略。",
		},
		"en_US": {
			Subject: "Uniplus Pool: sign-in code requested",
			Body: []string{"Someone asked for a Uniplus Pool sign-in code for this email address, but no account uses it, so no code was sent.",
				"If it was you, you may have registered with another email address or phone number, or you can register with this one.",
				"If it was not you, ignore this message."},
			SMS: "Uniplus Pool: someone asked for a sign-in code for this number, but no account uses it, so no code was sent. Not you? Ignore this message.",
		},
		"ko_KR": {
			Subject: "Uniplus Pool: 로그인 인증번호 요청",
			Body: []string{"누군가 이 이메일로 Uniplus Pool 로그인 인증번호를 요청했지만, 이 이메일을 쓰는 계정이 없어 인증번호를 보내지 않았습니다.",
				"본인이라면 다른 이메일이나 휴대폰 번호로 가입했을 수 있습니다. 이 이메일로 새로 가입할 수도 있습니다.", "본인이 아니라면 이 메시지를 무시하세요."},
			SMS: "Uniplus Pool: 이 번호로 로그인 인증번호 요청이 있었지만 이 번호를 쓰는 계정이 없어 보내지 않았습니다. 본인이 아니면 무시하세요.",
		},
	},
	NoticeAlreadyRegistered: {
		"zh_CN": {
			Subject: "Uniplus Pool 注册请求",
			Body: []string{"有人尝试使用此邮箱注册 Uniplus Pool 账户，但此邮箱已有账户，因此没有发送注册验证码。",
				"如果是您本人，请直接登录；忘记密码时可使用验证码登录。", "如非本人操作，请忽略本消息，您的账户没有任何变化。"},
			SMS: "【Uniplus Pool】有人尝试使用此手机号注册，但此手机号已有账户，未发送验证码。请直接登录；如非本人操作，请忽略。",
		},
		"zh_HK": {
			Subject: "Uniplus Pool 註冊請求",
			Body: []string{"有人嘗試使用此電郵註冊 Uniplus Pool 帳戶，但此電郵已有帳戶，因此沒有發送註冊驗證碼。",
				"如果是您本人，請直接登入；忘記密碼時可使用驗證碼登入。", "如非本人操作，請忽略本訊息，您的帳戶沒有任何變化。"},
			SMS: "【Uniplus Pool】有人嘗試使用此手機號碼註冊，但此號碼已有帳戶，未發送驗證碼。請直接登入；如非本人操作，請忽略。",
		},
		"en_US": {
			Subject: "Uniplus Pool: registration attempt",
			Body: []string{"Someone tried to register a Uniplus Pool account with this email address, but it already has an account, so no registration code was sent.",
				"If it was you, sign in instead; if you have forgotten your password, sign in with a verification code.",
				"If it was not you, ignore this message: nothing about your account has changed."},
			SMS: "Uniplus Pool: someone tried to register with this number, which already has an account, so no code was sent. Sign in instead; not you? Ignore this.",
		},
		"ko_KR": {
			Subject: "Uniplus Pool: 회원가입 시도",
			Body: []string{"누군가 이 이메일로 Uniplus Pool 계정 가입을 시도했지만, 이미 이 이메일을 쓰는 계정이 있어 가입 인증번호를 보내지 않았습니다.",
				"본인이라면 로그인하세요. 비밀번호를 잊었다면 인증번호로 로그인할 수 있습니다.", "본인이 아니라면 이 메시지를 무시하세요. 계정에는 아무 변화가 없습니다."},
			SMS: "Uniplus Pool: 이 번호로 가입 시도가 있었지만 이미 계정이 있어 인증번호를 보내지 않았습니다. 로그인하세요. 본인이 아니면 무시하세요.",
		},
	},
	NoticeContactInUse: {
		"zh_CN": {
			Subject: "Uniplus Pool 绑定请求",
			Body: []string{"有人尝试将此邮箱绑定到另一个 Uniplus Pool 账户，但此邮箱已属于一个账户，因此没有发送验证码。",
				"如果是您本人，请先在原账户中更换或解除此邮箱。", "如非本人操作，请忽略本消息，您的账户没有任何变化。"},
			SMS: "【Uniplus Pool】有人尝试将此手机号绑定到另一个账户，但此号码已属于一个账户，未发送验证码。如非本人操作，请忽略。",
		},
		"zh_HK": {
			Subject: "Uniplus Pool 綁定請求",
			Body: []string{"有人嘗試將此電郵綁定到另一個 Uniplus Pool 帳戶，但此電郵已屬於一個帳戶，因此沒有發送驗證碼。",
				"如果是您本人，請先在原帳戶中更換此電郵。", "如非本人操作，請忽略本訊息，您的帳戶沒有任何變化。"},
			SMS: "【Uniplus Pool】有人嘗試將此手機號碼綁定到另一個帳戶，但此號碼已屬於一個帳戶，未發送驗證碼。如非本人操作，請忽略。",
		},
		"en_US": {
			Subject: "Uniplus Pool: request to bind this address",
			Body: []string{"Someone tried to bind this email address to another Uniplus Pool account, but it already belongs to an account, so no code was sent.",
				"If it was you, change the email of the account that has it first.",
				"If it was not you, ignore this message: nothing about your account has changed."},
			SMS: "Uniplus Pool: someone tried to bind this number to another account, but it already belongs to one, so no code was sent. Not you? Ignore this.",
		},
		"ko_KR": {
			Subject: "Uniplus Pool: 연결 요청",
			Body: []string{"누군가 이 이메일을 다른 Uniplus Pool 계정에 연결하려 했지만, 이미 다른 계정에 속해 있어 인증번호를 보내지 않았습니다.",
				"본인이라면 먼저 이 이메일을 쓰는 계정에서 이메일을 변경하세요.", "본인이 아니라면 이 메시지를 무시하세요. 계정에는 아무 변화가 없습니다."},
			SMS: "Uniplus Pool: 이 번호를 다른 계정에 연결하려는 시도가 있었지만 이미 계정에 속해 있어 인증번호를 보내지 않았습니다. 본인이 아니면 무시하세요.",
		},
	},
}

// RenderNotice writes n's messages in n.Lang (en_US when that is not supported). The
// email's HTML escapes every parameter.
func RenderNotice(n Notice) (Message, error) {
	kind, ok := noticeCatalog[n.Kind]
	if !ok {
		return Message{}, fmt.Errorf("notify: render: unknown notice %q", n.Kind)
	}
	lang := n.Lang
	t, ok := kind[lang]
	if !ok {
		lang = "en_US"
		t = kind[lang]
	}
	pairs := []string{}
	for k, v := range n.Params {
		if k == "action" {
			if a, ok := t.Actions[v]; ok {
				v = a
			}
		}
		if err := headerSafe(k, v); err != nil {
			return Message{}, err
		}
		pairs = append(pairs, "{"+k+"}", v)
	}
	r := strings.NewReplacer(pairs...)
	lines := make([]string, len(t.Body))
	for i, l := range t.Body {
		lines[i] = r.Replace(l)
	}
	m := Message{Lang: lang, Subject: r.Replace(t.Subject), SMS: r.Replace(t.SMS)}
	m.Text = Brand + "\n\n" + strings.Join(lines, "\n\n") + "\n\n-- \n" + catalog[lang].Footer + "\n"
	html, err := renderEmailHTML(lang, m.Subject, catalog[lang].Footer, noticeBody, lines)
	if err != nil {
		return Message{}, fmt.Errorf("notify: render notice %s html: %w", n.Kind, err)
	}
	m.HTML = html
	return m, nil
}

// noticeBody is the body of a notice email: one paragraph per line.
var noticeBody = template.Must(template.New("notice").Parse(`{{range .}}<p style="margin:0 0 16px;word-break:break-all;">{{.}}</p>
{{end}}`))
