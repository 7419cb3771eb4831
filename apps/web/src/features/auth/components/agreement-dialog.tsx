import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Spin } from 'antd';
import { type UIEvent, useState } from 'react';
import { LegalBody, versionLine } from '../../../components/legal/legal-text';
import { legalDocumentQuery } from '../../../lib/legal';
import { AGREEMENT_TITLE } from '../agreement-text';
import styles from './auth-forms.module.css';

/** Pixels of slack when deciding the text has been scrolled to its end. */
const END_SLACK_PX = 4;

interface AgreementDialogProps {
  open: boolean;
  onAccept: () => void;
  onClose: () => void;
}

/**
 * The 900-px agreement dialog showing the version in force: 同意并继续 stays disabled until the
 * text is read to its end, and must be earned again each time the dialog opens (so after
 * unticking the box).
 */
export function AgreementDialog({ open, onAccept, onClose }: AgreementDialogProps) {
  const [hasReadToEnd, setHasReadToEnd] = useState(false);
  const document = useQuery({ ...legalDocumentQuery('agreement'), enabled: open });

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - END_SLACK_PX) setHasReadToEnd(true);
  };

  return (
    <Modal
      open={open}
      width={900}
      title={`《${document.data?.title ?? AGREEMENT_TITLE}》`}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setHasReadToEnd(false)}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="accept" type="primary" disabled={!hasReadToEnd} onClick={onAccept}>
          同意并继续
        </Button>,
      ]}
    >
      <div className={styles.agreementText} onScroll={handleScroll} data-testid="agreement-text">
        {document.data ? (
          <>
            <p>{versionLine(document.data.version, document.data.publishedAt)}</p>
            <LegalBody body={document.data.body} />
          </>
        ) : (
          <Spin />
        )}
      </div>
    </Modal>
  );
}
