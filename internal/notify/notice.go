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
	Kind    string // NoticeAddressBook
	// Params fill the text: for NoticeAddressBook, action (added, changed, deleted), coin,
	// address and time.
	Params map[string]string
}

// Kinds of notice.
const (
	NoticeAddressBook = "addressBook"
)

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
