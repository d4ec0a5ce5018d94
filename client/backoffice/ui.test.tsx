import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpsError } from './api';
import { Action } from './ui';

const dialog = () => screen.queryByRole('dialog');
const confirmButton = () => screen.getByRole('button', { name: 'Suspend' }) as HTMLButtonElement;

/** An Action asking for a reason, as the money and status actions do; `run` is the test's spy. */
function renderSuspend(run: (reason: string) => Promise<unknown>) {
  render(
    <Action kind="danger" confirm="Suspend player 10000042?" what="Their sessions end at once." run={run}>
      Suspend
    </Action>,
  );
  return screen.getByRole('button', { name: 'Suspend' });
}

describe('back office: the confirmation dialog', () => {
  afterEach(cleanup);

  it('asks in the page, with the reason typed, and sends nothing on Escape or Cancel', async () => {
    const run = vi.fn(async (_reason: string) => {});
    const opener = renderSuspend(run);
    opener.focus();
    fireEvent.click(opener);
    const box = dialog() as HTMLElement;
    expect(box.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Suspend player 10000042?' })).toBeTruthy();
    expect(screen.getByText('Their sessions end at once.')).toBeTruthy();
    // the reason field has the focus; Confirm waits for a reason that is not blank
    const reason = screen.getByLabelText(/Reason/) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(reason);
    const buttons = screen.getAllByRole('button', { name: 'Suspend' });
    const confirm = buttons[buttons.length - 1] as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);

    // Escape cancels: nothing ran, the opener has the focus back
    fireEvent.keyDown(reason, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(run).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);

    // Cancel too
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog()).toBeNull();
    expect(run).not.toHaveBeenCalled();
  });

  it('keeps the focus inside: Tab from the last control goes to the first, Shift+Tab back', () => {
    const opener = renderSuspend(async () => {});
    fireEvent.click(opener);
    const reason = screen.getByLabelText(/Reason/);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    fireEvent.change(reason, { target: { value: 'chargeback' } });
    const buttons = screen.getAllByRole('button', { name: 'Suspend' });
    const confirm = buttons[buttons.length - 1] as HTMLButtonElement;
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(reason);
    fireEvent.keyDown(reason, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
    expect(cancel).toBeTruthy();
  });

  it("runs once with the trimmed reason; the server's refusal stays in the dialog, then a retry closes it", async () => {
    const run = vi
      .fn(async (_reason: string): Promise<unknown> => undefined)
      .mockRejectedValueOnce(new OpsError(30057, 'Type a reason for this action', 400));
    const opener = renderSuspend(run);
    fireEvent.click(opener);
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: '  chargeback  ' } });
    const buttons = screen.getAllByRole('button', { name: 'Suspend' });
    fireEvent.click(buttons[buttons.length - 1] as HTMLButtonElement);
    expect((await screen.findByRole('alert')).textContent).toBe('Type a reason for this action (30057)');
    expect(dialog()).not.toBeNull();
    expect(run).toHaveBeenCalledWith('chargeback');
    // the reason is still there; Confirm again succeeds and closes
    expect((screen.getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe('  chargeback  ');
    const again = screen.getAllByRole('button', { name: 'Suspend' });
    fireEvent.click(again[again.length - 1] as HTMLButtonElement);
    await waitFor(() => expect(dialog()).toBeNull());
    expect(run).toHaveBeenCalledTimes(2);
    expect(confirmButton().disabled).toBe(false);
  });

  it('an action without a confirmation runs at once', async () => {
    const run = vi.fn(async () => {});
    render(<Action run={run}>Refresh</Action>);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith(''));
    expect(dialog()).toBeNull();
  });
});
