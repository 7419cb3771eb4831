import { CheckCircleFilled, CloseCircleFilled, QuestionCircleFilled } from '@ant-design/icons';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import type { CheckCodeResult } from '@portal/shared/schemas/listing-trust';
import { CHECK_CODE_STATUS } from '@portal/shared/status';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import styles from './check-code-result.module.css';

const day = (iso: string | null) => (iso ? dayjs(iso).format('YYYY年M月D日') : '—');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * What the public check page says about a code: valid (what was verified and when, the listing
 * and its state), revoked (when and why) or unknown. Never who owns the home.
 */
export function CheckCodeResultCard({ result }: { result: CheckCodeResult }) {
  if (result.status === CHECK_CODE_STATUS.UNKNOWN) {
    return (
      <section className={`${styles.card} ${styles.unknown}`} aria-label="核验结果">
        <h2>
          <QuestionCircleFilled /> 未查询到该核验码
        </h2>
        <p>请核对后重新输入。平台发布的每套二手房源都有房源核验码，没有核验码的房源请谨慎交易。</p>
      </section>
    );
  }
  if (result.status === CHECK_CODE_STATUS.REVOKED) {
    return (
      <section className={`${styles.card} ${styles.revoked}`} aria-label="核验结果">
        <h2>
          <CloseCircleFilled /> 该核验码已失效
        </h2>
        <p>{result.revokedReason}。请勿依据此核验码交易。</p>
        <dl>
          <Row label="房源核验码">{result.code}</Row>
          <Row label="失效时间">{day(result.revokedAt)}</Row>
          <Row label="原核验时间">{day(result.verifiedAt)}</Row>
        </dl>
      </section>
    );
  }
  const { listing } = result;
  return (
    <section className={`${styles.card} ${styles.valid}`} aria-label="核验结果">
      <h2>
        <CheckCircleFilled /> 核验码有效
      </h2>
      <p>
        该房源的{result.certificateTypeLabel ?? '产权证书'}
        信息已与不动产登记记录核对一致，发布人已通过实名认证。
      </p>
      <dl>
        <Row label="房源核验码">{result.code}</Row>
        <Row label="核验时间">{day(result.verifiedAt)}</Row>
        <Row label="发码时间">{day(result.issuedAt)}</Row>
        <Row label="所在区域">{result.districtName ?? '—'}</Row>
        {result.registeredArea !== null && (
          <Row label="登记面积">{`${result.registeredArea}㎡`}</Row>
        )}
        {listing && (
          <>
            <Row label="房源">
              {listing.isOnSale ? (
                <Link
                  to={
                    listing.type === LISTING_TYPE.SALE
                      ? paths.detailscs.getHref({ id: listing.id })
                      : paths.detailscz.getHref({ id: listing.id })
                  }
                >
                  {listing.title}
                </Link>
              ) : (
                listing.title
              )}
            </Row>
            <Row label="小区">{listing.communityName}</Row>
            <Row label="房源状态">{listing.isOnSale ? '在售' : listing.statusLabel}</Row>
            <Row label="最近确认在售">{day(listing.confirmedAt)}</Row>
          </>
        )}
      </dl>
    </section>
  );
}
