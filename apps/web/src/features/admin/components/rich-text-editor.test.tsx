import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RichTextEditor } from './rich-text-editor';

describe('RichTextEditor', () => {
  it('cleans stored HTML before it becomes live markup in the editing box', async () => {
    renderWithProviders(
      <RichTextEditor
        value={'<p>正文</p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">链接</a>'}
        resetKey={1}
        onChange={vi.fn()}
      />,
    );
    const box = await screen.findByRole('textbox', { name: '文章内容' });
    expect(box.textContent).toContain('正文');
    expect(box.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(box.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(box.innerHTML).not.toContain('javascript:');
  });
});
