import { EnvironmentOutlined, FieldTimeOutlined, PhoneOutlined } from '@ant-design/icons';
import { DISTRICT_CENTRES } from '@portal/shared/constants/district-outlines';
import { Suspense } from 'react';
import { useIsClient } from '../../../components/client-only';
import { PhoneText } from '../../../components/phone-link';
import { SectionPanel } from '../../../components/section-panel';
import { lazyNamed } from '../../../lib/deferred';
import styles from './site-pages.module.css';

/** The transaction hall (交易大厅) where buyers are received; the marker of the /about map. */
export const TRANSACTION_HALL = {
  name: '房地产交易服务大厅',
  address: '海港区文化路与河北大街交叉口 市民服务中心一楼',
  phone: '0335-12345',
  hours: '周一至周五 9:00—12:00，13:30—17:00（法定节假日除外）',
  /** `[longitude, latitude]` near the city centre. */
  position: DISTRICT_CENTRES.HGQ,
} as const;

/** Map zoom of the /about page (docs/product/content.md). */
export const ABOUT_MAP_ZOOM = 15;

const MAP_HEIGHT = 360;

// Leaflet needs the window as soon as its code loads: the map's code is fetched in the browser
// only, and the server draws its box (docs/decisions/0048-server-rendered-public-pages.md).
const CityMap = lazyNamed(() => import('../../../components/city-map'), 'CityMap');

const INTRODUCTION = [
  '房地产交易服务平台是市住房和城乡建设主管部门建设运营的官方网上房地产交易服务平台，面向全市购房人、房地产开发企业和房地产经纪机构，提供新建商品房与二手房信息公开、网上交易和便民查询服务。',
  '平台汇集全市已取得预售许可的新建商品房项目，实时公示楼盘表和房源销售状态；支持购房人在线缴纳订约金锁定房源，网签备案后订约金自动退还。平台同时提供预售许可、资金监管账户、监管资金入账和商品房签约等公开查询，发布房地产政策与市场资讯，让房产交易更加公开、透明、安全。',
  '我们坚持“阳光交易、便民利民”的服务理念，欢迎广大市民通过平台“建议反馈”栏目或到交易大厅提出意见和建议。',
];

/** /about: who runs the portal, where the transaction hall is, and its map marker (zoom 15). */
export function AboutOffice() {
  const isClient = useIsClient();
  const placeholder = <div style={{ height: MAP_HEIGHT }} />;
  return (
    <div className={styles.stack}>
      <SectionPanel title="平台简介">
        {INTRODUCTION.map((paragraph) => (
          <p key={paragraph.slice(0, 12)} className={styles.paragraph}>
            {paragraph}
          </p>
        ))}
      </SectionPanel>
      <SectionPanel title="业务咨询地址">
        <div className={styles.office}>
          <ul className={styles.officeFacts}>
            <li>
              <strong>{TRANSACTION_HALL.name}</strong>
            </li>
            <li>
              <EnvironmentOutlined /> 地址：{TRANSACTION_HALL.address}
            </li>
            <li>
              <PhoneOutlined /> 咨询电话：
              <PhoneText text={TRANSACTION_HALL.phone} />
            </li>
            <li>
              <FieldTimeOutlined /> 办公时间：{TRANSACTION_HALL.hours}
            </li>
          </ul>
          <div className={styles.officeMap}>
            {isClient ? (
              <Suspense fallback={placeholder}>
                <CityMap
                  center={[...TRANSACTION_HALL.position]}
                  zoom={ABOUT_MAP_ZOOM}
                  height={MAP_HEIGHT}
                  markers={[
                    {
                      id: 'hall',
                      position: [...TRANSACTION_HALL.position],
                      label: TRANSACTION_HALL.name,
                    },
                  ]}
                />
              </Suspense>
            ) : (
              placeholder
            )}
          </div>
        </div>
      </SectionPanel>
    </div>
  );
}
