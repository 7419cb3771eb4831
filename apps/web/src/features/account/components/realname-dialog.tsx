import { REALNAME_BACK_COOKIE } from '@portal/shared/return-to';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Spin, Tag } from 'antd';
import { PrivacyConsentDialog } from '../../../components/legal/privacy-consent';
import { SHEET_MODAL_PROPS } from '../../../components/sheet-modal';
import { useAuth } from '../../../lib/auth-store';
import { legalStatusQuery } from '../../../lib/legal';
import { getRealnameStatus } from '../../../lib/realname-status';
import { currentTask } from '../../../lib/return-to';
import { useSignInPlace } from '../../../lib/sign-in-place';
import { getRealnameQr } from '../api/security';
import styles from './account.module.css';

/** How long the page to come back to is kept while the verification page is open (s). */
const BACK_COOKIE_SECONDS = 30 * 60;

/**
 * On a phone: opens the verification page in place of this one (a phone cannot scan its own
 * screen), its result page linking back to the page in hand (docs/decisions/0053-wechat-web-authorisation.md).
 */
function verifyHere(url: string): void {
  document.cookie =
    `${REALNAME_BACK_COOKIE}=${encodeURIComponent(currentTask())}; path=/; ` +
    `max-age=${BACK_COOKIE_SECONDS}; samesite=lax`;
  window.location.assign(url);
}

/** Poll interval of the verification status while the dialog is open. */
const STATUS_POLL_MS = 2000;

/**
 * 实名认证 dialog: first the separate consent to the privacy policy in force when it is not
 * recorded yet (不同意 closes the dialog), then a QR to scan with the phone for 人脸识别 (the
 * configured provider's H5 page, or the simulator's, labelled 模拟); it closes itself once the
 * server reports the user verified. On a phone (inside WeChat or not) there is no QR: a button
 * opens the verification page directly.
 */
export function RealnameDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const isPhone = useSignInPlace() !== 'desktop';
  const session = useAuth((state) => state.session);
  const legal = useQuery({ ...legalStatusQuery(session), enabled: open && Boolean(session) });
  const hasConsent = legal.data?.privacy.pending === false;
  const qr = useQuery({
    queryKey: ['auth', 'realname-qr'],
    queryFn: getRealnameQr,
    enabled: open && hasConsent,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  useQuery({
    queryKey: ['auth', 'realname-status-poll'],
    queryFn: async () => {
      const isVerified = await getRealnameStatus();
      if (isVerified) {
        await queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
        onClose();
      }
      return isVerified;
    },
    enabled: open && qr.isSuccess,
    refetchInterval: STATUS_POLL_MS,
    gcTime: 0,
  });

  if (open && legal.data?.privacy.pending) {
    return <PrivacyConsentDialog open purpose="realname" onAgree={() => {}} onDecline={onClose} />;
  }

  return (
    <Modal
      {...SHEET_MODAL_PROPS}
      open={open}
      title="实名认证"
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={420}
    >
      {isPhone ? (
        <div className={styles.qrBox}>
          <p>您尚未完成实名认证，请进行人脸识别认证，完成后返回本页继续办理。</p>
          {qr.data?.simulated && <Tag color="volcano">模拟</Tag>}
          <Button
            type="primary"
            size="large"
            block
            loading={!qr.data}
            onClick={() => qr.data && verifyHere(qr.data.confirmUrl)}
          >
            开始人脸识别认证
          </Button>
        </div>
      ) : (
        <div className={styles.qrBox}>
          {qr.data ? (
            <img src={qr.data.url} alt="实名认证二维码" width={200} height={200} />
          ) : (
            <Spin />
          )}
          <p>您尚未完成实名认证，请使用微信扫描二维码，进入小程序进行人脸识别认证。</p>
          {qr.data?.simulated && (
            <p>
              <Tag color="volcano">模拟</Tag>
              <a href={qr.data.confirmUrl} target="_blank" rel="noreferrer">
                在新标签页打开小程序认证页
              </a>
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
