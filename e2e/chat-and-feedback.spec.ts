import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { passwordToken, useToken } from './account-helpers';

/** A visitor (signed in, not real-name verified) asks about a listing of the verified buyer. */
const BUYER = '13800000002';
const PUBLISHER = '13800000001';
const PASSWORD = 'Demo@2026';
const OPERATOR = '13900000000';
const OPERATOR_PASSWORD = 'Admin@2026';

interface Account {
  token: string;
  id: number;
  /** The name the chat shows for this account: nickname, else the masked phone. */
  name: string;
}

async function signIn(
  request: APIRequestContext,
  phone: string,
  password = PASSWORD,
): Promise<Account> {
  const token = await passwordToken(request, phone, password);
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  const user = ((await me.json()) as { data: { userId: number; nickName: string | null } }).data;
  return {
    token,
    id: user.userId,
    name: user.nickName || `${phone.slice(0, 3)}****${phone.slice(7)}`,
  };
}

async function pageFor(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useToken(page, token);
  return page;
}

/** The top-bar entry's accessible name for an unread total. */
function entryName(unread: number): string {
  return unread > 0 ? `房聊，${unread}条未读` : '房聊';
}

async function unreadOf(request: APIRequestContext, account: Account): Promise<number> {
  const response = await request.get('/api/chat/unread', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  return ((await response.json()) as { data: { unread: number } }).data.unread;
}

test.describe('房聊 between a buyer and a publisher', () => {
  test('a buyer starts 房聊 from a listing; the publisher sees the badge and replies live', async ({
    browser,
    request,
  }) => {
    const buyer = await signIn(request, BUYER);
    const publisher = await signIn(request, PUBLISHER);
    const operator = await signIn(request, OPERATOR, OPERATOR_PASSWORD);

    // The publisher is on the home page; the page is never reloaded from here on.
    const publisherPage = await pageFor(browser, publisher.token);
    await publisherPage.goto('/home');
    const before = await unreadOf(request, publisher);
    const entry = publisherPage.locator('button[aria-label^="房聊"]');
    await expect(entry).toHaveAttribute('aria-label', entryName(before));
    await publisherPage.evaluate(() => {
      (window as unknown as { stillSamePage: boolean }).stillSamePage = true;
    });

    // The buyer opens one of the publisher's published sale listings and starts 房聊 there.
    const mine = await request.get('/api/listings/mine?type=1&pageSize=20', {
      headers: { authorization: `Bearer ${publisher.token}` },
    });
    const listing = (
      (await mine.json()) as {
        data: { list: { id: number; title: string; publishStatus: number }[] };
      }
    ).data.list.find((item) => item.publishStatus === 3);
    expect(listing, 'a published listing of the publisher').toBeTruthy();
    const buyerPage = await pageFor(browser, buyer.token);
    await buyerPage.goto(`/detailscs?id=${listing?.id}`);
    // The listing's own 房聊 button (the top-bar entry is named 房聊 too until its badge loads).
    await buyerPage
      .getByRole('region', { name: '房源概况' })
      .getByRole('button', { name: '房聊', exact: true })
      .click();
    const buyerChat = buyerPage.frameLocator('iframe[title="房聊"]');
    await expect(buyerChat.getByTestId('chat-status')).toHaveText('在线');
    await expect(buyerChat.getByTestId('chat-peer-name')).toHaveText(publisher.name);
    // The conversation is about the listing it was started from.
    await expect(buyerChat.getByTestId('chat-listing')).toHaveText(`房源：${listing?.title}`);
    const question = `您好，这套房子还在吗？<b>${Date.now()}</b>`;
    await buyerChat.getByLabel('消息内容').fill(question);
    await buyerChat.getByLabel('消息内容').press('Enter');
    const sent = buyerChat.getByTestId('chat-message-mine').filter({ hasText: question });
    // Shown as typed: text, never markup.
    await expect(sent).toBeVisible();
    await expect(sent.getByTestId('chat-receipt')).toHaveText(/已发送|已送达/);

    // The publisher's badge counts the new message live, without a reload.
    await expect(entry).toHaveAttribute('aria-label', entryName(before + 1));
    expect(
      await publisherPage.evaluate(
        () => (window as unknown as { stillSamePage?: boolean }).stillSamePage,
      ),
    ).toBe(true);

    await entry.click();
    const frame = publisherPage.frameLocator('iframe[title="房聊"]');
    await expect(frame.getByTestId('chat-status')).toHaveText('在线');
    await expect(frame.getByTestId('chat-peer-name')).toHaveText(buyer.name);
    await expect(
      frame.getByTestId('chat-message-peer').filter({ hasText: question }),
    ).toBeVisible();

    // Opening the conversation marks it read, and the buyer sees that live.
    await expect(sent.getByTestId('chat-receipt')).toHaveText('已读');

    const reply = `在的，欢迎周末来看房 ${Date.now()}`;
    await frame.getByLabel('消息内容').fill(reply);
    await frame.getByRole('button', { name: /发\s?送/ }).click();
    await expect(frame.getByTestId('chat-message-mine').filter({ hasText: reply })).toBeVisible();
    await expect(
      buyerChat.getByTestId('chat-message-peer').filter({ hasText: reply }),
    ).toBeVisible();

    // The buyer sends a picture: both sides show the stored copy, loaded, and the list says so.
    const picture = await buyerPage.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 240;
      canvas.height = 160;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#e8eef7';
        context.fillRect(0, 0, 240, 160);
        context.strokeStyle = '#1f5fbf';
        context.lineWidth = 6;
        context.strokeRect(20, 20, 200, 120);
        context.beginPath();
        context.moveTo(120, 20);
        context.lineTo(120, 140);
        context.stroke();
      }
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    });
    await buyerChat.getByLabel('选择图片').setInputFiles({
      name: '户型图.png',
      mimeType: 'image/png',
      buffer: Buffer.from(picture, 'base64'),
    });
    const sentPicture = buyerChat
      .getByTestId('chat-message-mine')
      .last()
      .getByRole('img', { name: '图片消息' });
    await expect(sentPicture).toBeVisible();
    const src = await sentPicture.getAttribute('src');
    expect(src).toMatch(/^\/oss\/app\/chat\/\d+\/[0-9a-f]{24}\.png$/);
    const receivedPicture = frame
      .getByTestId('chat-message-peer')
      .last()
      .getByRole('img', { name: '图片消息' });
    await expect(receivedPicture).toHaveAttribute('src', src ?? '');
    await expect
      .poll(() => receivedPicture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(240);
    await expect(
      frame
        .getByRole('list', { name: '会话列表' })
        .getByRole('button')
        .filter({ hasText: buyer.name }),
    ).toContainText('[图片]');

    // Someone else asks about another of the publisher's listings while the chat is open: it
    // shows up there. A user id alone reaches nobody.
    const byId = await request.post('/api/chat/conversations', {
      headers: { authorization: `Bearer ${operator.token}` },
      data: { targetId: publisher.id },
    });
    expect(byId.status()).toBe(400);
    const rentals = await request.get('/api/listings/mine?type=2&pageSize=20', {
      headers: { authorization: `Bearer ${publisher.token}` },
    });
    const rental = (
      (await rentals.json()) as { data: { list: { id: number; publishStatus: number }[] } }
    ).data.list.find((item) => item.publishStatus === 3);
    const started = await request.post('/api/chat/conversations', {
      headers: { authorization: `Bearer ${operator.token}` },
      data: { listingId: rental?.id },
    });
    const conversationId = ((await started.json()) as { data: { id: number } }).data.id;
    const notice = `平台提醒：请核对房源信息 ${Date.now()}`;
    await request.post(`/api/chat/conversations/${conversationId}/messages`, {
      headers: { authorization: `Bearer ${operator.token}` },
      data: { text: notice },
    });
    const newcomer = frame
      .getByRole('list', { name: '会话列表' })
      .getByRole('button')
      .filter({ hasText: notice });
    await expect(newcomer).toContainText(operator.name);
    const afterNotice = await unreadOf(request, publisher);
    await expect(entry).toHaveAttribute('aria-label', entryName(afterNotice));

    // Closing the dialog leaves the badge at the server's count.
    await publisherPage.getByRole('button', { name: /^(Close|关闭)$/ }).click();
    await expect(entry).toHaveAttribute(
      'aria-label',
      entryName(await unreadOf(request, publisher)),
    );
  });
});

test.describe('互动交流: ask a question and read it back', () => {
  test('a signed-in citizen finds name and phone filled in, types no picture code, and /feedback lists it', async ({
    browser,
    request,
  }) => {
    const buyer = await signIn(request, BUYER);
    const page = await pageFor(browser, buyer.token);
    let captchaAsked = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/feedback/captcha')) captchaAsked = true;
    });
    await page.goto('/feedbackpage');
    await expect(page.getByRole('heading', { name: '我要提问' })).toBeVisible();
    await expect(page.getByLabel('联系方式')).toHaveValue(BUYER);
    await expect(page.getByPlaceholder('请输入验证码')).toHaveCount(0);
    const title = `预售资金监管咨询 ${Date.now()}`;
    await page.getByLabel('姓名').fill('李思远');
    await page.getByPlaceholder('请输入标题').fill(title);
    const editor = page.getByRole('textbox', { name: '内容' });
    await editor.click();
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('监管账户如何查询？');

    await page.getByRole('button', { name: /提\s?交/ }).click();
    await expect(page.getByText('提交成功！')).toBeVisible();
    await expect(page.getByPlaceholder('请输入标题')).toHaveValue('');
    await expect(page.getByLabel('姓名')).toHaveValue('李思远');
    expect(captchaAsked).toBe(false);

    await page.goto('/feedback');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByText('待处理')).toBeVisible();
    await row.getByRole('link', { name: '查看' }).click();
    await expect(page).toHaveURL(/\/feedbackDetails\?id=\d+$/);
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.locator('b', { hasText: '监管账户如何查询？' })).toBeVisible();
    await expect(page.getByText('暂未回复，请耐心等待')).toBeVisible();
    await page.getByRole('button', { name: /返\s?回/ }).click();
    await expect(page).toHaveURL(/\/feedback$/);
  });
});
