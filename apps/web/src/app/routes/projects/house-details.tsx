import { DISTRICT_NAME, isDistrictCode } from '@portal/shared/constants/districts';
import { formatNumber } from '@portal/shared/format';
import { Table } from 'antd';
import { PhoneText } from '../../../components/phone-link';
import { SectionPanel } from '../../../components/section-panel';
import {
  useRecommendedProjects,
  useSamePriceProjects,
} from '../../../features/projects/api/side-lists';
import { InfoList } from '../../../features/projects/components/info-list';
import { PriceNotes } from '../../../features/projects/components/price-notes';
import { ProjectBriefList } from '../../../features/projects/components/project-brief-list';
import { ProjectLocation } from '../../../features/projects/components/project-location';
import { purposeText } from '../../../features/projects/components/project-overview';
import { ProjectPageFrame } from '../../../features/projects/components/project-page-frame';
import { useProjectId } from '../../../features/projects/hooks/use-project-id';
import styles from './project-pages.module.css';

const money = (value: number | null | undefined, unit: string) =>
  value ? `${formatNumber(value)}${unit}` : null;
const measure = (value: number | null | undefined, unit: string, decimals = 0) =>
  value === null || value === undefined ? null : `${formatNumber(value, decimals)}${unit}`;

/** /houseDetails: every section of the project with 暂无 for missing values (docs/product/new-build.md). */
export default function HouseDetailsRoute() {
  const id = useProjectId();
  const recommended = useRecommendedProjects();
  const samePrice = useSamePriceProjects(id);
  return (
    <ProjectPageFrame section="楼盘详情" active="houseDetails">
      {(p) => (
        <div className={styles.columns}>
          <div className={styles.main}>
            <SectionPanel title="基本信息">
              <InfoList
                entries={[
                  { label: '推广名', value: p.publishName },
                  { label: '备案名', value: p.projectName },
                  {
                    label: '所在区域',
                    value: isDistrictCode(p.districtCode) ? DISTRICT_NAME[p.districtCode] : null,
                  },
                  { label: '物业类型', value: purposeText(p.properties) },
                  { label: '建筑类型', value: p.buildTypeStr },
                  { label: '装修标准', value: p.decorateStr },
                  { label: '开发企业', value: p.companyVO?.companyName },
                  { label: '楼盘地址', value: p.projectAddress },
                ]}
              />
            </SectionPanel>
            <SectionPanel title="销售信息">
              <InfoList
                entries={[
                  { label: '销售状态', value: p.statusText },
                  { label: '平台价', value: money(p.platformPrice, '元/㎡') },
                  { label: '开发商售价', value: money(p.currentPrice, '元/㎡') },
                  { label: '备案价', value: money(p.publishPrice, '元/㎡') },
                  { label: '开盘时间', value: p.lastOpenDate },
                  { label: '交房时间', value: p.completionDate },
                  { label: '主力户型', value: p.houseTypeStr },
                  { label: '售楼处地址', value: p.salesCenter },
                  { label: '咨询电话', value: p.contact && <PhoneText text={p.contact} /> },
                ]}
              />
              <PriceNotes />
            </SectionPanel>
            <SectionPanel title="规划信息">
              <InfoList
                entries={[
                  { label: '占地面积', value: measure(p.coverArea, '㎡') },
                  { label: '建筑面积', value: measure(p.area, '㎡') },
                  { label: '容积率', value: measure(p.volumeFraction, '', 2) },
                  { label: '绿化率', value: measure(p.greenCoverage, '%', 1) },
                  { label: '规划户数', value: measure(p.houseCount, '户') },
                  { label: '车位数', value: measure(p.parkingLotCount, '个') },
                ]}
              />
            </SectionPanel>
            <SectionPanel title="物业信息">
              <InfoList
                entries={[
                  { label: '物业公司', value: p.propertyManagementCompany },
                  { label: '物业费', value: measure(p.propertyManagementFee, '元/㎡/月', 2) },
                  { label: '报修电话', value: p.repairsContact },
                  {
                    label: '新闻联系电话',
                    value: p.newsContact && <PhoneText text={p.newsContact} />,
                  },
                ]}
              />
            </SectionPanel>
            <SectionPanel title="预售许可证">
              <Table
                rowKey="licence"
                size="small"
                pagination={false}
                dataSource={p.licenceVOS}
                locale={{ emptyText: '暂无数据' }}
                columns={[
                  { title: '预售许可证号', dataIndex: 'licence' },
                  { title: '发证日期', dataIndex: 'issueDate' },
                  { title: '预售楼栋', dataIndex: 'buildingNames' },
                  {
                    title: '预售范围',
                    dataIndex: 'scope',
                    render: (v: string | null) => v || '暂无',
                  },
                  {
                    title: '监管银行',
                    dataIndex: 'bank',
                    render: (v: string | null) => v || '暂无',
                  },
                ]}
              />
            </SectionPanel>
            <ProjectLocation project={p} />
          </div>
          <aside className={styles.side}>
            <ProjectBriefList
              title="推荐楼盘"
              projects={recommended.data}
              isLoading={recommended.isPending}
            />
            <ProjectBriefList
              title="同价位楼盘"
              projects={samePrice.data}
              isLoading={samePrice.isPending}
            />
          </aside>
        </div>
      )}
    </ProjectPageFrame>
  );
}
