import { useActivityFigures, type FactsTarget } from '../api/buyer-facts';
import styles from './buyer-facts.module.css';

/**
 * Honest activity figures (docs/product/activity-figures.md): days on market, visitors of the
 * last 30 days counted once a day, followers and, for a listing, 房聊 conversations.
 */
export function ActivityFiguresPanel({ target }: { target: FactsTarget }) {
  const { data } = useActivityFigures(target);
  if (!data) return null;
  const items: Array<[string, string]> = [
    [
      target.targetType === 'listing' ? '挂牌天数' : '开盘天数',
      data.daysOnMarket === null ? '—' : `${data.daysOnMarket}天`,
    ],
    ['近30天浏览', `${data.views30d}人次`],
    ['关注人数', `${data.followers}人`],
  ];
  if (data.conversations !== null) items.push(['房聊咨询', `${data.conversations}次`]);
  return (
    <section className={styles.section} aria-labelledby="activity-title">
      <h2 id="activity-title">关注数据</h2>
      <dl className={styles.figures}>
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
