import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { responsibleRealityCheck } from '../../../../../shared/contract/responsible';
import { initI18n } from '../../../lib/i18n';
import { answer, sent, startContractServer } from '../../../test/contract-server';
import { nextReminderAt, playedMinutes } from '../responsible-rules';
import { RealityCheckReminder, RealityCheckSetting } from './reality-check';

const server = startContractServer();

const START = '2026-11-20T02:00:00.000Z';

describe('reality-check timing', () => {
  it('is due at every whole interval of the session, never at its start', () => {
    expect(nextReminderAt(START, 15, START)).toBe(Date.parse('2026-11-20T02:15:00.000Z'));
    expect(nextReminderAt(START, 15, '2026-11-20T02:14:59.000Z')).toBe(Date.parse('2026-11-20T02:15:00.000Z'));
    expect(nextReminderAt(START, 15, '2026-11-20T02:15:00.000Z')).toBe(Date.parse('2026-11-20T02:30:00.000Z'));
    expect(nextReminderAt(START, 60, '2026-11-20T04:10:00.000Z')).toBe(Date.parse('2026-11-20T05:00:00.000Z'));
    expect(playedMinutes(START, '2026-11-20T03:15:30.000Z')).toBe(75);
  });
});

describe('the reality-check reminder', () => {
  beforeAll(() => initI18n('en-US'));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the time played and the net result after N minutes; Stop calls onStop', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-20T02:10:00.000Z') });
    server.use(
      answer(responsibleRealityCheck, {
        minutes: 15,
        startedAt: START,
        now: '2026-11-20T02:10:00.000Z',
        wagered: 120,
        net: -74.5,
      }),
    );
    const onStop = vi.fn();
    render(<RealityCheckReminder active onStop={onStop} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByTestId('reality-reminder')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5 * 60_000);
    });
    expect(screen.getByText('Time for a reality check')).toBeTruthy();
    expect(screen.getByText('You have been playing for 15 min.')).toBeTruthy();
    expect(screen.getByText('This session you have lost ₱ 74.50.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('reality-reminder')).toBeNull();
    // Stop schedules the next reminder: a third read (the first scheduled, the second was shown)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sent(responsibleRealityCheck)).toHaveLength(3);
  });

  it('stays quiet when the interval is off', async () => {
    vi.useFakeTimers({ now: Date.parse(START) });
    server.use(answer(responsibleRealityCheck, { minutes: 0, startedAt: START, now: START, wagered: 0, net: 0 }));
    render(<RealityCheckReminder active onStop={vi.fn()} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120 * 60_000);
    });
    expect(screen.queryByTestId('reality-reminder')).toBeNull();
    expect(sent(responsibleRealityCheck)).toHaveLength(1);
  });

  it('the setting saves the interval chosen', async () => {
    const onSave = vi.fn().mockResolvedValue({});
    render(<RealityCheckSetting minutes={0} onSave={onSave} />);
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Every 30 min'));
    });
    expect(onSave).toHaveBeenCalledWith(30);
  });
});
