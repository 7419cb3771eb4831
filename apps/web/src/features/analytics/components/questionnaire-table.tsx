import type { QuestionnaireRow } from '@portal/shared/schemas/analytics';
import { Button, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { STACKED_TABLE_CLASS, withCellLabels } from '../../../components/stacked-table';
import { useQuestionnaires } from '../api/analytics-api';
import styles from './dashboard.module.css';

/** Every field of a questionnaire, as the dialog shows it. */
const COLUMNS: TableColumnsType<QuestionnaireRow> = [
  { title: '姓名', dataIndex: 'name', width: 70 },
  { title: '工作地址', dataIndex: 'jobAddr', ellipsis: true },
  { title: '意向区域', dataIndex: 'intentAddr', width: 120 },
  { title: '意向类型', dataIndex: 'intentType', width: 80 },
  { title: '意向户型', dataIndex: 'intentHouseModel', width: 90 },
  { title: '意向价格', dataIndex: 'intentPrice', width: 140 },
  { title: '意向面积', dataIndex: 'intentArea', width: 100 },
];
/** The narrower table on the page leaves out the work address. */
const PAGE_COLUMNS = withCellLabels(
  COLUMNS.filter((column) => column.title !== '工作地址').map((column) => ({
    ...column,
    width: column.title === '意向价格' ? 130 : undefined,
    ellipsis: true,
  })),
);
/** The dialog's columns, labelled for the stacked rows of a phone. */
const DIALOG_COLUMNS = withCellLabels(COLUMNS);

/** Rows on the page; the dialog starts at 10 and offers 10/20/50/100 (docs/product/content.md). */
const PAGE_ROWS = 6;
const DIALOG_SIZES = ['10', '20', '50', '100'];
const DIALOG_FIRST_PAGE = { pageNum: 1, pageSize: 10 };

/** 问卷调查: the six newest questionnaires, and every questionnaire in a paged dialog. */
export function QuestionnaireTable() {
  const page = useQuestionnaires(1, PAGE_ROWS);
  const [open, setOpen] = useState(false);
  const [dialogPage, setDialogPage] = useState(DIALOG_FIRST_PAGE);
  const dialog = useQuestionnaires(dialogPage.pageNum, dialogPage.pageSize, open);

  // Every opening starts again at page 1 with 10 rows.
  const handleOpen = () => {
    setDialogPage(DIALOG_FIRST_PAGE);
    setOpen(true);
  };

  return (
    <>
      <Table<QuestionnaireRow>
        rowKey="id"
        size="small"
        // A phone shows each questionnaire as a card of label and value lines, nothing cut.
        className={STACKED_TABLE_CLASS}
        columns={PAGE_COLUMNS}
        dataSource={page.data?.list ?? []}
        loading={page.isPending}
        pagination={false}
        locale={{ emptyText: '暂无数据' }}
      />
      <div className={styles.tableFoot}>
        <span>
          共 <strong>{page.data?.total ?? 0}</strong> 份问卷
        </span>
        <Button type="link" onClick={handleOpen} disabled={!page.data?.total}>
          查看全部问卷
        </Button>
      </div>
      <Modal
        title="购房需求问卷"
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        width={960}
        destroyOnHidden
      >
        <Table<QuestionnaireRow>
          rowKey="id"
          size="small"
          className={STACKED_TABLE_CLASS}
          columns={DIALOG_COLUMNS}
          dataSource={dialog.data?.list ?? []}
          loading={dialog.isFetching}
          scroll={{ y: 440 }}
          locale={{ emptyText: '暂无数据' }}
          pagination={{
            current: dialogPage.pageNum,
            pageSize: dialogPage.pageSize,
            total: dialog.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: DIALOG_SIZES,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (pageNum, pageSize) =>
              setDialogPage((current) => ({
                pageNum: pageSize === current.pageSize ? pageNum : 1,
                pageSize,
              })),
          }}
        />
      </Modal>
    </>
  );
}
