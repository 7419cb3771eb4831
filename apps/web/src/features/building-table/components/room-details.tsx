import { ROOM_SHEET_LOAN } from '@portal/shared/constants/loan-rates';
import { orientationName } from '@portal/shared/constants/places';
import { formatNumber, formatWan } from '@portal/shared/format';
import type { TableRoom } from '@portal/shared/schemas/building-table';
import type { HouseModel } from '@portal/shared/schemas/projects';
import { delayStatusLabel, ROOM_SALE_STATUS, ROOM_SALE_STATUS_LABEL } from '@portal/shared/status';
import { Button, Descriptions, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { SHEET_MODAL_PROPS } from '../../../components/sheet-modal';
import { paths } from '../../../config/paths';
import { LOTTERY_ROOM_MARK, lotteryRoomNote } from '../lib/lottery-rooms';
import { calculatorHref, formatRoomTime, roomMonthlyPaymentFen } from '../lib/table-params';
import styles from './room-details.module.css';

/** `mm:ss` (or `h:mm:ss`) left until `deadline`, never below zero. */
export function timeLeft(deadline: string, now: number): string {
  const seconds = Math.max(0, Math.floor((Date.parse(deadline) - now) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/**
 * The time left to pay a yellow room's deposit, counting down each second. At zero the room is
 * about to read green again: the server's push (or the next read) repaints it.
 */
export function PayCountdown({ deadline }: { deadline: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <span className={styles.countdown} role="timer" aria-live="off">
      剩余 {timeLeft(deadline, now)}
    </span>
  );
}

/**
 * 参考月供 of the room's default loan (docs/product/loan-rates.md) and the loan it assumes; the
 * sheet's 算房贷 opens /tool filled with the same values. Nothing for a room without a price.
 */
function monthlyItem(room: TableRoom) {
  const fen = roomMonthlyPaymentFen(room);
  if (fen === null || !(fen > 0)) return [];
  return [
    {
      key: 'monthly',
      label: '参考月供',
      children: (
        <div className={styles.monthly}>
          <strong>月供约 {formatNumber(Math.round(fen / 100))} 元/月</strong>
          <span className={styles.monthlyTerms}>
            首付{ROOM_SHEET_LOAN.downPaymentPct}%，商业贷款{ROOM_SHEET_LOAN.years}年，LPR{' '}
            {ROOM_SHEET_LOAN.ratePct}%，等额本息；点“算房贷”可调整
          </span>
        </div>
      ),
    },
  ];
}

/** The plan picture of the room's 户型 and its rooms: usable area and which way each faces. */
function RoomPlan({ model }: { model: HouseModel }) {
  return (
    <figure className={styles.plan} aria-label="户型图">
      <ImageWithFallback src={model.picturePath} alt={`${model.houseType}户型图`} />
      {model.layoutRooms && model.layoutRooms.length > 0 && (
        <figcaption>
          <table className={styles.planRooms}>
            <caption>各房间面积与朝向</caption>
            <tbody>
              {model.layoutRooms.map((part) => (
                <tr key={part.name}>
                  <th scope="row">{part.name}</th>
                  <td>{formatNumber(part.areaM2, 1)}㎡</td>
                  <td>
                    {orientationName(part.facing) ? `朝${orientationName(part.facing)}` : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </figcaption>
      )}
    </figure>
  );
}

interface RoomDetailsProps {
  /** The room shown, or null when the sheet is closed. */
  room: TableRoom | null;
  /** The room's 户型 with its plan picture and rooms, when the project has it. */
  model?: HouseModel | null;
  /** The viewer's 选房 turn of the room's 摇号 batch runs now (the room takes their deposit). */
  inTurn?: boolean;
  onClose: () => void;
  /** 订约金缴纳 on a room on sale. */
  onDeposit: (roomId: number) => void;
}

/**
 * What a 摇号 room's sheet says first (docs/product/lottery.md): the mark, how the room is
 * chosen, and the way to its batch page.
 */
function LotteryNote({
  lottery,
  inTurn,
}: {
  lottery: NonNullable<TableRoom['lottery']>;
  inTurn: boolean;
}) {
  return (
    <div className={styles.lotteryNote} role="note" aria-label={LOTTERY_ROOM_MARK}>
      <strong>{LOTTERY_ROOM_MARK}</strong>
      <p>{lotteryRoomNote(lottery, inTurn)}</p>
      <Link to={paths.lottery.getHref({ id: lottery.batchId })}>查看「{lottery.title}」</Link>
    </div>
  );
}

/**
 * What one room is, opened by tapping its cell: area, unit price, total, layout, purpose and
 * state, with the calculator link and, on a room on sale, the deposit button. A room of a 摇号
 * batch says so first and links to its batch instead of offering the deposit, except to the
 * buyer whose 选房 turn runs now. A bottom sheet on phones.
 */
export function RoomDetails({
  room,
  model = null,
  inTurn = false,
  onClose,
  onDeposit,
}: RoomDetailsProps) {
  const deposit = room !== null && (room.allowSell || (inTurn && room.lottery !== null));
  const items = room
    ? [
        { key: 'state', label: '房态', children: ROOM_SALE_STATUS_LABEL[room.color] },
        { key: 'floor', label: '楼层', children: `${room.floor}层` },
        { key: 'area', label: '建筑面积', children: `${formatNumber(room.buildArea, 2)}㎡` },
        { key: 'price', label: '单价', children: `${formatNumber(room.currentPrice)}元/㎡` },
        { key: 'total', label: '总价', children: `${formatWan(room.totalPrice)}万元` },
        ...monthlyItem(room),
        { key: 'layout', label: '户型', children: model?.houseType ?? room.roomType ?? '—' },
        { key: 'orientation', label: '朝向', children: room.orientationName || '—' },
        { key: 'purpose', label: '用途', children: room.housePurpose },
        ...(room.color === ROOM_SALE_STATUS.PAYING && room.payExpireTime
          ? [
              {
                key: 'pay',
                label: '缴费截止',
                children: (
                  <>
                    {formatRoomTime(room.payExpireTime)}（
                    <PayCountdown deadline={room.payExpireTime} />）
                  </>
                ),
              },
            ]
          : []),
        ...(room.color === ROOM_SALE_STATUS.LOCKED && room.lockExpireTime
          ? [{ key: 'lock', label: '锁定至', children: formatRoomTime(room.lockExpireTime) }]
          : []),
        ...(room.color === ROOM_SALE_STATUS.LOCKED && delayStatusLabel(room.delayStatus)
          ? [{ key: 'delay', label: '延期', children: delayStatusLabel(room.delayStatus) }]
          : []),
        ...(room.noSaleReason
          ? [{ key: 'reason', label: '不可售原因', children: room.noSaleReason }]
          : []),
      ]
    : [];

  return (
    <Modal
      {...SHEET_MODAL_PROPS}
      open={room !== null}
      title={room ? `${room.houseMapName} 房间详情` : ''}
      onCancel={onClose}
      destroyOnHidden
      footer={
        room ? (
          <div className={styles.actions}>
            <Link to={calculatorHref(room)} className={styles.calculator}>
              算房贷
            </Link>
            {deposit && (
              <Button
                type="primary"
                // The sheet stays open under a sign-in or real-name prompt (the task in hand,
                // kept in the URL); the order confirmation replaces the page.
                onClick={() => onDeposit(room.id)}
              >
                订约金缴纳
              </Button>
            )}
          </div>
        ) : null
      }
    >
      {room?.lottery && <LotteryNote lottery={room.lottery} inTurn={inTurn} />}
      <Descriptions column={1} size="small" items={items} />
      {model && <RoomPlan model={model} />}
    </Modal>
  );
}
