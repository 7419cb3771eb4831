import { randomBytes } from 'node:crypto';
import type { FakeAnswer, FakeRequest } from './fake-server';
import { tencentAnswer, tencentError, verifyTc3 } from './tencent-fake';

interface Flow {
  extra: string;
  redirectUrl: string;
  result: { ErrCode: number; ErrMsg: string; Name: string; IdCard: string } | null;
}

/**
 * Tencent Cloud FaceID (faceid 2018-03-01) for the H5 flow: DetectAuth starts a flow for a
 * RuleId and answers the H5 page and a BizToken; GetDetectInfoEnhanced answers the result
 * (`Text.ErrCode` null until the citizen finishes). Requests must carry a valid TC3 signature.
 * `finish` plays the citizen on the provider's page.
 */
export class FakeFaceid {
  readonly flows = new Map<string, Flow>();
  slow = false;
  /** When set, every signed call gets this answer (a gateway error page, an outage). */
  outage: FakeAnswer | null = null;

  constructor(
    private readonly secrets: Record<string, string>,
    private readonly ruleId: string,
  ) {}

  handle = (request: FakeRequest): FakeAnswer => {
    if (!verifyTc3(request, this.secrets)) return tencentError('AuthFailure.SignatureFailure');
    if (this.slow) return { delayMs: 3_000, body: '{}' };
    if (this.outage) return this.outage;
    const body = JSON.parse(request.body) as Record<string, string>;
    if (body.RuleId !== this.ruleId) return tencentError('InvalidParameterValue.RuleIdNotExist');
    const action = request.headers['x-tc-action'];
    if (action === 'DetectAuth') {
      const bizToken = randomBytes(16).toString('hex').toUpperCase();
      this.flows.set(bizToken, {
        extra: body.Extra ?? '',
        redirectUrl: body.RedirectUrl ?? '',
        result: null,
      });
      return tencentAnswer({
        Url: `https://faceid.example.cn/h5?token=${bizToken}`,
        BizToken: bizToken,
      });
    }
    if (action === 'GetDetectInfoEnhanced') {
      const flow = this.flows.get(body.BizToken ?? '');
      if (!flow) return tencentError('InvalidParameterValue.BizTokenIllegal', 'BizToken不合法');
      const text = flow.result
        ? { ...flow.result, Extra: flow.extra }
        : { ErrCode: null, ErrMsg: null, Extra: flow.extra };
      return tencentAnswer({ Text: text });
    }
    return tencentError('InvalidAction');
  };

  /** The citizen finished on the provider's page: passed with this identity, or failed. */
  finish(bizToken: string, outcome: { name: string; idCard: string } | 'failed'): string {
    const flow = this.flows.get(bizToken);
    if (!flow) throw new Error(`no flow ${bizToken}`);
    flow.result =
      outcome === 'failed'
        ? { ErrCode: 1001, ErrMsg: '活体检测未通过', Name: '', IdCard: '' }
        : { ErrCode: 0, ErrMsg: '成功', Name: outcome.name, IdCard: outcome.idCard };
    return flow.redirectUrl;
  }
}
