import type { AdminRoom } from '@portal/shared/schemas/building-table/admin';
import { Alert, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useLotteryBatches } from '../api/lottery-api';
import { useProjectRooms } from './lottery-admin-api';

interface RoomPickerProps {
  projectId: number | undefined;
  value?: number[];
  onChange?: (roomIds: number[]) => void;
}

const ROOM = 'r:';

/**
 * The rooms of a batch, picked in a tree of the project's buildings and units: ticking a building
 * or a unit takes all its rooms, single rooms can be ticked too. Rooms already in another batch
 * cannot be picked (the server refuses them as well).
 */
export function RoomPicker({ projectId, value = [], onChange }: RoomPickerProps) {
  const { isLoading, buildings } = useProjectRooms(projectId);
  const batches = useLotteryBatches(projectId);
  if (!projectId) return <Typography.Text type="secondary">请先选择楼盘</Typography.Text>;
  if (isLoading) return <Spin size="small" />;
  if (buildings.length === 0) return <Alert type="info" showIcon title="该楼盘尚无楼栋与房间" />;

  const taken = new Set((batches.data ?? []).flatMap((b) => b.roomIds));
  const treeData: DataNode[] = buildings.map((building) => {
    const units = new Map<string, AdminRoom[]>();
    for (const room of building.rooms) {
      units.set(room.unitName, [...(units.get(room.unitName) ?? []), room]);
    }
    return {
      key: `b:${building.id}`,
      title: `${building.tabletNum}（${building.rooms.length} 套）`,
      children: [...units].map(([unitName, list]) => ({
        key: `u:${building.id}:${unitName}`,
        title: unitName || '未分单元',
        children: list
          .sort((a, b) => a.floor - b.floor || a.houseMapName.localeCompare(b.houseMapName))
          .map((room) => ({
            key: `${ROOM}${room.id}`,
            title: taken.has(room.id)
              ? `${room.houseMapName}（已在其他摇号批次）`
              : `${room.houseMapName}（${room.buildArea}㎡）`,
            disabled: taken.has(room.id) && !value.includes(room.id),
            isLeaf: true,
          })),
      })),
    };
  });
  return (
    <div>
      <Tree
        checkable
        selectable={false}
        height={300}
        defaultExpandedKeys={treeData.map((node) => node.key)}
        treeData={treeData}
        checkedKeys={value.map((id) => `${ROOM}${id}`)}
        onCheck={(checked) => {
          const keys = Array.isArray(checked) ? checked : checked.checked;
          onChange?.(
            keys
              .map(String)
              .filter((key) => key.startsWith(ROOM))
              .map((key) => Number(key.slice(ROOM.length))),
          );
        }}
        aria-label="摇号房源"
      />
      <Typography.Text type="secondary" data-testid="lottery-room-count">
        已选 {value.length} 套
      </Typography.Text>
    </div>
  );
}
