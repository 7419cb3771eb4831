import { describe, expect, it } from 'vitest';
import { withDecorativeImages } from './news-article';

describe('withDecorativeImages', () => {
  it('marks a picture without a text alternative as decorative and keeps given ones', () => {
    expect(withDecorativeImages('<p>正文</p><img src="x.png"><img alt="楼盘" src="y.png">')).toBe(
      '<p>正文</p><img alt="" src="x.png"><img alt="楼盘" src="y.png">',
    );
  });
});
