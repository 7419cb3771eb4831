import {
  CalculatorOutlined,
  HomeOutlined,
  SearchOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import styles from './care-home-tiles.module.css';

interface Tile {
  label: string;
  hint: string;
  href: string;
  icon: ReactNode;
}

/** The main tasks of the home page in 长辈版, in plain words (docs/product/accessibility.md). */
const TILES: readonly Tile[] = [
  {
    label: '找新房',
    hint: '开发商新建的楼盘',
    href: paths.newHouse.getHref({}),
    icon: <HomeOutlined />,
  },
  {
    label: '找二手房',
    hint: '个人出售、出租的房子',
    href: paths.secondhandhouse.getHref({}),
    icon: <ShopOutlined />,
  },
  {
    label: '查询',
    hint: '楼盘能不能卖、合同签了没有',
    href: paths.licensedemand.getHref(),
    icon: <SearchOutlined />,
  },
  {
    label: '计算器',
    hint: '算月供、算税费',
    href: paths.tool.getHref(),
    icon: <CalculatorOutlined />,
  },
  {
    label: '我的',
    hint: '我的订单、收藏和设置',
    href: paths.myInfomation.getHref(),
    icon: <UserOutlined />,
  },
];

/**
 * The home page's big task tiles, shown in 长辈版 only (the mode's attribute shows them, so the
 * page the server drew for both modes carries them).
 */
export function CareHomeTiles() {
  return (
    <nav className={`${styles.tiles} care-on-only`} aria-label="常用功能">
      {TILES.map((tile) => (
        <Link key={tile.label} to={tile.href} className={styles.tile}>
          <span className={styles.icon} aria-hidden="true">
            {tile.icon}
          </span>
          <span className={styles.label}>{tile.label}</span>
          <span className={styles.hint}>{tile.hint}</span>
        </Link>
      ))}
    </nav>
  );
}
