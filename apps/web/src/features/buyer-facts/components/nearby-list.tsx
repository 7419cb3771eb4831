import {
  POI_CATEGORIES,
  POI_CATEGORY_LABEL,
  type PoiCategory,
} from '@portal/shared/constants/places';
import { formatNumber } from '@portal/shared/format';
import { useState } from 'react';
import { useNearby } from '../api/buyer-facts';
import styles from './buyer-facts.module.css';

/**
 * 周边配套 within 1.5 km, a tab per kind present, each point with its walking distance and time
 * (docs/product/nearby.md).
 */
export function NearbyList({ lng, lat }: { lng: number | null; lat: number | null }) {
  const { data, isPending, isError } = useNearby(lng, lat);
  const kinds = POI_CATEGORIES.filter((c) => data?.some((p) => p.category === c));
  const [chosen, setChosen] = useState<PoiCategory | null>(null);
  const kind = chosen && kinds.includes(chosen) ? chosen : (kinds[0] ?? null);
  const shown = (data ?? []).filter((p) => p.category === kind);
  return (
    <section className={styles.section} aria-labelledby="nearby-title">
      <h2 id="nearby-title">周边配套</h2>
      {lng == null || lat == null ? (
        <p>暂无位置信息</p>
      ) : isPending ? (
        <p>加载中…</p>
      ) : isError ? (
        <p>周边配套暂时无法加载，请稍后再试</p>
      ) : kinds.length === 0 ? (
        <p>1.5 公里内暂无记录的配套</p>
      ) : (
        <>
          <div className={styles.tabs} role="tablist" aria-label="配套类别">
            {kinds.map((c) => (
              <button
                key={c}
                type="button"
                role="tab"
                aria-selected={c === kind}
                className={`${styles.tab} ${c === kind ? styles.tabActive : ''}`}
                onClick={() => setChosen(c)}
              >
                {POI_CATEGORY_LABEL[c]}
              </button>
            ))}
          </div>
          <ul className={styles.pois} aria-label={`${kind ? POI_CATEGORY_LABEL[kind] : ''}列表`}>
            {shown.map((p) => (
              <li key={p.id}>
                <span className={styles.poiName}>
                  {p.name}
                  {p.schoolZone && <span className={styles.poiZone}>学区：{p.schoolZone}</span>}
                </span>
                <span className={styles.poiWalk}>
                  步行{formatNumber(p.walkM)}米 · 约{p.walkMinutes}分钟
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
