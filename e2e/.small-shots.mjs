import { chromium } from '@playwright/test';
const base = 'http://localhost:4001';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
async function first(request, page) {
  const xml = await (await request.get(base + '/sitemap.xml')).text();
  const loc = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, '&'))).find((u) => u.pathname === page);
  return loc.pathname + loc.search;
}
const only = process.argv[2];
for (const width of [375, 1440]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500, hasTouch: width < 500, baseURL: base });
  const login = await context.request.post('/api/auth/login', { data: { account: '13800000001', password: 'Demo@2026', type: 'phone' } });
  console.log('login', (await login.json()).message);
  const page = await context.newPage();
  const house = await first(context.request, '/houseHome');
  const listing = await first(context.request, '/detailscs');
  const orders = (await (await context.request.get('/api/orders?pageNum=1&pageSize=20')).json()).data;
  const paid = orders?.list?.find((o) => o.payStatus === 3);
  const shots = [
    ['househome', house],
    ['housedetails', house.replace('houseHome', 'houseDetails')],
    ['compare', '/compare'],
    ['detailscs', listing],
    ['feedbackpage', '/feedbackpage'],
    ['mynotice', '/myNotice'],
    ...(paid ? [['orderdetails', `/myOrderDetails?id=${paid.id}`]] : []),
    ['houses', house.replace('houseHome', 'houses')],
  ];
  for (const [name, path] of shots) {
    if (only && name !== only) continue;
    await page.goto(path);
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.waitForTimeout(800);
    if (name === 'houses') {
      const btn = page.locator('[data-color="green"]:has([data-deposit])').first().getByRole('button', { name: / 房间详情$/ });
      if (await btn.count()) { await btn.scrollIntoViewIfNeeded(); await btn.click(); await page.waitForTimeout(800); }
    }
    const focus = { househome: '[aria-label="价格说明"]', housedetails: '[aria-label="价格说明"]', detailscs: 'button:has-text("分享")', orderdetails: '[aria-label="网签备案指引"]' }[name];
    if (focus && (await page.locator(focus).count())) await page.locator(focus).first().evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/small-shots/${name}-${width}.png` });
    if (name === 'househome') { await page.evaluate(() => window.scrollTo(0, 0)); await page.waitForTimeout(300); await page.screenshot({ path: `/tmp/small-shots/${name}-top-${width}.png` }); }
    console.log('shot', name, width, path);
  }
  await context.close();
}
await browser.close();
