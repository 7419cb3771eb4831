import { expect, test } from '@playwright/test';
import {
  dataOf,
  expectNoActiveMarkup,
  IMG_PAYLOAD,
  OPERATOR,
  SCRIPT_PAYLOAD,
  signIn,
  SQL_PAYLOAD,
  SVG_PAYLOAD,
  watchForScripts,
} from './hostile-helpers';

/**
 * Script payloads in what operators and visitors write for everyone to read: an article's title
 * and body, a project's texts and pre-sale licences, a group-buy sign-up name and the site
 * settings behind every page's title and footer. Shown as text (the article body as sanitised HTML); nothing runs. Changed
 * projects and settings are put back afterwards for the other journeys.
 */

/** The editable facts of a project (adminProjectFactsSchema) out of its console detail. */
const FACT_KEYS = [
  'publishName',
  'projectName',
  'projectAddress',
  'platformPrice',
  'currentPrice',
  'publishPrice',
  'depositAmount',
  'publishStatus',
  'statusText',
  'decorateStr',
  'buildTypeStr',
  'houseTypeStr',
  'salesCenter',
  'contact',
  'groupBuy',
  'recommended',
] as const;

test('an article shows its title as text and its body without script', async ({
  page,
  request,
}) => {
  const { headers } = await signIn(request, OPERATOR);
  const title = `政策解读${SVG_PAYLOAD}${Date.now() % 100000}`;
  const created = await dataOf<{ id: number }>(
    await request.post('/api/admin/news', {
      headers,
      data: {
        newsType: 2,
        title,
        content:
          `<p>正文第一段${IMG_PAYLOAD}</p>${SCRIPT_PAYLOAD}` +
          '<a href="javascript:alert(4)">原文链接</a>',
        publish: true,
      },
    }),
  );

  const executions = await watchForScripts(page);
  await page.goto(`/informationAndPolicyDetails?id=${created.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('正文第一段')).toBeVisible();
  await expect(page.getByText('原文链接')).toBeVisible();
  await expectNoActiveMarkup(page);
  expect(await executions()).toBe(0);
});

test('a project page shows operator texts and group-buy names as text', async ({
  page,
  request,
}) => {
  const { headers } = await signIn(request, OPERATOR);
  const projects = await dataOf<{ list: { id: number; publishStatus: number }[] }>(
    await request.get('/api/admin/projects?pageSize=50', { headers }),
  );
  const id = projects.list.find((p) => p.publishStatus === 3)?.id ?? 0;
  const detail = await dataOf<Record<string, unknown> & { tags: { id: number }[] }>(
    await request.get(`/api/admin/projects/${id}`, { headers }),
  );
  const original = {
    ...Object.fromEntries(FACT_KEYS.map((key) => [key, detail[key]])),
    tagIds: detail.tags.map((tag) => tag.id),
  };
  const texts = {
    publishName: `海湾${SVG_PAYLOAD}`,
    projectAddress: `海港区${IMG_PAYLOAD}大街8号`,
    salesCenter: `售楼处${SVG_PAYLOAD}`,
  };
  await dataOf(
    await request.put(`/api/admin/projects/${id}`, {
      headers,
      data: { ...original, ...texts, groupBuy: true },
    }),
  );
  try {
    const username = '<svg onload=alert()>';
    await dataOf(
      await request.post(`/api/projects/${id}/group-buy`, {
        data: { username, tel: '13700002222' },
      }),
    );

    const executions = await watchForScripts(page);
    await page.goto(`/houseHome?id=${id}`);
    await expect(page.getByText(texts.publishName).first()).toBeVisible();
    await expect(page.getByText(texts.projectAddress).first()).toBeVisible();
    await page.getByRole('button', { name: /已报名/ }).click();
    // Participants are listed with their names masked after the first character: as text.
    const masked = `${username[0]}${'*'.repeat(username.length - 1)}`;
    await expect(page.getByRole('dialog').getByText(masked).first()).toBeVisible();
    expect(await page.getByRole('dialog').locator('svg[onload]').count()).toBe(0);
    await expectNoActiveMarkup(page);
    expect(await executions()).toBe(0);
  } finally {
    await request.put(`/api/admin/projects/${id}`, { headers, data: original });
  }
});

test('a pre-sale licence shows its number, buildings and scope as text', async ({
  page,
  request,
}) => {
  const { headers } = await signIn(request, OPERATOR);
  const projects = await dataOf<{ list: { id: number; publishStatus: number }[] }>(
    await request.get('/api/admin/projects?pageSize=50', { headers }),
  );
  const id = projects.list.find((p) => p.publishStatus === 3)?.id ?? 0;
  const licence = {
    licenceNo: `秦房预售字${SVG_PAYLOAD}${Date.now() % 100000}号`,
    buildingNames: `1#${IMG_PAYLOAD}`,
    issueDate: '2026-05-01',
    scope: `1#楼${SQL_PAYLOAD}`,
  };
  const created = await dataOf<{ id: number }>(
    await request.post(`/api/admin/projects/${id}/licences`, { headers, data: licence }),
  );
  try {
    const executions = await watchForScripts(page);
    await page.goto(`/houseDetails?id=${id}`);
    const row = page.getByRole('row', { name: new RegExp(licence.licenceNo.slice(0, 5)) });
    await expect(row.getByText(licence.licenceNo)).toBeVisible();
    await expect(row.getByText(licence.buildingNames)).toBeVisible();
    await expect(row.getByText(licence.scope)).toBeVisible();
    await expectNoActiveMarkup(page);
    expect(await executions()).toBe(0);
  } finally {
    await request.delete(`/api/admin/projects/${id}/licences/${created.id}`, { headers });
  }
});

test('site settings show in the page title, meta tags and footer as text', async ({
  page,
  request,
}) => {
  const { headers } = await signIn(request, OPERATOR);
  const original = await dataOf<Record<string, string>>(
    await request.get('/api/admin/site-settings', { headers }),
  );
  const changed = {
    ...original,
    title: `房地产交易服务平台${SVG_PAYLOAD}`,
    description: `描述"><script>alert(5)</script>`,
    keywords: `新房,${IMG_PAYLOAD}`,
    copyright: `© 2026 ${IMG_PAYLOAD} 版权所有`,
    icp: `冀ICP备${SVG_PAYLOAD}号`,
  };
  await dataOf(await request.put('/api/admin/site-settings', { headers, data: changed }));
  try {
    const executions = await watchForScripts(page);
    await page.goto('/home');
    await expect(page.getByText(changed.copyright)).toBeVisible();
    await expect(page.getByText(changed.icp)).toBeVisible();
    await expect(page).toHaveTitle(`${original.cityName}${changed.title}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      changed.description,
    );
    await expectNoActiveMarkup(page);
    expect(await executions()).toBe(0);
  } finally {
    await request.put('/api/admin/site-settings', { headers, data: original });
  }
});
