import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../../../../../shared/codes';
import { bindSuperior, type UserInfo } from '../../../../../shared/contract/user';
import { appActions } from '../../../lib/app-actions';
import { initI18n } from '../../../lib/i18n';
import { answer, refuse, sent, startContractServer } from '../../../test/contract-server';
import { useUserStore } from '../store';
import { BindSuperiorForm } from './bind-superior-form';

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

const field = () => screen.getByLabelText('Who invited you?');
const press = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Bind' })));

describe('binding a superior after sign-up', () => {
  beforeAll(() => initI18n('en-US'));
  beforeEach(() => {
    useUserStore.getState().setUser(USER);
    // the app layer's own action (not an API answer): the form asks it to reload the user
    vi.spyOn(appActions, 'refreshUser').mockResolvedValue();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('sends the code typed, then reloads the user', async () => {
    server.use(answer(bindSuperior, null));
    render(<BindSuperiorForm />);
    fireEvent.change(field(), { target: { value: 'wxyz2345' } });
    await press();
    expect(sent(bindSuperior)).toEqual([{ inviteCode: 'wxyz2345' }]);
    expect(appActions.refreshUser).toHaveBeenCalledOnce();
  });

  it('asks for a code before sending, and shows an unknown one under the field', async () => {
    render(<BindSuperiorForm />);
    await press();
    expect(sent(bindSuperior)).toEqual([]);
    expect(screen.getByText('Please enter the invitation code')).toBeTruthy();
    server.use(refuse(bindSuperior, Code.INVITE_CODE_INVALID));
    fireEvent.change(field(), { target: { value: 'ZZZZ9999' } });
    await press();
    expect(screen.getByText('This invitation code does not exist')).toBeTruthy();
  });

  it('shows the code already bound instead of the form, and nothing to a guest', () => {
    useUserStore.getState().setUser({ ...USER, registrationCode: 'BOSS0001' });
    const { unmount } = render(<BindSuperiorForm />);
    expect(screen.getByTestId('superior-bound').textContent).toBe('Invited by BOSS0001');
    expect(screen.queryByRole('button', { name: 'Bind' })).toBeNull();
    unmount();
    useUserStore.getState().setUser({ ...USER, guest: true });
    const { container } = render(<BindSuperiorForm />);
    expect(container.textContent).toBe('');
  });
});
