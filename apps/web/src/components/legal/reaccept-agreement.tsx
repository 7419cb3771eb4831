import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../lib/auth-store';
import { acceptLegal, legalDocumentQuery, legalStatusQuery } from '../../lib/legal';
import { LegalBody, versionLine } from './legal-text';
import styles from './legal.module.css';

/**
 * The blocking dialog a signed-in user meets on the first page load after a new version of the
 * user service agreement was published: 同意 records the version and time; 不同意并退出 signs out.
 * It cannot be closed any other way (docs/product/accounts.md "Agreement and privacy policy").
 */
export function ReacceptAgreement({ onDecline }: { onDecline: () => Promise<void> }) {
  const session = useAuth((state) => state.session);
  const status = useQuery({ ...legalStatusQuery(session), refetchOnWindowFocus: false });
  const isPending = Boolean(session && status.data?.agreement.pending);
  const document = useQuery({ ...legalDocumentQuery('agreement'), enabled: isPending });
  const [isBusy, setBusy] = useState(false);
  if (!isPending || !document.data) return null;
  const { version, title, body, publishedAt } = document.data;

  const accept = async () => {
    setBusy(true);
    try {
      await acceptLegal('agreement', version);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={`《${title}》已更新`}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
    >
      <p>
        平台已发布新版《{title}》（{versionLine(version, publishedAt)}
        ）。请阅读后选择是否同意；不同意将退出登录，您仍可浏览公开信息。
      </p>
      <div className={styles.scroll} data-testid="reaccept-text">
        <LegalBody body={body} />
      </div>
      <div className={styles.actions}>
        <Button disabled={isBusy} onClick={() => void onDecline()}>
          不同意并退出
        </Button>
        <Button type="primary" loading={isBusy} onClick={() => void accept()}>
          同意
        </Button>
      </div>
    </Modal>
  );
}
