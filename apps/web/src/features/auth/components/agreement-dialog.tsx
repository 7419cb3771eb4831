import { Button, Modal } from 'antd';
import { type UIEvent, useState } from 'react';
import { AGREEMENT_PARAGRAPHS, AGREEMENT_TITLE } from '../agreement-text';
import styles from './auth-forms.module.css';

/** Pixels of slack when deciding the text has been scrolled to its end. */
const END_SLACK_PX = 4;

interface AgreementDialogProps {
  open: boolean;
  onAccept: () => void;
  onClose: () => void;
}

/**
 * The 900-px agreement dialog: 同意并继续 stays disabled until the text is read to its end, and
 * must be earned again each time the dialog opens (so after unticking the box).
 */
export function AgreementDialog({ open, onAccept, onClose }: AgreementDialogProps) {
  const [hasReadToEnd, setHasReadToEnd] = useState(false);

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - END_SLACK_PX) setHasReadToEnd(true);
  };

  return (
    <Modal
      open={open}
      width={900}
      title={`《${AGREEMENT_TITLE}》`}
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
        {AGREEMENT_PARAGRAPHS.map((paragraph) => (
          <p key={paragraph.slice(0, 12)}>{paragraph}</p>
        ))}
      </div>
    </Modal>
  );
}
