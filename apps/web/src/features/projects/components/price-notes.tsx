import styles from './project-sections.module.css';

/**
 * What each price of a project means (docs/product/new-build.md, "Prices explained"): 平台价 is
 * the 均价 shown on cards and the map, kept by the platform's operators; the developer's own
 * price and the filed price are shown beside it; a room's own price is in the building table.
 */
export const PRICE_NOTES: readonly { term: string; meaning: string }[] = [
  {
    term: '平台价（均价）',
    meaning: '本平台公布的该楼盘每平方米建筑面积的平均单价，由平台维护，列表与地图中的“均价”即此价',
  },
  { term: '开发商售价', meaning: '开发企业自行对外公布的每平方米单价' },
  { term: '备案价', meaning: '开发企业向房产管理部门备案的每平方米单价' },
];

/** The short explanation of the prices under a project's price row. */
export function PriceNotes() {
  return (
    <dl className={styles.priceNotes} aria-label="价格说明">
      {PRICE_NOTES.map((note) => (
        <div key={note.term}>
          <dt>{note.term}：</dt>
          <dd>{note.meaning}。</dd>
        </div>
      ))}
      <div>
        <dt>房间单价：</dt>
        <dd>每套房源的单价与总价以楼盘表中该房间所示为准。</dd>
      </div>
    </dl>
  );
}
