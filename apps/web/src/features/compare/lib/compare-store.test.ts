import { beforeEach, describe, expect, it } from 'vitest';
import { compareStore, fullMessage } from './compare-store';

describe('compare tray', () => {
  beforeEach(() => {
    compareStore.clear('project');
    compareStore.clear('listing');
  });

  it('adds up to four projects, refuses a fifth and takes a pick out when pressed again', () => {
    for (const id of [1, 2, 3, 4])
      expect(compareStore.toggle('project', { id, name: `楼盘${id}` })).toBe('added');
    expect(compareStore.toggle('project', { id: 5, name: '楼盘5' })).toBe('full');
    expect(compareStore.getState().project.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(compareStore.toggle('project', { id: 2, name: '楼盘2' })).toBe('removed');
    expect(compareStore.getState().project.map((p) => p.id)).toEqual([1, 3, 4]);
    expect(fullMessage('project')).toBe('最多对比 4 个楼盘，请先移除一个');
  });

  it('keeps projects and listings apart and remembers the picks in storage', () => {
    compareStore.toggle('project', { id: 7, name: '海韵花园' });
    compareStore.toggle('listing', { id: 7, name: '明珠小区 两室' });
    expect(compareStore.getState().listing).toEqual([{ id: 7, name: '明珠小区 两室' }]);
    const stored = JSON.parse(window.localStorage.getItem('portal.compare') ?? '{}');
    expect(stored.project).toEqual([{ id: 7, name: '海韵花园' }]);
    compareStore.clear('listing');
    expect(compareStore.getState().listing).toEqual([]);
    expect(compareStore.getState().project).toHaveLength(1);
  });
});
