import { DISTRICT_NAME, isDistrictCode } from '@portal/shared/constants/districts';
import { formatNumber } from '@portal/shared/format';
import { Spin, Tag } from 'antd';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { PhoneText } from '../../../components/phone-link';
import { paths } from '../../../config/paths';
import { useNewTabLink } from '../../../lib/new-tab';
import { useMarkerDetail } from '../api/map-api';
import styles from './map-search.module.css';

function areaText(min: number | null, max: number | null): string | null {
  if (min === null || max === null) return null;
  const low = Math.round(min);
  const high = Math.round(max);
  return low === high ? `${low}㎡` : `${low}-${high}㎡`;
}

/** The card of a clicked price marker, loaded on demand, linking to the project home. */
export function MarkerCard({ id }: { id: number }) {
  const newTab = useNewTabLink();
  const { data, isError } = useMarkerDetail(id);
  if (isError) return <p className={styles.cardNote}>楼盘信息加载失败，请稍后再试</p>;
  if (!data) return <Spin size="small" className={styles.cardLoading} />;
  const district = isDistrictCode(data.districtCode) ? DISTRICT_NAME[data.districtCode] : '';
  const area = areaText(data.minArea, data.maxArea);
  return (
    <article className={styles.card} aria-label={`${data.publishName}信息`}>
      <ImageWithFallback className={styles.cardCover} src={data.coverUrl} alt={data.publishName} />
      <h3 className={styles.cardName}>{data.publishName}</h3>
      <p className={styles.cardPrice}>
        {data.platformPrice > 0 ? `${formatNumber(data.platformPrice)}元/㎡` : '价格待定'}
        {data.statusText && <Tag color="blue">{data.statusText}</Tag>}
      </p>
      <p className={styles.cardLine}>
        [{district}] {data.projectAddress}
      </p>
      {(data.houseTypeStr || area) && (
        <p className={styles.cardLine}>
          {data.houseTypeStr && <span>户型：{data.houseTypeStr} </span>}
          {area && <span>建面：{area}</span>}
        </p>
      )}
      {data.contact && (
        <p className={styles.cardLine}>
          咨询电话：
          <PhoneText text={data.contact} />
        </p>
      )}
      <a className={styles.cardLink} href={paths.houseHome.getHref({ id: data.id })} {...newTab}>
        查看楼盘详情
      </a>
    </article>
  );
}
