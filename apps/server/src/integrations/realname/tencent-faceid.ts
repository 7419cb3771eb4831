import { isValidIdCard } from '@portal/shared/validators';
import { CommonClient } from 'tencentcloud-sdk-nodejs-common';
import type { RealnameSettings } from '../../config/index';
import { AppError } from '../../lib/app-error';
import { DIRECT, tencentHttpProfile, type OutboundProxy } from '../outbound-proxy';
import { networkCodeOf, ProviderFailure } from '../provider-failure';
import {
  REALNAME_TIMEOUT_MS,
  type RealnameGateway,
  type RealnameOutcome,
} from './realname-gateway';

type TencentSettings = Extract<RealnameSettings, { provider: 'tencent' }>;

interface DetectText {
  ErrCode?: number | null;
  ErrMsg?: string | null;
  IdCard?: string | null;
  Name?: string | null;
  Extra?: string | null;
}

/**
 * 503 REALNAME_UNAVAILABLE, logged as FaceID's failure: the provider's error code (or the network
 * failure, or what was wrong with the answer), never the SDK's message or the request.
 */
function unavailable(thrown: unknown, answerProblem?: string): AppError {
  const error = new AppError('REALNAME_UNAVAILABLE');
  const { code, httpCode } = (thrown ?? {}) as { code?: unknown; httpCode?: unknown };
  const providerCode =
    answerProblem ??
    (typeof code === 'string' && /^[A-Z][A-Za-z]+(\.[A-Za-z0-9]+)*$/.test(code)
      ? code
      : networkCodeOf(thrown, Number(httpCode) >= 500 ? `HTTP${String(httpCode)}` : 'BadAnswer'));
  const hint = /^AuthFailure|^UnauthorizedOperation/.test(providerCode)
    ? '访问密钥错误或子账号无慧眼权限'
    : /RuleId|InvalidParameterValue\.Rule/i.test(providerCode)
      ? '业务流程 RuleId 不存在或未开通'
      : '';
  error.cause = new ProviderFailure('faceid', providerCode, hint);
  return error;
}

/**
 * Tencent Cloud FaceID (慧眼) real-name verification in its H5 flow, through the official SDK
 * (TC3-HMAC-SHA256 signed): DetectAuth starts a flow for the business rule (RuleId) and gives
 * the H5 page; GetDetectInfoEnhanced fetches the result (name, ID number, error code). Our
 * request token travels as `Extra` and must come back unchanged.
 */
export function createTencentFaceidGateway(
  settings: TencentSettings,
  timeoutMs = REALNAME_TIMEOUT_MS,
  proxy: OutboundProxy = DIRECT,
): RealnameGateway {
  const endpoint = new URL(settings.endpoint);
  const client = new CommonClient(endpoint.host, '2018-03-01', {
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: '',
    profile: {
      httpProfile: {
        endpoint: endpoint.host,
        protocol: `${endpoint.protocol}//`,
        reqTimeout: timeoutMs / 1000,
        ...tencentHttpProfile(proxy, endpoint),
      },
    },
  });
  const call = async <T>(action: string, params: Record<string, unknown>): Promise<T> => {
    try {
      return (await client.request(action, params)) as T;
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (/BizToken/i.test(code)) {
        return { expired: true } as T;
      }
      throw unavailable(error);
    }
  };
  return {
    name: '腾讯云慧眼',
    simulated: false,
    async start({ token, returnUrl }) {
      const answer = await call<{ Url?: string; BizToken?: string }>('DetectAuth', {
        RuleId: settings.ruleId,
        RedirectUrl: returnUrl,
        Extra: token,
      });
      if (!answer.Url || !answer.BizToken) throw unavailable(null, 'DetectAuthWithoutUrl');
      return { url: answer.Url, providerToken: answer.BizToken };
    },
    async fetchResult({ token, providerToken }): Promise<RealnameOutcome> {
      const answer = await call<{ Text?: DetectText; expired?: boolean }>('GetDetectInfoEnhanced', {
        BizToken: providerToken,
        RuleId: settings.ruleId,
        InfoType: '1',
      });
      if (answer.expired) return { status: 'failed', reason: '认证已过期，请重新获取二维码' };
      const text = answer.Text;
      if (!text || text.ErrCode === null || text.ErrCode === undefined)
        return { status: 'pending' };
      if (text.Extra && text.Extra !== token) throw unavailable(null, 'ExtraDiffers');
      if (text.ErrCode !== 0) {
        return { status: 'failed', reason: `人脸核身未通过：${text.ErrMsg ?? '请重新认证'}` };
      }
      const realName = (text.Name ?? '').trim();
      const idCard = (text.IdCard ?? '').trim().toUpperCase();
      if (!realName || !isValidIdCard(idCard)) {
        return { status: 'failed', reason: '认证结果中的姓名或身份证号不完整' };
      }
      return { status: 'passed', realName, idCard };
    },
  };
}
