import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Spin } from 'antd';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useAuth } from '../../lib/auth-store';
import { acceptLegal, legalDocumentQuery, legalStatusQuery } from '../../lib/legal';
import { SHEET_MODAL_PROPS } from '../sheet-modal';
import { LegalBody } from './legal-text';
import styles from './legal.module.css';

/** What the consent step says before the text: what is collected now, why, and who receives it. */
const PURPOSE_LINES: Record<PrivacyPurpose, string> = {
  realname:
    '实名认证将由人脸识别服务商比对您本人与身份证件，本平台保存您的姓名、身份证号码（加密）和认证结果，不保存人脸图像。',
  deposit:
    '缴纳订约金将使用您已认证的姓名和身份证号码生成订单（用于网签备案），订单号和金额提供给楼盘预售资金监管银行用于收款、对账和退款。',
  publish:
    '发布房源将收集房屋所有权人的姓名、身份证号码和产权证明材料，仅用于对照产权登记核验房源，不向公众公开。',
};

export type PrivacyPurpose = 'realname' | 'deposit' | 'publish';

interface ConsentDialogProps {
  open: boolean;
  purpose: PrivacyPurpose;
  onAgree: () => void;
  onDecline: () => void;
}

/**
 * 单独同意 (docs/product/accounts.md "Privacy"): a step of its own before an ID number or face data
 * is collected, separate from the agreement ticked at sign-in. It shows the privacy policy in
 * force; 同意并继续 records its version and time on the server.
 */
export function PrivacyConsentDialog({ open, purpose, onAgree, onDecline }: ConsentDialogProps) {
  const document = useQuery({ ...legalDocumentQuery('privacy'), enabled: open });
  const [isBusy, setBusy] = useState(false);
  // The full text opens here, in the step, rather than in a new tab a phone cannot come back from
  // (docs/decisions/0054-phone-navigation-and-floating-buttons.md).
  const [isTextShown, setTextShown] = useState(false);
  const agree = async () => {
    if (!document.data) return;
    setBusy(true);
    try {
      await acceptLegal('privacy', document.data.version);
      onAgree();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      {...SHEET_MODAL_PROPS}
      open={open}
      width={600}
      title="个人信息处理单独同意"
      onCancel={onDecline}
      mask={{ closable: false }}
      footer={null}
      destroyOnHidden
    >
      {document.data ? (
        <>
          <p>{PURPOSE_LINES[purpose]}</p>
          <ul className={styles.summary}>
            <li>身份证号码和人脸识别信息属于敏感个人信息，仅用于本项业务的身份核验和交易备案。</li>
            <li>账号注销时删除；已完成订单等依法须保存的记录去除个人身份后保存。</li>
            <li>您可以在个人中心“我的数据”下载您的信息或注销账号。</li>
          </ul>
          <p>
            请阅读
            <button
              type="button"
              className={styles.inlineLink}
              aria-expanded={isTextShown}
              aria-controls="privacy-consent-text"
              onClick={() => setTextShown((shown) => !shown)}
            >
              《{document.data.title}》
            </button>
            （第{document.data.version}版）全文。不同意不影响浏览和使用其他服务。
          </p>
          {isTextShown && (
            <div
              className={styles.scroll}
              id="privacy-consent-text"
              data-testid="privacy-consent-text"
            >
              <LegalBody body={document.data.body} />
            </div>
          )}
          <div className={styles.actions}>
            <Button disabled={isBusy} onClick={onDecline}>
              不同意
            </Button>
            <Button type="primary" loading={isBusy} onClick={() => void agree()}>
              同意并继续
            </Button>
          </div>
        </>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

/**
 * The consent step in front of an action: `ensure()` resolves true at once when the signed-in
 * user has consented to the privacy policy in force, else opens the dialog and resolves with the
 * user's choice. Render `dialog` once in the component.
 */
export function usePrivacyConsent(purpose: PrivacyPurpose): {
  ensure: () => Promise<boolean>;
  dialog: ReactNode;
} {
  const session = useAuth((state) => state.session);
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const settle = useRef<((agreed: boolean) => void) | null>(null);
  const ensure = useCallback(async () => {
    const status = await queryClient.fetchQuery(legalStatusQuery(session));
    if (!status.privacy.pending) return true;
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      settle.current = resolve;
    });
  }, [queryClient, session]);
  const finish = (agreed: boolean) => {
    setOpen(false);
    settle.current?.(agreed);
    settle.current = null;
  };
  return {
    ensure,
    dialog: (
      <PrivacyConsentDialog
        open={isOpen}
        purpose={purpose}
        onAgree={() => finish(true)}
        onDecline={() => finish(false)}
      />
    ),
  };
}
