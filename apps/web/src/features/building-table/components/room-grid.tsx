import { formatNumber } from '@portal/shared/format';
import { delayStatusText, ROOM_COLOR_LABEL } from '@portal/shared/schemas/building-table';
import type { BuildingRooms, TableRoom } from '@portal/shared/schemas/building-table';
import { memo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { calculatorHref, floorAnchorId, formatRoomTime } from '../lib/table-params';
import styles from './building-table.module.css';

interface RoomGridProps {
  floors: BuildingRooms['floors'];
  /** 订约金缴纳 on a room on sale. */
  onDeposit: (roomId: number) => void;
}

/**
 * What a cell shows under the door number, by colour (docs/product/new-build.md). 订约金缴纳 only where the server
 * allows the sale; a room that takes no deposit for a reason of its building (no pre-sale
 * licence) shows that reason instead.
 */
function roomDetails(room: TableRoom) {
  switch (room.color) {
    case 'green':
      return (
        <>
          <span>{formatNumber(room.buildArea, 2)}㎡</span>
          <span>{formatNumber(room.currentPrice)}元/㎡</span>
          {room.allowSell && (
            <span className={styles.cellActions}>
              <button type="button" className={styles.depositButton} data-deposit={room.id}>
                订约金缴纳
              </button>
              <a className={styles.calcLink} href={calculatorHref(room)} data-calc="">
                算房贷
              </a>
            </span>
          )}
        </>
      );
    case 'yellow':
      return (
        <>
          <span>{ROOM_COLOR_LABEL.yellow}</span>
          {room.payExpireTime && <span>缴费截止 {formatRoomTime(room.payExpireTime)}</span>}
        </>
      );
    case 'blue':
      return (
        <>
          {room.lockExpireTime && <span>锁定至 {formatRoomTime(room.lockExpireTime)}</span>}
          {delayStatusText(room.delayStatus) && <span>{delayStatusText(room.delayStatus)}</span>}
        </>
      );
    default:
      return room.noSaleReason ? <span className={styles.noSale}>{room.noSaleReason}</span> : null;
  }
}

type Floor = BuildingRooms['floors'][number];

/**
 * One floor: its number and its rooms. Memoised on the floor object, which the query cache keeps
 * identical across refetches while nothing on the floor changed, so the 30-second re-read and
 * the grid's own re-renders repaint only floors whose rooms changed.
 */
const FloorRow = memo(function FloorRow({ floor }: { floor: Floor }) {
  return (
    <div id={floorAnchorId(floor.floor)} className={styles.floorRow} role="row">
      <span className={styles.floorNo} role="rowheader">
        {floor.floor}层
      </span>
      {floor.houseList.map((room) => (
        <div
          key={room.id}
          role="cell"
          className={`${styles.cell} ${styles[room.color]}`}
          data-color={room.color}
          data-room={room.id}
          aria-label={`${room.houseMapName} ${ROOM_COLOR_LABEL[room.color]}`}
          title={room.roomType ? `${room.houseMapName} ${room.roomType}` : room.houseMapName}
        >
          <strong>{room.houseMapName}</strong>
          {roomDetails(room)}
        </div>
      ))}
    </div>
  );
});

/**
 * The floors of one unit, highest first. Each room is a few plain DOM nodes and one delegated
 * click handler serves every button and link, so a unit of 33 × 12 rooms re-renders quickly.
 */
export const RoomGrid = memo(function RoomGrid({ floors, onDeposit }: RoomGridProps) {
  const navigate = useNavigate();

  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const deposit = target.closest<HTMLElement>('[data-deposit]');
    if (deposit) {
      onDeposit(Number(deposit.dataset.deposit));
      return;
    }
    const link = target.closest<HTMLAnchorElement>('a[data-calc]');
    const plainClick = !event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0;
    if (link && plainClick) {
      event.preventDefault();
      navigate(link.getAttribute('href') ?? '/');
    }
  };

  return (
    <div className={styles.grid} role="table" aria-label="楼盘表房间" onClick={handleClick}>
      {floors.map((floor) => (
        <FloorRow key={floor.floor} floor={floor} />
      ))}
    </div>
  );
});
