import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { md5 } from 'js-md5';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../../shared/codes';
import {
  modifyLoginPassword,
  modifyTradePassword,
  resetTradePassword,
  sendResetTradeSms,
  type UserInfo,
} from '../../../../../shared/contract/user';
import { codeMessage } from '../../../../../shared/messages';
import { appActions } from '../../../lib/app-actions';
import { initI18n } from '../../../lib/i18n';
import { answer, refuse, sent, startContractServer } from '../../../test/contract-server';
import { useUserStore } from '../store';
import { ChangeLoginPasswordForm, TransactionPasswordForm } from './password-forms';

const server = startContractServer();

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
  beforeEach(() => {
    useUserStore.getState().setUser(USER);
    // the app layer's own action (not an API answer): the forms ask it to reload the user
    vi.spyOn(appActions, 'refreshUser').mockResolvedValue();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('change login password: sends the md5 of both and shows a wrong current password under that field', async () => {
    server.use(refuse(modifyLoginPassword, Code.OLD_PASSWORD_WRONG));
    const onDone = vi.fn();
    render(<ChangeLoginPasswordForm onDone={onDone} />);
    type('Current password', 'old123');
    type('New password', 'new456');
    type('Confirm password', 'new456');
    await press('Save');
    expect(sent(modifyLoginPassword)).toEqual([{ oldPassword: md5('old123'), newPassword: md5('new456') }]);
    expect(errorOf('Current password')).toBe(codeMessage(Code.OLD_PASSWORD_WRONG, 'en-US'));
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('change login password: a validation failure of the server lands on the body field it names', async () => {
    server.use(
      refuse(modifyLoginPassword, Code.VALIDATION, {
        msg: 'newPassword: Format is incorrect',
        data: [{ field: 'newPassword', message: 'Format is incorrect' }],
      }),
    );
    render(<ChangeLoginPasswordForm onDone={vi.fn()} />);
    type('Current password', 'old123');
    type('New password', 'new456');
    type('Confirm password', 'new456');
    await press('Save');
    expect(errorOf('New password')).toBe('Format is incorrect');
  });

  it('sets a first transaction password without an old one, then clears isNullPasswordTrade', async () => {
    server.use(answer(modifyTradePassword, null));
    const onDone = vi.fn();
    render(<TransactionPasswordForm onDone={onDone} onBindPhone={vi.fn()} />);
    expect(screen.queryByLabelText('Current transaction password')).toBeNull();
    type('New transaction password', 'trade1');
    type('Confirm transaction password', 'trade2');
    await press('Set transaction password');
    expect(errorOf('Confirm transaction password')).toBe('Password is not match');
    expect(sent(modifyTradePassword)).toEqual([]);
    type('Confirm transaction password', 'trade1');
    await press('Set transaction password');
    expect(sent(modifyTradePassword)).toEqual([{ newPassword: md5('trade1') }]);
    expect(useUserStore.getState().userInfo?.isNullPasswordTrade).toBe(false);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('resets the transaction password with an SMS code; a wrong code shows under the code field', async () => {
    useUserStore.getState().setUser({ ...USER, isNullPasswordTrade: false });
    server.use(answer(sendResetTradeSms, { cooldownSeconds: 60 }), refuse(resetTradePassword, Code.SMS_CODE_INVALID));
    render(<TransactionPasswordForm onDone={vi.fn()} onBindPhone={vi.fn()} />);
    await press('Forgot it? Reset with a text message');
    await press('Send code');
    expect(sent(sendResetTradeSms)).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Resend in/ })).toBeTruthy();
    type('Verification code', '12a3456789');
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('123456');
    type('New transaction password', 'trade9');
    type('Confirm transaction password', 'trade9');
    await press('Save');
    expect(sent(resetTradePassword)).toEqual([{ code: '123456', password: md5('trade9') }]);
    expect(errorOf('Verification code')).toBe(codeMessage(Code.SMS_CODE_INVALID, 'en-US'));
  });
});
