import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { GrandPrizeBanner } from './grand-prize-banner';

describe('the poker grand prize banner', () => {
  afterEach(cleanup);

  it('says, before the prize is won, the turnover it needs before it can be withdrawn', async () => {
    await initI18n('en-US');
    render(<GrandPrizeBanner amount={250000} collected={50} claimed={false} turnoverMultiple={2} />);
    expect(screen.getByTestId('grand-prize-wagering').textContent).toBe(
      'Bet ₱ 500,000.00 before this ₱ 250,000.00 bonus can be withdrawn; your own money stays withdrawable.',
    );
  });

  it('says it in Vietnamese', async () => {
    await initI18n('vi-VN');
    render(<GrandPrizeBanner amount={250000} collected={50} claimed={false} turnoverMultiple={1} />);
    expect(screen.getByTestId('grand-prize-wagering').textContent).toMatch(
      /^Cần cược ₱ 250[.,]000[.,]00 trước khi rút được ₱ 250[.,]000[.,]00 tiền thưởng này/,
    );
  });

  it('says nothing once the prize is won or when it needs no turnover', async () => {
    await initI18n('en-US');
    render(<GrandPrizeBanner amount={250000} collected={54} claimed turnoverMultiple={1} />);
    expect(screen.queryByTestId('grand-prize-wagering')).toBeNull();
    cleanup();
    render(<GrandPrizeBanner amount={250000} collected={10} claimed={false} turnoverMultiple={0} />);
    expect(screen.queryByTestId('grand-prize-wagering')).toBeNull();
  });
});
