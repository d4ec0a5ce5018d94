import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GameFrame, InAppFrame } from './frames';

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
