import { Button, Checkbox, Tooltip } from 'antd';
import useApp from 'antd/es/app/useApp';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { AGREEMENT_TITLE, AGREEMENT_TOOLTIP, AGREEMENT_WARNING } from '../agreement-text';
import { AgreementDialog } from './agreement-dialog';
import styles from './auth-forms.module.css';

type Acceptance = [boolean, (isAccepted: boolean) => void];

const SharedAcceptance = createContext<Acceptance | null>(null);

/**
 * One tick for the forms inside: the sign-in tabs share it, so ticking the box on one tab holds
 * on the others.
 */
export function SharedAgreement({ children }: { children: ReactNode }) {
  const acceptance = useState(false);
  return <SharedAcceptance.Provider value={acceptance}>{children}</SharedAcceptance.Provider>;
}

/**
 * Agreement state of one form: the box (shared inside `SharedAgreement`), the dialog and the
 * submit-or-read button.
 */
export function useAgreement() {
  const shared = useContext(SharedAcceptance);
  const own = useState(false);
  const [isAccepted, setIsAccepted] = shared ?? own;
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  return { isAccepted, setIsAccepted, isDialogOpen, setIsDialogOpen };
}

type Agreement = ReturnType<typeof useAgreement>;

/** 我已阅读并同意《…》 with its tooltip while unticked, and the agreement dialog. */
export function AgreementCheckbox({ agreement }: { agreement: Agreement }) {
  const { isAccepted, setIsAccepted, isDialogOpen, setIsDialogOpen } = agreement;
  return (
    <div className={styles.agreementRow}>
      <Tooltip title={isAccepted ? undefined : AGREEMENT_TOOLTIP} trigger={['hover', 'focus']}>
        <Checkbox checked={isAccepted} onChange={(event) => setIsAccepted(event.target.checked)}>
          我已阅读并同意
        </Checkbox>
      </Tooltip>
      <button type="button" className={styles.linkButton} onClick={() => setIsDialogOpen(true)}>
        《{AGREEMENT_TITLE}》
      </button>
      <AgreementDialog
        open={isDialogOpen}
        onClose={() => setIsDialogOpen(false)}
        onAccept={() => {
          setIsAccepted(true);
          setIsDialogOpen(false);
        }}
      />
    </div>
  );
}

interface SubmitOrAgreeProps {
  agreement: Agreement;
  label: string;
  isBusy?: boolean;
}

/**
 * The form's submit button once the agreement is ticked; before that a button of the same look
 * that warns and opens the agreement dialog instead. It is the form's submit
 * button in both states, so Enter in a field (which clicks the submit button) warns the same
 * way instead of doing nothing.
 */
export function SubmitOrAgree({ agreement, label, isBusy = false }: SubmitOrAgreeProps) {
  const { message } = useApp();
  if (agreement.isAccepted) {
    return (
      <Button type="primary" htmlType="submit" block size="large" loading={isBusy}>
        {label}
      </Button>
    );
  }
  return (
    <Button
      type="primary"
      htmlType="submit"
      block
      size="large"
      onClick={(event) => {
        event.preventDefault();
        message.warning(AGREEMENT_WARNING);
        agreement.setIsDialogOpen(true);
      }}
    >
      {label}
    </Button>
  );
}
