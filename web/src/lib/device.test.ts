import { describe, expect, it } from 'vitest';
import { deviceRedirect, isPhoneUserAgent, toDesktopPath, toMobilePath } from './device';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe('isPhoneUserAgent', () => {
  it('knows phones from desktops and tablets', () => {
    expect(isPhoneUserAgent(IPHONE)).toBe(true);
    expect(isPhoneUserAgent(ANDROID_PHONE)).toBe(true);
    expect(isPhoneUserAgent(ANDROID_TABLET)).toBe(false);
    expect(isPhoneUserAgent(IPAD)).toBe(false);
    expect(isPhoneUserAgent(DESKTOP)).toBe(false);
    expect(isPhoneUserAgent('')).toBe(false);
  });
});

describe('toMobilePath', () => {
  it.each([
    ['/', '', '/mobile'],
    ['/login', '', '/mobile/login'],
    ['/register', '?a=1', '/mobile/register?a=1'],
    ['/OS', '', '/mobile/OS'],
    ['/upload', '', '/mobile/upload'],
    ['/basicsInfo', '', '/mobile/basicsInfo'],
    ['/observer', '', '/mobile/observer'],
    ['/account/orePoolDeviceOverview', '', '/mobile/account/orePoolDeviceOverview'],
    ['/account/soloSearch', '?chain=aleo', '/mobile/account/soloSearch?chain=aleo'],
    ['/account/orePoolAssetsOverview', '', '/mobile/account/assetsOverview'],
    ['/account/orePoolAssetsDetail', '', '/mobile/account/assetsDetail'],
    ['/account/orePoolAddressManage', '', '/mobile/account/addressManage'],
    ['/account/orePoolWithdrawlSetList', '', '/mobile/account/withdrawlSetList'],
    ['/tutorial/hiveOS', '', '/mobile/tutorial/hiveOS'],
    ['/tutorial', '', '/mobile/tutorial'],
    ['/help', '', '/mobile/help/helpcenter'],
    ['/help/faq/list', '', '/mobile/help/helplist?type=faq'],
    ['/help/notice', '', '/mobile/help/helplist?type=notice'],
    ['/help/announcement/detail/42', '', '/mobile/help/helpdetail?type=announcement&id=42'],
    ['/observerMode/observerList', '', '/mobile/observerMode/observerList'],
    ['/observerMode/orePoolRevenueChain', '?token=x', '/mobile/observerMode/orePoolRevenueChain?token=x'],
    ['/observerMode/infoList', '', '/mobile/observerMode/help/helplist?type=infoList'],
    ['/observerMode/infoDetail', '?id=7', '/mobile/observerMode/help/helpdetail?id=7&type=infoList'],
    ['/ironFish', '', '/mobile'],
    ['/explorderIndex/overView', '?coin=BTC', '/mobile/explorderIndex/overView?coin=BTC'],
    ['/explorderIndex/blockDetail/12', '?coin=BTC', '/mobile/explorderIndex/blockDetail/12?coin=BTC'],
    ['/explorderIndex/rankingDetail/r1ab', '', '/mobile/explorderIndex/rankingDetail/r1ab'],
    ['/account/orePoolOverclockSet/', '', '/mobile/account/orePoolOverclockSet'],
    ['/no/such/page', '', '/mobile'],
  ])('%s%s -> %s', (path, search, want) => {
    expect(toMobilePath(path, search)).toBe(want);
  });
});

describe('toDesktopPath', () => {
  it.each([
    ['/mobile', '', '/'],
    ['/mobile/', '', '/'],
    ['/mobile/login', '', '/login'],
    ['/mobile/OS', '', '/OS'],
    ['/mobile/account/assetsOverview', '', '/account/orePoolAssetsOverview'],
    ['/mobile/account/withdrawlSetList', '', '/account/orePoolWithdrawlSetList'],
    ['/mobile/account/orePoolDeviceOverview', '?x=1', '/account/orePoolDeviceOverview?x=1'],
    ['/mobile/account/orePoolVideoCard', '', '/'],
    ['/mobile/currencyList', '', '/'],
    ['/mobile/explorderIndex/preBlockDetail/9', '?coin=LTC', '/explorderIndex/preBlockDetail/9?coin=LTC'],
    ['/mobile/tutorial/btc', '', '/tutorial/btc'],
    ['/mobile/help/helpcenter', '', '/help'],
    ['/mobile/help/helplist', '?type=faq', '/help/faq/list'],
    ['/mobile/help/helplist', '?type=bogus', '/help'],
    ['/mobile/help/helpdetail', '?type=notice&id=9', '/help/notice/detail/9'],
    ['/mobile/help/helpdetail', '?type=notice', '/help/notice/list'],
    ['/mobile/observerMode/help/helplist', '?type=infoList', '/observerMode/infoList'],
    ['/mobile/observerMode/help/helpdetail', '?type=infoList&id=3', '/observerMode/infoDetail?id=3'],
    ['/mobile/observerMode/orePoolDeviceOverview', '', '/observerMode/orePoolDeviceOverview'],
    ['/mobile/nope', '', '/'],
  ])('%s%s -> %s', (path, search, want) => {
    expect(toDesktopPath(path, search)).toBe(want);
  });
});

describe('deviceRedirect', () => {
  it('sends phones into /mobile and desktops out of it', () => {
    expect(deviceRedirect('/', '', IPHONE)).toBe('/mobile');
    expect(deviceRedirect('/login', '', ANDROID_PHONE)).toBe('/mobile/login');
    expect(deviceRedirect('/mobile', '', DESKTOP)).toBe('/');
    expect(deviceRedirect('/mobile/help/helplist', '?type=faq', DESKTOP)).toBe('/help/faq/list');
  });
  it('leaves pages that fit the device alone', () => {
    expect(deviceRedirect('/mobile/login', '', IPHONE)).toBeNull();
    expect(deviceRedirect('/login', '', DESKTOP)).toBeNull();
    expect(deviceRedirect('/mobile', '', IPAD)).toBe('/');
  });
  it('exempts invite links and maintenance', () => {
    expect(deviceRedirect('/mobile/registerInvite/ABC', '', DESKTOP)).toBeNull();
    expect(deviceRedirect('/mobile/registerInvite/', '', DESKTOP)).toBeNull();
    expect(deviceRedirect('/mobile/registerInvite', '', DESKTOP)).toBeNull();
    expect(deviceRedirect('/maintenance', '', IPHONE)).toBeNull();
    expect(deviceRedirect('/maintenance', '', DESKTOP)).toBeNull();
  });
});
