import { LISTING_STATUS, PROJECT_STATUS, FEEDBACK_STATUS } from '@portal/shared/status';
import {
  chatConversations,
  chatMessages,
  favourites,
  feedback,
  groupBuySignups,
  notices,
  recommendDemands,
} from '../db/schema/index';
import { addDays, addMinutes, type SeedContext } from './context';
import { insertRows } from './database';
import type { SeededListings } from './listings';
import { personName, mobile } from './names';
import type { SeededNews } from './news';
import type { CityPlan } from './project-plan';
import type { SeededUsers, SeedUser } from './users';

const QUESTIONS: Array<[string, string]> = [
  ['网签后订约金多久退还', '我已经完成网签备案，请问订约金一般多久能退回到原支付账户？'],
  ['预售许可证查询不到', '在预售许可查询里输入楼盘名称查不到结果，是还没录入吗？'],
  ['公积金贷款额度咨询', '夫妻双方都缴存公积金，首套房最高能贷多少？'],
  ['二手房核验一直不通过', '我的不动产权证书是2019年办的，核验时提示信息不一致，应该怎么处理？'],
  ['建议增加地图找房筛选条件', '希望地图找房能按学校和交付时间筛选。'],
  ['楼盘表信息与售楼处不一致', '楼盘表显示在售的房源，售楼处说已经售出，请核实。'],
  ['如何修改绑定手机号', '原手机号已经停用，收不到验证码，怎么更换绑定手机？'],
  ['以旧换新补贴如何申请', '卖掉旧房后买新房，补贴在哪里申请，需要什么材料？'],
  ['物业费收费标准咨询', '新交付小区的物业费标准在哪里可以查询？'],
  ['购房资格咨询', '外地户籍在本市工作，购买新房需要社保或个税证明吗？'],
];

const REPLIES = [
  '您好，网签备案完成后系统将自动发起订约金退还，一般3至5个工作日原路退回，请注意查收。',
  '您好，预售许可信息一般在发证后3个工作日内录入系统，请稍后再查询，或拨打服务热线咨询。',
  '您好，您反映的问题已转相关部门核实处理，感谢您对我们工作的支持。',
  '您好，建议您携带身份证和不动产权证书原件到不动产登记中心核对登记信息后再进行核验。',
];

/**
 * Writes the people-facing remainder: feedback with and without replies, notices, 房聊
 * conversations between the demo users and with a listing publisher, favourites, group-buy
 * sign-ups and the demo buyer's recommendation demand.
 */
export async function seedCommunity(
  ctx: SeedContext,
  users: SeededUsers,
  plan: CityPlan,
  newsItems: SeededNews,
  listings: SeededListings,
  groupBuyIds: number[],
): Promise<void> {
  const rng = ctx.rng('community');
  const { demoBuyer, demoUnverified, admin } = users;
  const now = ctx.now;

  const feedbackRows: Array<typeof feedback.$inferInsert> = [];
  const addFeedback = (user: SeedUser, replied: boolean) => {
    const [title, question] = rng.pick(QUESTIONS);
    const createdAt = addDays(now, -rng.real(2, 300));
    feedbackRows.push({
      userId: user.id,
      realname: user.realName ?? user.nickname,
      phone: user.phone,
      title,
      content: `<p>${question}</p>`,
      state: replied ? FEEDBACK_STATUS.REPLIED : FEEDBACK_STATUS.PENDING,
      reply: replied ? `<p>${rng.pick(REPLIES)}</p>` : null,
      replyTime: replied ? addDays(createdAt, rng.real(0.5, 3)) : null,
      replierId: replied ? admin.id : null,
      createdAt,
    });
  };
  [true, true, false, false].forEach((replied) => addFeedback(demoBuyer, replied));
  addFeedback(demoUnverified, false);
  for (let i = 0; i < ctx.count(30, 4); i += 1)
    addFeedback(rng.pick(users.citizens), rng.chance(0.6));
  await insertRows(ctx.db, feedback, feedbackRows);

  const noticeRows: Array<typeof notices.$inferInsert> = [
    {
      userId: demoBuyer.id,
      content: '欢迎使用房地产交易服务平台，您已完成实名认证。',
      bizType: 'system',
      bizId: null,
      readAt: addDays(now, -380),
      createdAt: addDays(now, -399),
    },
    {
      userId: demoUnverified.id,
      content: '欢迎使用房地产交易服务平台，完成实名认证后即可缴纳订约金和发布房源。',
      bizType: 'system',
      bizId: null,
      readAt: null,
      createdAt: addDays(now, -30),
    },
  ];
  for (const listing of listings.listings.filter(
    (l) =>
      l.userId === demoBuyer.id &&
      (l.publishStatus === LISTING_STATUS.PUBLISHED || l.publishStatus === LISTING_STATUS.REJECTED),
  )) {
    noticeRows.push({
      userId: demoBuyer.id,
      content:
        listing.publishStatus === LISTING_STATUS.PUBLISHED
          ? `您发布的房源「${listing.title}」已审核通过。`
          : `您发布的房源「${listing.title}」未通过审核：${listing.reviewNote ?? ''}`,
      bizType: 'second_house',
      bizId: listing.id,
      readAt: null,
      createdAt: (listing.reviewedAt as Date | null) ?? now,
    });
  }
  await insertRows(ctx.db, notices, noticeRows);

  const publisher = listings.listings.find(
    (l) => l.userId !== demoBuyer.id && l.publishStatus === LISTING_STATUS.PUBLISHED,
  );
  const demoListing = listings.listings.find(
    (l) => l.userId === demoBuyer.id && l.publishStatus === LISTING_STATUS.PUBLISHED,
  );
  const lines: Array<[SeedUser, string]> = [
    [demoUnverified, `您好，请问「${demoListing?.title ?? '这套房子'}」还在出售吗？`],
    [demoBuyer, '在的，房子是满五唯一，手续齐全。'],
    [demoUnverified, '单价还有商量的余地吗？'],
    [demoBuyer, '诚心要的话可以当面谈，欢迎先来看房。'],
    [demoUnverified, '好的，这周六上午方便吗？'],
    [demoBuyer, '可以，上午十点小区门口见。'],
  ];
  const conversations: Array<typeof chatConversations.$inferInsert> = [
    {
      id: 1,
      userAId: demoBuyer.id,
      userBId: demoUnverified.id,
      kind: 'listing',
      listingId: demoListing?.id ?? null,
      lastMessageAt: addMinutes(now, -60 * 3 + lines.length * 4),
      createdAt: addDays(now, -1),
    },
  ];
  const messages: Array<typeof chatMessages.$inferInsert> = lines.map(([sender, body], i) => {
    const at = addMinutes(now, -60 * 3 + i * 4);
    const receiver = sender === demoBuyer ? demoUnverified : demoBuyer;
    return {
      conversationId: 1,
      senderId: sender.id,
      receiverId: receiver.id,
      type: 'text',
      body,
      createdAt: at,
      deliveredAt: at,
      readAt: i < lines.length - 1 ? addMinutes(at, 1) : null,
    };
  });
  if (publisher) {
    conversations.push({
      id: 2,
      userAId: Math.min(demoBuyer.id, publisher.userId),
      userBId: Math.max(demoBuyer.id, publisher.userId),
      kind: 'listing',
      listingId: publisher.id,
      lastMessageAt: addMinutes(now, -30),
      createdAt: addMinutes(now, -50),
    });
    const seller = publisher.userId;
    const talk: Array<[number, string]> = [
      [demoBuyer.id, `您好，「${publisher.title}」还在吗？`],
      [seller, '在的，您什么时候方便看房？'],
      [demoBuyer.id, '明天下午可以吗？'],
      [seller, '可以，下午三点小区门口见。'],
    ];
    talk.forEach(([sender, body], i) => {
      const at = addMinutes(now, -50 + i * 6);
      messages.push({
        conversationId: 2,
        senderId: sender,
        receiverId: sender === seller ? demoBuyer.id : seller,
        type: 'text',
        body,
        createdAt: at,
        deliveredAt: at,
        readAt: i < talk.length - 1 ? addMinutes(at, 1) : null,
      });
    });
  }
  await insertRows(ctx.db, chatConversations, conversations);
  await insertRows(ctx.db, chatMessages, messages);

  const published = plan.projects.filter((p) => p.publishStatus === PROJECT_STATUS.PUBLISHED);
  const favouriteRows: Array<typeof favourites.$inferInsert> = [];
  const favour = (user: SeedUser, type: 'PROJECT' | 'NEWS', ids: number[]) =>
    ids.forEach((businessId) =>
      favouriteRows.push({
        userId: user.id,
        businessType: type,
        businessId,
        createdAt: addDays(now, -rng.real(1, 200)),
      }),
    );
  favour(
    demoBuyer,
    'PROJECT',
    rng.sample(published, 12).map((p) => p.id),
  );
  favour(
    demoBuyer,
    'NEWS',
    rng.sample(newsItems.published, 8).map((n) => n.id),
  );
  favour(
    demoUnverified,
    'PROJECT',
    rng.sample(published, 3).map((p) => p.id),
  );
  for (const citizen of users.citizens)
    if (rng.chance(0.4))
      favour(
        citizen,
        'PROJECT',
        rng.sample(published, rng.int(1, 4)).map((p) => p.id),
      );
  // The demo buyer follows a few others' listings, one of them sold since (own generator, so
  // the rows above stay as they were).
  const listingRng = ctx.rng('listing-favourites');
  const others = listings.listings.filter((l) => l.userId !== demoBuyer.id);
  const followed = [
    ...listingRng.sample(
      others.filter((l) => l.publishStatus === LISTING_STATUS.PUBLISHED),
      3,
    ),
    ...others.filter((l) => l.publishStatus === LISTING_STATUS.CLOSED).slice(0, 1),
  ];
  for (const listing of followed)
    favouriteRows.push({
      userId: demoBuyer.id,
      businessType: 'LISTING',
      businessId: listing.id as number,
      createdAt: addDays(now, -listingRng.real(1, 20)),
    });
  await insertRows(ctx.db, favourites, favouriteRows);

  const signups: Array<typeof groupBuySignups.$inferInsert> = [];
  for (const projectId of groupBuyIds) {
    for (let k = rng.int(2, 5); k > 0; k -= 1) {
      const user = rng.chance(0.6) ? rng.pick(users.citizens) : null;
      signups.push({
        projectId,
        userId: user?.id ?? null,
        username: user?.realName ?? personName(rng, rng.chance(0.5)),
        tel: user?.phone ?? mobile(rng),
        buildingName: rng.chance(0.5) ? `${rng.int(1, 6)}` : null,
        unitName: rng.chance(0.4) ? `${rng.int(1, 3)}` : null,
        roomNumber: rng.chance(0.3) ? `${rng.int(2, 30)}0${rng.int(1, 3)}` : null,
        createdAt: addDays(now, -rng.real(0.5, 20)),
      });
    }
  }
  await insertRows(ctx.db, groupBuySignups, signups);

  await insertRows(ctx.db, recommendDemands, [
    {
      userId: demoBuyer.id,
      districtCode: 'HGQ',
      bedroom: 3,
      hall: 1,
      priceMin: 7000,
      priceMax: 8000,
      areaMin: 80,
      areaMax: 90,
      createdAt: addDays(now, -60),
      updatedAt: addDays(now, -60),
    },
  ]);
  ctx.log(
    `community: ${feedbackRows.length} feedback, ${noticeRows.length} notices, ${messages.length} chat messages, ${favouriteRows.length} favourites, ${signups.length} group-buy sign-ups`,
  );
}
