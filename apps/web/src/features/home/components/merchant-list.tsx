import { Spin } from 'antd';
import { EmptyState } from '../../../components/empty-state';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { SectionPanel } from '../../../components/section-panel';
import { useMerchants } from '../api/get-merchants';
import styles from './site-pages.module.css';

/** The five headlines of the trade-in (以旧换新) policy beside the merchants. */
export const TRADE_IN_POLICIES: readonly string[] = [
  '出售名下住房后一年内购买新建商品住房的，按新房合同价款的1%给予购房补贴',
  '以旧换新购房人可同时享受契税优惠和公积金贷款支持政策',
  '参与活动的开发企业对以旧换新购房人给予房价优惠并优先选房',
  '购买新房后选购家装、家电、建材的，可在合作商家享受以旧换新专属折扣',
  '补贴申请材料齐全的，自受理之日起20个工作日内发放到账',
];

/** /buildingmaterials: 家装·家电·建材 merchants and the trade-in policy list (docs/product/content.md). */
export function MerchantList() {
  const { data: merchants = [], isPending } = useMerchants();
  return (
    <div className={styles.merchantLayout}>
      <SectionPanel title="家装 · 家电 · 建材" className={styles.merchantMain}>
        {isPending ? (
          <Spin />
        ) : merchants.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className={styles.merchants} data-testid="merchants">
            {merchants.map((merchant) => (
              <li key={merchant.id} className={styles.merchant}>
                <ImageWithFallback src={merchant.imgurl} alt={merchant.title} />
                <div className={styles.merchantBody}>
                  <span className={styles.merchantName}>{merchant.title}</span>
                  <span>地址：{merchant.text}</span>
                  <span>经营范围：{merchant.text2}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </SectionPanel>
      <SectionPanel title="以旧换新政策" className={styles.merchantAside}>
        <ol className={styles.policies}>
          {TRADE_IN_POLICIES.map((policy) => (
            <li key={policy}>{policy}</li>
          ))}
        </ol>
      </SectionPanel>
    </div>
  );
}
