import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { md5 } from 'js-md5';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { register, registerFlag } from '../../../../../shared/contract/user';
import { initI18n } from '../../../lib/i18n';
import { answer, recorded, sent, startContractServer } from '../../../test/contract-server';
import { RegisterForm } from './register-form';

const server = startContractServer();
/** The account the server answers a sign-up with: the one recorded from the scenarios. */
const SIGNED_UP = recorded(register);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign up' })));

describe('RegisterForm', () => {
  beforeAll(() => initI18n('en-US'));
  beforeEach(() => {
    server.use(answer(register, SIGNED_UP), answer(registerFlag, { usernameTaken: false, phoneTaken: false }));
  });
  afterEach(cleanup);

  const setup = () => {
    const onSuccess = vi.fn();
    render(
      <MemoryRouter>
        <RegisterForm onSuccess={onSuccess} />
      </MemoryRouter>,
    );
    return onSuccess;
  };

  it('shows the exact messages of spec section 5 and sends nothing', async () => {
    setup();
    type('Username', 'abc');
    type('Password', 'abc12');
    type('Confirm password', 'zzz');
    type('Mobile number', '812345678');
    await submit();
    expect(screen.getByText('Please enter 6-13 alphanumeric without special character')).toBeTruthy();
    expect(screen.getByText('Please enter 6-12 alphanumeric without special character')).toBeTruthy();
    expect(screen.getByText('Two password entries are inconsistent!')).toBeTruthy();
    expect(screen.getByText('Format is incorrect')).toBeTruthy();
    expect(screen.getByText('Please confirm you are 21 or older and accept the terms')).toBeTruthy();
    expect(sent(register)).toEqual([]);
  });

  it('filters what is typed (letters and digits, digits only, lengths)', () => {
    setup();
    type('Username', 'ab_c d!e12345678901');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('abcde12345678');
    type('Mobile number', '+63 (912) 345-67890');
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('9123456789');
  });

  it('needs all three confirmations, then registers with the md5 of the password and agree: true', async () => {
    const onSuccess = setup();
    type('Username', 'player01');
    type('Password', 'abc123');
    type('Confirm password', 'abc123');
    type('Mobile number', '9123456789');
    type('Verification code', '123456');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[1]!);
    await submit();
    expect(sent(register)).toEqual([]);
    fireEvent.click(boxes[2]!);
    await submit();
    expect(sent(register)).toEqual([
      {
        username: 'player01',
        password: md5('abc123'),
        phone: '9123456789',
        smsCode: '123456',
        agree: true,
      },
    ]);
    expect(onSuccess).toHaveBeenCalledWith(SIGNED_UP);
  });
});
