import { describe, expect, it } from 'vitest';
import { titleOrientationConflict, walkingEstimate } from './places';

describe('walkingEstimate', () => {
  it.each([
    [0, 0, 1],
    [100, 130, 2],
    [1000, 1300, 16],
  ])('%i m in a line walks %i m in %i minutes', (line, metres, minutes) => {
    expect(walkingEstimate(line)).toEqual({ metres, minutes });
  });
});

describe('titleOrientationConflict', () => {
  it('names 南北通透 over a flat facing 南 only', () => {
    expect(titleOrientationConflict('阳光花园 三室两厅 南北通透 满五唯一', '2')).toBe('南北通透');
  });
  it('accepts 南北通透 over a 南北 flat and a title that promises nothing', () => {
    expect(titleOrientationConflict('阳光花园 三室两厅 南北通透', '9')).toBeNull();
    expect(titleOrientationConflict('阳光花园 三室两厅 精装修', '4')).toBeNull();
  });
  it('accepts 南向 over 东南 and refuses it over 北', () => {
    expect(titleOrientationConflict('整租 南向 采光好', '5')).toBeNull();
    expect(titleOrientationConflict('整租 南向 采光好', '4')).toBe('南向');
  });
});
