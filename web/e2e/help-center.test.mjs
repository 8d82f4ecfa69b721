// The help centre end to end, at desktop and phone size: content written with the operator
// commands (`poold admin announcement|faq|notice ...`), read by a visitor and by logged-in
// users, notices behind login with their unread marks, and a page in another language.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiAccount, latestOutboxCode, shot } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser, pathOf, waitForPath } from './browser.mjs';
import { skipReason, startPoold } from './server.mjs';

// Article ids follow the order of the setup commands (one table for every kind).
const ANN_MAINT = 1; // announcement in English and Korean
const ANN_KASPA = 2; // announcement in English only
const FAQ_CONNECT = 3; // FAQ in English and Traditional Chinese
const NOTICE_REPORT = 4;
const NOTICE_SECURITY = 5;
const ANN_DRAFT = 6; // never published

const bodies = {
  maint: 'The pool stops for **30 minutes** on Sunday at 02:00 UTC.\n\n- Miners reconnect by themselves.\n- Earnings are not affected.\n',
  maintKo: '풀은 일요일 02:00 UTC에 **30분** 동안 멈춥니다.\n\n- 채굴기는 스스로 다시 연결됩니다.\n',
  kaspa: 'Kaspa mining is open on port `1236`.\n',
  connect: 'Point the miner at the pool and use the worker name `sub.rig01`.\n',
  connectHk: '把礦機指向礦池，礦工名使用 `sub.rig01`。\n',
  report: 'Your weekly report is ready in the earnings overview.\n',
  security: 'Bind both a phone and an email to keep your account safe.\n',
  draft: 'Not ready yet.\n',
};

const api = async (server, pathname, token, { method = 'GET' } = {}) => {
  const res = await fetch(server.url + pathname, { method, headers: { 'x-token': token, language: 'en_US' } });
  return (await res.json()).data;
};

describe('help centre', { skip: skipReason(), timeout: 300_000 }, () => {
  let server;
  let browser;
  let dir;
  const tokens = {};

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'help-e2e-'));
    const file = async (name) => {
      const p = path.join(dir, `${name}.md`);
      await writeFile(p, bodies[name]);
      return p;
    };
    const add = async (kind, lang, title, name) => ['admin', kind, 'add', '--lang', lang, '--title', title, '--file', await file(name)];
    const edit = async (kind, id, lang, title, name) => ['admin', kind, 'edit', String(id), '--lang', lang, '--title', title, '--file', await file(name)];
    const publish = (kind, id) => ['admin', kind, 'publish', String(id)];
    const setup = [
      await add('announcement', 'en_US', 'Pool maintenance on Sunday', 'maint'),
      await edit('announcement', ANN_MAINT, 'ko_KR', '일요일 풀 점검', 'maintKo'),
      publish('announcement', ANN_MAINT),
      await add('announcement', 'en_US', 'Kaspa mining is open', 'kaspa'),
      publish('announcement', ANN_KASPA),
      await add('faq', 'en_US', 'How do I connect a miner?', 'connect'),
      await edit('faq', FAQ_CONNECT, 'zh_HK', '如何接入礦機？', 'connectHk'),
      publish('faq', FAQ_CONNECT),
      await add('notice', 'en_US', 'Your weekly report is ready', 'report'),
      publish('notice', NOTICE_REPORT),
      await add('notice', 'en_US', 'Security reminder', 'security'),
      publish('notice', NOTICE_SECURITY),
      await add('announcement', 'en_US', 'Draft announcement', 'draft'),
    ];
    [server, browser] = await Promise.all([startPoold({ setup }), launchBrowser()]);
    // Each size reads the notices with its own account, so each starts with both unread.
    const outbox = path.join(server.dir, 'outbox.log');
    for (const who of ['desktop', 'phone']) {
      tokens[who] = (await apiAccount(server.url, { email: `help.${who}@example.com`, readCode: (to) => latestOutboxCode(outbox, to) })).token;
    }
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** open gives a page of a new context at `size`, with a stored language and token when given. */
  async function open(size, { lang = 'en_US', token } = {}) {
    const context = await browser.newContext(size);
    await context.addInitScript(([l, t]) => {
      localStorage.setItem('lang', l);
      if (t) localStorage.setItem('token', t);
    }, [lang, token ?? '']);
    return { context, page: await context.newPage() };
  }

  describe('desktop', () => {
    it('a visitor reads the start page, an announcement and the FAQ', async () => {
      const { context, page } = await open(DESKTOP);
      await page.goto(server.url + '/help');
      await page.getByRole('heading', { name: 'How can we help?' }).waitFor();
      const announcements = page.getByTestId('help-section-announcement');
      // Newest first; the draft never shows.
      await announcements.getByTestId('help-latest-announcement').first().filter({ hasText: 'Kaspa mining is open' }).waitFor();
      assert.deepEqual(await announcements.locator('.up-help-latest__title').allTextContents(), ['Kaspa mining is open', 'Pool maintenance on Sunday']);
      await page.getByTestId('help-section-faq').getByText('How do I connect a miner?').waitFor();
      // A visitor's notice card asks to log in instead of listing notices.
      await page.getByTestId('help-notice-login').waitFor();
      assert.equal(await page.getByTestId('help-latest-notice').count(), 0);
      await shot(page, 'help-desktop-start-visitor');

      await announcements.getByText('Pool maintenance on Sunday').click();
      await waitForPath(page, `/help/announcement/detail/${ANN_MAINT}`);
      await page.getByRole('heading', { level: 1, name: 'Pool maintenance on Sunday' }).waitFor();
      const article = page.getByTestId('help-article');
      assert.equal(await article.locator('strong').textContent(), '30 minutes');
      assert.equal(await article.locator('li').count(), 2);
      // The older announcement has a newer one before it and none after.
      assert.equal(await page.getByTestId('help-next').count(), 0);
      await page.getByTestId('help-prev').click();
      await waitForPath(page, `/help/announcement/detail/${ANN_KASPA}`);
      await page.getByRole('heading', { level: 1, name: 'Kaspa mining is open' }).waitFor();
      await shot(page, 'help-desktop-announcement');
      await page.getByTestId('help-back').click();
      await waitForPath(page, '/help/announcement/list');
      await page.getByTestId('help-total').filter({ hasText: '2 in total' }).waitFor();
      assert.equal(await page.getByTestId('help-row').count(), 2);
      await page.getByTestId('help-pagination').waitFor();
      await shot(page, 'help-desktop-announcement-list');

      await page.getByTestId('help-nav-faq').click();
      await waitForPath(page, '/help/faq/list');
      await page.getByTestId('help-row').filter({ hasText: 'How do I connect a miner?' }).click();
      await waitForPath(page, `/help/faq/detail/${FAQ_CONNECT}`);
      assert.equal(await page.getByTestId('help-article').locator('code').textContent(), 'sub.rig01');
      await context.close();
    });

    it('an unknown or unpublished article shows "not found"', async () => {
      const { context, page } = await open(DESKTOP);
      for (const id of [999, ANN_DRAFT]) {
        await page.goto(`${server.url}/help/announcement/detail/${id}`);
        await page.getByTestId('help-not-found').getByText('Article not found').waitFor();
      }
      await shot(page, 'help-desktop-not-found');
      await page.getByTestId('help-back').click();
      await waitForPath(page, '/help/announcement/list');
      await context.close();
    });

    it('the notice list sends a visitor to /login', async () => {
      const { context, page } = await open(DESKTOP);
      await page.goto(server.url + '/help');
      await page.getByTestId('help-notice-login-link').click();
      await waitForPath(page, '/login');
      await page.goto(server.url + '/help/notice/list');
      await waitForPath(page, '/login');
      await page.getByText('Please log in first.').waitFor();
      await page.goto(`${server.url}/help/notice/detail/${NOTICE_REPORT}`);
      await waitForPath(page, '/login');
      await context.close();
    });

    it('a logged-in user reads notices: opening one clears its mark, then "mark all as read"', async () => {
      const token = tokens.desktop;
      const { context, page } = await open(DESKTOP, { token });
      await page.goto(server.url + '/help');
      await page.getByTestId('help-section-notice').getByTestId('help-latest-notice').first().waitFor();
      await page.getByTestId('help-more-notice').click();
      await waitForPath(page, '/help/notice/list');
      const rows = page.getByTestId('help-row');
      await rows.first().waitFor();
      assert.deepEqual(await rows.evaluateAll((els) => els.map((e) => [e.textContent.includes('Security') ? 'security' : 'report', e.dataset.read])), [
        ['security', 'false'],
        ['report', 'false'],
      ]);
      await page.getByTestId('help-unread-count').filter({ hasText: '2 unread' }).waitFor();
      await shot(page, 'help-desktop-notices-unread');

      await rows.filter({ hasText: 'Your weekly report is ready' }).click();
      await waitForPath(page, `/help/notice/detail/${NOTICE_REPORT}`);
      await page.getByTestId('help-article').getByText('Your weekly report is ready in the earnings overview.').waitFor();
      await page.getByTestId('help-back').click();
      await waitForPath(page, '/help/notice/list');
      await rows.filter({ hasText: 'Your weekly report is ready' }).and(page.locator('[data-read="true"]')).waitFor();
      assert.equal(await rows.filter({ hasText: 'Security reminder' }).getAttribute('data-read'), 'false');
      await page.getByTestId('help-unread-count').filter({ hasText: '1 unread' }).waitFor();
      assert.equal((await api(server, '/api/pc/v1/helpPage/notice/unread', token)).unReadCount, 1);

      await page.getByTestId('help-read-all').click();
      await page.getByTestId('unread-dot').first().waitFor({ state: 'detached' });
      await page.getByTestId('help-unread-count').waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('help-read-all').isDisabled(), true);
      assert.equal((await api(server, '/api/pc/v1/helpPage/notice/unread', token)).unReadCount, 0);
      await context.close();
    });

    it('shows an article and the list in Korean, and says when an article is not translated', async () => {
      const { context, page } = await open(DESKTOP, { lang: 'ko_KR' });
      await page.goto(`${server.url}/help/announcement/detail/${ANN_MAINT}`);
      await page.getByRole('heading', { level: 1, name: '일요일 풀 점검' }).waitFor();
      assert.equal(await page.getByTestId('help-article').getAttribute('lang'), 'ko');
      await page.getByText('목록으로 돌아가기').waitFor();
      await shot(page, 'help-desktop-announcement-ko_KR');
      // Kaspa has no Korean text: shown in English, with a note.
      await page.goto(`${server.url}/help/announcement/detail/${ANN_KASPA}`);
      await page.getByRole('heading', { level: 1, name: 'Kaspa mining is open' }).waitFor();
      await page.getByText('이 글은 아직 선택한 언어로 제공되지 않아 English(으)로 표시됩니다.').waitFor();
      await page.goto(server.url + '/help');
      await page.getByRole('heading', { name: '무엇을 도와드릴까요?' }).waitFor();
      await page.getByTestId('help-section-announcement').getByText('일요일 풀 점검').waitFor();
      await shot(page, 'help-desktop-start-ko_KR');
      await context.close();
    });
  });

  describe('phone', () => {
    it('a visitor reads the start page, an announcement list and detail, and the FAQ', async () => {
      const { context, page } = await open(PHONE);
      await page.goto(server.url + '/mobile/help/helpcenter');
      await page.getByRole('heading', { name: 'How can we help?' }).waitFor();
      await page.getByTestId('help-section-announcement').getByText('Kaspa mining is open').waitFor();
      await page.getByTestId('help-section-faq').getByText('How do I connect a miner?').waitFor();
      await shot(page, 'help-phone-start-visitor');

      await page.getByTestId('help-entry-announcement').click();
      await waitForPath(page, '/mobile/help/helplist?type=announcement');
      const rows = page.getByTestId('help-row');
      await rows.first().waitFor();
      assert.equal(await rows.count(), 2);
      await page.getByText('You have reached the end of the list.').waitFor();
      await shot(page, 'help-phone-announcement-list');
      await rows.filter({ hasText: 'Pool maintenance on Sunday' }).click();
      await waitForPath(page, `/mobile/help/helpdetail?type=announcement&id=${ANN_MAINT}`);
      await page.getByRole('heading', { level: 1, name: 'Pool maintenance on Sunday' }).waitFor();
      assert.equal(await page.getByTestId('help-article').locator('strong').textContent(), '30 minutes');
      assert.equal(await page.getByTestId('help-next').isDisabled(), true);
      await shot(page, 'help-phone-announcement');
      await page.getByTestId('help-back-list').click();
      await waitForPath(page, '/mobile/help/helplist?type=announcement');

      await page.getByTestId('help-tabs').getByRole('tab', { name: 'FAQ' }).click();
      await waitForPath(page, '/mobile/help/helplist?type=faq');
      await page.getByTestId('help-row').filter({ hasText: 'How do I connect a miner?' }).click();
      await waitForPath(page, `/mobile/help/helpdetail?type=faq&id=${FAQ_CONNECT}`);
      assert.equal(await page.getByTestId('help-article').locator('code').textContent(), 'sub.rig01');
      await context.close();
    });

    it('notices ask a visitor to log in and send them to /mobile/login', async () => {
      const { context, page } = await open(PHONE);
      await page.goto(server.url + '/mobile/help/helpcenter');
      await page.getByTestId('help-entry-notice').click();
      await page.getByRole('button', { name: 'I know' }).waitFor();
      await shot(page, 'help-phone-notice-login-dialog');
      await page.getByRole('button', { name: 'Go to login' }).click();
      await waitForPath(page, '/mobile/login');
      await page.goto(server.url + '/mobile/help/helplist?type=notice');
      await waitForPath(page, '/mobile/login');
      await page.getByText('Please log in first.').waitFor();
      await page.goto(`${server.url}/mobile/help/helpdetail?type=notice&id=${NOTICE_REPORT}`);
      await waitForPath(page, '/mobile/login');
      await context.close();
    });

    it('an unknown type or article is explained', async () => {
      const { context, page } = await open(PHONE);
      await page.goto(server.url + '/mobile/help/helplist?type=news');
      await page.getByTestId('help-unknown-type').getByText('Unknown help section').waitFor();
      await page.goto(`${server.url}/mobile/help/helpdetail?type=faq&id=${ANN_DRAFT}`);
      await page.getByTestId('help-not-found').getByText('Article not found').waitFor();
      await shot(page, 'help-phone-not-found');
      await context.close();
    });

    it('a logged-in user reads a notice and its unread mark goes', async () => {
      const token = tokens.phone;
      const { context, page } = await open(PHONE, { token });
      await page.goto(server.url + '/mobile/help/helplist?type=notice');
      const rows = page.getByTestId('help-row');
      await rows.first().waitFor();
      assert.deepEqual(await rows.evaluateAll((els) => els.map((e) => e.dataset.read)), ['false', 'false']);
      await page.getByTestId('help-unread-count').filter({ hasText: '2 unread' }).waitFor();
      await shot(page, 'help-phone-notices-unread');
      await rows.filter({ hasText: 'Security reminder' }).click();
      await waitForPath(page, `/mobile/help/helpdetail?type=notice&id=${NOTICE_SECURITY}`);
      await page.getByRole('heading', { level: 1, name: 'Security reminder' }).waitFor();
      await page.getByTestId('help-back').click();
      await waitForPath(page, '/mobile/help/helplist?type=notice');
      await rows.filter({ hasText: 'Security reminder' }).and(page.locator('[data-read="true"]')).waitFor();
      assert.equal(await rows.filter({ hasText: 'Your weekly report is ready' }).getAttribute('data-read'), 'false');
      assert.equal((await api(server, '/api/pc/v1/helpPage/notice/unread', token)).unReadCount, 1);
      await context.close();
    });

    it('shows the FAQ in Traditional Chinese', async () => {
      const { context, page } = await open(PHONE, { lang: 'zh_HK' });
      await page.goto(server.url + '/mobile/help/helplist?type=faq');
      await page.getByRole('heading', { name: '常見問題' }).waitFor();
      await page.getByTestId('help-row').filter({ hasText: '如何接入礦機？' }).click();
      await page.getByRole('heading', { level: 1, name: '如何接入礦機？' }).waitFor();
      assert.equal(await page.getByTestId('help-article').getAttribute('lang'), 'zh-HK');
      await page.getByText('返回列表').first().waitFor();
      assert.match(pathOf(page), new RegExp(`id=${FAQ_CONNECT}$`));
      await shot(page, 'help-phone-faq-zh_HK');
      await context.close();
    });
  });
});
