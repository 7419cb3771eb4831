import { afterEach, describe, expect, it } from 'vitest';
import { installIconNames } from './icon-names';

function icon(name: string, extra = ''): string {
  return `<span role="img" aria-label="${name}" class="anticon anticon-${name}" ${extra}><svg></svg></span>`;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('installIconNames', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('hides an icon that sits beside text and names one that stands alone in Chinese', () => {
    document.body.innerHTML = `
      <button id="search">${icon('search')} 搜索</button>
      <span class="ant-input-suffix" id="eye">${icon('eye-invisible')}</span>
      <button id="labelled" aria-label="关闭菜单">${icon('close')}</button>`;
    const stop = installIconNames();
    const search = document.querySelector('#search .anticon');
    expect(search?.getAttribute('aria-hidden')).toBe('true');
    expect(search?.hasAttribute('role')).toBe(false);
    expect(document.querySelector('#eye .anticon')?.getAttribute('aria-label')).toBe('显示密码');
    expect(document.querySelector('#labelled .anticon')?.getAttribute('aria-hidden')).toBe('true');
    stop();
  });

  it('names icons added later, keeps Chinese names and hides icons it has no name for', async () => {
    const stop = installIconNames();
    document.body.insertAdjacentHTML(
      'beforeend',
      `<div id="later"><button id="alone">${icon('left')}</button>
       <span id="given">${icon('frown').replace('aria-label="frown"', 'aria-label="不满意"')}</span>
       <span id="unknown">${icon('mobile')}</span></div>`,
    );
    await flush();
    expect(document.querySelector('#alone .anticon')?.getAttribute('aria-label')).toBe('上一个');
    expect(document.querySelector('#given .anticon')?.getAttribute('aria-label')).toBe('不满意');
    expect(document.querySelector('#unknown .anticon')?.getAttribute('aria-hidden')).toBe('true');
    stop();
  });
});
