import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { FRAME_HEADER_COLLAPSE_MS, GameFrame, InAppFrame } from './frames';

describe('InAppFrame (support chat, checkout)', () => {
  beforeAll(() => initI18n('en-US'));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows its header first, folds it after 1 s, and the handle toggles it', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<InAppFrame url="about:blank#chat" title="Live chat" onClose={onClose} />);
    const head = document.querySelector('.frame__head')!;
    expect(screen.getByTitle('Live chat').getAttribute('src')).toBe('about:blank#chat');
    expect(head.classList.contains('is-collapsed')).toBe(false);
    act(() => vi.advanceTimersByTime(FRAME_HEADER_COLLAPSE_MS - 1));
    expect(head.classList.contains('is-collapsed')).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(FRAME_HEADER_COLLAPSE_MS).toBe(1000);
    expect(head.classList.contains('is-collapsed')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Show the bar' }));
    expect(head.classList.contains('is-collapsed')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('frames are sandboxed', () => {
  afterEach(cleanup);

  it('a game may run scripts but not navigate the casino page, open popups or post forms', () => {
    const { container } = render(
      <GameFrame url="/provider/play/slot?token=t" onClose={() => {}} onDeposit={() => {}} />,
    );
    const frame = container.querySelector('iframe');
    const tokens = (frame?.getAttribute('sandbox') ?? '').split(' ');
    expect(tokens).toContain('allow-scripts');
    for (const forbidden of ['allow-top-navigation', 'allow-popups', 'allow-forms', 'allow-modals']) {
      expect(tokens).not.toContain(forbidden);
    }
  });

  it('the checkout page may post its form but not navigate the casino page', () => {
    const { container } = render(<InAppFrame url="/sandbox/pay/D1" title="Pay" onClose={() => {}} />);
    const tokens = (container.querySelector('iframe')?.getAttribute('sandbox') ?? '').split(' ');
    expect(tokens).toContain('allow-forms');
    expect(tokens.some((t) => t.startsWith('allow-top-navigation'))).toBe(false);
  });
});
