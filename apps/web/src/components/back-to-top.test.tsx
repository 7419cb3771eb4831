import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackToTop } from './back-to-top';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('BackToTop', () => {
  afterEach(() => scrollTo(0));

  it('appears once the page is scrolled down and takes the reader back up', () => {
    const scrollSpy = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<BackToTop visibleAfter={400} />);
    expect(screen.queryByRole('button', { name: '回到顶部' })).toBeNull();

    scrollTo(800);
    fireEvent.click(screen.getByRole('button', { name: '回到顶部' }));
    expect(scrollSpy).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scrollSpy.mockRestore();
  });

  it('can be dragged elsewhere without scrolling', () => {
    const scrollSpy = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<BackToTop visibleAfter={400} />);
    scrollTo(800);
    const button = screen.getByRole('button', { name: '回到顶部' });
    const before = button.style.bottom;

    fireEvent.pointerDown(button, { clientX: 500, clientY: 500, pointerId: 1 });
    fireEvent.pointerMove(button, { clientX: 480, clientY: 400, pointerId: 1 });
    fireEvent.pointerUp(button, { pointerId: 1 });
    fireEvent.click(button);

    expect(button.style.bottom).not.toBe(before);
    expect(scrollSpy).not.toHaveBeenCalled();
    scrollSpy.mockRestore();
  });
});
