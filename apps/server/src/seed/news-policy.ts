import { DISTRICT_NAME, type DistrictCode } from '@portal/shared/constants/districts';
import { addDays } from './context';
import { roadName } from './names';
import { beijingParts, dateText, quarterOf, type Topic } from './news-writing';

/** Counters that number a year's announcements in the order they were published. */
export interface PolicyState {
  counters: Map<string, number>;
  /** Districts that have projects (land sales and trade-in plans name them). */
  districts: DistrictCode[];
}

/** Highest provident-fund loan per year, 万元: one earner, two earners. */
export const PROVIDENT_LIMIT: Record<number, [number, number]> = {
  2024: [50, 70],
  2025: [60, 80],
  2026: [70, 100],
  2027: [70, 100],
};

/** The provident-fund limits in force in a year (the latest known for later years). */
export function providentLimit(year: number): [number, number] {
  return PROVIDENT_LIMIT[year] ?? PROVIDENT_LIMIT[2027]!;
}

const BUREAU = '市住房和城乡建设局';

function next(state: PolicyState, key: string): number {
  const value = (state.counters.get(key) ?? 0) + 1;
  state.counters.set(key, value);
  return value;
}

const presaleBatch: Topic<PolicyState> = (rng, at, state) => {
  const { year } = beijingParts(at);
  const n = next(state, `presale-${year}`);
  const count = rng.int(2, 6);
  const districts = rng.sample(state.districts, Math.min(count, 3)).map((c) => DISTRICT_NAME[c]);
  return {
    title: `关于公布${year}年第${n}批商品房预售许可的公告`,
    source: BUREAU,
    cover: '预售许可',
    paragraphs: [
      `根据《城市商品房预售管理办法》和本市商品房预售许可管理规定，现将${year}年第${n}批核发的商品房预售许可公布如下。`,
      `本批共核发商品房预售许可证${count}个，涉及${districts.join('、')}的${count}个项目，批准预售面积合计约${(rng.int(40, 260) / 10).toFixed(1)}万平方米。`,
      '各项目的预售许可证号、准售楼栋和预售资金监管账户，可在本平台“预售许可查询”“监管账户开户查询”栏目查询。购房人请认准已取得预售许可的楼栋，购房款须存入项目监管账户。',
      '特此公告。',
    ],
  };
};

const qualificationCheck: Topic<PolicyState> = (rng, at, state) => {
  const { year } = beijingParts(at);
  const n = next(state, `qualification-${year}`);
  const total = rng.int(18, 60);
  const failed = rng.int(1, 5);
  return {
    title: `关于${year}年度房地产开发企业资质动态核查结果的公示（第${n}批）`,
    source: BUREAU,
    cover: '政策解读',
    paragraphs: [
      `按照${year}年度房地产开发企业资质动态核查工作安排，我局对${total}家房地产开发企业的资质条件进行了第${n}批核查。`,
      `经核查，${total - failed}家企业符合相应资质条件；${failed}家企业存在专业技术人员不足、未按规定报送项目手册等问题，已责令限期三个月整改，整改期间不得承接新的开发项目。`,
      `公示期为${dateText(at)}至${dateText(addDays(at, 7))}。如有异议，请在公示期内以书面形式向我局房地产市场监管科反映。`,
    ],
  };
};

const landSale: Topic<PolicyState> = (rng, at, state) => {
  const { year } = beijingParts(at);
  const code = rng.pick(state.districts);
  const n = next(state, `land-${code}-${year}`);
  const plot = `${DISTRICT_NAME[code]}${year}-${String(n).padStart(2, '0')}号地块`;
  const area = rng.int(12, 90) * 1000;
  return {
    title: `${plot}国有建设用地使用权挂牌出让公告`,
    source: '市自然资源和规划局',
    cover: '土地出让',
    paragraphs: [
      `经市人民政府批准，市自然资源和规划局决定以挂牌方式出让${plot}国有建设用地使用权。`,
      `该地块位于${DISTRICT_NAME[code]}${roadName(rng, code)}${rng.pick(['东', '南', '西', '北'])}侧，出让面积${area.toLocaleString('en-US')}平方米，用途为城镇住宅用地，容积率不大于${(rng.int(15, 30) / 10).toFixed(1)}，出让年限70年，挂牌起始价${Math.round((area * rng.int(18, 45)) / 100) * 10}万元。`,
      `挂牌时间为${dateText(addDays(at, 20))}至${dateText(addDays(at, 30))}。竞买申请人可登录市公共资源交易平台提交申请并缴纳竞买保证金。`,
    ],
  };
};

const tradeInPlan: Topic<PolicyState> = (rng, at, state) => {
  const { year } = beijingParts(at);
  const code = rng.pick(state.districts);
  return {
    title: `${DISTRICT_NAME[code]}住房“以旧换新”活动实施方案（${year}年）`,
    source: BUREAU,
    cover: '以旧换新',
    paragraphs: [
      `为满足居民改善性住房需求，${DISTRICT_NAME[code]}在${year}年继续开展住房“以旧换新”活动。`,
      '购房人出售本人名下二手住房后12个月内，在参与活动的项目购买新建商品住房的，按新房合同价款的1%给予购房补贴，参与的开发企业另行给予房价优惠。',
      '参与活动的项目在本平台新房频道标有“以旧换新”，可按“以旧换新”类型筛选查看；合作的家装、家电、建材商家见“家装建材”栏目。',
      '补贴申请材料齐全的，自受理之日起20个工作日内发放到申请人银行账户。',
    ],
  };
};

const deedSubsidy: Topic<PolicyState> = (_rng, at) => {
  const { year, month } = beijingParts(at);
  const quarter = quarterOf(month);
  return {
    title: `关于发放${year}年第${quarter}季度购房契税补贴的公告`,
    source: '市财政局',
    cover: '购房补贴',
    paragraphs: [
      `对${year}年第${quarter}季度在本市购买新建商品住房、完成网签备案并缴纳契税的家庭，按实缴契税的50%给予购房补贴。`,
      '补贴由申请人在网签备案后六个月内提出，经审核无误后直接发放至申请人本人银行账户，不收取任何费用。',
      '补贴名单在本平台“政策公示”栏目公示五个工作日，对名单有异议的，可在公示期内向市财政局反映。',
    ],
  };
};

const providentFund: Topic<PolicyState> = (_rng, at) => {
  const { year } = beijingParts(at);
  const [single, couple] = providentLimit(year);
  return {
    title: `关于${year}年住房公积金个人住房贷款最高额度的通知`,
    source: '市住房公积金管理中心',
    cover: '公积金',
    paragraphs: [
      `自发布之日起，${year}年本市住房公积金个人住房贷款最高额度为：单方缴存职工${single}万元，双方缴存职工${couple}万元。`,
      '缴存职工家庭购买首套自住住房的，最低首付款比例为20%；购买第二套自住住房的，最低首付款比例为30%。',
      '贷款额度按借款人还款能力、账户余额和房屋价值计算，具体可在本平台“购房计算器”中的公积金额度测算试算。',
    ],
  };
};

const supervisionAccounts: Topic<PolicyState> = (rng, at) => {
  const { year, month } = beijingParts(at);
  const count = rng.int(2, 9);
  return {
    title: `${year}年${month}月商品房预售资金监管账户开立情况公示`,
    source: BUREAU,
    cover: '资金监管',
    paragraphs: [
      `${year}年${month}月，全市新开立商品房预售资金监管账户${count}个，涉及项目${count}个。`,
      '购房人缴纳的订约金、首付款和按揭贷款均应直接存入所购楼栋的预售资金监管账户，开发企业不得另设账户收取。',
      '各项目监管账户的开户银行和账号可在本平台“监管账户开户查询”栏目查询，购房款入账情况可在“预售资金监管进帐查询”栏目核对。',
    ],
  };
};

const ONE_OFF: Array<[string, string, string[]]> = [
  [
    '关于实行商品房订约金线上缴纳和退还的通知',
    '资金监管',
    [
      '自本通知发布之日起，购房人在本平台选定新建商品住房后，可在线缴纳订约金锁定房源。',
      '订约金由购房人通过银行在线支付，直接存入该项目的预售资金监管账户，平台不代收、不经手。',
      '缴纳成功后房源锁定7天；在锁定期内完成网签备案的，订约金自动原路退还；锁定期满未签约的，房源解除锁定，订约金依规退还。',
    ],
  ],
  [
    '关于规范存量房交易资金监管有关事项的通知',
    '二手房',
    [
      '存量房（二手房）买卖双方可自愿选择交易资金监管，购房款存入监管银行专用账户，办理转移登记后划转给卖方。',
      '房地产经纪机构不得代收代付交易资金，不得挪用、截留购房款。',
      '在本平台发布的二手房源均须通过房源核验，购房人可凭核验码在“房源核验”页面查询。',
    ],
  ],
  [
    '关于优化新建商品住房网签备案流程的通知',
    '政策解读',
    [
      '新建商品住房买卖合同网签备案实行“一次都不跑”，开发企业和购房人通过系统在线签署、在线备案。',
      '网签备案完成后，购房人可在本平台“商品房签约查询”栏目凭身份证号、合同编号和购房密码查询合同信息。',
      '网签备案办理时限由3个工作日压缩至1个工作日。',
    ],
  ],
  [
    '关于支持多子女家庭购买首套住房的通知',
    '政策解读',
    [
      '生育二孩及以上的本市户籍家庭购买首套新建商品住房的，给予每平方米200元的购房补贴，最高不超过3万元。',
      '多子女家庭使用住房公积金贷款购买首套自住住房的，贷款最高额度上浮20%。',
      '补贴申请在网签备案后六个月内提出，材料包括户口簿、出生医学证明和购房合同。',
    ],
  ],
  [
    '关于商品房买卖合同示范文本使用有关问题的通知',
    '政策解读',
    [
      '本市新建商品房买卖一律使用《商品房买卖合同（预售）示范文本》，开发企业不得以补充协议减轻自身责任或加重购房人责任。',
      '合同应载明预售资金监管账户、交付标准和逾期交付的违约责任。',
      '购房人发现格式条款不公平的，可向市住房和城乡建设局投诉。',
    ],
  ],
  [
    '关于进一步促进房地产市场平稳健康发展的若干措施',
    '政策解读',
    [
      '为满足居民刚性和改善性住房需求，结合本市实际，制定以下措施。',
      '一、落实住房“以旧换新”补贴，对出售旧房后购买新建商品住房的家庭给予购房补贴。',
      '二、提高住房公积金贷款额度，支持缴存职工家庭购买首套和第二套自住住房。',
      '三、加强预售资金监管，购房款全部存入项目监管账户，保障项目按期交付。',
    ],
  ],
];

const oneOff: Topic<PolicyState> = (rng) => {
  const [title, cover, paragraphs] = rng.pick(ONE_OFF);
  return { title, source: BUREAU, cover: cover as '政策解读', paragraphs };
};

const annual: Topic<PolicyState> = (rng, at, state) => {
  const { year } = beijingParts(at);
  if (rng.chance(0.5)) {
    return {
      title: `关于开展${year}年度人才购房补贴申领工作的公告`,
      source: '市人力资源和社会保障局',
      cover: '购房补贴',
      paragraphs: [
        `${year}年度人才购房补贴申领工作现已开始。在本市工作并缴纳社会保险的高校毕业生和专业技术人才，首次在本市购买新建商品住房的，可申领购房补贴。`,
        '博士研究生每人补贴10万元，硕士研究生5万元，本科毕业生3万元，分三年发放。',
        '申请人可在网签备案后一年内提出申请，补贴直接发放至本人银行账户。',
      ],
    };
  }
  const n = next(state, `rental-${year}`);
  return {
    title: `${year}年第${n}批保障性租赁住房项目认定结果公示`,
    source: BUREAU,
    cover: '租房市场',
    paragraphs: [
      `经项目申报、现场核查和联合审查，现将${year}年第${n}批保障性租赁住房项目认定结果予以公示。`,
      `本批共认定项目${rng.int(2, 6)}个，房源${rng.int(300, 1500)}套，以建筑面积70平方米以下的小户型为主，租金不高于同地段同品质市场租金的90%。`,
      `公示期为${dateText(at)}至${dateText(addDays(at, 5))}。`,
    ],
  };
};

/** The policy-announcement topics with their weights. */
export const POLICY_TOPICS: ReadonlyArray<readonly [Topic<PolicyState>, number]> = [
  [presaleBatch, 5],
  [qualificationCheck, 1],
  [landSale, 2.5],
  [tradeInPlan, 1],
  [deedSubsidy, 1.2],
  [providentFund, 1],
  [supervisionAccounts, 2],
  [oneOff, 2],
  [annual, 0.8],
];
