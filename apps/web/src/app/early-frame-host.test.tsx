import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawEarlyFrame } from '@/lib/early-frame';
import { loadPageMarkup } from '@/test/page';

/** Fresh modules: the frame is taken over once a page. */
async function load() {
  vi.resetModules();
  const { LoadingScreen } = await import('./root-route');
  const { markFirstScreenShown } = await import('@/lib/first-screen');
  return { LoadingScreen, markFirstScreenShown };
}

describe("React's Wait a sec... on the page of the cafe menu's frame", () => {
  let root: HTMLElement;
  beforeEach(() => {
    root = loadPageMarkup();
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('keeps the very frame the page drew, not a copy, so nothing on the page changes', async () => {
    window.history.replaceState(null, '', '/menuCafe');
    drawEarlyFrame(root, '/menuCafe', true, 'en');
    const frame = root.firstElementChild;
    const { LoadingScreen } = await load();
    render(<LoadingScreen />, { container: root });
    expect(root.contains(frame)).toBe(true);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Cafe Menu');
    expect(screen.getByRole('status')).toHaveTextContent('Wait a sec...');
  });

  it('shows its own Wait a sec... at another address, and once the first screen has been shown', async () => {
    window.history.replaceState(null, '', '/menuCafe');
    drawEarlyFrame(root, '/menuCafe', true, 'en');
    const { LoadingScreen, markFirstScreenShown } = await load();
    window.history.replaceState(null, '', '/order_bar');
    const view = render(<LoadingScreen />, { container: root });
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Wait a sec...');

    window.history.replaceState(null, '', '/menuCafe');
    view.rerender(<LoadingScreen />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Cafe Menu');

    markFirstScreenShown();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    view.rerender(<LoadingScreen />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Wait a sec...');
  });
});
