package observer

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/alert"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/helpcenter"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/pool"
)

// Message kinds (docs/observer.md "Messages").
const (
	MsgDevicesOffline = "devicesOffline"  // devices of the link went offline (machine info)
	MsgDevicesOnline  = "devicesOnline"   // and came back (machine info)
	MsgEarnings       = "earningsSettled" // a day of a shared coin was settled (income info)
	MsgAnnouncement   = "announcement"    // the pool's announcements (every link)
	MsgAlert          = "alert"           // the owner's offline and hashrate alerts and their recoveries (machine info)
)

// The feed: the last 30 days, at most 300 messages, newest first.
const (
	MessagesKept    = pool.EventsKept
	MaxMessages     = 300
	maxNamedWorkers = 5 // workers a device message's summary names before "and n more"
)

// Message is one observer message in the observer's language.
type Message struct {
	ID      string
	Kind    string
	At      int64 // Unix ms: when the sweep saw it, the day was settled or the article published
	Coin    string
	Title   string
	Summary string // plain text
	Lang    string

	devices   []pool.DeviceEvent  // device kinds: the sweep's group
	alerts    []alert.Event       // alert: the job run's group
	day       earnings.SettledDay // earnings
	articleID int64               // announcement
}

// Messages makes a link's messages from the device sweep's events, the owner's alerts, the
// settled days and the announcements. It keeps no copy of its own: what a link is told follows its scope and
// flags as they are now, and an owner's edit changes the feed at once.
type Messages struct {
	Pool     *pool.Store
	Earnings *earnings.Store
	Help     *helpcenter.Store
	Coins    *coin.Store
	// Alerts are the owner's offline and hashrate alerts (docs/alerts.md); nil tells none.
	Alerts *alert.Store
}

// Feed is the link's messages of the last MessagesKept, newest first, at most MaxMessages.
func (m *Messages) Feed(ctx context.Context, l Link, lang string, now time.Time) ([]Message, error) {
	since := now.Add(-MessagesKept)
	var out []Message
	if l.Machine {
		events, err := m.Pool.DeviceEvents(ctx, l.Scope(), since)
		if err != nil {
			return nil, err
		}
		out = append(out, deviceMessages(events, lang)...)
		if m.Alerts != nil {
			alerts, err := m.Alerts.Events(ctx, l.Scope(), since)
			if err != nil {
				return nil, err
			}
			out = append(out, alertMessages(alerts, lang)...)
		}
	}
	if l.Income {
		days, err := m.Earnings.SettledSince(ctx, l.Scope(), since)
		if err != nil {
			return nil, err
		}
		coins, err := m.coins(ctx)
		if err != nil {
			return nil, err
		}
		for _, d := range days {
			out = append(out, earningsMessage(d, coins[d.Coin], lang))
		}
	}
	articles, _, err := m.Help.Published(ctx, helpcenter.KindAnnouncement, lang, 0, 1, MaxMessages)
	if err != nil {
		return nil, err
	}
	for _, a := range articles {
		if a.PublishedAt < since.UnixMilli() {
			break // newest first
		}
		out = append(out, Message{ID: MsgAnnouncement + "-" + strconv.FormatInt(a.ID, 10), Kind: MsgAnnouncement, At: a.PublishedAt,
			Title: a.Title, Summary: helpcenter.Summary(a.BodyMD), Lang: a.Lang, articleID: a.ID})
	}
	slices.SortStableFunc(out, func(a, b Message) int {
		if a.At != b.At {
			return int(b.At - a.At)
		}
		return strings.Compare(a.ID, b.ID)
	})
	if len(out) > MaxMessages {
		out = out[:MaxMessages]
	}
	return out, nil
}

func (m *Messages) coins(ctx context.Context) (map[string]coin.Coin, error) {
	list, err := m.Coins.List(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]coin.Coin, len(list))
	for _, c := range list {
		out[c.Type] = c
	}
	return out, nil
}

// deviceMessages groups events (newest first, then by id) into one message per sweep,
// kind, sub-account and coin; its id is the group's first event.
func deviceMessages(events []pool.DeviceEvent, lang string) []Message {
	type key struct {
		kind      string
		sub       int64
		coin      string
		noticedAt int64
	}
	index := map[key]int{}
	var out []Message
	for _, e := range events {
		k := key{e.Kind, e.SubAccountID, e.Coin, e.NoticedAt}
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			kind := MsgDevicesOffline
			if e.Kind == pool.EventOnline {
				kind = MsgDevicesOnline
			}
			out = append(out, Message{ID: "device-" + strconv.FormatInt(e.ID, 10), Kind: kind, At: e.NoticedAt, Coin: e.Coin, Lang: lang})
		}
		out[i].devices = append(out[i].devices, e)
	}
	for i := range out {
		out[i].Title, out[i].Summary = deviceTexts(out[i], lang)
	}
	return out
}

// deviceTexts are a device message's title and summary.
func deviceTexts(msg Message, lang string) (title, summary string) {
	first := msg.devices[0]
	n := len(msg.devices)
	key := "observer.msg." + msg.Kind
	if n == 1 {
		title = fill(lang, key+".one", map[string]string{"worker": first.Worker})
	} else {
		title = fill(lang, key+".many", map[string]string{"count": strconv.Itoa(n), "sub": first.SubAccount})
	}
	names := make([]string, 0, maxNamedWorkers)
	for _, e := range msg.devices[:min(n, maxNamedWorkers)] {
		names = append(names, e.Worker)
	}
	workers := strings.Join(names, ", ")
	if n > maxNamedWorkers {
		workers += " " + fill(lang, "observer.msg.more", map[string]string{"count": strconv.Itoa(n - maxNamedWorkers)})
	}
	summary = fill(lang, "observer.msg.devices.summary", map[string]string{"coin": first.Coin, "sub": first.SubAccount, "workers": workers})
	return title, summary
}

// alertMessages groups alert events (newest first, then by id) into one message per job
// run, event kind, sub-account and coin, in the style of the device messages; its id is the
// group's first event.
func alertMessages(events []alert.Event, lang string) []Message {
	type key struct {
		kind      string
		sub       int64
		coin      string
		noticedAt int64
	}
	index := map[key]int{}
	var out []Message
	for _, e := range events {
		k := key{e.Kind, e.SubAccountID, e.Coin, e.NoticedAt}
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, Message{ID: MsgAlert + "-" + strconv.FormatInt(e.ID, 10), Kind: MsgAlert, At: e.NoticedAt, Coin: e.Coin, Lang: lang})
		}
		out[i].alerts = append(out[i].alerts, e)
	}
	for i := range out {
		out[i].Title, out[i].Summary = alertTexts(out[i], lang)
	}
	return out
}

// alertTexts are an alert message's title and summary.
func alertTexts(msg Message, lang string) (title, summary string) {
	first := msg.alerts[0]
	n := len(msg.alerts)
	key := "observer.msg.alert." + first.Kind
	if n == 1 {
		title = fill(lang, key+".one", map[string]string{"worker": first.Worker, "percent": strconv.Itoa(first.Percent)})
	} else {
		title = fill(lang, key+".many", map[string]string{"count": strconv.Itoa(n), "sub": first.SubAccount})
	}
	names := make([]string, 0, maxNamedWorkers)
	for _, e := range msg.alerts[:min(n, maxNamedWorkers)] {
		names = append(names, e.Worker)
	}
	workers := strings.Join(names, ", ")
	if n > maxNamedWorkers {
		workers += " " + fill(lang, "observer.msg.more", map[string]string{"count": strconv.Itoa(n - maxNamedWorkers)})
	}
	summary = fill(lang, "observer.msg.devices.summary", map[string]string{"coin": first.Coin, "sub": first.SubAccount, "workers": workers})
	return title, summary
}

func earningsMessage(d earnings.SettledDay, c coin.Coin, lang string) Message {
	unit := c.ChainUnit
	if unit == "" {
		unit = d.Coin
	}
	params := map[string]string{"coin": d.Coin, "day": string(d.Day), "amount": chain.FormatAmount(d.Amount, c.Decimals),
		"unit": unit, "count": strconv.Itoa(d.SubAccounts)}
	summaryKey := "observer.msg.earningsSettled.summary.many"
	if d.SubAccounts == 1 {
		summaryKey = "observer.msg.earningsSettled.summary.one"
	}
	return Message{ID: MsgEarnings + "-" + d.Coin + "-" + string(d.Day), Kind: MsgEarnings, At: d.SettledAt, Coin: d.Coin, Lang: lang,
		Title: fill(lang, "observer.msg.earningsSettled.title", params), Summary: fill(lang, summaryKey, params), day: d}
}

// fill translates key and fills its {name} placeholders with values as they are: worker
// names and codes come from miners, so they are never looked up as message keys (i18n.T
// would translate a value that happens to be one).
func fill(lang, key string, params map[string]string) string {
	msg := i18n.T(lang, key, nil)
	pairs := make([]string, 0, len(params)*2)
	for k, v := range params {
		pairs = append(pairs, "{"+k+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(msg)
}

// messageIDPattern is what a message id looks like; anything else is refused before a read.
var messageIDPattern = regexp.MustCompile(`^(device-[1-9][0-9]{0,18}|alert-[1-9][0-9]{0,18}|announcement-[1-9][0-9]{0,18}|earningsSettled-[A-Za-z0-9_]{1,20}-[0-9]{4}-[0-9]{2}-[0-9]{2})$`)

// read says whether the link has read msg.
func read(l Link, marks map[string]bool, msg Message) bool {
	return msg.At <= l.ReadThrough || marks[msg.ID]
}

// messageRow is a message in the list (the help centre's row, with kind, coin and read).
type messageRow struct {
	ID          string `json:"id"`
	Kind        string `json:"kind"`
	Coin        string `json:"coin"`
	Title       string `json:"title"`
	Summary     string `json:"summary"`
	PublishedAt int64  `json:"publishedAt"`
	Lang        string `json:"lang"`
	Read        bool   `json:"read"`
}

func rowOf(l Link, marks map[string]bool, msg Message) messageRow {
	return messageRow{ID: msg.ID, Kind: msg.Kind, Coin: msg.Coin, Title: msg.Title, Summary: msg.Summary,
		PublishedAt: msg.At, Lang: msg.Lang, Read: read(l, marks, msg)}
}

// feedOf is the current request's link, its feed and its read marks.
func (h *Handler) feedOf(r *http.Request) (Link, []Message, map[string]bool, error) {
	l := r.Context().Value(linkKey{}).(Link)
	feed, err := h.Messages.Feed(r.Context(), l, httpx.Lang(r), h.now())
	if err != nil {
		return l, nil, nil, err
	}
	marks, err := h.Store.ReadMarks(r.Context(), l.ID)
	return l, feed, marks, err
}

func unreadCount(l Link, marks map[string]bool, feed []Message) int {
	n := 0
	for _, msg := range feed {
		if !read(l, marks, msg) {
			n++
		}
	}
	return n
}

// messageList: GET /api/pc/v1/helpPage/observer/message/list?page&pageSize.
func (h *Handler) messageList(w http.ResponseWriter, r *http.Request) error {
	page, size, err := httpx.Paging(r.URL.Query(), "observer.field.page", "observer.field.pageSize")
	if err != nil {
		return err
	}
	l, feed, marks, err := h.feedOf(r)
	if err != nil {
		return err
	}
	rows := []messageRow{}
	for i := (page - 1) * size; i < len(feed) && len(rows) < size; i++ {
		rows = append(rows, rowOf(l, marks, feed[i]))
	}
	return httpx.OK(w, r, map[string]any{"total": len(feed), "page": page, "pageSize": size, "rows": rows,
		"unReadCount": unreadCount(l, marks, feed)})
}

// messageInfo: GET /api/pc/v1/helpPage/observer/message/info?showContent. data.unReadCount
// is the red marker (SPEC section 8); with showContent=true, latest is the newest unread
// message (null when none), for a page that shows it as a banner.
func (h *Handler) messageInfo(w http.ResponseWriter, r *http.Request) error {
	l, feed, marks, err := h.feedOf(r)
	if err != nil {
		return err
	}
	out := map[string]any{"unReadCount": unreadCount(l, marks, feed)}
	if show, _ := strconv.ParseBool(r.URL.Query().Get("showContent")); show {
		var latest *messageRow
		for _, msg := range feed {
			if !read(l, marks, msg) {
				row := rowOf(l, marks, msg)
				latest = &row
				break
			}
		}
		out["latest"] = latest
	}
	return httpx.OK(w, r, out)
}

// messageReadAll: POST /api/pc/v1/helpPage/observer/message/readAll.
func (h *Handler) messageReadAll(w http.ResponseWriter, r *http.Request) error {
	l := r.Context().Value(linkKey{}).(Link)
	if err := h.Store.ReadAll(r.Context(), l.ID, h.now()); err != nil {
		return err
	}
	return httpx.OKMessage(w, r, "observer.msg.allRead", map[string]int{"unReadCount": 0})
}

// deviceView is one device of a device message.
type deviceView struct {
	Worker     string `json:"worker"`
	SubAccount string `json:"subAccount"`
	Since      int64  `json:"since"` // offline: last sign of life; online: back since (Unix ms)
}

// alertView is one worker of an alert message.
type alertView struct {
	Worker     string         `json:"worker"`
	SubAccount string         `json:"subAccount"`
	Kind       string         `json:"kind"`  // offline, online, hashrateLow or hashrateBack
	Since      int64          `json:"since"` // offline: last accepted share; online: back at; hashrate: measured at (Unix ms)
	HashRate   *hashrate.Rate `json:"hashRate"`
	Average    *hashrate.Rate `json:"average"`
	Percent    int            `json:"percent"`
}

// earningsView is the settled day of an earnings message, per sub-account.
type earningsView struct {
	Coin        string            `json:"coin"`
	Unit        string            `json:"unit"`
	Day         string            `json:"day"`
	Amount      string            `json:"amount"`
	SubAccounts int               `json:"subAccounts"`
	Rows        []earningsRowView `json:"rows"`
}

type earningsRowView struct {
	SubAccount string        `json:"subAccount"`
	HashRate   hashrate.Rate `json:"hashRate"`
	Amount     string        `json:"amount"`
}

// messageDetail: GET /api/pc/v1/helpPage/observer/message/detail?messageid. Opening a
// message marks it read for the link. A message outside the link's feed (another scope,
// a flag turned off, older than the feed) is not found.
func (h *Handler) messageDetail(w http.ResponseWriter, r *http.Request) error {
	id := strings.TrimSpace(r.URL.Query().Get("messageid"))
	if id == "" {
		return httpx.Required("observer.field.messageid")
	}
	if !messageIDPattern.MatchString(id) {
		return httpx.Invalid("observer.field.messageid")
	}
	l, feed, marks, err := h.feedOf(r)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(feed, func(m Message) bool { return m.ID == id })
	if i < 0 {
		return httpx.NotFound("observer.msg.notFound")
	}
	msg := feed[i]
	out := map[string]any{"id": msg.ID, "kind": msg.Kind, "coin": msg.Coin, "title": msg.Title, "summary": msg.Summary,
		"publishedAt": msg.At, "lang": msg.Lang, "read": true, "prevId": nil, "nextId": nil}
	if i > 0 {
		out["prevId"] = feed[i-1].ID
	}
	if i+1 < len(feed) {
		out["nextId"] = feed[i+1].ID
	}
	ctx := r.Context()
	switch msg.Kind {
	case MsgDevicesOffline, MsgDevicesOnline:
		list := make([]deviceView, len(msg.devices))
		for j, e := range msg.devices {
			list[j] = deviceView{Worker: e.Worker, SubAccount: e.SubAccount, Since: e.Since}
		}
		out["devices"] = list
	case MsgAlert:
		list := make([]alertView, len(msg.alerts))
		for j, e := range msg.alerts {
			v := alertView{Worker: e.Worker, SubAccount: e.SubAccount, Kind: e.Kind, Since: e.Since, Percent: e.Percent}
			if e.Kind == alert.KindHashrateLow || e.Kind == alert.KindHashrateBack {
				hr, avg := hashrate.New(e.HashRate), hashrate.New(e.Average)
				v.HashRate, v.Average = &hr, &avg
			}
			list[j] = v
		}
		out["alerts"] = list
	case MsgEarnings:
		view, err := h.earningsDay(ctx, l, msg.day)
		if err != nil {
			return err
		}
		out["earnings"] = view
	case MsgAnnouncement:
		e, _, err := h.Messages.Help.PublishedOne(ctx, helpcenter.KindAnnouncement, httpx.Lang(r), msg.articleID)
		if errors.Is(err, db.ErrNotFound) {
			return httpx.NotFound("observer.msg.notFound")
		}
		if err != nil {
			return err
		}
		body, err := content.RenderMarkdown(e.BodyMD)
		if err != nil {
			return err
		}
		out["html"] = string(body)
	}
	if !read(l, marks, msg) {
		if err := h.Store.MarkRead(ctx, l.ID, msg.ID, h.now()); err != nil {
			return err
		}
	}
	return httpx.OK(w, r, out)
}

func (h *Handler) earningsDay(ctx context.Context, l Link, d earnings.SettledDay) (earningsView, error) {
	c, err := h.Messages.Coins.Get(ctx, d.Coin)
	if err != nil {
		return earningsView{}, err
	}
	rows, err := h.Messages.Earnings.DayLog(ctx, l.Scope(), d.Coin, d.Day)
	if err != nil {
		return earningsView{}, err
	}
	codes, err := h.subCodes(ctx, l.UserID)
	if err != nil {
		return earningsView{}, err
	}
	view := earningsView{Coin: d.Coin, Unit: c.ChainUnit, Day: string(d.Day), Amount: chain.FormatAmount(d.Amount, c.Decimals),
		SubAccounts: d.SubAccounts, Rows: make([]earningsRowView, len(rows))}
	for i, x := range rows {
		view.Rows[i] = earningsRowView{SubAccount: codes[x.SubAccountID], HashRate: hashrate.New(x.Hashrate),
			Amount: chain.FormatAmount(x.Amount, c.Decimals)}
	}
	return view, nil
}
