import type { AdminProjectDetail, AdminRoom } from '@portal/shared/schemas/admin';
import { Alert, Button, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useBuildingRooms, useSetRoomsSaleStatus } from '../api/projects';
import { ROOM_STATUS_TEXT } from '../labels';

const STATUS_COLOR: Record<string, string> = {
  green: 'green',
  gray: 'default',
  yellow: 'gold',
  blue: 'blue',
};

/**
 * Rooms of one building: select rooms and put them on sale (green) or off sale (gray). Rooms a
 * live order holds cannot be selected; the server refuses them anyway.
 */
export function RoomSaleGrid({ project }: { project: AdminProjectDetail }) {
  const [buildingId, setBuildingId] = useState<number | undefined>(project.buildings[0]?.id);
  const [selected, setSelected] = useState<number[]>([]);
  const rooms = useBuildingRooms(buildingId);
  const setStatus = useSetRoomsSaleStatus();
  const [result, setResult] = useState<string | null>(null);

  const apply = async (saleStatus: 'green' | 'gray') => {
    const answer = await setStatus.mutateAsync({ roomIds: selected, saleStatus }).catch(() => null);
    if (!answer) return;
    setResult(
      `已${saleStatus === 'green' ? '上架' : '下架'} ${answer.changed.length} 间` +
        (answer.skipped.length
          ? `，${answer.skipped.length} 间状态不符或已被订单占用，未修改`
          : ''),
    );
    setSelected([]);
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>楼栋</span>
        <Select
          value={buildingId}
          style={{ width: 160 }}
          options={project.buildings.map((b) => ({ value: b.id, label: b.tabletNum }))}
          onChange={(value: number) => {
            setBuildingId(value);
            setSelected([]);
            setResult(null);
          }}
          aria-label="楼栋"
        />
        <Button
          type="primary"
          disabled={selected.length === 0}
          loading={setStatus.isPending}
          onClick={() => void apply('green')}
        >
          上架（可售）
        </Button>
        <Button
          disabled={selected.length === 0}
          loading={setStatus.isPending}
          onClick={() => void apply('gray')}
        >
          下架（不可售）
        </Button>
        <span>已选 {selected.length} 间</span>
      </Space>
      {result && <Alert type="success" showIcon message={result} style={{ marginBottom: 12 }} />}
      <Table<AdminRoom>
        rowKey="id"
        size="small"
        loading={rooms.isFetching}
        dataSource={rooms.data ?? []}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (room) => ({
            disabled:
              room.hasLiveOrder || room.saleStatus === 'yellow' || room.saleStatus === 'blue',
            'aria-label': `选择${room.unitName}${room.houseMapName}`,
          }),
        }}
        columns={[
          { title: '单元', dataIndex: 'unitName', width: 90 },
          { title: '楼层', dataIndex: 'floor', width: 70 },
          { title: '房号', dataIndex: 'houseMapName', width: 90 },
          { title: '建筑面积（㎡）', dataIndex: 'buildArea', width: 120 },
          { title: '总价（元）', dataIndex: 'totalPrice', width: 120 },
          {
            title: '销售状态',
            dataIndex: 'saleStatus',
            render: (status: string, room) => (
              <Space>
                <Tag color={STATUS_COLOR[status]}>{ROOM_STATUS_TEXT[status] ?? status}</Tag>
                {room.hasLiveOrder && <Tag color="red">订单占用</Tag>}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
