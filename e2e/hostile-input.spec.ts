import { expect, test } from '@playwright/test';
import { useToken } from './account-helpers';
import {
  BUYER,
  dataOf,
  expectNoActiveMarkup,
  IMG_PAYLOAD,
  JAVASCRIPT_PAYLOAD,
  OPERATOR,
  paidOrder,
  SCRIPT_PAYLOAD,
  SQL_PAYLOAD,
  SECOND_BUYER,
  signIn,
  SVG_PAYLOAD,
  watchForScripts,
} from './hostile-helpers';
import { verifiedBuyer } from './phone-helpers';

/**
 * Script payloads typed into every field that is stored and shown to people: whatever comes
 * back, nothing runs in the reader's browser. Plain-text fields show the payload as text;
 * rich-text fields keep only the allowed markup.
 */

test('a nickname and a signature are shown as text', async ({ page, request }) => {
  const { token, headers } = await signIn(request, SECOND_BUYER);
  const nickName = '<svg/onload=x>';
  const remark = '<svg onload=alert()>';
  await dataOf(
    await request.put('/api/users/me', {
      headers,
      data: { nickName, gender: 1, birthday: '1990-01-01', remark },
    }),
  );

  const executions = await watchForScripts(page);
  await useToken(page, token);
  await page.goto('/myInfomation');
  await expect(page.getByText(nickName).first()).toBeVisible();
  await expect(page.locator('textarea').first()).toHaveValue(remark);
  await expectNoActiveMarkup(page);
  expect(await executions()).toBe(0);
});

test('a question to the operators keeps its text and loses its script, its title is text', async ({
  page,
  request,
}) => {
  const { token, headers } = await signIn(request, BUYER);
  const captcha = await dataOf<{ captchaId: string }>(
    await request.get('/api/feedback/captcha', { headers }),
  );
  const { code } = await dataOf<{ code: string }>(
    await request.get(`/api/dev/captcha/${captcha.captchaId}`),
  );
  const title = `安全检查${Date.now() % 100000}${SVG_PAYLOAD}`;
  await dataOf(
    await request.post('/api/feedback', {
      headers,
      data: {
        realname: '张三',
        phone: '13800000001',
        title,
        content:
          `<p>楼盘信息有误${IMG_PAYLOAD}</p>${SCRIPT_PAYLOAD}` +
          '<a href="javascript:alert(4)">链接</a>',
        captchaId: captcha.captchaId,
        num: code,
      },
    }),
  );
  const list = await dataOf<{ list: { id: number; title: string }[] }>(
    await request.get('/api/feedback', { headers }),
  );
  const row = list.list.find((item) => item.title === title);
  expect(row, 'the title comes back exactly as typed').toBeTruthy();
  const operator = await signIn(request, OPERATOR);
  await dataOf(
    await request.post(`/api/admin/feedback/${row?.id}/reply`, {
      headers: operator.headers,
      data: {
        html: `<p>已受理${SVG_PAYLOAD}</p>${SCRIPT_PAYLOAD}${JAVASCRIPT_PAYLOAD}<p>${SQL_PAYLOAD}</p>`,
      },
    }),
  );

  const executions = await watchForScripts(page);
  await useToken(page, token);
  await page.goto(`/feedbackDetails?id=${row?.id}`);
  await expect(page.getByText('楼盘信息有误')).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText('链接', { exact: true })).toBeVisible();
  await expect(page.getByText('已受理')).toBeVisible();
  await expect(page.getByText('政策原文')).toBeVisible();
  await expect(page.getByText(SQL_PAYLOAD)).toBeVisible();
  await expectNoActiveMarkup(page);
  expect(await executions()).toBe(0);
});

test('a refund remark and the operator refusal are shown to the buyer as text', async ({
  page,
  request,
}) => {
  // A buyer of its own: one identity holds one live deposit order, and the demo buyer's is
  // taken by the deposit journey.
  const token = await verifiedBuyer(request);
  const buyer = { token, headers: { authorization: `Bearer ${token}` } };
  const operator = await signIn(request, OPERATOR);
  const id = await paidOrder(request, buyer.headers);
  const remark = `家庭计划有变${IMG_PAYLOAD}${SQL_PAYLOAD}`;
  const reason = `请先完成网签${SVG_PAYLOAD}${JAVASCRIPT_PAYLOAD}`;
  await dataOf(
    await request.post(`/api/orders/${id}/refund`, {
      headers: buyer.headers,
      data: { refundIntention: 1, remark },
    }),
  );
  await dataOf(
    await request.post(`/api/admin/orders/${id}/refund/reject`, {
      headers: operator.headers,
      data: { reason },
    }),
  );

  const executions = await watchForScripts(page);
  await useToken(page, buyer.token);
  await page.goto(`/myOrderDetails?id=${id}`);
  await expect(page.getByRole('row', { name: /退款备注/ })).toContainText(remark);
  await expect(page.getByText(`驳回原因：${reason}`).first()).toBeVisible();
  await expectNoActiveMarkup(page);
  expect(await executions()).toBe(0);
});

test('a listing rejection reason is shown to its owner as text', async ({ page, request }) => {
  const buyer = await signIn(request, BUYER);
  const operator = await signIn(request, OPERATOR);
  const mine = await dataOf<{ list: { id: number; publishStatus: number }[] }>(
    await request.get('/api/listings/mine?type=2&pageSize=50', { headers: buyer.headers }),
  );
  const id = mine.list.find((item) => item.publishStatus === 4)?.id ?? 0;
  expect(id, 'a rejected rental listing to submit again').toBeGreaterThan(0);
  await dataOf(
    await request.post(`/api/listings/${id}/audit`, {
      headers: buyer.headers,
      data: { operation: 1 },
    }),
  );
  const reason = `产权证照片不清晰${IMG_PAYLOAD}${SQL_PAYLOAD}`;
  await dataOf(
    await request.post(`/api/admin/listing-review/${id}/reject`, {
      headers: operator.headers,
      data: { reason },
    }),
  );

  const executions = await watchForScripts(page);
  await useToken(page, buyer.token);
  await page.goto('/mySecondHandHouse');
  await page.getByRole('tab', { name: '出租' }).click();
  await expect(page.getByText(`驳回原因：${reason}`)).toBeVisible();
  await expectNoActiveMarkup(page);
  expect(await executions()).toBe(0);
});

test('a second-hand listing shows its title, description, community and address as text', async ({
  page,
  request,
}) => {
  const buyer = await signIn(request, BUYER);
  const operator = await signIn(request, OPERATOR);
  // The buyer's rejected rental listing: edited, submitted, approved by the operator.
  const mine = await dataOf<{ list: { id: number; publishStatus: number }[] }>(
    await request.get('/api/listings/mine?type=2&pageSize=50', { headers: buyer.headers }),
  );
  const rejected = mine.list.find((item) => item.publishStatus === 4);
  expect(rejected, 'a rejected listing to edit').toBeTruthy();
  const id = rejected?.id ?? 0;
  const edit = await dataOf<Record<string, unknown> & { form: Record<string, unknown> }>(
    await request.get(`/api/listings/mine/${id}`, { headers: buyer.headers }),
  );
  const texts = {
    title: `海景两居${SVG_PAYLOAD}拎包入住`,
    description: `描述${IMG_PAYLOAD}${SCRIPT_PAYLOAD}`,
    communityName: `小区${SVG_PAYLOAD}`,
    address: `海港区${IMG_PAYLOAD}路1号`,
  };
  const { secondHouse, secondCertificate, secondIdCard, secondLicense } = edit;
  await dataOf(
    await request.put(`/api/listings/${id}`, {
      headers: buyer.headers,
      data: { ...edit.form, ...texts, secondHouse, secondCertificate, secondIdCard, secondLicense },
    }),
  );
  await dataOf(
    await request.post(`/api/listings/${id}/audit`, {
      headers: buyer.headers,
      data: { operation: 1 },
    }),
  );
  await dataOf(
    await request.post(`/api/admin/listing-review/${id}/approve`, { headers: operator.headers }),
  );

  const executions = await watchForScripts(page);
  await page.goto(`/detailscz?id=${id}`);
  await expect(page.getByText(texts.title).first()).toBeVisible();
  await expect(page.getByText(texts.description).first()).toBeVisible();
  await expect(page.getByText(texts.communityName).first()).toBeVisible();
  await expect(page.getByText(texts.address).first()).toBeVisible();
  await expectNoActiveMarkup(page);
  expect(await executions()).toBe(0);
});

test('a chat message is shown as text to the one who receives it', async ({ page, request }) => {
  // The second buyer asks about one of the buyer's published listings (房聊 starts only there).
  const buyer = await signIn(request, SECOND_BUYER);
  const receiver = await signIn(request, BUYER);
  const me = await dataOf<{ userId: number }>(
    await request.get('/api/auth/me', { headers: receiver.headers }),
  );
  const sender = await dataOf<{ userId: number }>(
    await request.get('/api/auth/me', { headers: buyer.headers }),
  );
  const listings = await dataOf<{ list: { id: number; publishStatus: number }[] }>(
    await request.get('/api/listings/mine?type=1&pageSize=50', { headers: receiver.headers }),
  );
  const listingId = listings.list.find((item) => item.publishStatus === 3)?.id;
  const started = await dataOf<{ id: number }>(
    await request.post('/api/chat/conversations', {
      headers: buyer.headers,
      data: { listingId },
    }),
  );
  const text = `还在吗${IMG_PAYLOAD}${Date.now() % 100000}`;
  await dataOf(
    await request.post(`/api/chat/conversations/${started.id}/messages`, {
      headers: buyer.headers,
      data: { text },
    }),
  );

  const executions = await watchForScripts(page);
  await useToken(page, receiver.token);
  await page.goto(`/chat?userId=${me.userId}&targetId=${sender.userId}`);
  await expect(page.getByTestId('chat-messages').getByText(text)).toBeVisible();
  await expectNoActiveMarkup(page);
  expect(await executions()).toBe(0);
});
