import { NOTICE_BIZ_TYPE } from '@portal/shared/constants/notices';
import type { LotteryDraw } from '@portal/shared/domain/lottery-draw';
import { LOTTERY_REG_STATUS, LOTTERY_SLOT_STATUS } from '@portal/shared/status';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertNoticesFrom } from '../notices/index';

/**
 * The draw's one bulk step (docs/decisions/0062, docs/decisions/0067): every qualified family of a
 * batch gets its place in the 选房 line (waiting), its notice in 我的消息 and its SMS, in one
 * statement whatever the batch's size (the notices through `insertNoticesFrom`, the notices
 * module's part of the statement). It is the one writer of a turn's state and of the lottery's
 * notices outside the rows of lottery-moves.ts, named as such in
 * test/transition-writers.test.ts: the runner moves records one by one with a statement or more
 * each, and a draw over twenty thousand families must stay under a second
 * (bench/lottery-draw.ts). Runs in the draw's transaction (lottery.admin.service.ts).
 */
export async function placeDrawnFamilies(
  tx: Db,
  batch: { id: number; title: string },
  draw: Pick<LotteryDraw, 'places'>,
): Promise<void> {
  // The order goes in as three array parameters (a text each, so the driver sends three values,
  // not sixty thousand), joined to the qualified registrations by number; each family gets its
  // place, its notice (我的消息) and its SMS (sent by the lottery job after the commit).
  const arrayText = (values: readonly (number | string)[]) => `{${values.join(',')}}`;
  const placeText = sql`第 ' || d.choose_order || ' 号' ||
    case when d.outcome = 'waitlist' then '（候补）' else '' end`;
  await tx.execute(sql`
    with d as (
      select r.id, r.user_id, r.reg_no, u.choose_order, u.outcome
      from unnest(
        ${arrayText(draw.places.map((place) => place.regNo))}::text[],
        ${arrayText(draw.places.map((place) => place.chooseOrder))}::integer[],
        ${arrayText(draw.places.map((place) => place.outcome))}::text[]
      ) as u(reg_no, choose_order, outcome)
      join lottery_registrations r on r.batch_id = ${batch.id} and r.reg_no = u.reg_no
        and r.status = ${LOTTERY_REG_STATUS.APPROVED}
    ),
    placed as (
      insert into lottery_places
        (batch_id, registration_id, choose_order, outcome, line_no, slot_status)
      select ${batch.id}, d.id, d.choose_order, d.outcome, d.choose_order,
        ${LOTTERY_SLOT_STATUS.WAITING}
      from d
    ),
    told as (${insertNoticesFrom(sql`
      select d.user_id,
        ${`「${batch.title}」已摇号：登记号 `} || d.reg_no || ' 的选房顺序为${placeText} || '。',
        ${NOTICE_BIZ_TYPE.LOTTERY}, ${batch.id}
      from d`)})
    insert into lottery_sms (batch_id, user_id, detail)
    select ${batch.id}, d.user_id, '已摇号，您的选房顺序为${placeText}
    from d`);
}
