import { beijingTimeOn } from '@portal/shared/beijing-time';
import { formatNumber } from '@portal/shared/format';
import { addDays } from './context';
import { beijingParts, dateText, type TopicText } from './news-writing';
import type { PlannedProject } from './project-plan';
import { TRADEIN_CONTENT } from './projects';
import type { Rng } from './random';
import type { BuildingRow, CityLayout } from './rooms';

/** A project update: when it happened and what was written about it. */
export interface ProjectEvent {
  at: Date;
  text: TopicText;
}

const DAY = 86_400_000;

/** The day a building's main structure is topped out: 55–75 % of the way from opening to handover. */
function toppingOut(project: PlannedProject, index: number): Date {
  const span = project.completionDate.getTime() - project.openDate.getTime();
  return new Date(project.openDate.getTime() + span * (0.55 + Math.min(index, 4) * 0.05));
}

/** Floors built by an instant: none before work starts (60 days before opening), all at topping out. */
function floorsBuilt(project: PlannedProject, building: BuildingRow, index: number, at: Date) {
  const start = project.openDate.getTime() - 60 * DAY;
  const end = toppingOut(project, index).getTime();
  const share = Math.min(1, Math.max(0, (at.getTime() - start) / (end - start)));
  return Math.floor(share * building.floors);
}

/**
 * Everything that happened at a project up to `now`, each written as an update about itself:
 * licences with their numbers and supervision accounts, the sales office, the opening with the
 * deposit, monthly progress that matches the floors built, topping-out of each building, the
 * trade-in offer (only for 以旧换新 projects) and the handover.
 */
export function projectEvents(
  rng: Rng,
  project: PlannedProject,
  layout: CityLayout,
  now: Date,
): ProjectEvent[] {
  const name = project.publishName;
  const source = `${name}项目部`;
  const buildings = layout.buildings.filter((b) => b.projectId === project.id);
  const events: ProjectEvent[] = [];
  const add = (at: Date, text: Omit<TopicText, 'source' | 'cover'>) => {
    if (at.getTime() <= now.getTime()) events.push({ at, text: { ...text, source, cover: null } });
  };

  for (const licence of layout.licences.filter((l) => l.projectId === project.id)) {
    add(addDays(beijingTimeOn(licence.issueDate, 10), rng.int(1, 3)), {
      title: `${name}${licence.buildingNames}取得预售许可证`,
      paragraphs: [
        `${name}${licence.buildingNames}于${dateText(beijingTimeOn(licence.issueDate, 10))}取得商品房预售许可证，证号为${licence.licenceNo}。`,
        `准售范围：${licence.scope}。`,
        `该批房源的预售资金监管账户开设在${licence.bank}，账号${licence.account}；订约金和购房款均直接存入该监管账户。`,
      ],
    });
  }
  const [main, second] = [...project.models].sort((a, b) => b.area - a.area);
  add(addDays(project.openDate, -rng.int(20, 30)), {
    title: `${name}售楼处及样板间开放`,
    paragraphs: [
      `${name}售楼处及样板间正式开放，地址位于${project.address}附近。`,
      `此次开放${[main, second]
        .filter((m) => m !== undefined)
        .map((m) => `${m.name}（${m.layout}，建筑面积约${m.area}㎡）`)
        .join('和')}样板间，交付标准为${project.decoration}。`,
      '看房请携带身份证件，售楼处开放时间为每日9:00至17:30。',
    ],
  });
  add(project.openDate, {
    title: `${name}开盘，订约金${formatNumber(project.depositAmount)}元锁定房源`,
    paragraphs: [
      `${name}今日开盘，平台均价约${formatNumber(project.platformPrice)}元/㎡。`,
      `购房人可在本平台楼盘表选定房源，在线缴纳订约金${formatNumber(project.depositAmount)}元，房源锁定7天；锁定期内完成网签备案的，订约金自动退还。`,
      '订约金通过银行在线支付，直接存入项目的预售资金监管账户。',
    ],
  });
  for (let months = 2; months <= 24; months += rng.int(3, 6)) {
    const at = addDays(project.openDate, months * 30 + rng.int(0, 10));
    if (at.getTime() >= project.completionDate.getTime()) break;
    const { year, month } = beijingParts(at);
    const lines = buildings.slice(0, 4).map((b, i) => {
      const built = floorsBuilt(project, b, i, at);
      return built >= b.floors
        ? `${b.name}（${b.floors}层）主体已封顶，正在进行外立面和室内施工`
        : `${b.name}已施工至第${Math.max(1, built)}层（共${b.floors}层）`;
    });
    add(at, {
      title: `${name}${year}年${month}月工程进度播报`,
      paragraphs: [
        `截至${dateText(at)}，${name}各楼栋施工进展如下：${lines.join('；')}。`,
        `项目计划于${dateText(project.completionDate)}交付，工程款按进度从预售资金监管账户拨付。`,
      ],
    });
  }
  buildings.slice(0, 4).forEach((b, i) => {
    add(toppingOut(project, i), {
      title: `${name}${b.name}主体结构封顶`,
      paragraphs: [
        `${dateText(toppingOut(project, i))}，${name}${b.name}（地上${b.floors}层）主体结构顺利封顶。`,
        '下一步将进行外立面、机电安装和室内施工，项目整体按计划推进。',
      ],
    });
  });
  if (project.tradein) {
    add(addDays(project.openDate, rng.int(5, 120)), {
      title: `${name}参与住房以旧换新活动`,
      paragraphs: [
        `${name}参与全市住房以旧换新活动。`,
        TRADEIN_CONTENT,
        '具体政策见本项目“以旧换新具体政策”栏目。',
      ],
    });
  }
  add(project.completionDate, {
    title: `${name}如期交付`,
    paragraphs: [
      `${dateText(project.completionDate)}，${name}通过竣工验收备案，如期交付，交付标准为${project.decoration}。`,
      '业主收房时可对照购房合同约定的交付标准逐项查验，有问题可向项目物业服务中心反映。',
    ],
  });
  return events;
}
