import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { feedback, feedbackCaptchas, notices, users } from '../../db/schema/index';
import { createSession } from '../auth/index';
import { sanitizeFeedbackHtml } from './feedback-html';
import { issueCaptcha, replyToFeedback } from './feedback.service';

let t: TestApp;
let asker: { id: number; token: string };
let other: { id: number; token: string };
let operatorId: number;

async function person(phone: string, role: 'user' | 'admin' = 'user') {
  const [row] = await t.database.db
    .insert(users)
    .values({ phone, role })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return { id: row.id, token: await createSession(t.database.db, row.id, { remember: false }) };
}

function api(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A fresh picture code with its digits (read from the service, as only the server knows them). */
async function captcha() {
  const { captchaId, code } = await issueCaptcha(t.database.db);
  return { captchaId, num: code };
}

const form = {
  realname: '张三',
  phone: '13912345678',
  title: '关于预售资金监管的咨询',
  content: '<p>请问<b>监管账户</b>如何查询？</p>',
};

beforeAll(async () => {
  t = await createTestApp();
  asker = await person('13500000001');
  other = await person('13500000002');
  operatorId = (await person('13500000009', 'admin')).id;
});

afterAll(async () => {
  await t.dispose();
});

describe('the feedback sanitiser', () => {
  it('removes scripts, event handlers and javascript: links but keeps the text', () => {
    expect(sanitizeFeedbackHtml('<p>你好<script>alert(1)</script></p>')).toBe('<p>你好</p>');
    expect(sanitizeFeedbackHtml('<img src="x" onerror="alert(1)">图')).toBe('图');
    expect(sanitizeFeedbackHtml('<b onclick="steal()" onmouseover="x()">粗</b>')).toBe('<b>粗</b>');
    expect(sanitizeFeedbackHtml('<a href="javascript:alert(1)">链接</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">链接</a>',
    );
    expect(sanitizeFeedbackHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).not.toMatch(/javascript/i);
    expect(
      sanitizeFeedbackHtml('<iframe src="https://evil.example"></iframe><style>*{}</style>'),
    ).toBe('');
    expect(sanitizeFeedbackHtml('<ul><li><i>一</i></li></ul>')).toBe('<ul><li><i>一</i></li></ul>');
  });
});

describe('the picture code', () => {
  it('is issued by the server as a PNG of a 5-digit code', async () => {
    const response = await api('GET', '/api/feedback/captcha');
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { captchaId: string; image: string };
    expect(data.image).toMatch(/^data:image\/png;base64,/);
    expect(JSON.stringify(data)).not.toMatch(/\b\d{5}\b/);
    const { code } = await issueCaptcha(t.database.db);
    expect(Number(code)).toBeGreaterThanOrEqual(10000);
    expect(Number(code)).toBeLessThanOrEqual(99999);
  });

  it('refuses a wrong code and uses the picture up, right or wrong', async () => {
    const { captchaId, num } = await captcha();
    const wrongNum = num === '12345' ? '54321' : '12345';
    const wrong = await api('POST', '/api/feedback', asker.token, {
      ...form,
      captchaId,
      num: wrongNum,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: '75010', message: '验证码不正确，请重新输入！' });
    const retry = await api('POST', '/api/feedback', asker.token, { ...form, captchaId, num });
    expect(retry.json().code).toBe('75010');

    const fresh = await captcha();
    const right = await api('POST', '/api/feedback', asker.token, { ...form, ...fresh });
    expect(right.statusCode).toBe(200);
    expect(right.json().message).toBe('提交成功！');
    const reuse = await api('POST', '/api/feedback', asker.token, { ...form, ...fresh });
    expect(reuse.json().code).toBe('75010');
  });

  it('refuses an expired code', async () => {
    const { captchaId, num } = await captcha();
    await t.database.db
      .update(feedbackCaptchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(feedbackCaptchas.id, captchaId));
    const response = await api('POST', '/api/feedback', asker.token, { ...form, captchaId, num });
    expect(response.json().code).toBe('75010');
  });
});

describe('submitting and reading feedback', () => {
  it('needs a session and valid fields', async () => {
    const anonymous = await api('POST', '/api/feedback', undefined, {
      ...form,
      ...(await captcha()),
    });
    expect(anonymous.statusCode).toBe(401);
    const badPhone = await api('POST', '/api/feedback', asker.token, {
      ...form,
      phone: '12012345678',
      ...(await captcha()),
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toContain('手机号格式不正确');
    const emptyContent = await api('POST', '/api/feedback', asker.token, {
      ...form,
      content: '<p><br></p><script>x</script>',
      ...(await captcha()),
    });
    expect(emptyContent.json().message).toBe('必填项不能为空');
  });

  it('stores sanitised content and shows each user only their own, 10 per page', async () => {
    // Ten stored directly (the form is limited to 10 posts a minute), the newest through the API.
    for (let i = 0; i < 10; i += 1) {
      await t.database.db.insert(feedback).values({
        userId: other.id,
        ...form,
        title: `第${i + 1}个问题`,
        createdAt: new Date(Date.now() - (10 - i) * 60_000),
      });
    }
    const response = await api('POST', '/api/feedback', other.token, {
      ...form,
      title: '第11个问题',
      content: '<p onclick="x()">内容10<img src=x onerror=alert(1)></p>',
      ...(await captcha()),
    });
    expect(response.statusCode).toBe(200);
    const page1 = (await api('GET', '/api/feedback', other.token)).json().data;
    expect(page1.total).toBe(11);
    expect(page1.list).toHaveLength(10);
    expect(page1.list[0]).toMatchObject({ title: '第11个问题', state: 'pending', replyTime: null });
    const page2 = (await api('GET', '/api/feedback?pageNum=2', other.token)).json().data;
    expect(page2.list).toHaveLength(1);

    const mine = (await api('GET', '/api/feedback', asker.token)).json().data;
    expect(mine.total).toBe(1);
    const ownId = mine.list[0].id as number;
    const detail = (await api('GET', `/api/feedback/${page1.list[0].id}`, other.token)).json().data;
    expect(detail.content).toBe('<p>内容10</p>');
    expect(detail.reply).toBeNull();
    const foreign = await api('GET', `/api/feedback/${ownId}`, other.token);
    expect(foreign.statusCode).toBe(404);
  });

  it('shows the operator reply, sanitised, with a notice to the asker', async () => {
    const mine = (await api('GET', '/api/feedback', asker.token)).json().data;
    const id = mine.list[0].id as number;
    await replyToFeedback(
      t.database.db,
      id,
      operatorId,
      '<p>已受理，<a href="javascript:alert(1)">点此</a>查询<script>bad()</script></p>',
    );
    const detail = (await api('GET', `/api/feedback/${id}`, asker.token)).json().data;
    expect(detail.state).toBe('replied');
    expect(detail.replyTime).not.toBeNull();
    expect(detail.reply).toBe(
      '<p>已受理，<a target="_blank" rel="noopener noreferrer nofollow">点此</a>查询</p>',
    );
    const rows = await t.database.db.select().from(notices).where(eq(notices.userId, asker.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bizType: 'feedback', bizId: id });
    await expect(replyToFeedback(t.database.db, 999999, operatorId, '<p>x</p>')).rejects.toThrow(
      '反馈不存在',
    );
    await expect(
      replyToFeedback(t.database.db, id, operatorId, '<script>x</script>'),
    ).rejects.toThrow('必填项不能为空');
  });
});

describe('a signed-in citizen is not asked again for what the account knows', () => {
  const question = { title: '网签备案需要哪些材料', content: '<p>请问需要带什么？</p>' };

  async function storedOf(id: number) {
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, id));
    return row;
  }

  it('takes the phone and nickname of the account and needs no picture code', async () => {
    const citizen = await person('13500000011');
    await t.database.db.update(users).set({ nickname: '李四' }).where(eq(users.id, citizen.id));
    const response = await api('POST', '/api/feedback', citizen.token, question);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('提交成功！');
    expect(await storedOf(response.json().data.id)).toMatchObject({
      userId: citizen.id,
      realname: '李四',
      phone: '13500000011',
      title: '网签备案需要哪些材料',
    });
  });

  it('prefers the verified real name, and keeps what the citizen typed', async () => {
    const citizen = await person('13500000012');
    await t.database.db
      .update(users)
      .set({ nickname: '小王', realName: '王五', realNameAuth: true })
      .where(eq(users.id, citizen.id));
    const verified = await api('POST', '/api/feedback', citizen.token, question);
    expect(await storedOf(verified.json().data.id)).toMatchObject({ realname: '王五' });
    const typed = await api('POST', '/api/feedback', citizen.token, {
      ...question,
      realname: '王先生',
      phone: '13912345678',
    });
    expect(await storedOf(typed.json().data.id)).toMatchObject({
      realname: '王先生',
      phone: '13912345678',
    });
  });

  it('asks for a name when the account has none, and still checks a code that is sent', async () => {
    const citizen = await person('13500000013');
    const nameless = await api('POST', '/api/feedback', citizen.token, question);
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe('必填项不能为空');
    const wrongCode = await api('POST', '/api/feedback', citizen.token, {
      ...question,
      realname: '赵六',
      captchaId: 'not-issued',
      num: '12345',
    });
    expect(wrongCode.json().code).toBe('75010');
  });

  it('still needs a session, and still limits a citizen to ten questions a minute', async () => {
    const anonymous = await api('POST', '/api/feedback', undefined, {
      ...question,
      realname: '某',
    });
    expect(anonymous.statusCode).toBe(401);
    const citizen = await person('13500000014');
    await t.database.db.update(users).set({ nickname: '孙七' }).where(eq(users.id, citizen.id));
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push((await api('POST', '/api/feedback', citizen.token, question)).statusCode);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers[10]).toBe(429);
    // Another citizen is not held back by the first one's posts.
    const neighbour = await person('13500000015');
    await t.database.db.update(users).set({ nickname: '周八' }).where(eq(users.id, neighbour.id));
    expect((await api('POST', '/api/feedback', neighbour.token, question)).statusCode).toBe(200);
  });
});

describe('without a picture puzzle, programs are still kept out', () => {
  const question = { title: '网签备案需要哪些材料', content: '<p>请问需要带什么？</p>' };

  it('refuses a form whose hidden trap field is filled, and stores nothing', async () => {
    const citizen = await person('13500000016');
    await t.database.db.update(users).set({ nickname: '吴九' }).where(eq(users.id, citizen.id));
    const trapped = await api('POST', '/api/feedback', citizen.token, {
      ...question,
      title: '机器填写',
      website: 'http://spam.example',
    });
    expect(trapped.statusCode).toBe(400);
    expect(trapped.json().message).toBe('提交失败，请刷新页面后重试');
    const stored = await t.database.db
      .select({ id: feedback.id })
      .from(feedback)
      .where(eq(feedback.userId, citizen.id));
    expect(stored).toEqual([]);
    // The same citizen, through the form as people see it (trap left empty), gets through.
    const typed = await api('POST', '/api/feedback', citizen.token, { ...question, website: '' });
    expect(typed.statusCode).toBe(200);
  });
});

describe('the picture-code simulator', () => {
  it('tells tests the digits of an issued picture while simulators are on', async () => {
    const issued = (await api('GET', '/api/feedback/captcha')).json().data as { captchaId: string };
    const dev = await api('GET', `/api/dev/captcha/${issued.captchaId}`);
    expect(dev.json().data.code).toMatch(/^[1-9]\d{4}$/);
    const posted = await api('POST', '/api/feedback', asker.token, {
      ...form,
      captchaId: issued.captchaId,
      num: dev.json().data.code as string,
    });
    expect(posted.statusCode).toBe(200);
    expect((await api('GET', '/api/dev/captcha/unknown')).statusCode).toBe(404);
  });
});
