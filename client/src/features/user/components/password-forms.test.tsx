import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { md5 } from 'js-md5';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../../shared/codes';
import type { UserInfo } from '../../../../../shared/contract/user';
import { ApiError } from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { modifyLoginPassword } from '../api/modify-login-password';
import { modifyTradePassword } from '../api/modify-trade-password';
import { resetTradePassword } from '../api/reset-trade-password';
import { sendResetTradeSms } from '../api/send-reset-trade-sms';
import { useUserStore } from '../store';
import { ChangeLoginPasswordForm, TransactionPasswordForm } from './password-forms';

vi.mock('../api/modify-login-password', () => ({ modifyLoginPassword: vi.fn() }));
vi.mock('../api/modify-trade-password', () => ({ modifyTradePassword: vi.fn(async () => null) }));
vi.mock('../api/reset-trade-password', () => ({ resetTradePassword: vi.fn() }));
vi.mock('../api/send-reset-trade-sms', () => ({ sendResetTradeSms: vi.fn(async () => ({ cooldownSeconds: 60 })) }));
vi.mock('../../../lib/app-actions', () => ({ appActions: { refreshUser: vi.fn(async () => {}) } }));

const USER: UserInfo = {
  uid: 7,
  username: 'player01',
  nickname: '',
  gender: 'male',
  phone: '9*****6789',
  avatar: '',
  invitationCode: 'ABCD1234',
  vip: 0,
  bind: false,
  isNullPasswordTrade: true,
  hasSignUp: true,
  registrationCode: '',
  guest: false,
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
/** The message shown under a field, through its aria-describedby. */
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
};

describe('password forms', () => {
  beforeAll(() => initI18n('en-US'));
  beforeEach(() => useUserStore.getState().setUser(USER));
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('change login password: sends the md5 of both and shows a wrong current password under that field', async () => {
    vi.mocked(modifyLoginPassword).mockRejectedValueOnce(
      new ApiError('envelope', 'The current password is incorrect', Code.OLD_PASSWORD_WRONG, 200),
    );
    const onDone = vi.fn();
    render(<ChangeLoginPasswordForm onDone={onDone} />);
    type('Current password', 'old123');
    type('New password', 'new456');
    type('Confirm password', 'new456');
    await press('Save');
    expect(modifyLoginPassword).toHaveBeenCalledWith({ oldPassword: md5('old123'), newPassword: md5('new456') });
    expect(errorOf('Current password')).toBe('The current password is incorrect');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('change login password: a validation failure of the server lands on the body field it names', async () => {
    vi.mocked(modifyLoginPassword).mockRejectedValueOnce(
      new ApiError('envelope', 'newPassword: Format is incorrect', Code.VALIDATION, 200, [
        { field: 'newPassword', message: 'Format is incorrect' },
      ]),
    );
    render(<ChangeLoginPasswordForm onDone={vi.fn()} />);
    type('Current password', 'old123');
    type('New password', 'new456');
    type('Confirm password', 'new456');
    await press('Save');
    expect(errorOf('New password')).toBe('Format is incorrect');
  });

  it('sets a first transaction password without an old one, then clears isNullPasswordTrade', async () => {
    const onDone = vi.fn();
    render(<TransactionPasswordForm onDone={onDone} onBindPhone={vi.fn()} />);
    expect(screen.queryByLabelText('Current transaction password')).toBeNull();
    type('New transaction password', 'trade1');
    type('Confirm transaction password', 'trade2');
    await press('Set transaction password');
    expect(errorOf('Confirm transaction password')).toBe('Password is not match');
    expect(modifyTradePassword).not.toHaveBeenCalled();
    type('Confirm transaction password', 'trade1');
    await press('Set transaction password');
    expect(modifyTradePassword).toHaveBeenCalledWith({ newPassword: md5('trade1') });
    expect(useUserStore.getState().userInfo?.isNullPasswordTrade).toBe(false);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('resets the transaction password with an SMS code; a wrong code shows under the code field', async () => {
    useUserStore.getState().setUser({ ...USER, isNullPasswordTrade: false });
    vi.mocked(resetTradePassword).mockRejectedValueOnce(
      new ApiError('envelope', 'The verification code is wrong or expired', Code.SMS_CODE_INVALID, 200),
    );
    render(<TransactionPasswordForm onDone={vi.fn()} onBindPhone={vi.fn()} />);
    await press('Forgot it? Reset with a text message');
    await press('Send code');
    expect(sendResetTradeSms).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: /Resend in/ })).toBeTruthy();
    type('Verification code', '12a3456789');
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('123456');
    type('New transaction password', 'trade9');
    type('Confirm transaction password', 'trade9');
    await press('Save');
    expect(resetTradePassword).toHaveBeenCalledWith({ code: '123456', password: md5('trade9') });
    expect(errorOf('Verification code')).toBe('The verification code is wrong or expired');
  });
});
