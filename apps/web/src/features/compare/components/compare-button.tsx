import type { CompareType } from '@portal/shared/constants/compare';
import { Button } from 'antd';
import { notifyError } from '../../../lib/notify';
import { compareStore, fullMessage, useCompareTray } from '../lib/compare-store';

interface CompareButtonProps {
  type: CompareType;
  id: number;
  name: string;
  size?: 'small' | 'middle';
}

/** 对比 / 已加入对比: puts a project or listing into the compare tray, or takes it out. */
export function CompareButton({ type, id, name, size = 'middle' }: CompareButtonProps) {
  const tray = useCompareTray();
  const picked = tray[type].some((p) => p.id === id);
  return (
    <Button
      size={size}
      type={picked ? 'primary' : 'default'}
      ghost={picked}
      aria-pressed={picked}
      aria-label={picked ? `取消对比${name}` : `对比${name}`}
      onClick={() => {
        if (compareStore.toggle(type, { id, name }) === 'full') notifyError(fullMessage(type));
      }}
    >
      {picked ? '已加入对比' : '对比'}
    </Button>
  );
}
