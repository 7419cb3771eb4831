import type { AdminRoom, AdminRoomSale } from '@portal/shared/schemas/building-table/admin';
import type { AdminProjectDetail } from '@portal/shared/schemas/projects/admin';
import {
  ROOM_SALE_STATUS,
  ROOM_SALE_STATUS_CONSOLE_LABEL,
  type RoomSaleStatus,
} from '@portal/shared/status';
import { Alert, Button, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useConsoleBuildingRooms, useSetRoomsSaleStatus } from './api';
import { RoomPriceDialog } from './room-price-dialog';

/** Why a room's sale state is locked (`saleBlock` of the room grid). */
const ROOM_SALE_BLOCK_TEXT: Record<NonNullable<AdminRoom['saleBlock']>, string> = {
  netsigned: '已网签（已售）',
  liveOrder: '订单占用',
  refunding: '退款处理中',
};

/** The tag colour of each sale status in the grid. */
const STATUS_COLOR: Record<RoomSaleStatus, string> = {
  [ROOM_SALE_STATUS.AVAILABLE]: 'green',
  [ROOM_SALE_STATUS.UNAVAILABLE]: 'default',
  [ROOM_SALE_STATUS.PAYING]: 'gold',
  [ROOM_SALE_STATUS.LOCKED]: 'blue',
};

/** Why a room cannot be selected: an order blocks it, or it is yellow / blue (being sold). */
function blockReason(room: AdminRoom): string | null {
  if (room.saleBlock) return ROOM_SALE_BLOCK_TEXT[room.saleBlock];
  if (room.saleStatus === ROOM_SALE_STATUS.PAYING || room.saleStatus === ROOM_SALE_STATUS.LOCKED)
    return '交易进行中，不能修改';
  return null;
}

/** Why a room cannot be picked for a change of sale state (a price change stays possible). */
function selectReason(room: AdminRoom): string | null {
  if (!room.licensed && room.saleStatus === ROOM_SALE_STATUS.UNAVAILABLE)
    return '未取得预售许可证，不能上架';
  return blockReason(room);
}

/**
 * Rooms of one building: select rooms and put them on sale (green) or off sale (gray), or change
 * one room's unit price. A room whose flat is net-signed (sold), that a live order holds, or
 * whose deposit refund is pending can be neither selected nor repriced and shows why; the server
 * refuses them anyway.
 */
export function RoomSaleGrid({ project }: { project: AdminProjectDetail }) {
  const [buildingId, setBuildingId] = useState<number | undefined>(project.buildings[0]?.id);
  const [selected, setSelected] = useState<number[]>([]);
  const rooms = useConsoleBuildingRooms(buildingId);
  const setStatus = useSetRoomsSaleStatus();
  const [result, setResult] = useState<string | null>(null);
  const [pricing, setPricing] = useState<AdminRoom | null>(null);

  const apply = async (saleStatus: AdminRoomSale['saleStatus']) => {
    const answer = await setStatus.mutateAsync({ roomIds: selected, saleStatus }).catch(() => null);
    if (!answer) return;
    setResult(
      `已${saleStatus === ROOM_SALE_STATUS.AVAILABLE ? '上架' : '下架'} ${answer.changed.length} 间` +
        (answer.skipped.length
          ? `，${answer.skipped.length} 间因已网签、被订单占用、退款处理中、未取得预售许可证或状态不符未修改`
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
          onClick={() => void apply(ROOM_SALE_STATUS.AVAILABLE)}
        >
          上架（可售）
        </Button>
        <Button
          disabled={selected.length === 0}
          loading={setStatus.isPending}
          onClick={() => void apply(ROOM_SALE_STATUS.UNAVAILABLE)}
        >
          下架（不可售）
        </Button>
        <span>已选 {selected.length} 间</span>
      </Space>
      {result && <Alert type="success" showIcon title={result} style={{ marginBottom: 12 }} />}
      {rooms.data?.some((room) => !room.licensed) && (
        <Alert
          type="warning"
          showIcon
          title="该楼栋未取得预售许可证：房间不能上架，不可缴纳订约金"
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<AdminRoom>
        rowKey="id"
        size="small"
        loading={rooms.isFetching}
        dataSource={rooms.data ?? []}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (room) => {
            const reason = selectReason(room);
            return {
              disabled: reason !== null,
              title: reason ?? undefined,
              'aria-label': `选择${room.unitName}${room.houseMapName}${reason ? `（${reason}）` : ''}`,
            };
          },
        }}
        columns={[
          { title: '单元', dataIndex: 'unitName', width: 90 },
          { title: '楼层', dataIndex: 'floor', width: 70 },
          { title: '房号', dataIndex: 'houseMapName', width: 90 },
          { title: '建筑面积（㎡）', dataIndex: 'buildArea', width: 120 },
          {
            title: '单价（元/㎡）',
            dataIndex: 'currentPrice',
            width: 120,
            render: (price: number) => price.toLocaleString(),
          },
          {
            title: '总价（元）',
            dataIndex: 'totalPrice',
            width: 130,
            render: (price: number) => price.toLocaleString(),
          },
          {
            title: '销售状态',
            dataIndex: 'saleStatus',
            render: (status: string, room) => (
              <Space>
                <Tag color={STATUS_COLOR[status as RoomSaleStatus]}>
                  {ROOM_SALE_STATUS_CONSOLE_LABEL[status as RoomSaleStatus] ?? status}
                </Tag>
                {room.saleBlock && (
                  <Tooltip title="此房间的销售状态不能修改">
                    <Tag color="red">{ROOM_SALE_BLOCK_TEXT[room.saleBlock]}</Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_, room) => {
              const reason = blockReason(room);
              return (
                <Tooltip title={reason ?? undefined}>
                  <Button
                    type="link"
                    size="small"
                    disabled={reason !== null}
                    aria-label={`修改${room.unitName}${room.houseMapName}的价格`}
                    onClick={() => setPricing(room)}
                  >
                    改价
                  </Button>
                </Tooltip>
              );
            },
          },
        ]}
      />
      {pricing && <RoomPriceDialog room={pricing} onClose={() => setPricing(null)} />}
    </>
  );
}
