import { Modal } from 'antd';
import { SHEET_MODAL_PROPS } from '../../../components/sheet-modal';
import { DEPOSIT_AGREEMENT_PARAGRAPHS, DEPOSIT_AGREEMENT_TITLE } from '../lib/deposit-agreement';
import styles from './order-confirmation.module.css';

interface DepositAgreementDialogProps {
  open: boolean;
  onCancel: () => void;
  /** 同意并继续: accept the agreement and go on paying. */
  onAgree: () => void;
}

/** The deposit agreement in a dialog, with 同意并继续 (docs/product/new-build.md, deposit flow step 4). */
export function DepositAgreementDialog({ open, onCancel, onAgree }: DepositAgreementDialogProps) {
  return (
    <Modal
      {...SHEET_MODAL_PROPS}
      open={open}
      title={DEPOSIT_AGREEMENT_TITLE}
      okText="同意并继续"
      cancelText="取消"
      onOk={onAgree}
      onCancel={onCancel}
      width={640}
    >
      <div className={styles.agreementText}>
        {DEPOSIT_AGREEMENT_PARAGRAPHS.map((paragraph) => (
          <p key={paragraph.slice(0, 12)}>{paragraph}</p>
        ))}
      </div>
    </Modal>
  );
}
