import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toOssUrl } from '../lib/oss-url';
import { IMAGE_PLACEHOLDER, ImageWithFallback } from './image-with-fallback';

const image = () => screen.getByRole('img', { name: '楼盘封面' }) as HTMLImageElement;

describe('ImageWithFallback', () => {
  it('shows a stored path under /oss/app/', () => {
    render(<ImageWithFallback src="project/12/cover.svg" alt="楼盘封面" />);
    expect(image().getAttribute('src')).toBe('/oss/app/project/12/cover.svg');
  });

  it('switches to the placeholder when the picture fails', () => {
    render(<ImageWithFallback src="/oss/app/missing.jpg" alt="楼盘封面" />);
    fireEvent.error(image());
    expect(image().getAttribute('src')).toBe(IMAGE_PLACEHOLDER);
    expect(decodeURIComponent(IMAGE_PLACEHOLDER)).toContain('暂无图片');
  });

  it('shows the placeholder when there is no picture at all', () => {
    render(<ImageWithFallback src={null} alt="楼盘封面" />);
    expect(image().getAttribute('src')).toBe(IMAGE_PLACEHOLDER);
  });

  it('leaves URLs and root paths alone', () => {
    expect(toOssUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(toOssUrl('/oss/app/a.png')).toBe('/oss/app/a.png');
    expect(toOssUrl('./seed/a.svg')).toBe('/oss/app/seed/a.svg');
    expect(toOssUrl('  ')).toBe('');
  });
});
