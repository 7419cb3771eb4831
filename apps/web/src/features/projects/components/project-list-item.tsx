import { DISTRICT_NAME, isDistrictCode } from '@portal/shared/constants/districts';
import { formatNumber } from '@portal/shared/format';
import type { ProjectListItem as Item } from '@portal/shared/schemas/projects';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { RouteLink } from '../../../components/route-link';
import { paths } from '../../../config/paths';
import styles from './project-list-item.module.css';

/** Price line of a project: platform price, or 价格待定 when none is set. */
export function formatProjectPrice(yuanPerSquareMetre: number): string {
  return yuanPerSquareMetre > 0 ? `${formatNumber(yuanPerSquareMetre)}元/㎡` : '价格待定';
}

function areaText(item: Item): string | null {
  if (item.minArea === null || item.maxArea === null) return null;
  const min = Math.round(item.minArea);
  const max = Math.round(item.maxArea);
  return min === max ? `${min}㎡` : `${min}-${max}㎡`;
}

interface ProjectListItemProps {
  item: Item;
  /** On the first screen: the cover loads at once, with priority (the page's largest paint). */
  isFirstScreen?: boolean;
  /** Buttons under the price (the 对比 button of /newHouse). */
  actions?: ReactNode;
}

/** One project of the /newHouse list with links into its six pages (docs/product/new-build.md). */
export function ProjectListItem({ item, isFirstScreen = false, actions }: ProjectListItemProps) {
  const district = isDistrictCode(item.districtCode) ? DISTRICT_NAME[item.districtCode] : '';
  const area = areaText(item);
  const href = { id: item.id };
  return (
    <article className={styles.item} aria-label={item.publishName}>
      <Link className={styles.cover} to={paths.houseHome.getHref(href)}>
        <ImageWithFallback
          src={item.coverUrl}
          alt={item.publishName}
          width={220}
          height={165}
          loading={isFirstScreen ? 'eager' : 'lazy'}
          fetchPriority={isFirstScreen ? 'high' : 'auto'}
        />
        {item.tradein && <span className={styles.badge}>以旧换新</span>}
      </Link>
      <div className={styles.body}>
        <h2 className={styles.name}>
          <Link to={paths.houseHome.getHref(href)}>{item.publishName}</Link>
          {item.statusText && <Tag color="blue">{item.statusText}</Tag>}
        </h2>
        <p className={styles.line}>备案名：{item.projectName}</p>
        <p className={styles.line}>
          [{district}] {item.projectAddress}
        </p>
        <p className={styles.line}>
          {item.houseTypeStr && <span>户型：{item.houseTypeStr}</span>}
          {area && <span>建面：{area}</span>}
        </p>
        {item.tags.length > 0 && (
          <p className={styles.tags}>
            {item.tags.map((tag) => (
              <Tag key={tag}>{tag}</Tag>
            ))}
          </p>
        )}
        <nav className={styles.links} aria-label={`${item.publishName}栏目`}>
          <RouteLink routeKey="houseDetails" href={paths.houseDetails.getHref(href)}>
            楼盘详情
          </RouteLink>
          <RouteLink routeKey="houses" href={paths.houses.getHref(href)}>
            楼盘表
          </RouteLink>
          <RouteLink routeKey="houseType" href={paths.houseType.getHref(href)}>
            户型
          </RouteLink>
          <RouteLink routeKey="housePhoto" href={paths.housePhoto.getHref(href)}>
            楼盘相册
          </RouteLink>
          <RouteLink routeKey="houseDynamic" href={paths.houseDynamic.getHref(href)}>
            楼盘动态
          </RouteLink>
        </nav>
        {item.latestNews && (
          <p className={styles.news}>
            动态：
            <RouteLink
              routeKey="informationAndPolicyDetails"
              href={paths.informationAndPolicyDetails.getHref({ id: item.latestNews.id })}
            >
              {item.latestNews.title}
            </RouteLink>
          </p>
        )}
      </div>
      <div className={styles.price}>
        <strong>{formatProjectPrice(item.platformPrice)}</strong>
        {item.currentPrice > 0 && (
          <del className={styles.developerPrice}>
            开发商售价 {formatNumber(item.currentPrice)}元/㎡
          </del>
        )}
        {item.salesCenter && <span className={styles.sales}>售楼处：{item.salesCenter}</span>}
        {actions}
      </div>
    </article>
  );
}
