// The miner's own coin order against the real binary (SPEC section 7 "Common":
// showCurrencyList, saveSortCurrency, resetSortCurrency): the "sort coins" control beside
// the coin picker opens a dialog; moving a coin up and saving puts it first in the picker
// at once and after a reload (the order is on the server), Cancel keeps nothing, and
// Reset brings back the pool's order. An observer link, even in the owner's own browser,
// keeps the pool's order and has no sort control. Desktop in English, phone in Simplified
// Chinese, on a pool with two coins (MINE, LOCK: e2e/pool.mjs).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { shot, waitUntil } from './accounts.mjs';
import { DESKTOP, PHONE, launchBrowser } from './browser.mjs';
import { loggedIn, startPool } from './pool.mjs';
import { skipReason } from './server.mjs';

describe('coin order', { skip: skipReason(), timeout: 240_000 }, () => {
  let pool;
  let browser;
  /** poolOrder is the pool's coins as GET /currency/list gives them: [{type, name}]. */
  let poolOrder;
  const contexts = [];

  const newPage = async (options, user, lang) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    await loggedIn(context, user, lang);
    return context.newPage();
  };

  before(async () => {
    [pool, browser] = await Promise.all([startPool(), launchBrowser()]);
    poolOrder = (await pool.api(null, 'GET', '/api/pc/v1/currency/list')).map(({ type, name }) => ({ type, name }));
    assert.equal(poolOrder.length, 2, 'the pool has two coins');
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await pool?.stop();
  });

  const names = (coins) => coins.map((c) => c.name);
  const reversed = () => [...poolOrder].reverse();
  /** saved is the order the server answers the user (showCurrencyList with their token), as types. */
  const saved = async (user) => (await pool.api(user.token, 'GET', '/api/pc/v1/common/basic/showCurrencyList')).map((c) => c.type);
  /** dialogOrder is the coin types in the open dialog, first to last. */
  const dialogOrder = (page) => page.getByTestId('coin-order-item').evaluateAll((items) => items.map((li) => li.getAttribute('data-type')));

  /** desktopPicker is the coin names the desktop coin picker offers, in its order. */
  const desktopPicker = async (page) => {
    await page.getByTestId('coin-switcher').click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await options.first().waitFor();
    const texts = (await options.allTextContents()).map((s) => s.trim());
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'detached' }).catch(() => {});
    return texts;
  };
  /** phonePicker is the coin names the phone's coin picker (a native select) offers, in its order. */
  const phonePicker = async (page) => (await page.locator('[data-testid="coin-switcher"] option').allTextContents()).map((s) => s.trim());

  /**
   * openDesktopDialog opens the sort dialog and waits for it. antd's Modal mounts its
   * portal from an effect, a task after the click, so a list read straight after the
   * click can be empty: the reset step's flake with another suite beside this one.
   */
  const openDesktopDialog = async (page) => {
    await page.getByTestId('coin-order-open').click();
    await page.getByRole('dialog', { name: 'Order of your coins' }).waitFor(); // a named dialog
  };

  /** pickerShows waits until the picker lists want. */
  const pickerShows = async (read, page, want, what) => {
    let last = [];
    await waitUntil(
      async () => {
        last = await read(page);
        return JSON.stringify(last) === JSON.stringify(want);
      },
      { what: `${what}: the picker to list ${want.join(', ')} (it lists ${last.join(', ')})` },
    );
  };

  it('desktop: move a coin up, save, reload, an observer link keeps the pool order, reset; in English', async () => {
    const user = await pool.account(`order.desk.${Date.now()}@example.com`);
    await pool.api(user.token, 'POST', '/api/pc/v1/pool/subaccount/create', { code: 'orderfarm', alias: 'Order farm', defaultCoin: 'MINE' });
    const page = await newPage(DESKTOP, user, 'en_US');
    await page.goto(`${pool.url}/account/orePoolDeviceOverview`);
    await page.getByTestId('coin-switcher').waitFor();
    await pickerShows(desktopPicker, page, names(poolOrder), 'a new user');
    await shot(page, 'coin-order-desktop-bar');

    const [first, second] = poolOrder;
    const dialog = page.getByTestId('coin-order-dialog');
    await openDesktopDialog(page);
    assert.deepEqual(await dialogOrder(page), [first.type, second.type]);
    assert.ok(await page.getByTestId(`coin-order-up-${first.type}`).isDisabled(), 'the first coin cannot move up');
    assert.ok(await page.getByTestId(`coin-order-down-${second.type}`).isDisabled(), 'the last coin cannot move down');
    assert.ok(await page.getByTestId('coin-order-save').isDisabled(), 'nothing to save before a move');
    // The move buttons are named for the coin they move.
    await page.getByRole('button', { name: `Move ${second.name} up` }).click();
    assert.deepEqual(await dialogOrder(page), [second.type, first.type]);
    await page.getByText(`${second.name} is now number 1 of 2.`).waitFor(); // told to a screen reader
    await shot(page, 'coin-order-desktop-dialog');
    await page.getByTestId('coin-order-save').click();
    await page.getByText('Your coin order is saved.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await pickerShows(desktopPicker, page, names(reversed()), 'after save');
    assert.deepEqual(await saved(user), [second.type, first.type]);

    // On the server: a reload keeps it.
    await page.reload();
    await page.getByTestId('coin-switcher').waitFor();
    await pickerShows(desktopPicker, page, names(reversed()), 'after a reload');

    // An observer link of this account, opened in the same browser (a session and an
    // observer token side by side): the pool's order, and no sort control.
    const link = await pool.api(user.token, 'POST', '/api/pc/v1/customer/observer/link/add', {
      currencyList: poolOrder.map((c) => c.type),
      subAccounts: [],
      machineInfoEnabled: true,
      incomeInfoEnabled: false,
      note: 'Order',
    });
    await page.goto(`${pool.url}${link.link}`);
    await page.getByTestId('observer-entry').waitFor();
    await page.getByTestId('observer-to-devices').click();
    await page.getByTestId('overview-cards').waitFor();
    await pickerShows(desktopPicker, page, names(poolOrder), 'on the observer page');
    assert.equal(await page.getByTestId('coin-order-open').count(), 0, 'an observer can sort coins');

    // Reset: the pool's order again, in the picker and on the server.
    await page.goto(`${pool.url}/account/orePoolDeviceOverview`);
    await page.getByTestId('coin-switcher').waitFor();
    await pickerShows(desktopPicker, page, names(reversed()), 'back in the account');
    await openDesktopDialog(page);
    assert.deepEqual(await dialogOrder(page), [second.type, first.type]);
    await page.getByTestId('coin-order-reset').click();
    await page.getByText("The coins are back in the pool's order.").waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await pickerShows(desktopPicker, page, names(poolOrder), 'after reset');
    assert.deepEqual(await saved(user), poolOrder.map((c) => c.type));
    await page.reload();
    await page.getByTestId('coin-switcher').waitFor();
    await pickerShows(desktopPicker, page, names(poolOrder), 'after reset and a reload');
  });

  it('phone: cancel keeps nothing, move a coin up, save, reload, reset; in Simplified Chinese', async () => {
    const user = await pool.account(`order.phone.${Date.now()}@example.com`);
    const page = await newPage(PHONE, user, 'zh_CN');
    await page.goto(`${pool.url}/mobile/account/orePoolDeviceOverview`);
    await page.getByTestId('coin-switcher').waitFor();
    await pickerShows(phonePicker, page, names(poolOrder), 'a new user');
    await shot(page, 'coin-order-phone-bar');

    const [first, second] = poolOrder;
    const dialog = page.getByTestId('coin-order-dialog');
    // Cancel forgets a move.
    await page.getByTestId('coin-order-open').click();
    await page.getByRole('dialog', { name: '我的币种顺序' }).waitFor(); // a named dialog
    await page.getByRole('button', { name: `将 ${first.name} 下移` }).click();
    assert.deepEqual(await dialogOrder(page), [second.type, first.type]);
    await page.getByTestId('coin-order-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(await phonePicker(page), names(poolOrder));
    assert.deepEqual(await saved(user), poolOrder.map((c) => c.type));

    // Move up and save.
    await page.getByTestId('coin-order-open').click();
    await dialog.waitFor();
    assert.deepEqual(await dialogOrder(page), [first.type, second.type], 'a cancelled move came back');
    await page.getByRole('button', { name: `将 ${second.name} 上移` }).click();
    assert.deepEqual(await dialogOrder(page), [second.type, first.type]);
    await shot(page, 'coin-order-phone-dialog');
    await page.getByTestId('coin-order-save').click();
    await page.getByText('币种顺序已保存。').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await pickerShows(phonePicker, page, names(reversed()), 'after save');
    assert.deepEqual(await saved(user), [second.type, first.type]);
    await page.reload();
    await page.getByTestId('coin-switcher').waitFor();
    await pickerShows(phonePicker, page, names(reversed()), 'after a reload');

    // Reset.
    await page.getByTestId('coin-order-open').click();
    await dialog.waitFor();
    await page.getByTestId('coin-order-reset').click();
    await page.getByText('币种已恢复为矿池默认顺序。').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await pickerShows(phonePicker, page, names(poolOrder), 'after reset');
    assert.deepEqual(await saved(user), poolOrder.map((c) => c.type));
    await page.reload();
    await page.getByTestId('coin-switcher').waitFor();
    await pickerShows(phonePicker, page, names(poolOrder), 'after reset and a reload');
  });
});
