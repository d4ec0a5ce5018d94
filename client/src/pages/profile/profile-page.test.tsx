import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { avatars, type UserInfo, userBase } from '../../../../shared/contract/user';
import { useUserStore } from '../../features/user/store';
import { initI18n } from '../../lib/i18n';
import { useOverlayStore } from '../../lib/overlays';
import { answer, pending, startContractServer } from '../../test/contract-server';
import ProfilePage from './profile-page';

const server = startContractServer();

const USER: UserInfo = {
  uid: 7,
  username: 'player01',
  nickname: 'Lucky',
  gender: 'male',
  phone: '',
  avatar: '',
  invitationCode: 'ABCD1234',
  vip: 2,
  bind: false,
  isNullPasswordTrade: true,
  hasSignUp: true,
  registrationCode: '',
  guest: false,
};

let location = '';
function Where() {
  const here = useLocation();
  location = `${here.pathname}${here.search}`;
  return null;
}

const renderAt = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ProfilePage />
      <Where />
    </MemoryRouter>,
  );

describe('Profile', () => {
  beforeAll(() => initI18n('en-US'));
  beforeEach(() => {
    useUserStore.getState().setUser(USER);
    useOverlayStore.getState().closeAll();
    // the personal sheet's details stay loading; the avatar choice is empty
    server.use(pending(userBase), answer(avatars, []));
  });
  afterEach(cleanup);

  it('?action=transactionPwd (the withdraw guard) opens the transaction-password form', () => {
    renderAt('/profile?action=transactionPwd');
    const sheet = screen.getByRole('dialog', { name: 'Transaction Password' });
    expect(within(sheet).getByRole('button', { name: 'Set transaction password' })).toBeTruthy();
    expect(within(sheet).queryByLabelText('Current transaction password')).toBeNull();
  });

  it('lists the profile menu of spec section 2 with the record filters', () => {
    renderAt('/profile');
    const menu = screen.getByRole('region', { name: 'My account' });
    const rows = within(menu)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace('Not set', '').trim());
    expect(rows).toEqual([
      'Account Records',
      'Deposit Records',
      'Withdrawal Records',
      'Withdrawal Password',
      'Change Password',
    ]);
    expect(within(menu).getByRole('link', { name: 'Account Records' }).getAttribute('href')).toBe('/records');
    expect(within(menu).getByRole('link', { name: 'Deposit Records' }).getAttribute('href')).toBe(
      '/transactionHistory?tab=deposit',
    );
    expect(within(menu).getByRole('link', { name: 'Withdrawal Records' }).getAttribute('href')).toBe(
      '/transactionHistory?tab=withdraw',
    );
  });

  it('the security centre lists its four entries; Bind Wallet opens the bind-wallet popup', async () => {
    renderAt('/profile');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Security' })));
    expect(location).toBe('/profile?action=security');
    const sheet = screen.getByRole('dialog', { name: 'Security' });
    expect(
      within(sheet)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace('Not set', '').trim()),
    ).toEqual(['Personal Information', 'Bind Wallet', 'Change login Password', 'Transaction Password']);
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: 'Bind Wallet' })));
    expect(useOverlayStore.getState().showBindWallet).toBe(true);
    expect(location).toBe('/profile');
  });

  it('?action=bindWallet opens the popup and drops the query', () => {
    renderAt('/profile?action=bindWallet');
    expect(useOverlayStore.getState().showBindWallet).toBe(true);
    expect(location).toBe('/profile');
  });
});
