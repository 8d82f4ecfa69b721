package notify

import (
	"context"
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"time"
)

// Kinds of AlertItem (docs/alerts.md).
const (
	AlertOffline      = "offline"      // a worker sent no accepted share for its threshold
	AlertOnline       = "online"       // and sends them again
	AlertHashrateLow  = "hashrateLow"  // its hashrate fell below the chosen share of its 24 h average
	AlertHashrateBack = "hashrateBack" // and came back
)

// AlertKinds lists the kinds in the order a message counts them.
var AlertKinds = []string{AlertOffline, AlertOnline, AlertHashrateLow, AlertHashrateBack}

// MaxAlertLines is how many items one message lists; the rest are counted.
const MaxAlertLines = 100

// Alert is what the alert job tells a sub-account's owner: the alerts and recoveries one
// job run found, or a daily digest of them, in the owner's language.
type Alert struct {
	Channel    string // "email" or "sms"
	To         string
	Lang       string
	SubAccount string // the sub-account's code
	Digest     bool   // a daily digest rather than the news of one run
	Day        string // a digest's local day, YYYY-MM-DD
	// TimeZone shows the times; nil is Asia/Shanghai (Beijing time, as the pool's
	// business times are).
	TimeZone *time.Location
	Items    []AlertItem
}

// AlertItem is one alert or recovery of one worker.
type AlertItem struct {
	Kind   string // AlertOffline, AlertOnline, AlertHashrateLow or AlertHashrateBack
	Worker string // the full worker name
	Coin   string
	// At is the last accepted share (offline), back since (online), or when the hashrate
	// was measured.
	At        time.Time
	Threshold time.Duration // offline: the quiet time that raised it
	HashRate  string        // hashrate kinds: the recent hashrate with its unit
	Average   string        // hashrate kinds: the 24-hour average with its unit
	Percent   int           // hashrate kinds: HashRate as a share of Average
}

// AlertSender delivers alerts on one channel; every sender of this package is one.
type AlertSender interface {
	SendAlert(ctx context.Context, a Alert) error
}

// alertTexts is one language's wording of alerts, with {placeholders}.
type alertTexts struct {
	Subject, DigestSubject string // {sub} {summary}; digest also {day}
	Intro, DigestIntro     string // {sub}; digest also {day}
	Counts                 map[string]string
	Lines                  map[string]string // {worker} {coin} {time} {threshold} {hashrate} {average} {percent}
	Minutes                string            // {n}
	More                   string            // {n}
	Manage                 string
	SMS, DigestSMS         string // {sub} {summary} {workers}; digest {day}
	Sep                    string // between counts and workers
}

var alertCatalog = map[string]alertTexts{
	"zh_CN": {
		Subject:       "Uniplus Pool 告警：{sub}：{summary}",
		DigestSubject: "Uniplus Pool 每日告警汇总：{sub}，{day}：{summary}",
		Intro:         "子账户 {sub} 的设备有新情况：",
		DigestIntro:   "子账户 {sub} 的设备自上次汇总以来（截至 {day}）的情况：",
		Counts: map[string]string{AlertOffline: "{n} 台离线", AlertOnline: "{n} 台恢复在线",
			AlertHashrateLow: "{n} 台算力偏低", AlertHashrateBack: "{n} 台算力恢复"},
		Lines: map[string]string{
			AlertOffline:      "{worker}（{coin}）已离线：自 {time} 起没有被接受的份额（{threshold}无份额后告警）。",
			AlertOnline:       "{worker}（{coin}）已恢复：自 {time} 起重新提交被接受的份额。",
			AlertHashrateLow:  "{worker}（{coin}）算力降至 {hashrate}，为其 24 小时平均算力 {average} 的 {percent}%（{time}）。",
			AlertHashrateBack: "{worker}（{coin}）算力已恢复至 {hashrate}，为其 24 小时平均算力 {average} 的 {percent}%（{time}）。",
		},
		Minutes:   "{n} 分钟",
		More:      "……另有 {n} 条。",
		Manage:    "如需修改或关闭这些告警，请前往：子账户 → 详情 → 告警设置。",
		SMS:       "【Uniplus Pool】{sub}：{summary}。{workers}",
		DigestSMS: "【Uniplus Pool】每日告警汇总 {sub}（{day}）：{summary}。",
		Sep:       "，",
	},
	"zh_HK": {
		Subject:       "Uniplus Pool 警報：{sub}：{summary}",
		DigestSubject: "Uniplus Pool 每日警報摘要：{sub}，{day}：{summary}",
		Intro:         "子帳戶 {sub} 的設備有新狀況：",
		DigestIntro:   "子帳戶 {sub} 的設備自上次摘要以來（截至 {day}）的狀況：",
		Counts: map[string]string{AlertOffline: "{n} 部離線", AlertOnline: "{n} 部恢復在線",
			AlertHashrateLow: "{n} 部算力偏低", AlertHashrateBack: "{n} 部算力回升"},
		Lines: map[string]string{
			AlertOffline:      "{worker}（{coin}）已離線：自 {time} 起沒有被接受的份額（{threshold}無份額後發出警報）。",
			AlertOnline:       "{worker}（{coin}）已恢復：自 {time} 起重新提交被接受的份額。",
			AlertHashrateLow:  "{worker}（{coin}）算力降至 {hashrate}，為其 24 小時平均算力 {average} 的 {percent}%（{time}）。",
			AlertHashrateBack: "{worker}（{coin}）算力已回升至 {hashrate}，為其 24 小時平均算力 {average} 的 {percent}%（{time}）。",
		},
		Minutes:   "{n} 分鐘",
		More:      "……另有 {n} 項。",
		Manage:    "如需修改或關閉這些警報，請前往：子帳戶 → 詳情 → 警報設定。",
		SMS:       "【Uniplus Pool】{sub}：{summary}。{workers}",
		DigestSMS: "【Uniplus Pool】每日警報摘要 {sub}（{day}）：{summary}。",
		Sep:       "，",
	},
	"en_US": {
		Subject:       "Uniplus Pool alert: {sub}: {summary}",
		DigestSubject: "Uniplus Pool daily alerts: {sub}, {day}: {summary}",
		Intro:         "News about the devices of sub-account {sub}:",
		DigestIntro:   "The devices of sub-account {sub} since the last digest (up to {day}):",
		Counts: map[string]string{AlertOffline: "{n} offline", AlertOnline: "{n} back online",
			AlertHashrateLow: "{n} with low hashrate", AlertHashrateBack: "{n} with hashrate back"},
		Lines: map[string]string{
			AlertOffline:      "{worker} ({coin}) is offline: no accepted share since {time} (alerted after {threshold} without one).",
			AlertOnline:       "{worker} ({coin}) is back: accepted shares again since {time}.",
			AlertHashrateLow:  "{worker} ({coin}) hashrate fell to {hashrate}, {percent}% of its 24-hour average of {average} ({time}).",
			AlertHashrateBack: "{worker} ({coin}) hashrate is back to {hashrate}, {percent}% of its 24-hour average of {average} ({time}).",
		},
		Minutes:   "{n} min",
		More:      "… and {n} more.",
		Manage:    "To change or turn off these alerts: Sub-accounts → Details → Alerts.",
		SMS:       "Uniplus Pool: {sub}: {summary}. {workers}",
		DigestSMS: "Uniplus Pool daily alerts, {sub}, {day}: {summary}.",
		Sep:       ", ",
	},
	"ko_KR": {
		Subject:       "Uniplus Pool 알림: {sub}: {summary}",
		DigestSubject: "Uniplus Pool 일일 알림 요약: {sub}, {day}: {summary}",
		Intro:         "하위 계정 {sub}의 장치 소식입니다:",
		DigestIntro:   "지난 요약 이후 하위 계정 {sub}의 장치 상황입니다({day}까지):",
		Counts: map[string]string{AlertOffline: "오프라인 {n}대", AlertOnline: "온라인 복귀 {n}대",
			AlertHashrateLow: "해시레이트 저하 {n}대", AlertHashrateBack: "해시레이트 회복 {n}대"},
		Lines: map[string]string{
			AlertOffline:      "{worker}({coin}) 오프라인: {time} 이후 승인된 셰어가 없습니다({threshold} 동안 셰어가 없어 알림).",
			AlertOnline:       "{worker}({coin}) 복귀: {time}부터 다시 승인된 셰어를 보내고 있습니다.",
			AlertHashrateLow:  "{worker}({coin}) 해시레이트가 {hashrate}(으)로 떨어졌습니다. 24시간 평균 {average}의 {percent}%입니다({time}).",
			AlertHashrateBack: "{worker}({coin}) 해시레이트가 {hashrate}(으)로 회복되었습니다. 24시간 평균 {average}의 {percent}%입니다({time}).",
		},
		Minutes:   "{n}분",
		More:      "… 외 {n}건.",
		Manage:    "알림을 변경하거나 끄려면: 하위 계정 → 상세 → 알림 설정.",
		SMS:       "[Uniplus Pool] {sub}: {summary}. {workers}",
		DigestSMS: "[Uniplus Pool] 일일 알림 요약 {sub}({day}): {summary}.",
		Sep:       ", ",
	},
}

// beijing is the default time zone of alert times.
var beijing = func() *time.Location {
	loc, err := time.LoadLocation("Asia/Shanghai")
	if err != nil {
		return time.FixedZone("CST", 8*3600)
	}
	return loc
}()

// smsWorkers is how many worker names a text message names.
const smsWorkers = 3

// RenderAlert writes a's messages in a.Lang (en_US when that is not supported). The
// email's HTML escapes every worker name (they come from miners). An alert without items
// is an error: nothing is sent for nothing.
func RenderAlert(a Alert) (Message, error) {
	if len(a.Items) == 0 {
		return Message{}, fmt.Errorf("notify: render alert for %s: no items", a.SubAccount)
	}
	lang := a.Lang
	t, ok := alertCatalog[lang]
	if !ok {
		lang = "en_US"
		t = alertCatalog[lang]
	}
	loc := a.TimeZone
	if loc == nil {
		loc = beijing
	}
	counts := map[string]int{}
	for _, it := range a.Items {
		if _, ok := t.Lines[it.Kind]; !ok {
			return Message{}, fmt.Errorf("notify: render alert: unknown kind %q", it.Kind)
		}
		counts[it.Kind]++
	}
	var parts []string
	for _, k := range AlertKinds {
		if counts[k] > 0 {
			parts = append(parts, strings.ReplaceAll(t.Counts[k], "{n}", strconv.Itoa(counts[k])))
		}
	}
	summary := strings.Join(parts, t.Sep)
	head := strings.NewReplacer("{sub}", a.SubAccount, "{day}", a.Day, "{summary}", summary)
	subject, intro, sms := t.Subject, t.Intro, t.SMS
	if a.Digest {
		subject, intro, sms = t.DigestSubject, t.DigestIntro, t.DigestSMS
	}
	m := Message{Lang: lang, Subject: head.Replace(subject)}
	if err := headerSafe("subject", m.Subject); err != nil {
		return Message{}, err
	}
	lines := make([]string, 0, min(len(a.Items), MaxAlertLines))
	for _, it := range a.Items[:min(len(a.Items), MaxAlertLines)] {
		if err := headerSafe("worker", it.Worker); err != nil {
			return Message{}, err
		}
		minutes := max(int(it.Threshold.Round(time.Minute)/time.Minute), 1)
		lines = append(lines, strings.NewReplacer(
			"{worker}", it.Worker, "{coin}", it.Coin, "{time}", it.At.In(loc).Format("2006-01-02 15:04")+" ("+loc.String()+")",
			"{threshold}", strings.ReplaceAll(t.Minutes, "{n}", strconv.Itoa(minutes)),
			"{hashrate}", it.HashRate, "{average}", it.Average, "{percent}", strconv.Itoa(it.Percent),
		).Replace(t.Lines[it.Kind]))
	}
	more := ""
	if n := len(a.Items) - len(lines); n > 0 {
		more = strings.ReplaceAll(t.More, "{n}", strconv.Itoa(n))
	}
	names := make([]string, 0, smsWorkers)
	for _, it := range a.Items[:min(len(a.Items), smsWorkers)] {
		names = append(names, it.Worker)
	}
	workers := strings.Join(names, t.Sep)
	if n := len(a.Items) - len(names); n > 0 {
		workers += " " + strings.ReplaceAll(t.More, "{n}", strconv.Itoa(n))
	}
	m.SMS = strings.TrimSpace(strings.NewReplacer("{sub}", a.SubAccount, "{day}", a.Day, "{summary}", summary, "{workers}", workers).Replace(sms))
	headLine := head.Replace(intro)
	var b strings.Builder
	b.WriteString(Brand + "\n\n" + headLine + "\n\n")
	for _, l := range lines {
		b.WriteString("- " + l + "\n")
	}
	if more != "" {
		b.WriteString(more + "\n")
	}
	b.WriteString("\n" + t.Manage + "\n\n-- \n" + catalog[lang].Footer + "\n")
	m.Text = b.String()
	html, err := renderEmailHTML(lang, m.Subject, catalog[lang].Footer, alertBody, alertPage{Intro: headLine, Lines: lines, More: more, Manage: t.Manage})
	if err != nil {
		return Message{}, fmt.Errorf("notify: render alert html: %w", err)
	}
	m.HTML = html
	return m, nil
}

// alertPage fills alertBody; html/template escapes every field.
type alertPage struct {
	Intro  string
	Lines  []string
	More   string
	Manage string
}

var alertBody = template.Must(template.New("alert").Parse(`<p style="margin:0 0 16px;">{{.Intro}}</p>
<ul style="margin:0 0 16px;padding-left:20px;">
{{range .Lines}}<li style="margin:0 0 8px;word-break:break-all;">{{.}}</li>
{{end}}</ul>
{{if .More}}<p style="margin:0 0 16px;">{{.More}}</p>
{{end}}<p style="margin:0;color:#646a73;font-size:13px;">{{.Manage}}</p>
`))

// SendAlert renders a and delivers it to a.To, which must be an email address.
func (s *SMTP) SendAlert(ctx context.Context, a Alert) error {
	if a.Channel != ChannelEmail {
		return fmt.Errorf("notify: smtp: channel %q is not %s", a.Channel, ChannelEmail)
	}
	to, err := parseRecipient(a.To)
	if err != nil {
		return err
	}
	msg, err := RenderAlert(a)
	if err != nil {
		return err
	}
	return s.send(ctx, to, msg)
}

// SendAlert renders a and posts its text message to the gateway; a.To is 11 mainland
// China digits.
func (g *SMSGateway) SendAlert(ctx context.Context, a Alert) error {
	if a.Channel != ChannelSMS {
		return fmt.Errorf("notify: sms gateway: channel %q is not %s", a.Channel, ChannelSMS)
	}
	to, err := e164CN(a.To)
	if err != nil {
		return err
	}
	msg, err := RenderAlert(a)
	if err != nil {
		return err
	}
	return g.post(ctx, to, msg)
}

// SendAlert checks a as the real senders would, then logs it and appends it to the outbox.
func (c *Console) SendAlert(ctx context.Context, a Alert) error {
	to, err := c.recipient(a.Channel, a.To)
	if err != nil {
		return err
	}
	msg, err := RenderAlert(a)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "=== %s %s -> %s (%s, alert %s)\n", c.now().Format(time.RFC3339), a.Channel, to, msg.Lang, a.SubAccount)
	if a.Channel == ChannelEmail {
		fmt.Fprintf(&b, "Subject: %s\nAlert: %s\n\n%s\n", msg.Subject, a.SubAccount, msg.Text)
	} else {
		fmt.Fprintf(&b, "Alert: %s\nText: %s\n\n", a.SubAccount, msg.SMS)
	}
	c.log.WarnContext(ctx, "notify: console sender, alert not delivered (development only)", "channel", a.Channel, "to", to,
		"subAccount", a.SubAccount, "subject", msg.Subject, "outbox", c.path)
	return c.write(b.String())
}
