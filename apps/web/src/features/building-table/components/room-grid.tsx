import { roomReading } from '@portal/shared/domain/room-reading';
import { formatNumber, formatWan } from '@portal/shared/format';
import type { BuildingRooms, TableRoom } from '@portal/shared/schemas/building-table';
import type { HouseModel } from '@portal/shared/schemas/projects';
import {
  delayStatusLabel,
  ROOM_SALE_STATUS,
  ROOM_SALE_STATUS_CONSOLE_LABEL,
  ROOM_SALE_STATUS_LABEL,
  ROOM_SALE_STATUS_MARK,
} from '@portal/shared/status';
import { memo, type MouseEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LOTTERY_ROOM_MARK, inLotteryTurn, offersDeposit } from '../lib/lottery-rooms';
import { calculatorHref, floorAnchorId, formatRoomTime, TABLE_PARAM } from '../lib/table-params';
import styles from './building-table.module.css';
import { PayCountdown, RoomDetails } from './room-details';
import detailStyles from './room-details.module.css';

/** The building and unit the grid shows (e.g. 3号楼, 2单元), for reading a room aloud. */
export interface GridPlace {
  building: string;
  unit: string;
}

interface RoomGridProps {
  floors: BuildingRooms['floors'];
  place: GridPlace;
  /** 订约金缴纳 on a room on sale. */
  onDeposit: (roomId: number) => void;
  /** The project's 户型, for the room sheet's plan. */
  houseModels?: HouseModel[];
  /** The 摇号 batches whose 选房 turn the viewer holds now: their free rooms take a deposit. */
  turnBatchIds?: ReadonlySet<number>;
}

const NO_TURNS: ReadonlySet<number> = new Set();

/**
 * What a cell shows under the door number, by colour (docs/product/new-build.md). 订约金缴纳 only where the server
 * allows the sale, or on a 摇号 room in the viewer's own 选房 turn (`offersDeposit`); a room that
 * takes no deposit for a reason of its building (no pre-sale licence) shows that reason instead.
 */
function roomDetails(room: TableRoom, deposit: boolean) {
  switch (room.color) {
    case ROOM_SALE_STATUS.AVAILABLE:
      return (
        <>
          <span>{formatNumber(room.buildArea, 2)}㎡</span>
          {room.roomType && <span>{room.roomType}</span>}
          <span>{formatNumber(room.currentPrice)}元/㎡</span>
          <span>总价 {formatWan(room.totalPrice)}万</span>
          {(deposit || room.lottery) && (
            <span className={styles.cellActions}>
              {deposit && (
                <button type="button" className={styles.depositButton} data-deposit={room.id}>
                  订约金缴纳
                </button>
              )}
              <a className={styles.calcLink} href={calculatorHref(room)} data-calc="">
                算房贷
              </a>
            </span>
          )}
        </>
      );
    case ROOM_SALE_STATUS.PAYING:
      return (
        <>
          {room.payExpireTime && (
            <>
              <span>缴费截止 {formatRoomTime(room.payExpireTime)}</span>
              <PayCountdown deadline={room.payExpireTime} />
            </>
          )}
        </>
      );
    case ROOM_SALE_STATUS.LOCKED:
      return (
        <>
          {room.lockExpireTime && <span>锁定至 {formatRoomTime(room.lockExpireTime)}</span>}
          {delayStatusLabel(room.delayStatus) && <span>{delayStatusLabel(room.delayStatus)}</span>}
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
const FloorRow = memo(function FloorRow({
  floor,
  place,
  turnBatchIds,
}: {
  floor: Floor;
  place: GridPlace;
  turnBatchIds: ReadonlySet<number>;
}) {
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
          data-lottery={room.lottery?.batchId}
          aria-label={`${room.houseMapName} ${ROOM_SALE_STATUS_LABEL[room.color]}${room.lottery ? ` ${LOTTERY_ROOM_MARK}` : ''}`}
          title={room.roomType ? `${room.houseMapName} ${room.roomType}` : room.houseMapName}
          data-read-aloud={`${roomReading({ ...place, ...room })}${room.lottery ? `，${LOTTERY_ROOM_MARK}` : ''}`}
        >
          <button
            type="button"
            className={detailStyles.roomButton}
            data-details={room.id}
            aria-label={`${room.houseMapName} 房间详情`}
          >
            {room.houseMapName}
          </button>
          {/* The state in words and a shape, not by colour alone (docs/product/accessibility.md). */}
          <span className={styles.stateMark} aria-hidden="true">
            {ROOM_SALE_STATUS_MARK[room.color]} {ROOM_SALE_STATUS_CONSOLE_LABEL[room.color]}
          </span>
          {/* A room of a 摇号 batch says so in a word (docs/product/lottery.md). */}
          {room.lottery && (
            <span className={styles.lotteryMark} aria-hidden="true">
              {LOTTERY_ROOM_MARK}
            </span>
          )}
          {roomDetails(room, offersDeposit(room, turnBatchIds))}
        </div>
      ))}
    </div>
  );
});

/**
 * The floors of one unit, highest first. Each room is a few plain DOM nodes and one delegated
 * click handler serves every button and link, so a unit of 33 × 12 rooms re-renders quickly.
 * Tapping a room (its number, or anywhere on the cell outside its buttons) opens its details
 * (the `room` URL parameter).
 */
export const RoomGrid = memo(function RoomGrid({
  floors,
  place,
  onDeposit,
  houseModels,
  turnBatchIds = NO_TURNS,
}: RoomGridProps) {
  const navigate = useNavigate();
  // The open sheet lives in the URL (`room`), so the citizen comes back to it after signing in
  // through WeChat (which leaves the page) or after a reload.
  const [params, setParams] = useSearchParams();
  const openRoomParam = Number(params.get(TABLE_PARAM.room));
  const openRoomId =
    Number.isSafeInteger(openRoomParam) && openRoomParam > 0 ? openRoomParam : null;
  const setOpenRoomId = (id: number | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === null) next.delete(TABLE_PARAM.room);
        else next.set(TABLE_PARAM.room, String(id));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  // Looked up on every render, so an open sheet follows the room's live state.
  const openRoom =
    openRoomId === null
      ? null
      : (floors.flatMap((floor) => floor.houseList).find((room) => room.id === openRoomId) ?? null);

  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const deposit = target.closest<HTMLElement>('[data-deposit]');
    if (deposit) {
      onDeposit(Number(deposit.dataset.deposit));
      return;
    }
    const link = target.closest<HTMLAnchorElement>('a[data-calc]');
    const plainClick = !event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0;
    if (link) {
      if (plainClick) {
        event.preventDefault();
        navigate(link.getAttribute('href') ?? '/');
      }
      return;
    }
    const cell = target.closest<HTMLElement>('[data-room]');
    if (cell) setOpenRoomId(Number(cell.dataset.room));
  };

  return (
    <>
      <div className={styles.grid} role="table" aria-label="楼盘表房间" onClick={handleClick}>
        {floors.map((floor) => (
          <FloorRow key={floor.floor} floor={floor} place={place} turnBatchIds={turnBatchIds} />
        ))}
      </div>
      <RoomDetails
        room={openRoom}
        model={houseModels?.find((m) => m.id === openRoom?.houseModelId) ?? null}
        inTurn={openRoom !== null && inLotteryTurn(openRoom, turnBatchIds)}
        onClose={() => setOpenRoomId(null)}
        onDeposit={onDeposit}
      />
    </>
  );
});
