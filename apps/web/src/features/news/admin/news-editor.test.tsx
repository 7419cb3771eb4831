import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { NewsEditor } from './news-editor';

function chooseCover(file: File) {
  const input = screen
    .getByText('上传封面')
    .closest('.ant-upload')
    ?.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('NewsEditor cover', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server’s reason when a cover is refused, and keeps no cover', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ code: '10006', message: '只能上传图片文件', data: null }, { status: 400 }),
      ),
    );
    renderWithProviders(<NewsEditor />, { url: '/admin/news/edit' });
    chooseCover(new File(['%PDF-1.4'], '封面.png', { type: 'image/png' }));
    expect(await screen.findByText('只能上传图片文件')).toBeTruthy();
    expect(screen.queryByAltText('封面')).toBeNull();
    expect(screen.getByText('上传封面')).toBeTruthy();
  }, 60_000);

  it('shows an accepted cover', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          code: '000000',
          message: '上传成功',
          data: {
            path: 'admin/images/0123456789abcdef01234567.png',
            url: '/oss/app/admin/images/0123456789abcdef01234567.png',
            originalName: '封面.png',
          },
        }),
      ),
    );
    renderWithProviders(<NewsEditor />, { url: '/admin/news/edit' });
    chooseCover(new File(['png'], '封面.png', { type: 'image/png' }));
    expect(await screen.findByText('封面已上传，保存后生效')).toBeTruthy();
    expect(screen.getByAltText('封面').getAttribute('src')).toContain(
      'admin/images/0123456789abcdef01234567.png',
    );
  }, 60_000);
});
