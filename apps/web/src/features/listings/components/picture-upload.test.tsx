import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PictureUpload } from './picture-upload';

function envelope(code: string, message: string, data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ code, message, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('PictureUpload', () => {
  it('shows one toast for a refused upload: the server reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(envelope('10006', '只能上传图片文件', null, 400))),
    );
    renderWithProviders(<PictureUpload kind="house" max={10} label="房屋照片" />);
    const file = new File([new Uint8Array([1, 2, 3])], '客厅.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('上传房屋照片'), { target: { files: [file] } });
    expect(await screen.findAllByText('只能上传图片文件')).toHaveLength(1);
    expect(screen.queryByText('上传失败')).toBeNull();
  });

  it('fetches fresh signed links when a certification photo link has expired', async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(
        envelope('000000', 'ok', [
          { path: 'listing/3/a.png', url: '/api/listing-files?path=a&expires=2&sig=new' },
        ]),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const stored = {
      path: 'listing/3/a.png',
      name: '身份证.png',
      cover: false,
      url: '/api/listing-files?path=a&expires=1&sig=old',
    };
    renderWithProviders(
      <PictureUpload kind="idcard" max={2} label="身份证照片" listingId={5} value={[stored]} />,
    );
    const image = screen.getByRole('img', { name: '身份证.png' });
    fireEvent.error(image);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '身份证.png' }).getAttribute('src')).toBe(
        '/api/listing-files?path=a&expires=2&sig=new',
      ),
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/listings/picture-links');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      listingId: 5,
      pictures: [{ kind: 'idcard', path: 'listing/3/a.png' }],
    });
    fireEvent.error(screen.getByRole('img', { name: '身份证.png' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
