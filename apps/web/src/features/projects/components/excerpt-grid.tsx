import { formatNumber } from '@portal/shared/format';
import type { BuildingExcerpt } from '@portal/shared/schemas/building-excerpt';
import { ROOM_SALE_STATUS } from '@portal/shared/status';
import styles from './building-excerpt.module.css';

/** The floors of the excerpt, highest first; rooms outside the 面积 band are dimmed in place. */
export function ExcerptGrid({ excerpt }: { excerpt: NonNullable<BuildingExcerpt> }) {
  return (
    <div
      className={styles.table}
      role="table"
      aria-label={`${excerpt.tabletNum}${excerpt.unit}`}
      // Scrolls sideways on a narrow screen: a keyboard user reaches it to scroll with the arrows.
      tabIndex={0}
    >
      <p className={styles.caption}>
        {excerpt.tabletNum} · {excerpt.unit}
      </p>
      {excerpt.floors.map((floor) => (
        <div key={floor.floor} className={styles.floor} role="row">
          <span className={styles.floorNo} role="rowheader">
            {floor.floor}层
          </span>
          {floor.houseList.map((room) => (
            <div
              key={room.id}
              role="cell"
              className={`${styles.room} ${styles[room.color]} ${room.inBand ? '' : styles.dimmed}`}
              aria-disabled={!room.inBand || undefined}
              title={`${room.houseMapName} ${room.roomType ?? ''} ${formatNumber(room.buildArea, 2)}㎡${room.inBand ? '' : '（不在所选面积范围）'}`}
            >
              <strong>{room.houseMapName}</strong>
              {room.color === ROOM_SALE_STATUS.AVAILABLE && (
                <span>
                  {formatNumber(room.buildArea, 2)}㎡ · {formatNumber(room.currentPrice)}元/㎡
                </span>
              )}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
