import { LISTING_STATUS, listingStatusLabel } from '@portal/shared/constants/listing-status';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { Button, Descriptions, Drawer, Empty, Image, Space, Spin, Typography } from 'antd';
import { toOssUrl } from '../../../lib/oss-url';
import { useListingForReview } from './api';

interface ListingReviewDrawerProps {
  id: number | null;
  isSaving: boolean;
  onApprove: (id: number) => void;
  /** Asks for the reason of a rejection, a take-down or a restore. */
  onAsk: (id: number, kind: 'reject' | 'take-down' | 'restore') => void;
  onClose: () => void;
}

const { PENDING, PUBLISHED, UNCONFIRMED, TAKEN_DOWN } = LISTING_STATUS;

function Pictures({
  title,
  pictures,
}: {
  title: string;
  pictures: Array<{ url: string; name: string }>;
}) {
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      {pictures.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未上传" />
      ) : (
        <Image.PreviewGroup>
          <Space wrap>
            {pictures.map((p) => (
              <Image
                key={p.url}
                width={120}
                height={90}
                style={{ objectFit: 'cover' }}
                src={toOssUrl(p.url)}
                alt={p.name}
              />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
    </>
  );
}

/**
 * Everything a reviewer needs about one listing: its facts, the verification result, the public
 * photos and the private certification materials (shown only here, through signed links).
 */
export function ListingReviewDrawer({
  id,
  isSaving,
  onApprove,
  onAsk,
  onClose,
}: ListingReviewDrawerProps) {
  const { data, isPending } = useListingForReview(id);
  const status = data?.publishStatus;
  const actions =
    id === null || status === undefined ? null : (
      <Space>
        {status === PENDING && (
          <>
            <Button danger onClick={() => onAsk(id, 'reject')}>
              驳回
            </Button>
            <Button type="primary" loading={isSaving} onClick={() => onApprove(id)}>
              审核通过
            </Button>
          </>
        )}
        {(status === PUBLISHED || status === UNCONFIRMED) && (
          <Button danger onClick={() => onAsk(id, 'take-down')}>
            下架
          </Button>
        )}
        {status === TAKEN_DOWN && (
          <Button type="primary" onClick={() => onAsk(id, 'restore')}>
            恢复发布
          </Button>
        )}
      </Space>
    );
  return (
    <Drawer
      title={status === undefined ? '房源材料' : `房源材料（${listingStatusLabel(status)}）`}
      open={id !== null}
      onClose={onClose}
      size="large"
      extra={actions}
    >
      {isPending || !data ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="标题" span={2}>
              {data.form.title}
            </Descriptions.Item>
            <Descriptions.Item label="小区">{data.form.communityName}</Descriptions.Item>
            <Descriptions.Item label="地址">{data.form.address}</Descriptions.Item>
            <Descriptions.Item label="房号">
              {data.form.buildNum}号楼{data.form.cellNum}单元{data.form.houseNum}
            </Descriptions.Item>
            <Descriptions.Item label="户型">
              {data.form.bedroom}室{data.form.room}厅{data.form.toilet}卫 · {data.form.buildArea}㎡
            </Descriptions.Item>
            <Descriptions.Item label="楼层">
              {data.form.floorNum}/{data.form.totalFloor}层
            </Descriptions.Item>
            <Descriptions.Item
              label={data.form.type === LISTING_TYPE.RENT ? '租金（元/月）' : '售价（元）'}
            >
              {data.form.price}
            </Descriptions.Item>
            <Descriptions.Item label="联系电话">{data.form.userPhone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="房源核验">
              {data.verification
                ? `${data.verification.checkResult}（权利人 ${data.verification.ownerName}）`
                : '无核验记录'}
            </Descriptions.Item>
            <Descriptions.Item label="房源描述" span={2}>
              <div style={{ whiteSpace: 'pre-wrap' }}>{data.form.description}</div>
            </Descriptions.Item>
          </Descriptions>
          <Pictures title="房源照片" pictures={data.secondHouse} />
          <Pictures title="不动产权证书" pictures={data.secondCertificate} />
          <Pictures title="身份证" pictures={data.secondIdCard} />
          <Pictures title="授权委托书" pictures={data.secondLicense} />
        </>
      )}
    </Drawer>
  );
}
