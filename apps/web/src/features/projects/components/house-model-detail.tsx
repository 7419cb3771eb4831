import { formatNumber, formatWan } from '@portal/shared/format';
import type { HouseModel, ProjectDetail } from '@portal/shared/schemas/projects';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { PhoneText } from '../../../components/phone-link';
import { bedroomLabel } from './house-model-browser';
import styles from './house-models.module.css';
import { InfoList } from './info-list';

/** The detail of one house model: plan picture, layout, area, reference price and notes. */
export function HouseModelDetail({
  model,
  project,
}: {
  model: HouseModel;
  project: ProjectDetail;
}) {
  return (
    <div className={styles.detail}>
      <div className={styles.plan}>
        <ImageWithFallback src={model.picturePath} alt={`${model.houseType}户型图`} />
      </div>
      <div className={styles.detailBody}>
        <h3>{model.houseType}</h3>
        <InfoList
          columns={1}
          entries={[
            { label: '居室', value: bedroomLabel(model.bedroom) },
            { label: '建筑面积', value: `${formatNumber(model.area, 2)}㎡` },
            {
              label: '参考总价',
              value: model.value ? `约${formatWan(model.value)}万元` : null,
            },
            { label: '参考单价', value: `${formatNumber(project.platformPrice)}元/㎡` },
            { label: '户型解析', value: model.description },
            { label: '咨询电话', value: project.contact && <PhoneText text={project.contact} /> },
          ]}
        />
      </div>
    </div>
  );
}
