import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { createOperator, listOperators, updateOperator } from '../../../shared/contract/ops-operators';
import { answer, refuse, sent, startContractServer } from '../../src/test/contract-server';
import { grant } from '../api';
import { Operators } from './operators';

const server = startContractServer();

const ALMA = {
  id: 1,
  name: 'alma',
  role: 'admin' as const,
  disabled: false,
  enrolled: true,
  createdAt: '2026-11-20T01:00:00.000Z',
  lastLoginAt: '2026-11-20T02:00:00.000Z',
};

const OPERATORS = [
  ALMA,
  {
    id: 2,
    name: 'tess',
    role: 'tester' as const,
    disabled: false,
    enrolled: true,
    createdAt: '2026-11-20T01:00:00.000Z',
    lastLoginAt: null,
  },
];

const options = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((o) => `${o.value}${o.disabled ? ' (disabled)' : ''}`);

describe('back office: operators and the roles each may grant', () => {
  afterEach(() => {
    cleanup();
    grant([]);
  });

  it('offers an admin every role but tester, says why, and keeps a tester account out of its reach', async () => {
    grant(['operators.manage'], false);
    server.use(answer(listOperators, OPERATORS));
    render(<Operators />);
    await screen.findByText('tess');
    expect(options(screen.getByLabelText('New operator role'))).toEqual(['support', 'cashier', 'risk', 'admin']);
    expect(screen.getByRole('note').textContent).toMatch(/No tester role here: only the service account/);
    // the tester's row shows its role, not offered to others; its password and 2FA are the service's
    expect(options(screen.getByLabelText('Role of tess'))).toEqual([
      'tester (disabled)',
      'support',
      'cashier',
      'risk',
      'admin',
    ]);
    expect(options(screen.getByLabelText('Role of alma'))).toEqual(['support', 'cashier', 'risk', 'admin']);
    const tessRow = screen.getByText('tess').closest('tr') as HTMLElement;
    expect((within(tessRow).getByRole('button', { name: 'New password' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(tessRow).getByRole('button', { name: 'Reset 2FA' }) as HTMLButtonElement).disabled).toBe(true);
    const almaRow = screen.getByText('alma').closest('tr') as HTMLElement;
    expect((within(almaRow).getByRole('button', { name: 'Reset 2FA' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers the service account the tester role too, with no hint', async () => {
    grant(['operators.manage'], true);
    server.use(
      answer(listOperators, OPERATORS),
      answer(createOperator, {
        operator: { ...OPERATORS[1], id: 3, name: 'tina', enrolled: false } as (typeof OPERATORS)[number],
        enrol: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Casino%20PH:tina?secret=JBSWY3DPEHPK3PXP' },
      }),
    );
    render(<Operators />);
    await screen.findByText('tess');
    expect(options(screen.getByLabelText('New operator role'))).toEqual([
      'support',
      'cashier',
      'risk',
      'admin',
      'tester',
    ]);
    expect(screen.queryByRole('note')).toBeNull();
    // a new tester: its secret shown as a QR code beside the text
    fireEvent.change(screen.getByLabelText('New operator name'), { target: { value: 'tina' } });
    fireEvent.change(screen.getByLabelText('New operator role'), { target: { value: 'tester' } });
    fireEvent.change(screen.getByLabelText('First password'), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(sent(createOperator)).toEqual([{ name: 'tina', role: 'tester', password: 'a-long-password' }]);
  });

  it("changes a role in the dialog with a reason; the server's refusal is shown there", async () => {
    grant(['operators.manage'], false);
    server.use(
      answer(listOperators, OPERATORS),
      refuse(updateOperator, Code.OPS_LAST_ADMIN, { once: true }),
      answer(updateOperator, { ...ALMA, role: 'risk' }),
    );
    render(<Operators />);
    await screen.findByText('alma');
    fireEvent.change(screen.getByLabelText('Role of alma'), { target: { value: 'risk' } });
    const dialog = screen.getByRole('dialog', { name: 'Make alma a risk?' });
    const change = within(dialog).getByRole('button', { name: 'Change role' }) as HTMLButtonElement;
    expect(change.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'moved to risk team' } });
    fireEvent.click(change);
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/\(30\d+\)$/);
    fireEvent.click(change);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(updateOperator)).toEqual([
      { role: 'risk', reason: 'moved to risk team' },
      { role: 'risk', reason: 'moved to risk team' },
    ]);
  });
});
