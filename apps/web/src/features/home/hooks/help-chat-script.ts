/** The scripted help chat 智能客服 (docs/product/content.md): no server call, fixed texts and delays. */

export const HELP_CHAT_GREETING = '您好,请问需要什么帮助吗？';
export const HELP_CHAT_GREETING_DELAY_MS = 1000;
export const HELP_CHAT_REPLY_DELAY_MS = 800;
export const HELP_CHAT_MAX_LENGTH = 100;

/** The fixed reply to any typed message: the housing authority's site for more policies. */
export const HELP_CHAT_REPLY =
  '感谢您的咨询！更多购房优惠政策请关注市住房和城乡建设局官方网站，或拨打12345政务服务便民热线咨询。';

/** Canned answers by question. */
export const HELP_CHAT_ANSWERS: Record<string, string> = {
  '如何更换绑定的手机号？':
    '登录后进入“个人中心 > 安全设置”，点击“修改手机号”，先验证原手机号，再填写新手机号并输入短信验证码即可完成更换。',
  '如何进行实名认证？':
    '发布二手房源等业务需要实名认证。请使用微信扫描页面上的小程序码，在小程序中按提示完成人脸识别认证，认证结果会自动同步到本网站。',
  '无法登录怎么办？':
    '请确认手机号和密码输入正确；忘记密码可在登录页点击“忘记密码”，通过短信验证码重新设置。连续输错多次会被暂时锁定，请稍后再试。',
  '账号被盗怎么办？':
    '请立即通过“忘记密码”重置密码，并在“安全设置”中检查绑定的手机号。如仍无法找回，请携带身份证件到不动产交易大厅服务窗口办理。',
};

/** The four topic buttons and the sample questions each one lists. */
export const HELP_CHAT_TOPICS: ReadonlyArray<{ topic: string; questions: readonly string[] }> = [
  {
    topic: '热门问题',
    questions: [
      '如何更换绑定的手机号？',
      '如何进行实名认证？',
      '无法登录怎么办？',
      '账号被盗怎么办？',
    ],
  },
  { topic: '认证问题', questions: ['如何进行实名认证？'] },
  {
    topic: '账户问题',
    questions: ['如何更换绑定的手机号？', '无法登录怎么办？', '账号被盗怎么办？'],
  },
  { topic: '其他问题', questions: ['账号被盗怎么办？', '如何更换绑定的手机号？'] },
];

/** A chat line: sender 我 or 客服, with text, or the sample questions of a topic. */
export interface HelpChatMessage {
  id: number;
  sender: '我' | '客服';
  text: string;
  questions?: readonly string[];
}

/** The text that may be sent, or null when it is empty, blank or longer than 100 characters. */
export function acceptableMessage(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || text.length > HELP_CHAT_MAX_LENGTH) return null;
  return trimmed;
}
