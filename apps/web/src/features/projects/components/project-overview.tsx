import { PROJECT_PURPOSES } from '@portal/shared/constants/project-filters';
import { formatNumber } from '@portal/shared/format';
import type { ProjectDetail } from '@portal/shared/schemas/projects';
import { Tag } from 'antd';
import { PhoneText } from '../../../components/phone-link';
import { RouteLink } from '../../../components/route-link';
import { paths } from '../../../config/paths';
import { carouselPictures } from '../api/project-urls';
import { InfoList } from './info-list';
import { PhotoCarousel } from './photo-carousel';
import { PriceNotes } from './price-notes';
import { formatProjectPrice } from './project-list-item';
import styles from './project-sections.module.css';

/** Purpose labels of a project's purpose codes, e.g. 住宅、商业. */
export function purposeText(codes: number[]): string {
  return codes
    .map((code) => PROJECT_PURPOSES.find((p) => p.code === String(code))?.label)
    .filter(Boolean)
    .join('、');
}

/** The top block of /houseHome: carousel, tags, prices and key facts (docs/product/new-build.md). */
export function ProjectOverview({ project }: { project: ProjectDetail }) {
  return (
    <section className={styles.overview} aria-label="楼盘概况">
      <PhotoCarousel pictures={carouselPictures(project)} alt={project.publishName} />
      <div className={styles.overviewBody}>
        <div className={styles.tags}>
          {project.statusText && <Tag color="blue">{project.statusText}</Tag>}
          {project.tags.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </div>
        <div className={styles.priceRow}>
          <span>平台价</span>
          <strong>{formatProjectPrice(project.platformPrice)}</strong>
          {project.currentPrice > 0 && (
            <del aria-label="开发商售价">开发商售价 {formatNumber(project.currentPrice)}元/㎡</del>
          )}
        </div>
        <PriceNotes />
        <InfoList
          entries={[
            { label: '在售户型', value: project.houseTypeStr },
            { label: '物业类型', value: purposeText(project.properties) },
            { label: '开盘时间', value: project.lastOpenDate },
            { label: '交房时间', value: project.completionDate },
            { label: '建筑类型', value: project.buildTypeStr },
            { label: '装修标准', value: project.decorateStr },
            { label: '开发企业', value: project.companyVO?.companyName },
            { label: '咨询电话', value: project.contact && <PhoneText text={project.contact} /> },
          ]}
        />
        <InfoList columns={1} entries={[{ label: '楼盘地址', value: project.projectAddress }]} />
        <RouteLink
          routeKey="houseDetails"
          href={paths.houseDetails.getHref({ id: project.id })}
          className={styles.moreLink}
        >
          更多楼盘详情 &gt;
        </RouteLink>
      </div>
    </section>
  );
}
