import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { ListingDetail } from '@portal/shared/schemas/listings';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { checkCodeQrUrl } from '../api/listing-trust';
import styles from './listing-trust-panel.module.css';

const day = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '—');

/**
 * 房源核验码 of a listing page: the code, 核验时间 (when the ownership was checked against the
 * register), 最近确认在售, and a scannable QR that opens the public check page /verify.
 */
export function ListingTrustPanel({ detail }: { detail: ListingDetail }) {
  const { checkCode } = detail;
  if (!checkCode) {
    return (
      <section className={styles.panel} aria-label="房源核验">
        <p className={styles.pending}>房源审核通过后生成房源核验码</p>
      </section>
    );
  }
  const verifyHref = paths.verify.getHref({ code: checkCode.code });
  return (
    <section className={styles.panel} aria-label="房源核验">
      <Link to={verifyHref} className={styles.qr} aria-label="扫码或点击查验房源核验码">
        <img src={checkCodeQrUrl(checkCode.code)} alt="房源核验码二维码" width={96} height={96} />
      </Link>
      <dl className={styles.facts}>
        <div>
          <dt>
            <SafetyCertificateOutlined /> 房源核验码
          </dt>
          <dd>
            <Link to={verifyHref} className={styles.code}>
              {checkCode.code}
            </Link>
          </dd>
        </div>
        <div>
          <dt>核验时间</dt>
          <dd>{day(checkCode.verifiedAt)}</dd>
        </div>
        <div>
          <dt>最近确认在售</dt>
          <dd>{day(detail.confirmedAt)}</dd>
        </div>
      </dl>
    </section>
  );
}
