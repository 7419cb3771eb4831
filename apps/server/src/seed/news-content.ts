import type { Rng } from './random';

/** An article draft: title, HTML body, source line and a keyword for its cover. */
export interface ArticleDraft {
  title: string;
  content: string;
  source: string;
  summary: string;
}

const DISTRICT_WORDS = [
  '海港区',
  '北戴河区',
  '山海关区',
  '抚宁区',
  '昌黎县',
  '卢龙县',
  '青龙满族自治县',
  '开发区',
  '北戴河新区',
];

const POLICY_TOPICS: Array<(rng: Rng, year: number) => string> = [
  (rng, year) => `关于公布${year}年第${rng.int(1, 24)}批商品房预售许可的公告`,
  (rng, year) => `关于${year}年度房地产开发企业资质动态核查结果的公示（第${rng.int(1, 4)}批）`,
  () => '关于进一步促进房地产市场平稳健康发展的若干措施',
  () => '关于调整住房公积金个人住房贷款有关政策的通知',
  (rng) => `${rng.pick(DISTRICT_WORDS)}关于开展住房“以旧换新”活动的实施方案`,
  () => '关于加强商品房预售资金监管工作的通知',
  () => '关于规范存量房交易资金监管有关事项的通知',
  (_rng, year) => `关于发放${year}年购房契税补贴的公告`,
  () => '关于优化新建商品住房网签备案流程的通知',
  () => '关于开展房地产中介机构专项整治工作的通告',
  (rng) => `关于${rng.pick(DISTRICT_WORDS)}部分地块国有建设用地使用权挂牌出让的公告`,
  () => '关于实行商品房订约金线上缴纳和退还的通知',
  () => '关于支持多子女家庭购买首套住房的通知',
  () => '关于人才购房补贴申领工作的公告',
  (_rng, year) => `${year}年保障性租赁住房项目认定结果公示`,
  () => '关于商品房买卖合同示范文本使用有关问题的通知',
];

const NEWS_TOPICS: Array<(rng: Rng, month: number) => string> = [
  (rng, month) =>
    `${month}月${rng.pick(DISTRICT_WORDS)}新建商品住房成交${rng.int(180, 900)}套，环比${rng.pick(['上涨', '增长'])}${rng.int(2, 18)}%`,
  (rng) => `首套房贷利率降至${(3 + rng.int(0, 5) / 10).toFixed(1)}%，购房者月供进一步减少`,
  (rng, month) => `${month}月二手房成交量回升，${rng.pick(['两居室', '三居室', '小户型'])}最受欢迎`,
  (rng) => `秋季房交会开幕，${rng.int(30, 60)}个项目集中亮相`,
  (rng) => `住房公积金贷款最高额度提高至${rng.pick([60, 70, 80])}万元`,
  () => '以旧换新政策落地满月，多个楼盘推出专项优惠',
  () => '滨海板块新盘加推，海景房源受关注',
  (rng) => `${rng.pick(DISTRICT_WORDS)}多个项目迎来集中交付，业主喜提新房`,
  () => '购房补贴申领开启，线上即可办理',
  () => '专家解读：当前是否是刚需入市好时机',
  (rng) => `${rng.pick(DISTRICT_WORDS)}学校周边楼盘调查：配套逐步完善`,
  () => '新房网签备案全面实现“一网通办”',
  (rng, month) => `${month}月土地市场：${rng.int(3, 9)}宗住宅用地成功出让`,
  () => '存量房“带押过户”业务全面推开',
  () => '租房市场季节性回暖，整租需求明显上升',
  () => '品质住宅成为改善型购房者首选',
];

const DYNAMIC_TOPICS: Array<(rng: Rng, name: string, month: number) => string> = [
  (rng, name) => `${name}${rng.int(1, 4)}号楼取得预售许可证`,
  (_rng, name) => `${name}样板间正式开放，欢迎品鉴`,
  (_rng, name, month) => `${name}${month}月工程进度播报`,
  (_rng, name) => `${name}推出以旧换新专项优惠`,
  (rng, name) => `${name}${rng.int(1, 4)}号楼主体封顶`,
  (_rng, name) => `${name}业主开放日活动圆满举行`,
  (_rng, name) => `${name}售楼处周末暖场活动预告`,
  (_rng, name) => `${name}交付标准发布，精工品质看得见`,
];

const POLICY_SOURCES = [
  '市住房和城乡建设局',
  '市住房公积金管理中心',
  '市自然资源和规划局',
  '市财政局',
];
const NEWS_SOURCES = ['市房地产交易服务中心', '市房地产业协会', '本站编辑部'];

function paragraphs(rng: Rng, lines: string[], count: number): string {
  return rng
    .sample(lines, count)
    .map((line) => `<p>${line}</p>`)
    .join('\n');
}

const POLICY_LINES = [
  '为进一步促进房地产市场平稳健康发展，满足居民刚性和改善性住房需求，结合本市实际，制定本措施。',
  '购房人在本市购买新建商品住房的，可通过房产交易服务平台在线缴纳订约金，订约金由监管银行专户管理。',
  '房地产开发企业应当在取得预售许可后十日内一次性公开全部准售房源及每套房屋价格，并严格按照申报价格明码标价。',
  '商品房预售资金应当全部存入监管账户，监管额度内的资金优先用于项目工程建设，不得挪作他用。',
  '本通知自发布之日起施行，有效期两年。此前规定与本通知不一致的，以本通知为准。',
  '购房人可登录房产交易服务平台查询预售许可、资金监管账户及商品房签约信息。',
  '对违反本规定的企业，由主管部门依法予以处理，并记入企业信用档案。',
  '各相关部门应按照职责分工，加强协调配合，确保各项政策措施落实到位。',
  '符合条件的购房家庭可在网签备案后六个月内申请购房补贴，补贴资金直接发放至申请人银行账户。',
  '住房公积金缴存职工家庭购买首套自住住房的，最低首付款比例为20%。',
];

const NEWS_LINES = [
  '据房地产交易服务平台统计，本月全市新建商品住房成交面积和套数均较上月有所增长。',
  '从成交结构看，90至120平方米的改善型户型占比持续提升，三居室成为市场主力。',
  '业内人士表示，随着各项支持政策持续落地，购房者信心逐步恢复，市场交易趋于活跃。',
  '多个项目推出特价房源和以旧换新优惠，部分楼盘到访量环比增长超过三成。',
  '二手房市场方面，挂牌量保持稳定，成交周期有所缩短，核心区域学区房源依然紧俏。',
  '专家建议，购房者应结合自身需求和还款能力理性置业，优先选择已取得预售许可的正规项目。',
  '购房前可通过平台查询项目预售许可和资金监管账户信息，避免资金风险。',
  '滨海板块凭借良好的生态环境和完善的配套，吸引了不少外地购房者关注。',
];

const DYNAMIC_LINES = [
  '项目工程建设稳步推进，目前各楼栋主体施工进展顺利，预计按期交付。',
  '项目主力户型建筑面积约89至143平方米，南北通透，得房率高。',
  '为回馈广大购房者，项目推出限时优惠活动，详情请咨询售楼处。',
  '项目周边教育、医疗、商业配套齐全，距海滨浴场步行约15分钟。',
  '项目已完成预售资金监管账户开立，购房款将存入监管账户，资金安全有保障。',
  '活动当天，业主们参观了园林景观和样板间，对工程品质给予好评。',
];

/** A policy announcement (政策公示) for the given year. */
export function policyArticle(rng: Rng, year: number): ArticleDraft {
  const title = rng.pick(POLICY_TOPICS)(rng, year);
  const items = rng
    .sample(POLICY_LINES, rng.int(3, 5))
    .map((line, i) => `<p><strong>第${'一二三四五六'[i]}条</strong> ${line}</p>`)
    .join('\n');
  return {
    title,
    content: `<p>各有关单位、广大市民：</p>\n${items}\n<p style="text-align:right">${rng.pick(POLICY_SOURCES)}</p>`,
    source: rng.pick(POLICY_SOURCES),
    summary: title,
  };
}

/** A property-news article (房产资讯) written in the given month (1–12). */
export function newsArticle(rng: Rng, month: number): ArticleDraft {
  const title = rng.pick(NEWS_TOPICS)(rng, month);
  const body = paragraphs(rng, NEWS_LINES, rng.int(3, 5));
  return { title, content: body, source: rng.pick(NEWS_SOURCES), summary: title };
}

/** A project update (楼盘动态) for the named project, written in the given month (1–12). */
export function dynamicArticle(
  rng: Rng,
  projectName: string,
  developer: string,
  month: number,
): ArticleDraft {
  const title = rng.pick(DYNAMIC_TOPICS)(rng, projectName, month);
  const body = `<p>近日，${projectName}传来好消息。</p>\n${paragraphs(rng, DYNAMIC_LINES, rng.int(2, 4))}`;
  return { title, content: body, source: developer, summary: title };
}
