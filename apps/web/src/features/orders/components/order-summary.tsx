import { formatArea, formatNumber, formatUnitPrice, formatYuan } from '@portal/shared/format';
import type { OrderPreview } from '@portal/shared/schemas/orders';
import { Descriptions } from 'antd';
import styles from './order-confirmation.module.css';

/** Pairs a row: one on a phone, `wide` from 768 px. */
const columns = (wide: number) => ({ xs: 1, sm: 1, md: wide, lg: wide, xl: wide, xxl: wide });

const orMissing = (value: string | null | undefined) => value || '暂无';

/** Identity, unit and prices of the order preview (docs/product/new-build.md); ID and phone come masked. */
export function OrderSummary({ preview }: { preview: OrderPreview }) {
  return (
    <div className={styles.sections}>
      <section aria-label="购房人信息">
        <h2 className={styles.sectionTitle}>购房人信息</h2>
        <Descriptions bordered size="small" column={columns(3)}>
          <Descriptions.Item label="姓名">{preview.realName}</Descriptions.Item>
          <Descriptions.Item label="身份证号">{preview.idCard}</Descriptions.Item>
          <Descriptions.Item label="手机号">{preview.phone}</Descriptions.Item>
        </Descriptions>
      </section>
      <section aria-label="房源信息">
        <h2 className={styles.sectionTitle}>房源信息</h2>
        <Descriptions bordered size="small" column={columns(2)}>
          <Descriptions.Item label="房源名称">{preview.houseName}</Descriptions.Item>
          <Descriptions.Item label="户型">{orMissing(preview.houseType)}</Descriptions.Item>
          <Descriptions.Item label="房屋坐落">{orMissing(preview.address)}</Descriptions.Item>
          <Descriptions.Item label="房屋用途">{orMissing(preview.housePurpose)}</Descriptions.Item>
        </Descriptions>
      </section>
      <section aria-label="价格信息">
        <h2 className={styles.sectionTitle}>价格信息</h2>
        <Descriptions bordered size="small" column={columns(2)}>
          <Descriptions.Item label="平台价格">
            {formatUnitPrice(preview.currentPrice)}
          </Descriptions.Item>
          <Descriptions.Item label="建筑面积">{formatArea(preview.buildArea)}</Descriptions.Item>
          <Descriptions.Item label="总价">{formatYuan(preview.totalPrice)}</Descriptions.Item>
          <Descriptions.Item label="锁定订约金">
            <span className={styles.deposit}>{formatNumber(preview.lockMoney)}元</span>
          </Descriptions.Item>
        </Descriptions>
      </section>
    </div>
  );
}
