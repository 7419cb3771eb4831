import type { PresaleRecord as Record } from '@portal/shared/schemas/building-table';
import styles from './building-table.module.css';

const orMissing = (value: string | null) => value || '暂无';

/** The chosen building's pre-sale licence record (docs/product/new-build.md): licence, issue date, bank, account. */
export function PresaleRecord({ record }: { record: Record | null }) {
  if (!record) {
    return (
      <p className={styles.presale} aria-label="预售许可信息">
        该楼栋暂未取得预售许可证，暂不可缴纳订约金。
      </p>
    );
  }
  return (
    <dl className={styles.presale} aria-label="预售许可信息">
      <div>
        <dt>预售许可证号：</dt>
        <dd>{record.licence}</dd>
      </div>
      <div>
        <dt>发证日期：</dt>
        <dd>{record.modifiedTime}</dd>
      </div>
      <div>
        <dt>监管银行：</dt>
        <dd>{orMissing(record.bank)}</dd>
      </div>
      <div>
        <dt>监管账号：</dt>
        <dd>{orMissing(record.account)}</dd>
      </div>
    </dl>
  );
}
