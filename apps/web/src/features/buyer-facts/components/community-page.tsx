import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { formatNumber, formatWan } from '@portal/shared/format';
import type { CommunityDetail } from '@portal/shared/schemas/places';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import styles from './buyer-facts.module.css';
import { NearbyList } from './nearby-list';
import { PlaceMap } from './place-map';

const dash = (v: string | number | null) => (v === null || v === '' ? '—' : String(v));

/**
 * The 小区 page (docs/product/communities.md): the record, the listings for sale and rent there
 * (each links to its page), the monthly asking price, the closed sales recorded and 周边配套.
 */
export function CommunityView({ community: c }: { community: CommunityDetail }) {
  const years =
    c.buildYearFrom === null
      ? '—'
      : c.buildYearTo && c.buildYearTo !== c.buildYearFrom
        ? `${c.buildYearFrom}–${c.buildYearTo}年`
        : `${c.buildYearFrom}年`;
  const facts: Array<[string, string]> = [
    ['所在区域', c.districtName],
    ['地址', dash(c.address)],
    ['建成年代', years],
    ['楼栋数', c.buildingCount === null ? '—' : `${c.buildingCount}栋`],
    ['户数', c.householdCount === null ? '—' : `${c.householdCount}户`],
    ['物业公司', dash(c.propertyCompany)],
    ['物业费', c.propertyFee === null ? '—' : `${c.propertyFee}元/㎡·月`],
    ['挂牌均价', c.saleAvgPrice === null ? '—' : `${formatNumber(c.saleAvgPrice)}元/㎡`],
  ];
  const prices = c.priceHistory.filter((p) => p.price !== null);
  return (
    <div className={styles.panel}>
      <section className={styles.section} aria-labelledby="community-title">
        <h1 id="community-title" style={{ fontSize: 22, margin: '0 0 8px' }}>
          {c.name}
        </h1>
        <p>
          在售 {c.saleCount} 套 · 在租 {c.rentCount} 套
        </p>
        <dl className={styles.figures}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd style={{ fontSize: 15 }}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <PlaceMap
        name={c.name}
        district={c.districtName}
        address={c.address}
        lng={c.lng}
        lat={c.lat}
      />
      <section className={styles.section} aria-labelledby="community-listings">
        <h2 id="community-listings">在售在租房源</h2>
        {c.listings.length === 0 ? (
          <p>暂无在售在租房源</p>
        ) : (
          <ul className={styles.pois}>
            {c.listings.map((l) => (
              <li key={l.id}>
                <Link
                  className={styles.poiName}
                  to={(l.type === LISTING_TYPE.SALE ? paths.detailscs : paths.detailscz).getHref({
                    id: l.id,
                  })}
                >
                  {l.title}
                </Link>
                <span className={styles.poiWalk}>
                  {l.type === LISTING_TYPE.SALE
                    ? `${formatWan(l.price)}万`
                    : `${formatNumber(l.price)}元/月`}{' '}
                  · {formatNumber(l.buildArea, 2)}㎡
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="community-prices">
        <h2 id="community-prices">
          二手房挂牌均价（{c.priceHistoryScope === 'community' ? '本小区' : `${c.districtName}`}）
        </h2>
        {prices.length === 0 ? (
          <p>暂无挂牌价格记录</p>
        ) : (
          <table style={{ width: '100%', borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                <th style={{ textAlign: 'left' }}>月份</th>
                <th style={{ textAlign: 'right' }}>均价（元/㎡）</th>
              </tr>
            </thead>
            <tbody>
              {prices.map((p) => (
                <tr key={p.month}>
                  <td>{p.month}</td>
                  <td style={{ textAlign: 'right' }}>{formatNumber(p.price ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className={styles.section} aria-labelledby="community-deals">
        <h2 id="community-deals">近期成交</h2>
        {c.recentDeals.length === 0 ? (
          <p>暂无成交记录</p>
        ) : (
          <ul className={styles.pois}>
            {c.recentDeals.map((d) => (
              <li key={`${d.title}-${d.closedAt}`}>
                <span className={styles.poiName}>{d.title}</span>
                <span className={styles.poiWalk}>
                  {formatWan(d.price)}万 · {d.closedAt.slice(0, 10)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <NearbyList lng={c.lng} lat={c.lat} />
    </div>
  );
}
