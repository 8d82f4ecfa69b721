package app

import (
	"context"
	"fmt"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/helpcenter"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// demoArticle is a published help centre article of the demo, in every language.
type demoArticle struct {
	kind    string
	daysAgo int // published this many days before the seed, so lists show real dates
	sort    int // FAQ order
	// texts holds title and Markdown body per language.
	texts map[string][2]string
}

// seedDemoHelp publishes the demo's announcements, FAQ entries and notices, each kind
// only when the pool has none of that kind yet, so a restart adds nothing and an
// operator's own articles are never joined by demo ones.
func seedDemoHelp(ctx context.Context, d *db.DB) error {
	now := time.Now()
	for _, kind := range helpcenter.Kinds {
		existing, err := (&helpcenter.Store{DB: d}).All(ctx, kind)
		if err != nil {
			return err
		}
		if len(existing) > 0 {
			continue
		}
		for _, a := range demoArticles() {
			if a.kind != kind {
				continue
			}
			// The clock stamps creation and first publication: back-date both.
			at := now.Add(-time.Duration(a.daysAgo) * 24 * time.Hour)
			s := &helpcenter.Store{DB: d, Now: func() time.Time { return at }}
			if err := seedDemoArticle(ctx, s, a); err != nil {
				return err
			}
		}
	}
	return nil
}

func seedDemoArticle(ctx context.Context, s *helpcenter.Store, a demoArticle) error {
	var id int64
	for _, lang := range i18n.Languages {
		t, ok := a.texts[lang]
		if !ok {
			return fmt.Errorf("demo %s %q: no %s text", a.kind, a.texts["en_US"][0], lang)
		}
		tr := helpcenter.Translation{Lang: lang, Title: t[0], BodyMD: t[1]}
		if err := helpcenter.ValidateTranslation(tr); err != nil {
			return fmt.Errorf("demo %s %q %s: %w", a.kind, a.texts["en_US"][0], lang, err)
		}
		var err error
		if id == 0 {
			id, err = s.Create(ctx, audit.CLI, a.kind, tr)
		} else {
			err = s.PutTranslation(ctx, audit.CLI, a.kind, id, tr)
		}
		if err != nil {
			return fmt.Errorf("demo %s: %w", a.kind, err)
		}
	}
	if a.kind == helpcenter.KindFAQ {
		if err := s.SetSortOrder(ctx, audit.CLI, a.kind, id, a.sort); err != nil {
			return fmt.Errorf("demo faq: %w", err)
		}
	}
	if err := s.SetPublished(ctx, audit.CLI, a.kind, id, true, ""); err != nil {
		return fmt.Errorf("demo %s: %w", a.kind, err)
	}
	return nil
}

// demoArticles are the demo's articles, oldest first within each kind (announcements and
// notices are listed newest first). The facts are this pool's: docs/mining.md and the
// demo coins in demo.go.
func demoArticles() []demoArticle {
	return []demoArticle{
		// Announcements.
		{kind: helpcenter.KindAnnouncement, daysAgo: 21, texts: map[string][2]string{
			"en_US": {"Uniplus Pool is open: Aleo, Iron Fish, Kaspa and Bitcoin", `Uniplus Pool now accepts miners for four coins, each on its own stratum port:

| Coin | Port |
|---|---|
| Aleo (ALEO) | 1234 |
| Iron Fish (IRON) | 1235 |
| Kaspa (KAS) | 1236 |
| Bitcoin (BTC) | 1237 |

Every coin pays by **PPS** (pay per share): each accepted share earns its value at the share's difficulty, whether or not the pool finds the next block. Earnings are settled once a day at 08:00 Beijing time.

To start, sign up, create a sub-account and point your miner at ` + "`stratum+tcp://<pool host>:<port>`" + ` with the worker name ` + "`<sub-account>.<rig name>`" + `. The FAQ explains each step.`},
			"zh_CN": {"Uniplus 矿池正式开放：Aleo、Iron Fish、Kaspa 和比特币", `Uniplus 矿池现已支持四个币种，每个币种使用独立的 stratum 端口：

| 币种 | 端口 |
|---|---|
| Aleo (ALEO) | 1234 |
| Iron Fish (IRON) | 1235 |
| Kaspa (KAS) | 1236 |
| 比特币 (BTC) | 1237 |

所有币种均采用 **PPS**（按份额付费）结算：每个被接受的份额按其难度计算收益，与矿池是否挖到下一个区块无关。收益每天北京时间 08:00 结算一次。

开始挖矿：注册账户，创建子账户，然后将矿机指向 ` + "`stratum+tcp://<矿池地址>:<端口>`" + `，矿工名填写 ` + "`<子账户>.<矿机名>`" + `。每一步的说明请见常见问题。`},
			"zh_HK": {"Uniplus 礦池正式開放：Aleo、Iron Fish、Kaspa 和比特幣", `Uniplus 礦池現已支援四個幣種，每個幣種使用獨立的 stratum 端口：

| 幣種 | 端口 |
|---|---|
| Aleo (ALEO) | 1234 |
| Iron Fish (IRON) | 1235 |
| Kaspa (KAS) | 1236 |
| 比特幣 (BTC) | 1237 |

所有幣種均採用 **PPS**（按份額付費）結算：每個被接受的份額按其難度計算收益，與礦池是否挖到下一個區塊無關。收益每天北京時間 08:00 結算一次。

開始挖礦：註冊帳戶，建立子帳戶，然後將礦機指向 ` + "`stratum+tcp://<礦池地址>:<端口>`" + `，礦工名填寫 ` + "`<子帳戶>.<礦機名>`" + `。每一步的說明請見常見問題。`},
			"ko_KR": {"Uniplus 풀 오픈: Aleo, Iron Fish, Kaspa, 비트코인", `Uniplus 풀은 이제 네 가지 코인의 채굴을 받으며, 코인마다 별도의 stratum 포트를 씁니다.

| 코인 | 포트 |
|---|---|
| Aleo (ALEO) | 1234 |
| Iron Fish (IRON) | 1235 |
| Kaspa (KAS) | 1236 |
| 비트코인 (BTC) | 1237 |

모든 코인은 **PPS**(셰어당 지급) 방식입니다. 승인된 셰어마다 그 난이도만큼의 수익이 쌓이며, 풀이 다음 블록을 찾는지와는 상관이 없습니다. 수익은 매일 베이징 시간 08:00에 한 번 정산됩니다.

시작하려면 가입 후 하위 계정을 만들고, 채굴기를 ` + "`stratum+tcp://<풀 주소>:<포트>`" + `에 연결하고 워커 이름을 ` + "`<하위 계정>.<채굴기 이름>`" + `으로 설정하세요. 단계별 설명은 자주 묻는 질문에 있습니다.`},
		}},
		{kind: helpcenter.KindAnnouncement, daysAgo: 9, texts: map[string][2]string{
			"en_US": {"Daily settlement at 08:00 Beijing time", `Earnings for every coin are settled **once a day at 08:00 Beijing time** (00:00 UTC).

- A settlement covers the accepted shares of the 24 hours before it, each paid at its difficulty (PPS) after the pool fee.
- Shares from devices that are not bound to a sub-account earn nothing: check the device list after adding a rig.
- Settled amounts appear in the earnings overview and add to your asset balance for withdrawal.

If a settlement is delayed, for example while a coin's node is maintained, an announcement here will say so.`},
			"zh_CN": {"每日北京时间 08:00 结算", `所有币种的收益**每天北京时间 08:00（UTC 00:00）结算一次**。

- 每次结算覆盖此前 24 小时内被接受的份额，每个份额按其难度（PPS）扣除矿池费率后计算。
- 未绑定子账户的设备提交的份额没有收益：添加矿机后请检查设备列表。
- 结算金额会显示在收益概览中，并计入您的资产余额，可用于提现。

如结算延迟（例如币种节点维护期间），我们会在此发布公告。`},
			"zh_HK": {"每日北京時間 08:00 結算", `所有幣種的收益**每天北京時間 08:00（UTC 00:00）結算一次**。

- 每次結算涵蓋此前 24 小時內被接受的份額，每個份額按其難度（PPS）扣除礦池費率後計算。
- 未綁定子帳戶的裝置提交的份額沒有收益：加入礦機後請檢查裝置列表。
- 結算金額會顯示在收益概覽中，並計入您的資產餘額，可用於提現。

如結算延遲（例如幣種節點維護期間），我們會在此發佈公告。`},
			"ko_KR": {"매일 베이징 시간 08:00 정산", `모든 코인의 수익은 **매일 베이징 시간 08:00(UTC 00:00)에 한 번** 정산됩니다.

- 정산은 직전 24시간 동안 승인된 셰어를 대상으로 하며, 각 셰어는 난이도에 따라(PPS) 풀 수수료를 뺀 금액으로 계산됩니다.
- 하위 계정에 연결되지 않은 장비의 셰어에는 수익이 없습니다. 채굴기를 추가한 뒤 장비 목록을 확인하세요.
- 정산 금액은 수익 개요에 표시되고 자산 잔액에 더해져 출금할 수 있습니다.

코인 노드 점검 등으로 정산이 늦어지면 여기 공지로 알려 드립니다.`},
		}},
		{kind: helpcenter.KindAnnouncement, daysAgo: 2, texts: map[string][2]string{
			"en_US": {"Litecoin is coming: listed now, mining opens after the merged-mining upgrade", `Litecoin (LTC) now appears in the coin list on the home page, marked as not yet open.

Mining opens once the pool's merged-mining upgrade is complete. Until then the LTC calculator stays closed and there is no stratum port for LTC.

We will publish the opening date and the stratum port here. Nothing changes for Aleo, Iron Fish, Kaspa or Bitcoin.`},
			"zh_CN": {"莱特币即将上线：已列出，合并挖矿升级后开放", `莱特币（LTC）现已出现在首页的币种列表中，标记为尚未开放。

矿池完成合并挖矿升级后即开放挖矿。在此之前，LTC 的计算器保持关闭，也没有 LTC 的 stratum 端口。

开放日期和 stratum 端口将在此公布。Aleo、Iron Fish、Kaspa 和比特币不受影响。`},
			"zh_HK": {"萊特幣即將上線：已列出，合併挖礦升級後開放", `萊特幣（LTC）現已出現在首頁的幣種列表中，標示為尚未開放。

礦池完成合併挖礦升級後即開放挖礦。在此之前，LTC 的計算器保持關閉，也沒有 LTC 的 stratum 端口。

開放日期和 stratum 端口將在此公佈。Aleo、Iron Fish、Kaspa 和比特幣不受影響。`},
			"ko_KR": {"라이트코인 상장 예정: 목록 공개, 병합 채굴 업그레이드 후 오픈", `라이트코인(LTC)이 이제 홈 페이지의 코인 목록에 '아직 오픈 전'으로 표시됩니다.

풀의 병합 채굴 업그레이드가 끝나면 채굴이 열립니다. 그때까지 LTC 계산기는 닫혀 있고 LTC용 stratum 포트도 없습니다.

오픈 날짜와 stratum 포트는 여기에서 알려 드립니다. Aleo, Iron Fish, Kaspa, 비트코인은 달라지는 것이 없습니다.`},
		}},

		// FAQ, in reading order.
		{kind: helpcenter.KindFAQ, daysAgo: 21, sort: 10, texts: map[string][2]string{
			"en_US": {"How do I connect my miner to the pool?", `1. Sign up and log in.
2. Create a **sub-account**: it groups your rigs and receives their earnings.
3. In your mining software, set the pool address to ` + "`stratum+tcp://<pool host>:<port>`" + `, using the port of the coin you mine (Aleo 1234, Iron Fish 1235, Kaspa 1236, Bitcoin 1237).
4. Set the worker name to ` + "`<sub-account>.<rig name>`" + `, for example ` + "`farm1.rig01`" + `. Any password is accepted.

The rig appears in your device list as soon as it logs in to the pool.`},
			"zh_CN": {"如何把矿机接入矿池？", `1. 注册并登录。
2. 创建一个**子账户**：它用于归组您的矿机并接收收益。
3. 在挖矿软件中把矿池地址设为 ` + "`stratum+tcp://<矿池地址>:<端口>`" + `，端口按所挖币种选择（Aleo 1234、Iron Fish 1235、Kaspa 1236、比特币 1237）。
4. 矿工名设为 ` + "`<子账户>.<矿机名>`" + `，例如 ` + "`farm1.rig01`" + `。密码可任意填写。

矿机登录矿池后，会立即出现在您的设备列表中。`},
			"zh_HK": {"如何把礦機接入礦池？", `1. 註冊並登入。
2. 建立一個**子帳戶**：它用於歸組您的礦機並接收收益。
3. 在挖礦軟件中把礦池地址設為 ` + "`stratum+tcp://<礦池地址>:<端口>`" + `，端口按所挖幣種選擇（Aleo 1234、Iron Fish 1235、Kaspa 1236、比特幣 1237）。
4. 礦工名設為 ` + "`<子帳戶>.<礦機名>`" + `，例如 ` + "`farm1.rig01`" + `。密碼可任意填寫。

礦機登入礦池後，會立即出現在您的裝置列表中。`},
			"ko_KR": {"채굴기를 풀에 어떻게 연결하나요?", `1. 가입하고 로그인합니다.
2. **하위 계정**을 만듭니다. 하위 계정은 채굴기를 묶고 그 수익을 받습니다.
3. 채굴 소프트웨어에서 풀 주소를 ` + "`stratum+tcp://<풀 주소>:<포트>`" + `로 설정합니다. 포트는 채굴하는 코인에 맞춥니다(Aleo 1234, Iron Fish 1235, Kaspa 1236, 비트코인 1237).
4. 워커 이름을 ` + "`<하위 계정>.<채굴기 이름>`" + `으로 설정합니다. 예: ` + "`farm1.rig01`" + `. 비밀번호는 아무 값이나 됩니다.

채굴기가 풀에 로그인하면 바로 장비 목록에 나타납니다.`},
		}},
		{kind: helpcenter.KindFAQ, daysAgo: 21, sort: 20, texts: map[string][2]string{
			"en_US": {"What is a valid worker name?", `A worker name has two parts joined by a dot: ` + "`<sub-account>.<suffix>`" + `.

- The **sub-account** must exist in your account, spelled exactly as shown in the sub-account list.
- The **suffix** names the rig: 1 to 15 letters, digits, ` + "`_`" + ` or ` + "`-`" + `.

A name with an unknown sub-account or a bad suffix is refused when the miner logs in, and the miner's log shows the reason. Give each rig its own suffix so that you can tell them apart in the device list.`},
			"zh_CN": {"什么样的矿工名是有效的？", `矿工名由一个点连接两部分组成：` + "`<子账户>.<后缀>`" + `。

- **子账户**必须存在于您的账户中，拼写与子账户列表中显示的完全一致。
- **后缀**用于命名矿机：1 到 15 个字母、数字、` + "`_`" + ` 或 ` + "`-`" + `。

子账户不存在或后缀不合规的矿工名会在矿机登录时被拒绝，矿机日志会显示原因。请为每台矿机设置不同的后缀，以便在设备列表中区分。`},
			"zh_HK": {"甚麼樣的礦工名是有效的？", `礦工名由一個點連接兩部分組成：` + "`<子帳戶>.<後綴>`" + `。

- **子帳戶**必須存在於您的帳戶中，拼寫與子帳戶列表中顯示的完全一致。
- **後綴**用於命名礦機：1 至 15 個字母、數字、` + "`_`" + ` 或 ` + "`-`" + `。

子帳戶不存在或後綴不合規的礦工名會在礦機登入時被拒絕，礦機日誌會顯示原因。請為每部礦機設定不同的後綴，以便在裝置列表中區分。`},
			"ko_KR": {"올바른 워커 이름은 무엇인가요?", `워커 이름은 점으로 이어진 두 부분입니다: ` + "`<하위 계정>.<접미사>`" + `.

- **하위 계정**은 내 계정에 있어야 하며, 하위 계정 목록에 표시된 철자와 정확히 같아야 합니다.
- **접미사**는 채굴기 이름입니다. 영문자, 숫자, ` + "`_`" + `, ` + "`-`" + `로 1~15자입니다.

없는 하위 계정이나 잘못된 접미사를 쓴 이름은 채굴기가 로그인할 때 거부되며, 채굴기 로그에 이유가 표시됩니다. 장비 목록에서 구분할 수 있도록 채굴기마다 다른 접미사를 쓰세요.`},
		}},
		{kind: helpcenter.KindFAQ, daysAgo: 21, sort: 30, texts: map[string][2]string{
			"en_US": {"How and when am I paid?", `The pool pays by **PPS** (pay per share). Every accepted share earns a fixed amount for its difficulty, so your income follows your hashrate and not the pool's luck in finding blocks.

Earnings are settled **daily at 08:00 Beijing time** for the previous 24 hours, after each coin's pool fee. The calculator on the home page estimates daily income for a given hashrate with the same rule.`},
			"zh_CN": {"收益如何计算、何时发放？", `矿池采用 **PPS**（按份额付费）。每个被接受的份额按其难度获得固定收益，因此您的收入取决于您的算力，而不取决于矿池出块的运气。

收益在**每天北京时间 08:00** 按此前 24 小时结算，并扣除各币种的矿池费率。首页的计算器按同样的规则估算给定算力的每日收益。`},
			"zh_HK": {"收益如何計算、何時發放？", `礦池採用 **PPS**（按份額付費）。每個被接受的份額按其難度獲得固定收益，因此您的收入取決於您的算力，而不取決於礦池出塊的運氣。

收益在**每天北京時間 08:00** 按此前 24 小時結算，並扣除各幣種的礦池費率。首頁的計算器按同樣的規則估算指定算力的每日收益。`},
			"ko_KR": {"수익은 어떻게, 언제 지급되나요?", `풀은 **PPS**(셰어당 지급) 방식입니다. 승인된 셰어마다 난이도에 따른 고정 금액이 쌓이므로, 수입은 풀이 블록을 찾는 운이 아니라 내 해시레이트를 따릅니다.

수익은 **매일 베이징 시간 08:00**에 직전 24시간분이 정산되며, 코인별 풀 수수료가 빠집니다. 홈 페이지의 계산기는 같은 규칙으로 해시레이트별 일일 수익을 추정합니다.`},
		}},
		{kind: helpcenter.KindFAQ, daysAgo: 21, sort: 40, texts: map[string][2]string{
			"en_US": {"Why does my device show as offline, and where did it go?", `A device is **offline** when the pool has received no share and no agent report from it for **10 minutes**. Common causes: the rig lost its network, the mining software stopped, or the pool address or port changed.

After **3 days** offline the device is removed from the list; you can also remove an offline device yourself, or all of them at once, from the device list. If the rig connects again later, it is added as a new device with the same worker name, so its history starts fresh.

A device is **abnormal** when its agent reports a GPU down or the miner not running, even though shares may still arrive.`},
			"zh_CN": {"为什么设备显示离线？设备去哪了？", `矿池在 **10 分钟**内没有收到设备的任何份额和代理上报时，设备显示为**离线**。常见原因：矿机断网、挖矿软件停止，或矿池地址、端口被改动。

离线满 **3 天**后，设备会从列表中移除；您也可以在设备列表中自行移除某台离线设备，或一次移除全部离线设备。之后矿机若再次连接，会以相同矿工名作为新设备加入，历史记录重新开始。

如果设备代理上报有显卡掉线或挖矿程序未运行，即使仍有份额，设备也会显示为**异常**。`},
			"zh_HK": {"為甚麼裝置顯示離線？裝置去了哪裏？", `礦池在 **10 分鐘**內沒有收到裝置的任何份額和代理上報時，裝置顯示為**離線**。常見原因：礦機斷網、挖礦軟件停止，或礦池地址、端口被改動。

離線滿 **3 天**後，裝置會從列表中移除；您也可以在裝置列表中自行移除某部離線裝置，或一次移除全部離線裝置。之後礦機若再次連接，會以相同礦工名作為新裝置加入，歷史記錄重新開始。

如果裝置代理上報有顯示卡掉線或挖礦程式未運行，即使仍有份額，裝置也會顯示為**異常**。`},
			"ko_KR": {"장비가 오프라인으로 표시되거나 사라진 이유는 무엇인가요?", `풀이 **10분** 동안 장비로부터 셰어도 에이전트 보고도 받지 못하면 장비는 **오프라인**이 됩니다. 흔한 원인: 채굴기의 네트워크 끊김, 채굴 소프트웨어 중지, 풀 주소나 포트 변경.

오프라인이 **3일** 지나면 장비는 목록에서 삭제됩니다. 장비 목록에서 오프라인 장비를 직접 하나씩 또는 한 번에 모두 삭제할 수도 있습니다. 이후 채굴기가 다시 연결되면 같은 워커 이름의 새 장비로 추가되며 기록은 새로 시작됩니다.

셰어가 들어오더라도 에이전트가 GPU 고장이나 채굴 프로그램 중지를 보고하면 장비는 **이상**으로 표시됩니다.`},
		}},
		{kind: helpcenter.KindFAQ, daysAgo: 21, sort: 50, texts: map[string][2]string{
			"en_US": {"I did not get a verification code. What can I do?", `- Wait for the countdown: a new code to the same phone or email can be sent **60 seconds** after the last one.
- Check the spam folder for email codes, and that the address or number is typed correctly (phone numbers are 11 digits).
- A code has **6 digits** and is valid for 10 minutes; requesting a new one retires the old one.
- After several wrong codes the code stops working: request a new one.

Up to 10 codes an hour can be sent to one address. If none arrives, use the contact form on the home page.`},
			"zh_CN": {"收不到验证码怎么办？", `- 请等待倒计时：同一手机号或邮箱在上次发送 **60 秒**后才能再次发送。
- 邮箱验证码请检查垃圾邮件，并确认地址或号码填写正确（手机号为 11 位）。
- 验证码为 **6 位数字**，10 分钟内有效；重新获取后旧验证码失效。
- 多次输错后验证码会失效，请重新获取。

同一地址每小时最多发送 10 次。如果一直收不到，请通过首页的联系表单联系我们。`},
			"zh_HK": {"收不到驗證碼怎麼辦？", `- 請等待倒數：同一手機號碼或電郵在上次發送 **60 秒**後才能再次發送。
- 電郵驗證碼請檢查垃圾郵件，並確認地址或號碼填寫正確（手機號碼為 11 位）。
- 驗證碼為 **6 位數字**，10 分鐘內有效；重新獲取後舊驗證碼失效。
- 多次輸錯後驗證碼會失效，請重新獲取。

同一地址每小時最多發送 10 次。如果一直收不到，請透過首頁的聯絡表格聯絡我們。`},
			"ko_KR": {"인증 코드를 받지 못했어요. 어떻게 하나요?", `- 카운트다운을 기다리세요. 같은 휴대폰 번호나 이메일로는 마지막 발송 **60초** 후에 다시 보낼 수 있습니다.
- 이메일 코드는 스팸함을 확인하고, 주소나 번호를 바르게 입력했는지 확인하세요(휴대폰 번호는 11자리).
- 코드는 **6자리 숫자**이며 10분간 유효합니다. 새 코드를 요청하면 이전 코드는 무효가 됩니다.
- 여러 번 틀리면 코드가 더 이상 작동하지 않으니 새 코드를 요청하세요.

한 주소로는 시간당 최대 10개까지 보낼 수 있습니다. 그래도 오지 않으면 홈 페이지의 문의 양식을 이용하세요.`},
		}},
		{kind: helpcenter.KindFAQ, daysAgo: 21, sort: 60, texts: map[string][2]string{
			"en_US": {"Why is the pool's hashrate different from my miner's?", `The pool measures hashrate from the shares it accepts: the sum of their difficulty over time. The **real-time** figure covers the last 15 minutes and the daily figure the last 24 hours.

Shares arrive at random, so over 15 minutes the pool's figure moves a few percent around what your miner reports; over 24 hours they should agree closely. A lasting gap usually means rejected or stale shares: check the miner's log for rejects and its network latency to the pool.`},
			"zh_CN": {"为什么矿池显示的算力与矿机显示的不同？", `矿池根据接受的份额计算算力：一段时间内份额难度之和。**实时**算力按最近 15 分钟计算，日算力按最近 24 小时计算。

份额的到达是随机的，因此 15 分钟内矿池算力会在矿机报告值上下浮动几个百分点；按 24 小时计算两者应基本一致。若长期有差距，通常是份额被拒绝或过期：请检查矿机日志中的拒绝记录和到矿池的网络延迟。`},
			"zh_HK": {"為甚麼礦池顯示的算力與礦機顯示的不同？", `礦池根據接受的份額計算算力：一段時間內份額難度之和。**實時**算力按最近 15 分鐘計算，日算力按最近 24 小時計算。

份額的到達是隨機的，因此 15 分鐘內礦池算力會在礦機報告值上下浮動幾個百分點；按 24 小時計算兩者應大致一致。若長期有差距，通常是份額被拒絕或過期：請檢查礦機日誌中的拒絕記錄和到礦池的網絡延遲。`},
			"ko_KR": {"풀의 해시레이트가 채굴기와 다른 이유는 무엇인가요?", `풀은 승인한 셰어로 해시레이트를 계산합니다. 일정 시간 동안 셰어 난이도의 합입니다. **실시간** 수치는 최근 15분, 일간 수치는 최근 24시간 기준입니다.

셰어는 무작위로 들어오므로 15분 기준으로는 풀의 수치가 채굴기 보고값 위아래로 몇 퍼센트 움직이고, 24시간 기준으로는 거의 같아야 합니다. 차이가 계속되면 대개 거부되거나 늦은 셰어 때문이니, 채굴기 로그의 거부 기록과 풀까지의 네트워크 지연을 확인하세요.`},
		}},

		// Notices: every logged-in user sees them, with a read mark each.
		{kind: helpcenter.KindNotice, daysAgo: 6, texts: map[string][2]string{
			"en_US": {"Protect your account: bind both a phone and an email", `With both a phone and an email bound, you can still reset your password and confirm changes if you lose access to one of them.

Open **Basic info** from the account menu to bind the missing one. Each change is confirmed with a code sent to the contact you already have, and a password change signs out your other sessions.`},
			"zh_CN": {"保护您的账户：同时绑定手机和邮箱", `同时绑定手机和邮箱后，即使其中一个无法使用，您仍可以重置密码并确认变更。

请从账户菜单打开**基本信息**绑定尚未绑定的一项。每次变更都需要通过已绑定联系方式收到的验证码确认，修改密码后您的其他登录会话将退出。`},
			"zh_HK": {"保護您的帳戶：同時綁定手機和電郵", `同時綁定手機和電郵後，即使其中一個無法使用，您仍可以重設密碼並確認變更。

請從帳戶選單打開**基本資料**綁定尚未綁定的一項。每次變更都需要透過已綁定聯絡方式收到的驗證碼確認，修改密碼後您的其他登入工作階段將會登出。`},
			"ko_KR": {"계정 보호: 휴대폰과 이메일을 모두 연결하세요", `휴대폰과 이메일을 모두 연결해 두면 둘 중 하나를 쓸 수 없게 되어도 비밀번호를 재설정하고 변경을 확인할 수 있습니다.

계정 메뉴에서 **기본 정보**를 열어 빠진 하나를 연결하세요. 모든 변경은 이미 연결된 연락처로 보낸 코드로 확인하며, 비밀번호를 바꾸면 다른 로그인 세션은 로그아웃됩니다.`},
		}},
		{kind: helpcenter.KindNotice, daysAgo: 1, texts: map[string][2]string{
			"en_US": {"This is a demo pool", `You are using a demonstration of Uniplus Pool. The coins run on a simulated development network, and eight simulated miners on the sub-accounts ` + "`demo_main`" + ` and ` + "`demo_lab`" + ` of the demo account keep the figures moving.

Balances and earnings here have no value. You can sign up, connect your own miner to ports 1234-1237 and try every screen safely.`},
			"zh_CN": {"这是演示矿池", `您正在使用 Uniplus 矿池的演示版。各币种运行在模拟的开发网络上，演示账户的子账户 ` + "`demo_main`" + ` 和 ` + "`demo_lab`" + ` 下的八台模拟矿机让数据持续变化。

这里的余额和收益没有实际价值。您可以注册账户、把自己的矿机连接到 1234-1237 端口，放心试用每个页面。`},
			"zh_HK": {"這是示範礦池", `您正在使用 Uniplus 礦池的示範版。各幣種運行在模擬的開發網絡上，示範帳戶的子帳戶 ` + "`demo_main`" + ` 和 ` + "`demo_lab`" + ` 下的八部模擬礦機令數據持續變化。

這裏的餘額和收益沒有實際價值。您可以註冊帳戶、把自己的礦機連接到 1234-1237 端口，放心試用每個頁面。`},
			"ko_KR": {"데모 풀입니다", `지금 Uniplus 풀의 데모를 사용하고 있습니다. 코인은 시뮬레이션 개발 네트워크에서 동작하며, 데모 계정의 하위 계정 ` + "`demo_main`" + `과 ` + "`demo_lab`" + `에 있는 시뮬레이션 채굴기 8대가 수치를 움직입니다.

여기의 잔액과 수익에는 실제 가치가 없습니다. 가입하고, 내 채굴기를 1234-1237 포트에 연결해 모든 화면을 안심하고 사용해 보세요.`},
		}},
	}
}
