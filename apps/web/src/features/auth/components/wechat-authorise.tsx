import { WechatOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { shownAgreementVersion } from '../../../lib/legal';
import { AGREEMENT_WARNING } from '../agreement-text';
import { AgreementCheckbox, useAgreement } from './agreement';
import styles from './auth-forms.module.css';

/**
 * 微信一键登录 inside WeChat's browser (docs/decisions/0053-wechat-web-authorisation.md): no QR
 * (the phone cannot scan itself) — the page goes to WeChat's authorisation and comes back
 * signed in to `returnTo`, the page the citizen was on.
 */
export function WechatAuthorise({ returnTo }: { returnTo: string }) {
  const agreement = useAgreement();
  const { message } = useApp();
  const [isBusy, setIsBusy] = useState(false);

  const authorise = async () => {
    if (!agreement.isAccepted) {
      message.warning(AGREEMENT_WARNING);
      agreement.setIsDialogOpen(true);
      return;
    }
    setIsBusy(true);
    const query = new URLSearchParams({ returnTo, scope: 'snsapi_base' });
    const version = await shownAgreementVersion();
    if (version) query.set('agreementVersion', String(version));
    window.location.assign(`/api/auth/wechat/oauth/start?${query.toString()}`);
  };

  return (
    <div className={styles.wechatAuthorise}>
      <p className={styles.wechatHint}>使用当前微信账号登录，无需扫码；首次登录需绑定手机号。</p>
      <Button
        type="primary"
        size="large"
        block
        icon={<WechatOutlined />}
        className={styles.wechatButton}
        loading={isBusy}
        onClick={() => void authorise()}
      >
        微信一键登录
      </Button>
      <AgreementCheckbox agreement={agreement} />
    </div>
  );
}
