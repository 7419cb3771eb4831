import { Empty } from 'antd';
import styles from './registry.module.css';

/** The empty table of the registry queries: 暂无相关内容 with its two hints (docs/product/registry.md). */
export function RegistryEmpty() {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <div className={styles.empty}>
          <strong>暂无相关内容</strong>
          <p>1. 请更换关键词重新查询，或稍后再查（相关数据可能尚未录入）；</p>
          <p>2. 关注官方公众号，将查询内容发送给在线客服咨询。</p>
        </div>
      }
    />
  );
}
