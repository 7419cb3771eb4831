import { DISTRICT_NAME, type DistrictCode } from '@portal/shared/constants/districts';
import { formatBedrooms } from '@portal/shared/format';
import { DEAL_BASE } from './analytics';
import { providentLimit } from './news-policy';
import { beijingParts, quarterOf, type Topic } from './news-writing';

/** What the market news may cite about the seeded city. */
export interface MarketState {
  districts: DistrictCode[];
  /** Projects that take part in 以旧换新. */
  tradeinProjects: number;
}

const CENTRE = '市房地产交易服务中心';
const DESK = '本站编辑部';
const SEASONS = ['春季', '夏季', '秋季', '冬季'];

/** Monthly instalment (元) of an equal-instalment loan: principal 元, annual rate %, months. */
function instalment(principal: number, ratePercent: number, months: number): number {
  const i = ratePercent / 100 / 12;
  const growth = (1 + i) ** months;
  return (principal * i * growth) / (growth - 1);
}

const monthlyDeals: Topic<MarketState> = (rng, at, state) => {
  const { year, month } = beijingParts(at);
  const code = rng.pick(state.districts);
  const [base, price] = DEAL_BASE[code];
  const deals = Math.round(base * rng.real(0.8, 1.25));
  const change = rng.int(2, 18);
  const up = rng.chance(0.6);
  const district = DISTRICT_NAME[code];
  return {
    title: `${year}年${month}月${district}新建商品住房网签${deals}套，环比${up ? '增长' : '下降'}${change}%`,
    subject: `deals-${code}-${year}-${month}`,
    source: CENTRE,
    cover: '楼市快讯',
    paragraphs: [
      `据房地产交易服务平台网签数据，${year}年${month}月${district}新建商品住房网签成交${deals}套，环比${up ? '增长' : '下降'}${change}%，成交均价约${Math.round((price * rng.real(0.96, 1.04)) / 10) * 10}元/㎡。`,
      `从户型看，${formatBedrooms(3)}和${formatBedrooms(2)}仍是成交主力，合计占比超过七成；90至120平方米的改善户型占比${up ? '继续提升' : '基本持平'}。`,
      up
        ? '业内人士认为，随着以旧换新补贴和公积金政策落地，购房需求逐步释放。'
        : '业内人士认为，成交回落与季节因素有关，购房者观望情绪有所增加。',
      '各区逐月成交数据可在本平台“数据分析”栏目查看。',
    ],
  };
};

/** First-home mortgage rate (%) in a quarter: down 0.1 a quarter from 3.9 % in 2024, floor 3.0 %. */
export function mortgageRateAt(year: number, quarter: number): number {
  return Math.max(30, 39 - ((year - 2024) * 4 + quarter)) / 10;
}

const mortgageRate: Topic<MarketState> = (_rng, at) => {
  const { year, month } = beijingParts(at);
  const quarter = quarterOf(month);
  const rate = mortgageRateAt(year, quarter);
  const before = quarter === 1 ? mortgageRateAt(year - 1, 4) : mortgageRateAt(year, quarter - 1);
  const pay = (r: number) => Math.round(instalment(1_000_000, r, 360));
  const when = `${year}年第${quarter}季度`;
  if (rate === before) {
    return {
      title: `${when}首套房贷利率维持${rate.toFixed(1)}%`,
      source: DESK,
      cover: '市场分析',
      paragraphs: [
        `${when}，本市首套住房商业贷款利率维持在${rate.toFixed(1)}%，与上季度持平。`,
        `以贷款100万元、期限30年、等额本息计算，月供约${pay(rate)}元。`,
        '购房人可使用本平台“购房计算器”按自己的贷款金额和期限测算月供。',
      ],
    };
  }
  return {
    title: `${when}首套房贷利率降至${rate.toFixed(1)}%，百万贷款月供少${pay(before) - pay(rate)}元`,
    source: DESK,
    cover: '市场分析',
    paragraphs: [
      `${when}，本市多家银行将首套住房商业贷款利率下调至${rate.toFixed(1)}%，较上季度的${before.toFixed(1)}%下降0.1个百分点。`,
      `以贷款100万元、期限30年、等额本息计算，月供由${pay(before)}元降至${pay(rate)}元，每月少还${pay(before) - pay(rate)}元。`,
      '已发放的存量房贷按合同约定的重定价日调整。购房人可使用本平台“购房计算器”测算月供。',
    ],
  };
};

const resale: Topic<MarketState> = (rng, at) => {
  const { year, month } = beijingParts(at);
  const layout = formatBedrooms(rng.pick([2, 3]));
  const deals = rng.int(600, 1400);
  return {
    title: `${year}年${month}月二手房成交${deals}套，${layout}户型最受欢迎`,
    subject: `resale-${year}-${month}`,
    source: CENTRE,
    cover: '二手房',
    paragraphs: [
      `${year}年${month}月，全市二手住房成交${deals}套，其中${layout}户型占比约${rng.int(38, 52)}%，是成交量最大的户型。`,
      '从成交周期看，挂牌到成交的平均时间缩短至约三个月，学校周边和地铁规划沿线的房源成交较快。',
      '在本平台发布的二手房源均经过房源核验，购房人可凭核验码查询房源真实性。',
    ],
  };
};

const housingFair: Topic<MarketState> = (rng, at) => {
  const { year, month } = beijingParts(at);
  const season = SEASONS[quarterOf(month) - 1] as string;
  const count = rng.int(30, 60);
  return {
    title: `${year}年${season}房交会开幕，${count}个项目集中亮相`,
    subject: `fair-${year}-${season}`,
    source: '市房地产业协会',
    cover: '房交会',
    paragraphs: [
      `${year}年${season}房地产交易展示会开幕，全市${count}个新建商品住房项目参展。`,
      '展会期间，参展项目推出特价房源和以旧换新专项优惠，现场设立公积金、契税补贴政策咨询台。',
      '市民也可在本平台新房频道查看参展项目的楼盘表、户型图和预售许可信息。',
    ],
  };
};

const providentNews: Topic<MarketState> = (_rng, at) => {
  const { year } = beijingParts(at);
  const [single, couple] = providentLimit(year);
  return {
    title: `${year}年住房公积金贷款最高额度：单缴${single}万元、双缴${couple}万元`,
    source: '市住房公积金管理中心',
    cover: '公积金',
    paragraphs: [
      `${year}年本市住房公积金个人住房贷款最高额度为单方缴存职工${single}万元、双方缴存职工${couple}万元。`,
      '实际可贷额度还与缴存余额、还款能力和房屋价值有关，以审批结果为准。',
      '缴存职工可在本平台“购房计算器”的公积金额度测算中试算。',
    ],
  };
};

const tradeInNews: Topic<MarketState> = (_rng, _at, state) => ({
  title: `${state.tradeinProjects}个楼盘参与住房以旧换新，新房频道可一键筛选`,
  source: DESK,
  cover: '以旧换新',
  paragraphs: [
    `目前全市共有${state.tradeinProjects}个新建商品住房项目参与住房以旧换新活动。`,
    '购房人出售本人名下二手住房后12个月内在参与项目购房的，可享受购房款1%的补贴，参与的开发企业另有让利。',
    '在本平台新房频道选择类型“以旧换新”，即可查看全部参与项目及其具体政策。',
  ],
});

const deliveries: Topic<MarketState> = (rng, at, state) => {
  const { year, month } = beijingParts(at);
  const code = rng.pick(state.districts);
  const count = rng.int(2, 5);
  const homes = rng.int(600, 2600);
  return {
    title: `${year}年${month}月${DISTRICT_NAME[code]}${count}个项目集中交付，${homes}户业主收房`,
    subject: `deliveries-${code}-${year}-${month}`,
    source: DESK,
    cover: '交付喜讯',
    paragraphs: [
      `${year}年${month}月，${DISTRICT_NAME[code]}${count}个新建商品住房项目通过竣工验收并集中交付，共${homes}户业主领到新房钥匙。`,
      '交付前，住房和城乡建设部门组织了分户验收，业主可在收房时对照购房合同约定的交付标准逐项查验。',
      '这些项目的预售资金均在监管账户内按工程进度拨付，保障了按期交付。',
    ],
  };
};

const rentals: Topic<MarketState> = (rng, at) => {
  const { year, month } = beijingParts(at);
  const season = SEASONS[quarterOf(month) - 1] as string;
  const rise = rng.int(5, 20);
  return {
    title: `${year}年${season}租房市场观察：整租需求上升${rise}%`,
    subject: `rentals-${year}-${season}`,
    source: DESK,
    cover: '租房市场',
    paragraphs: [
      `${year}年${season}，本市住房租赁市场整租需求环比上升${rise}%，${formatBedrooms(1)}和${formatBedrooms(2)}户型最受欢迎。`,
      '毕业季和务工人员返城带动了租房需求，中心城区和开发区的租金保持稳定。',
      '在本平台发布的出租房源均经过房源核验，租房人可放心选择。',
    ],
  };
};

const EXPLAINERS: Array<[string, string[]]> = [
  [
    '购房知识：订约金和定金有什么区别',
    [
      '订约金是购房人选定房源后、网签之前缴纳的款项，用于锁定房源7天。',
      '订约金直接存入项目的预售资金监管账户；在锁定期内完成网签备案的，订约金自动原路退还。',
      '定金则是签订认购协议时约定的担保，适用定金罚则。购房人应看清所签文件的名称和条款。',
    ],
  ],
  [
    '购房知识：如何看懂商品房预售许可证',
    [
      '预售许可证载明了准售楼栋、预售面积和发证日期，只有取得预售许可的楼栋才能对外销售。',
      '购房前可在本平台“预售许可查询”栏目输入项目名称，核对所选房屋所在楼栋是否在准售范围内。',
      '未取得预售许可的楼栋收取任何款项，均属违规行为，可向住房和城乡建设部门举报。',
    ],
  ],
  [
    '购房知识：买房前如何查询资金监管账户',
    [
      '新建商品房的购房款必须存入项目的预售资金监管账户，由监管银行按工程进度拨付。',
      '购房人可在本平台“监管账户开户查询”栏目查到每个项目的开户银行和账号，付款前请仔细核对。',
      '付款后可在“预售资金监管进帐查询”栏目核对购房款是否已存入监管账户。',
    ],
  ],
  [
    '购房知识：提前还款前要算清这笔账',
    [
      '提前还款可以减少利息支出，但部分银行对一年内的提前还款收取违约金。',
      '提前还款后可选择缩短期限或减少月供，前者节省的利息更多。',
      '本平台“购房计算器”的提前还款测算可以比较两种方式的利息差。',
    ],
  ],
  [
    '存量房“带押过户”全面推开，卖旧买新更省心',
    [
      '“带押过户”是指二手房在抵押贷款未还清的情况下直接办理过户，无需卖方先筹资还贷。',
      '目前全市各银行均已开通此项业务，办理时间平均缩短了15天。',
      '结合以旧换新政策，先卖旧房再买新房的家庭资金压力明显减小。',
    ],
  ],
];

const explainer: Topic<MarketState> = (rng) => {
  const [title, paragraphs] = rng.pick(EXPLAINERS);
  return { title, source: DESK, cover: '政策解读', paragraphs };
};

/** The property-news topics with their weights. */
export const MARKET_TOPICS: ReadonlyArray<readonly [Topic<MarketState>, number]> = [
  [monthlyDeals, 6],
  [mortgageRate, 2],
  [resale, 2],
  [housingFair, 1],
  [providentNews, 0.5],
  [tradeInNews, 0.3],
  [deliveries, 2],
  [rentals, 1],
  [explainer, 1],
];
