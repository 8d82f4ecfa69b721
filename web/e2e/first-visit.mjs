// A first visit (empty cache) of one page in headless Chromium, as the first-visit script
// measures it and the first-visit budget test checks it: bytes on the wire (CDP
// Network.loadingFinished encodedDataLength, headers included) of every response until the
// network is idle without scrolling, first-contentful-paint, then what scrolling to the
// trend chart adds (ECharts loads when its box comes into view).

/** CHART is the trend chart's chunk, which carries ECharts. */
export const CHART = /\/assets\/trend-chart-[^/]*\.js$/;

/** visit loads one page in a fresh context and returns what crossed the wire. */
export async function visit(browser, url, options, { throttle = null, identity = false, scroll = true } = {}) {
  const context = await browser.newContext(identity ? { ...options, extraHTTPHeaders: { 'Accept-Encoding': 'identity' } } : options);
  await context.addInitScript(() => localStorage.setItem('lang', 'en_US'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) await cdp.send('Network.emulateNetworkConditions', throttle);
  const responses = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const h = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    responses.set(requestId, { url: response.url, type, encoding: h['content-encoding'] ?? 'identity', wire: 0, body: 0 });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const r = responses.get(requestId);
    if (r) r.body += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = responses.get(requestId);
    if (r) r.wire = encodedDataLength;
  });
  // The page as a first visit leaves it, without scrolling: the chart (ECharts) loads
  // only when its box comes into view, so it is not in these bytes.
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  const firstVisit = [...responses.values()].filter((r) => r.wire > 0).map((r) => ({ ...r }));
  const fcp = await page.evaluate(() => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? NaN);
  // Then what scrolling to the chart adds.
  if (!scroll) {
    await context.close();
    return { ...summarize(firstVisit, []), fcp };
  }
  const chartLoaded = page.waitForResponse((r) => CHART.test(r.url()), { timeout: 30_000 }).catch(() => null);
  // (A pool that has just started may have no trend point yet: then there is no chart.)
  await page.locator('[data-testid=trend-chart-box]').first().scrollIntoViewIfNeeded({ timeout: 20_000 }).catch(() => {});
  await chartLoaded;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await context.close();
  const seen = new Set(firstVisit.map((r) => r.url));
  const onScroll = [...responses.values()].filter((r) => r.wire > 0 && r.type === 'Script' && !seen.has(r.url));
  return { ...summarize(firstVisit, onScroll), fcp };
}

/** summarize adds up a visit's responses: JS and everything, on the wire and decoded. */
function summarize(firstVisit, onScroll) {
  const sum = (list, key) => list.reduce((a, r) => a + r[key], 0);
  const js = firstVisit.filter((r) => r.type === 'Script');
  return {
    requests: firstVisit.length,
    jsCount: js.length,
    jsWire: sum(js, 'wire'),
    jsBody: sum(js, 'body'),
    chartWire: sum(onScroll, 'wire'),
    allWire: sum(firstVisit, 'wire'),
    encodings: [...new Set(js.map((r) => r.encoding))].join(','),
    files: js.map((r) => [r.wire, r.url.replace(/^.*\//, '')]).sort((a, b) => b[0] - a[0]),
  };
}
