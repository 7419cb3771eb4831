import {
  LISTING_REPORT_LIMITS,
  LISTING_REPORT_STATUS,
  LISTING_REPORT_STATUS_LABEL,
  type ListingReportDecision,
  type ListingReportStatus,
} from '@portal/shared/constants/listing-trust';
import type { AdminReport, AdminReportGroup } from '@portal/shared/schemas/listings/admin';
import { Alert, Button, Drawer, Image, Input, List, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useDecideReports, useListingReports } from './api';
import { reportReasonLabel } from './labels';

interface ListingReportsDrawerProps {
  group: AdminReportGroup | null;
  onClose: () => void;
}

function ReportItem({ report }: { report: AdminReport }) {
  const isOpen = report.status === LISTING_REPORT_STATUS.OPEN;
  return (
    <List.Item>
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap>
          <Tag color={isOpen ? 'red' : 'default'}>
            {LISTING_REPORT_STATUS_LABEL[report.status as ListingReportStatus] ?? report.status}
          </Tag>
          <strong>{reportReasonLabel(report.reason)}</strong>
          <Typography.Text type="secondary">
            {report.reporterName} · {dayjs(report.createdAt).format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
          {!report.qualified && <Tag>未实名且非老用户，不计入自动暂停</Tag>}
        </Space>
        {report.description && <div style={{ whiteSpace: 'pre-wrap' }}>{report.description}</div>}
        {report.photos.length > 0 && (
          <Image.PreviewGroup>
            <Space wrap>
              {report.photos.map((photo, i) => (
                <Image
                  key={photo.path}
                  width={96}
                  height={72}
                  style={{ objectFit: 'cover' }}
                  src={photo.url}
                  alt={`举报图片${i + 1}`}
                />
              ))}
            </Space>
          </Image.PreviewGroup>
        )}
        {!isOpen && report.outcomeNote && (
          <Typography.Text type="secondary">处理说明：{report.outcomeNote}</Typography.Text>
        )}
      </Space>
    </List.Item>
  );
}

/**
 * The reports of one listing (open first, then the decided history) and the decision on all
 * open ones: 举报不成立, 要求整改 or 下架; the note is required for the last two and the
 * reporters and the owner read it.
 */
export function ListingReportsDrawer({ group, onClose }: ListingReportsDrawerProps) {
  const listingId = group?.listing.id ?? null;
  const { data, isPending } = useListingReports(listingId);
  const decide = useDecideReports();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (decision: ListingReportDecision) => {
    if (listingId === null) return;
    if (decision !== 'dismiss' && !note.trim()) {
      setProblem(decision === 'correct' ? '请输入整改要求' : '请输入下架原因');
      return;
    }
    setProblem(null);
    const done = await decide.mutateAsync({ listingId, decision, note: note.trim() }).then(
      () => true,
      () => false,
    );
    if (done) {
      setNote('');
      onClose();
    }
  };

  return (
    <Drawer
      title={group ? `举报处理：${group.listing.title}` : '举报处理'}
      open={group !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {isPending || !data ? (
        <Spin />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <List<AdminReport>
            dataSource={data}
            renderItem={(report) => <ReportItem report={report} />}
          />
          <Input.TextArea
            rows={3}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={LISTING_REPORT_LIMITS.noteMax}
            showCount
            aria-label="处理说明"
            placeholder="处理说明：要求整改或下架时必填，举报人和房东都会看到"
          />
          {problem && <Alert type="error" showIcon title={problem} />}
          <Space wrap>
            <Button loading={decide.isPending} onClick={() => void run('dismiss')}>
              举报不成立
            </Button>
            <Button loading={decide.isPending} onClick={() => void run('correct')}>
              要求房东整改
            </Button>
            <Button
              danger
              type="primary"
              loading={decide.isPending}
              onClick={() => void run('takeDown')}
            >
              下架房源
            </Button>
          </Space>
        </Space>
      )}
    </Drawer>
  );
}
