import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { dailyViews, questions } from '../db/schema/index';
import { addDays, beijingDate, type SeedContext } from './context';
import { insertRows } from './database';
import type { SeededListings } from './listings';
import type { CityPlan } from './project-plan';
import type { SeededUsers } from './users';

const PROJECT_QUESTIONS: Array<[string, string]> = [
  [
    '小区车位配比是多少？地下车位大概什么价格？',
    '车位配比约1:1.2，地下车位价格待开盘时公示，以售楼处为准。',
  ],
  ['交房是精装还是毛坯？有样板间可以看吗？', '交付标准见预售方案，样板间每天9:00至17:30开放参观。'],
  ['附近的小学是哪所？能入学吗？', '学区以教育部门当年公布的划片为准，建议入学前向教育局核实。'],
  ['公积金贷款可以用吗？', '可以使用公积金贷款和组合贷款，具体额度以公积金中心审批为准。'],
  ['楼间距大概多少米？低楼层采光怎么样？', '楼间距约45米，冬至日满足日照标准，具体可到现场查看。'],
];

const LISTING_QUESTIONS: Array<[string, string]> = [
  ['房子是满五唯一吗？', '是的，满五唯一，税费较少。'],
  ['可以周末看房吗？', '周末都可以，提前一天在房聊约时间就行。'],
  ['物业费每月多少？暖气是集中供暖吗？', '物业费每平米1.2元，集中供暖。'],
  ['楼下有停车位吗？', '小区地面车位充足，可以租用。'],
  ['价格还有商量空间吗？', '诚心买可以当面谈。'],
];

/**
 * Seeds the activity figures' raw rows: once-a-day visits of the last 30 days to published
 * listings and to projects (each with its own popularity), and 问答 on some projects (answered by
 * the operators for the developer) and listings (answered by the owner), some still open.
 */
export async function seedActivity(
  ctx: SeedContext,
  plan: CityPlan,
  listings: SeededListings,
  users: SeededUsers,
): Promise<void> {
  const rng = ctx.rng('activity');
  const views: Array<typeof dailyViews.$inferInsert> = [];
  const addViews = (
    targetType: 'project' | 'listing',
    targetId: number,
    perDay: number,
    since: Date,
  ) => {
    for (let back = 0; back < 30; back += 1) {
      const day = addDays(ctx.now, -back);
      if (day.getTime() < since.getTime()) break;
      const visitors = new Set<number>();
      for (let v = rng.int(0, Math.round(perDay * 2)); v > 0; v -= 1)
        visitors.add(rng.int(1, 5000));
      for (const visitor of visitors)
        views.push({
          targetType,
          targetId,
          day: beijingDate(day),
          visitorKey: `seed-${visitor}`,
        });
    }
  };
  const published = listings.listings.filter((l) => l.publishStatus === LISTING_STATUS.PUBLISHED);
  for (const listing of published)
    addViews('listing', listing.id, rng.real(0.2, 4), listing.publishTime ?? ctx.now);
  for (const project of plan.projects)
    addViews('project', project.id, rng.real(1, 8), addDays(ctx.now, -30));

  const asked: Array<typeof questions.$inferInsert> = [];
  const askers = users.citizens.length > 0 ? users.citizens : [users.demoBuyer];
  const ask = (
    targetType: 'project' | 'listing',
    targetId: number,
    pool: Array<[string, string]>,
    answer: { by: number; as: string } | null,
  ) => {
    const [body, reply] = rng.pick(pool);
    const createdAt = addDays(ctx.now, -rng.real(1, 60));
    const answered = answer && rng.chance(0.75);
    asked.push({
      targetType,
      targetId,
      userId: rng.pick(askers).id,
      body,
      answer: answered ? reply : null,
      answeredBy: answered ? answer.by : null,
      answeredAs: answered ? answer.as : null,
      answeredAt: answered ? addDays(createdAt, rng.real(0.1, 0.9)) : null,
      createdAt,
    });
  };
  for (const project of plan.projects)
    for (let i = rng.int(0, 3); i > 0; i -= 1)
      ask('project', project.id, PROJECT_QUESTIONS, { by: users.admin.id, as: '开发企业' });
  for (const listing of published)
    if (rng.chance(0.35))
      ask('listing', listing.id, LISTING_QUESTIONS, { by: listing.userId, as: '业主' });

  await insertRows(ctx.db, dailyViews, views);
  await insertRows(ctx.db, questions, asked);
  ctx.log(`activity: ${views.length} daily visits, ${asked.length} questions`);
}
