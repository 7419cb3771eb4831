import { isValidIdCard } from '@portal/shared/validators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptFormBodies } from '../form-body';
import { escapeHtml, renderSimulatorPage } from '../simulator-page';
import { findOpenRealnameRequest } from './realname-requests';
import type { RealnameService } from './realname-service';
import { backLink } from './realname.routes';

const tokenParams = z.object({ token: z.string().min(10).max(100) });

function verifyForm(token: string): string {
  const action = `/dev/realname/${encodeURIComponent(token)}`;
  return `<p>小程序人脸识别认证（模拟）：填写身份信息后选择识别结果。</p>
<form method="post" action="${escapeHtml(action)}">
<p><label>真实姓名：<br><input name="realName" required maxlength="30"></label></p>
<p><label>身份证号：<br><input name="idCard" required maxlength="18" size="24"></label></p>
<p><button type="submit" name="result" value="pass" style="font-size:16px;padding:8px 24px;background:#07c160;color:#fff;border:0;border-radius:4px">模拟识别通过</button>
<button type="submit" name="result" value="fail" style="font-size:16px;padding:8px 24px;margin-left:12px">模拟识别失败</button></p>
</form>`;
}

/** The face-verification simulator's mini-program side (docs/architecture.md). */
export const realnameDevRoutes: FastifyPluginAsyncZod<{ realname: RealnameService }> = async (
  app,
  { realname },
) => {
  acceptFormBodies(app);

  app.get(
    '/dev/realname/:token',
    { schema: { hide: true, params: tokenParams } },
    async (request, reply) => {
      const row = await findOpenRealnameRequest(app.db, request.params.token);
      const body = row
        ? verifyForm(request.params.token)
        : '<p class="empty">二维码已失效，请在网页上重新获取。</p>';
      return reply.type('text/html; charset=utf-8').send(renderSimulatorPage('实名认证', body));
    },
  );

  app.post(
    '/dev/realname/:token',
    {
      schema: {
        hide: true,
        params: tokenParams,
        body: z.object({
          realName: z.string().max(30),
          idCard: z.string().max(18),
          result: z.enum(['pass', 'fail']),
        }),
      },
    },
    async (request, reply) => {
      const { realName, idCard, result } = request.body;
      const name = realName.trim();
      const valid = name.length >= 2 && name.length <= 30 && isValidIdCard(idCard);
      const status = await realname.complete(
        request.params.token,
        result === 'pass' && valid
          ? { status: 'passed', realName: name, idCard }
          : { status: 'failed', reason: valid ? '人脸比对未通过' : '姓名或身份证号不正确' },
      );
      const body =
        status === 'passed'
          ? '<p>认证成功，请回到网页继续操作。</p>'
          : '<p class="empty">认证未通过：姓名、身份证号或人脸比对不一致。请在网页上重新获取二维码。</p>';
      return reply
        .type('text/html; charset=utf-8')
        .send(renderSimulatorPage('实名认证', body + backLink(request)));
    },
  );
};
