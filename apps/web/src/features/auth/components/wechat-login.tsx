import { ReloadOutlined } from '@ant-design/icons';
import { Spin, Tag } from 'antd';
import { AGREEMENT_TOOLTIP } from '../agreement-text';
import { AgreementCheckbox, useAgreement } from './agreement';
import { useWechatLogin, type WechatOutcome } from './use-wechat-login';
import styles from './wechat-login.module.css';

interface WechatLoginProps {
  /** The WeChat tab is the active one; polling stops otherwise. */
  isActive: boolean;
  onOutcome: (outcome: WechatOutcome) => void;
}

/** 微信登录: the QR shows once the agreement is ticked; it expires after 120 s (docs/product/accounts.md). */
export function WechatLogin({ isActive, onOutcome }: WechatLoginProps) {
  const agreement = useAgreement();
  const { qr, isExpired, refresh } = useWechatLogin(isActive && agreement.isAccepted, onOutcome);

  return (
    <div className={styles.box}>
      <div className={styles.qrFrame}>
        {!agreement.isAccepted && <p className={styles.hint}>{AGREEMENT_TOOLTIP}</p>}
        {agreement.isAccepted && !qr && !isExpired && <Spin />}
        {agreement.isAccepted && qr && (
          <img className={styles.qr} src={qr.url} alt="微信登录二维码" width={200} height={200} />
        )}
        {agreement.isAccepted && isExpired && (
          <button type="button" className={styles.expired} onClick={refresh}>
            <ReloadOutlined />
            <span>二维码失效</span>
            <span>请点击刷新</span>
          </button>
        )}
      </div>
      <p className={styles.caption}>请使用微信扫一扫登录</p>
      {qr?.simulated && !isExpired && (
        <p className={styles.simulator}>
          <Tag color="volcano">模拟</Tag>
          <a href={qr.confirmUrl} target="_blank" rel="noreferrer">
            在新标签页打开扫码确认页
          </a>
        </p>
      )}
      <AgreementCheckbox agreement={agreement} />
    </div>
  );
}
