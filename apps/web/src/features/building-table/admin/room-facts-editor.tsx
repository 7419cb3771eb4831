import {
  ORIENTATIONS,
  orientationName,
  type OrientationCode,
} from '@portal/shared/constants/places';
import type { AdminRoom } from '@portal/shared/schemas/building-table/admin';
import { Alert, Button, Card, Input, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  useConsoleBuildingRooms,
  useProjectBuildings,
  useProjectChoices,
  useProjectHouseModels,
  useSetRoomFacts,
} from './api';

/** Left alone (the field is not sent) or cleared (sent as null). */
const KEEP = 'keep';
const CLEAR = 'clear';

/** Rooms whose 室号 ends with the typed text (the column of a floor, e.g. 01 or 2). */
function endsWith(room: AdminRoom, ending: string): boolean {
  return ending !== '' && room.houseMapName.endsWith(ending);
}

/**
 * 房间朝向/户型: pick a project, a building and a unit, select rooms (by floor, by the ending of
 * their 室号 or all) and give them a 朝向 and/or a 户型 in one go (docs/product/facts-console.md).
 * The server checks the 户型 belongs to the project and audits every changed room.
 */
export function RoomFactsEditor() {
  const [keyword, setKeyword] = useState('');
  const projects = useProjectChoices(keyword);
  const [projectId, setProjectId] = useState<number>();
  const buildings = useProjectBuildings(projectId);
  const [buildingId, setBuildingId] = useState<number>();
  const rooms = useConsoleBuildingRooms(buildingId);
  const models = useProjectHouseModels(projectId);
  const [unit, setUnit] = useState<string>();
  const [selected, setSelected] = useState<number[]>([]);
  const [floors, setFloors] = useState<number[]>([]);
  const [ending, setEnding] = useState('');
  const [orientation, setOrientation] = useState<string>(KEEP);
  const [modelChoice, setModelChoice] = useState<number | string>(KEEP);
  const [result, setResult] = useState<string | null>(null);
  const setFacts = useSetRoomFacts();

  const units = useMemo(
    () => [...new Set((rooms.data ?? []).map((r) => r.unitName))],
    [rooms.data],
  );
  const shownUnit = unit && units.includes(unit) ? unit : units[0];
  const unitRooms = useMemo(
    () => (rooms.data ?? []).filter((r) => r.unitName === shownUnit),
    [rooms.data, shownUnit],
  );
  const unitFloors = useMemo(
    () => [...new Set(unitRooms.map((r) => r.floor))].sort((a, b) => a - b),
    [unitRooms],
  );
  const modelName = (id: number | null) =>
    id === null ? '' : (models.data?.find((m) => m.id === id)?.houseType ?? `#${id}`);

  const reset = () => {
    setSelected([]);
    setFloors([]);
    setEnding('');
    setResult(null);
  };
  const pick = (ids: number[]) => setSelected([...new Set([...selected, ...ids])]);

  const apply = async () => {
    const body = {
      roomIds: selected,
      ...(orientation !== KEEP && {
        orientation: orientation === CLEAR ? null : (orientation as OrientationCode),
      }),
      ...(modelChoice !== KEEP && {
        houseModelId: modelChoice === CLEAR ? null : Number(modelChoice),
      }),
    };
    const answer = await setFacts.mutateAsync(body).catch(() => null);
    if (!answer) return;
    setResult(
      `已修改 ${answer.changed} 间房间的${[
        orientation !== KEEP && '朝向',
        modelChoice !== KEEP && '户型',
      ]
        .filter(Boolean)
        .join('和')}`,
    );
    setSelected([]);
  };
  const nothingToSet = orientation === KEEP && modelChoice === KEEP;

  return (
    <>
      <Typography.Title level={4}>房间朝向与户型</Typography.Title>
      <Typography.Paragraph type="secondary">
        选择楼盘、楼栋和单元，勾选房间（可按楼层、按室号尾号或全选），一次设置朝向和/或户型。
        购房人在楼盘表的房间详情中看到朝向和户型图；每间房的修改都记入操作日志。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          placeholder="搜索并选择楼盘"
          aria-label="楼盘"
          style={{ width: 280 }}
          value={projectId}
          loading={projects.isFetching}
          options={(projects.data?.list ?? []).map((p) => ({
            value: p.id,
            label: `${p.publishName}（${p.districtName}）`,
          }))}
          onChange={(value: number) => {
            setProjectId(value);
            setBuildingId(undefined);
            setUnit(undefined);
            setModelChoice(KEEP);
            reset();
          }}
        />
        <Select
          placeholder="楼栋"
          aria-label="楼栋"
          style={{ width: 140 }}
          value={buildingId}
          disabled={!buildings.data}
          options={(buildings.data ?? []).map((b) => ({
            value: b.id,
            label: b.tabletNum,
          }))}
          onChange={(value: number) => {
            setBuildingId(value);
            setUnit(undefined);
            reset();
          }}
        />
        <Select
          placeholder="单元"
          aria-label="单元"
          style={{ width: 120 }}
          value={shownUnit}
          disabled={units.length === 0}
          options={units.map((u) => ({ value: u, label: u }))}
          onChange={(value: string) => {
            setUnit(value);
            reset();
          }}
        />
      </Space>

      {buildingId !== undefined && (
        <Card size="small" style={{ marginBottom: 12 }} title="选择房间">
          <Space wrap>
            <Select
              mode="multiple"
              placeholder="按楼层选择"
              aria-label="按楼层选择"
              style={{ minWidth: 220 }}
              value={floors}
              options={unitFloors.map((f) => ({ value: f, label: `${f}层` }))}
              onChange={(value: number[]) => setFloors(value)}
            />
            <Button
              disabled={floors.length === 0}
              onClick={() =>
                pick(unitRooms.filter((r) => floors.includes(r.floor)).map((r) => r.id))
              }
            >
              选中这些楼层
            </Button>
            <Input
              placeholder="室号尾号，如 01"
              aria-label="室号尾号"
              style={{ width: 150 }}
              maxLength={6}
              value={ending}
              onChange={(e) => setEnding(e.target.value.trim())}
            />
            <Button
              disabled={ending === ''}
              onClick={() => pick(unitRooms.filter((r) => endsWith(r, ending)).map((r) => r.id))}
            >
              选中该列
            </Button>
            <Button onClick={() => setSelected(unitRooms.map((r) => r.id))}>全选本单元</Button>
            <Button disabled={selected.length === 0} onClick={() => setSelected([])}>
              清空选择
            </Button>
          </Space>
        </Card>
      )}

      {buildingId !== undefined && (
        <Card size="small" style={{ marginBottom: 12 }} title="设置">
          <Space wrap>
            <span>朝向</span>
            <Select
              aria-label="朝向"
              style={{ width: 140 }}
              value={orientation}
              onChange={setOrientation}
              options={[
                { value: KEEP, label: '不修改' },
                ...ORIENTATIONS.map((o) => ({ value: o.code, label: o.name })),
                { value: CLEAR, label: '清除朝向' },
              ]}
            />
            <span>户型</span>
            <Select<number | string>
              aria-label="户型"
              style={{ width: 260 }}
              value={modelChoice}
              onChange={setModelChoice}
              loading={models.isFetching}
              options={[
                { value: KEEP, label: '不修改' },
                ...(models.data ?? []).map((m) => ({
                  value: m.id,
                  label: `${m.houseType}（${m.area}㎡）`,
                })),
                { value: CLEAR, label: '清除户型' },
              ]}
            />
            <Button
              type="primary"
              disabled={selected.length === 0 || nothingToSet}
              loading={setFacts.isPending}
              onClick={() => void apply()}
            >
              应用到所选 {selected.length} 间
            </Button>
          </Space>
        </Card>
      )}
      {result && (
        <Alert type="success" showIcon title={result} style={{ marginBottom: 12 }} role="status" />
      )}

      {buildingId !== undefined && (
        <Table<AdminRoom>
          rowKey="id"
          size="small"
          loading={rooms.isFetching}
          dataSource={unitRooms}
          pagination={{ pageSize: 100, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: '该楼栋没有房间' }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as number[]),
            getCheckboxProps: (room) => ({
              'aria-label': `选择${room.unitName}${room.houseMapName}`,
            }),
          }}
          columns={[
            { title: '楼层', dataIndex: 'floor', width: 80 },
            { title: '室号', dataIndex: 'houseMapName', width: 100 },
            { title: '建筑面积（㎡）', dataIndex: 'buildArea', width: 130 },
            {
              title: '朝向',
              dataIndex: 'orientation',
              width: 100,
              render: (code: string | null) => orientationName(code) || '未设置',
            },
            {
              title: '户型',
              dataIndex: 'houseModelId',
              render: (id: number | null) => modelName(id) || '未设置',
            },
          ]}
        />
      )}
    </>
  );
}
