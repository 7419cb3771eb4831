import { DISTRICTS } from '@portal/shared/constants/districts';
import {
  POI_CATEGORIES,
  POI_CATEGORY_LABEL,
  type PoiCategory,
} from '@portal/shared/constants/places';
import type { AdminPoi } from '@portal/shared/schemas/places/admin';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useAdminPois, useDeletePoi, useImportPois, type PoiImportResult } from './api';

/** The example file offered for download: the Chinese header, one school with its 学区, a stop. */
const EXAMPLE_CSV = [
  '类别,名称,经度,纬度,地址,学区',
  '学校,海港区示例小学,119.600512,39.935210,海港区示例路1号,海港区第一学区',
  '公交站,示例路口公交站,119.602100,39.934400,,',
  '银行,示例银行海港支行,119.598800,39.933100,海港区示例路20号,',
].join('\r\n');

const EXAMPLE_GEOJSON = JSON.stringify(
  {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [119.600512, 39.93521] },
        properties: {
          category: 'school',
          name: '海港区示例小学',
          address: '海港区示例路1号',
          schoolZone: '海港区第一学区',
        },
      },
    ],
  },
  null,
  2,
);

/** Saves a text as a file in the browser's downloads. */
function download(name: string, text: string, type: string): void {
  // The BOM lets spreadsheet programs read the CSV's Chinese as UTF-8.
  const blob = new Blob([type === 'text/csv' ? `\uFEFF${text}` : text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The file's format by its name: .csv, or .geojson / .json. */
function formatOf(name: string): 'csv' | 'geojson' | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.geojson') || lower.endsWith('.json')) return 'geojson';
  return null;
}

function ImportCard() {
  const importPois = useImportPois();
  const [replace, setReplace] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const [result, setResult] = useState<PoiImportResult | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const send = async (file: File) => {
    setResult(null);
    setRefused(null);
    setFileName(file.name);
    const format = formatOf(file.name);
    if (!format) {
      setRefused('请上传 .csv、.geojson 或 .json 文件');
      return;
    }
    if (file.size > 2_000_000) {
      setRefused('文件过大（最多 2 MB）');
      return;
    }
    const text = await file.text();
    const answer = await importPois.mutateAsync({ format, text, replace }).catch(() => null);
    if (answer) setResult(answer);
  };

  return (
    <Card size="small" title="导入文件" style={{ marginBottom: 16 }}>
      <Typography.Paragraph>
        支持 CSV 和 GeoJSON（UTF-8 编码，最多 2 MB）。
        <br />
        CSV 第一行为表头：<Typography.Text code>类别,名称,经度,纬度,地址,学区</Typography.Text>
        （也可用英文 category,name,lng,lat,address,school_zone）；类别填中文名称（
        {POI_CATEGORIES.map((c) => POI_CATEGORY_LABEL[c]).join('、')}
        ）或英文代码；地址、学区可留空，学区只对学校有意义。
        <br />
        GeoJSON 为 FeatureCollection，每个点要素的 properties 含 category、name，可选
        address、schoolZone。
        <br />
        经纬度为
        GCJ-02（与站内地图一致）。同类别、同名称、同位置的点已存在时跳过；无法识别的行会列出行号和原因。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button onClick={() => download('周边配套示例.csv', EXAMPLE_CSV, 'text/csv')}>
          下载 CSV 示例
        </Button>
        <Button
          onClick={() => download('周边配套示例.geojson', EXAMPLE_GEOJSON, 'application/geo+json')}
        >
          下载 GeoJSON 示例
        </Button>
      </Space>
      <Space wrap align="center">
        <Upload
          accept=".csv,.geojson,.json"
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button type="primary" loading={importPois.isPending}>
            选择文件并导入
          </Button>
        </Upload>
        <Checkbox checked={replace} onChange={(e) => setReplace(e.target.checked)}>
          替换：先删除文件中各类别以前导入的点（演示数据保留）
        </Checkbox>
      </Space>
      {refused && (
        <Alert type="error" showIcon title={refused} style={{ marginTop: 12 }} role="alert" />
      )}
      {result && (
        <div role="status" style={{ marginTop: 12 }}>
          <Alert
            type={result.problems.length > 0 ? 'warning' : 'success'}
            showIcon
            title={`${fileName ?? '文件'}：新增 ${result.added} 个配套点，跳过 ${result.skipped} 行（已存在或无法识别）`}
          />
          {result.problems.length > 0 && (
            <Table
              style={{ marginTop: 8 }}
              size="small"
              rowKey={(p) => `${p.row}-${p.message}`}
              pagination={false}
              dataSource={result.problems}
              caption="无法识别的行（最多列出前 20 行）"
              columns={[
                { title: '行号 / 要素序号', dataIndex: 'row', width: 140 },
                { title: '原因', dataIndex: 'message' },
              ]}
            />
          )}
        </div>
      )}
    </Card>
  );
}

function PoiList() {
  const [districtCode, setDistrictCode] = useState<string>();
  const [category, setCategory] = useState<PoiCategory>();
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useAdminPois({ districtCode, category, keyword, pageNum });
  const remove = useDeletePoi();
  return (
    <Card size="small" title="配套点">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="全部区县"
          aria-label="区县"
          style={{ width: 170 }}
          value={districtCode}
          options={DISTRICTS.map((d) => ({ value: d.code, label: d.name }))}
          onChange={(value?: string) => {
            setDistrictCode(value);
            setPageNum(1);
          }}
        />
        <Select
          allowClear
          placeholder="全部类别"
          aria-label="类别"
          style={{ width: 140 }}
          value={category}
          options={POI_CATEGORIES.map((c) => ({ value: c, label: POI_CATEGORY_LABEL[c] }))}
          onChange={(value?: PoiCategory) => {
            setCategory(value);
            setPageNum(1);
          }}
        />
        <Input.Search
          allowClear
          placeholder="名称关键字"
          aria-label="名称关键字"
          style={{ width: 220 }}
          maxLength={50}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageNum(1);
          }}
        />
      </Space>
      <Table<AdminPoi>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 960 }}
        locale={{ emptyText: '没有符合条件的配套点' }}
        pagination={{
          current: pageNum,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 个`,
          onChange: setPageNum,
        }}
        columns={[
          {
            title: '类别',
            dataIndex: 'category',
            width: 100,
            render: (c: PoiCategory) => <Tag>{POI_CATEGORY_LABEL[c]}</Tag>,
          },
          { title: '名称', dataIndex: 'name' },
          {
            title: '区县',
            dataIndex: 'districtName',
            width: 130,
            render: (name: string | null) => name ?? '—',
          },
          {
            title: '地址 / 学区',
            key: 'address',
            render: (_, p) => [p.address, p.schoolZone].filter(Boolean).join(' · ') || '—',
          },
          {
            title: '经纬度',
            key: 'position',
            width: 190,
            render: (_, p) => `${p.lng.toFixed(6)}, ${p.lat.toFixed(6)}`,
          },
          {
            title: '来源',
            dataIndex: 'source',
            width: 90,
            render: (s: string) => (s === 'seed' ? '演示数据' : '导入'),
          },
          {
            title: '加入时间',
            dataIndex: 'createdAt',
            width: 140,
            render: (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            fixed: 'right',
            render: (_, p) => (
              <Popconfirm
                title={`删除“${p.name}”？`}
                description="删除后楼盘和房源页不再显示该点，记入操作日志"
                okText="删除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => remove.mutateAsync(p.id).catch(() => undefined)}
              >
                <Button type="link" danger size="small" aria-label={`删除${p.name}`}>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * 周边配套: import a CSV or GeoJSON file of points (with its format and example files), see what
 * was added and the rows that could not be read, and keep the list by district and kind
 * (docs/product/facts-console.md).
 */
export function PoiConsole() {
  return (
    <>
      <Typography.Title level={4}>周边配套</Typography.Title>
      <Typography.Paragraph type="secondary">
        楼盘和二手房源页的“周边配套”按这里的点计算步行距离。
      </Typography.Paragraph>
      <ImportCard />
      <PoiList />
    </>
  );
}
