import { FEEDBACK_RICH_TEXT, NEWS_RICH_TEXT } from '@portal/shared/html/allow-lists';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';

const ARTICLE_TOOLS = ['bold', 'heading', 'orderedList', 'bulletList', 'link', 'image'] as const;

function renderEditor(props: Partial<RichTextEditorProps> = {}) {
  const onChange = vi.fn<(html: string) => void>();
  renderWithProviders(
    <RichTextEditor
      allowList={NEWS_RICH_TEXT}
      tools={ARTICLE_TOOLS}
      label="文章内容"
      onChange={onChange}
      {...props}
    />,
  );
  const box = screen.getByRole('textbox', { name: props.label ?? '文章内容' });
  return { box, onChange, lastSaved: () => onChange.mock.lastCall?.[0] };
}

/** Selects the whole text of the box, as a reader dragging over it would. */
async function selectAll(box: HTMLElement) {
  await act(async () => {
    box.focus();
    const range = document.createRange();
    range.selectNodeContents(box);
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

function press(name: string) {
  const button = screen.getByRole('button', { name });
  fireEvent.mouseDown(button);
  fireEvent.click(button);
}

function paste(box: HTMLElement, html: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: {
      types: ['text/html'],
      files: [],
      getData: (type: string) => (type === 'text/html' ? html : ''),
    },
  });
  act(() => void box.dispatchEvent(event));
}

afterEach(() => vi.restoreAllMocks());

describe('RichTextEditor', () => {
  it('cleans stored HTML before it becomes live markup in the editing box', () => {
    const { box } = renderEditor({
      value: '<p>正文</p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">链接</a>',
    });
    expect(box.textContent).toContain('正文');
    expect(box.innerHTML).not.toMatch(/onerror|javascript:/);
    expect(box.querySelector('img[src]')?.getAttribute('src')).toBe('x');
  });

  it('makes the selection bold, saved as <b>', async () => {
    const { box, lastSaved } = renderEditor({ value: '<p>首付比例</p>' });
    await selectAll(box);
    press('加粗');
    await waitFor(() => expect(lastSaved()).toBe('<p><b>首付比例</b></p>'));
    expect(screen.getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('turns paragraphs into a numbered list and a heading', async () => {
    const { box, lastSaved } = renderEditor({ value: '<p>第一条</p>' });
    await selectAll(box);
    press('编号列表');
    await waitFor(() => expect(lastSaved()).toBe('<ol><li><p>第一条</p></li></ol>'));
    press('编号列表');
    press('小标题');
    await waitFor(() => expect(lastSaved()).toBe('<h3>第一条</h3>'));
  });

  it('links the selection to an http(s) address and refuses other schemes', async () => {
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('javascript:alert(1)');
    const { box, onChange, lastSaved } = renderEditor({ value: '<p>政策原文</p>' });
    await selectAll(box);
    press('链接');
    expect(onChange).not.toHaveBeenCalled();
    prompt.mockReturnValue('https://zfcxjst.hebei.gov.cn/');
    press('链接');
    await waitFor(() =>
      expect(lastSaved()).toBe('<p><a href="https://zfcxjst.hebei.gov.cn/">政策原文</a></p>'),
    );
  });

  it('inserts an uploaded picture where the caret is', async () => {
    const onUpload = vi.fn(async () => ({
      url: '/oss/app/admin/images/a1.png',
      name: '效果图.png',
    }));
    const { box, lastSaved } = renderEditor({ value: '<p>效果图如下</p>', onUpload });
    await selectAll(box);
    const input = screen
      .getByRole('button', { name: /插入图片/ })
      .closest('.ant-upload')
      ?.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['png'], '效果图.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect(lastSaved()).toContain('<img src="/oss/app/admin/images/a1.png" alt="效果图.png">'),
    );
    expect(onUpload).toHaveBeenCalledWith(file, 'image');
  });

  it('saves pasted text cleaned by its allow-list: a question keeps no picture, handler or bad link', async () => {
    const { box, lastSaved } = renderEditor({
      allowList: FEEDBACK_RICH_TEXT,
      tools: ['bold', 'italic', 'bulletList', 'orderedList'],
      label: '内容',
    });
    await selectAll(box);
    paste(
      box,
      '<p onclick="alert(1)">请问<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">坏链接</a>' +
        '<a href="https://www.qhd.gov.cn/">市政府</a><script>alert(4)</script></p>',
    );
    await waitFor(() => expect(lastSaved()).toContain('市政府'));
    const saved = lastSaved() ?? '';
    expect(saved).not.toMatch(/<img|onclick|onerror|javascript:|<script/i);
    expect(saved).toContain(
      '<a href="https://www.qhd.gov.cn/" target="_blank" rel="noopener noreferrer nofollow">市政府</a>',
    );
    expect(screen.queryByRole('button', { name: /插入图片/ })).toBeNull();
  });

  it('saves an article again with its allowed styles, coloured phrases and tables', async () => {
    const { box, lastSaved } = renderEditor({
      value:
        '<p style="text-indent:2em;position:fixed">正文<span style="color:#c00">红字</span></p>' +
        '<table><tbody><tr><th>楼栋</th><td>1号楼</td></tr></tbody></table>' +
        '<p style="text-align:right">市住房和城乡建设局</p>',
    });
    await selectAll(box);
    press('加粗');
    await waitFor(() => expect(lastSaved()).toContain('<b>'));
    const saved = lastSaved() ?? '';
    expect(saved).toContain('<p style="text-indent:2em"><b>正文<span style="color:');
    // The colour may come back in its rgb() spelling, which the list allows as well.
    expect(saved).toMatch(/<span style="color:(#c00|rgb\(204, 0, 0\))">红字<\/span>/);
    expect(saved).toMatch(/<table[^>]*>.*<th[^>]*><p><b>楼栋<\/b><\/p><\/th>/);
    expect(saved).toContain('<p style="text-align:right"><b>市住房和城乡建设局</b></p>');
    expect(saved).not.toContain('position');
  });

  it('hands an empty text to the form as an empty value', async () => {
    const { box, lastSaved } = renderEditor({ value: '<p>旧内容</p>' });
    await selectAll(box);
    paste(box, '<p> </p>');
    await waitFor(() => expect(lastSaved()).toBe(''));
  });
});
