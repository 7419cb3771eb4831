import {
  AccountBookOutlined,
  AuditOutlined,
  BankOutlined,
  FileProtectOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { RouteLink } from '../../../components/route-link';
import { SectionPanel } from '../../../components/section-panel';
import type { PathKey } from '../../../config/paths';
import styles from './home-blocks.module.css';

interface Service {
  routeKey: PathKey;
  title: string;
  description: string;
  icon: ReactNode;
}

/** The four public queries of the 便民服务 block (docs/product/content.md). */
export const CONVENIENCE_SERVICES: readonly Service[] = [
  {
    routeKey: 'licensedemand',
    title: '预售许可查询',
    description: '查询商品房预售许可证信息',
    icon: <FileProtectOutlined />,
  },
  {
    routeKey: 'fundsupervision',
    title: '监管账户开户查询',
    description: '查询预售资金监管账户开户情况',
    icon: <BankOutlined />,
  },
  {
    routeKey: 'yszjpage',
    title: '预售资金监管进帐查询',
    description: '查询购房款进入监管账户记录',
    icon: <AccountBookOutlined />,
  },
  {
    routeKey: 'spfqypage',
    title: '商品房签约查询',
    description: '查询商品房网签备案信息',
    icon: <AuditOutlined />,
  },
];

/** 便民服务: one tile per public query. */
export function ConvenienceServices({ className }: { className?: string }) {
  return (
    <SectionPanel title="便民服务" className={className}>
      <ul className={styles.services}>
        {CONVENIENCE_SERVICES.map((service) => (
          <li key={service.routeKey}>
            <RouteLink routeKey={service.routeKey} className={styles.service}>
              <span className={styles.serviceIcon}>{service.icon}</span>
              <span className={styles.serviceTitle}>{service.title}</span>
              <span className={styles.serviceText}>{service.description}</span>
            </RouteLink>
          </li>
        ))}
      </ul>
    </SectionPanel>
  );
}
