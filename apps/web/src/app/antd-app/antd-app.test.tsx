import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import useApp from 'antd/es/app/useApp';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AntdApp } from './antd-app';

function Actions({ onOk }: { onOk: () => void }) {
  const { message, modal } = useApp();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <button type="button" onClick={() => message.success('已保存')}>
        保存
      </button>
      <button
        type="button"
        onClick={() => {
          const confirmed = modal.confirm({ title: '确认下架该房源？', onOk });
          void confirmed.then(
            (isOk) => setAnswer(isOk ? '已确认' : '已取消'),
            () => undefined,
          );
        }}
      >
        下架
      </button>
      <button type="button" onClick={() => modal.info({ title: '立刻关闭' }).destroy()}>
        提示
      </button>
      <output>{answer}</output>
    </>
  );
}

describe('AntdApp', () => {
  it('shows toasts through App.useApp().message', async () => {
    render(
      <ConfigProvider locale={zhCN}>
        <AntdApp>
          <Actions onOk={vi.fn()} />
        </AntdApp>
      </ConfigProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已保存')).toBeTruthy();
  });

  it('loads the modal code on the first modal call and opens the dialog', async () => {
    const onOk = vi.fn();
    render(
      <ConfigProvider locale={zhCN}>
        <AntdApp>
          <Actions onOk={onOk} />
        </AntdApp>
      </ConfigProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '下架' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('确认下架该房源？');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    });
    expect(onOk).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('已确认'));
  });

  it('closes a dialog destroyed before its code had loaded', async () => {
    render(
      <ConfigProvider locale={zhCN}>
        <AntdApp>
          <Actions onOk={vi.fn()} />
        </AntdApp>
      </ConfigProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '提示' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The host has mounted by now: the next dialog opens and stays.
    fireEvent.click(screen.getByRole('button', { name: '下架' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('确认下架该房源？');
  });
});
