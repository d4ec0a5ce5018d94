import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Code } from '../../../../../shared/codes';
import type { UserInfo } from '../../../../../shared/contract/user';
import { InputFilter, USERNAME_MAX } from '../../../../../shared/field-rules';
import { Button, useBusy } from '../../../components/button';
import { Checkbox, Form, NewPasswordFields, PhoneField, SmsCodeField, TextField } from '../../../components/fields';
import { useFieldErrors } from '../../../lib/form';
import { useOverlayStore } from '../../../lib/overlays';
import { hashPassword } from '../../../lib/password';
import { checks } from '../../../lib/validate';
import { checkRegisterFlag } from '../api/check-register-flag';
import { guestSignUp } from '../api/guest-sign-up';
import { register } from '../api/register';
import { sendRegisterSms } from '../api/send-register-sms';

type Field = 'username' | 'password' | 'confirm' | 'phone' | 'code' | 'inviteCode' | 'agree';

/**
 * Sign-up (spec section 5): username 6-13 alphanumeric, password 6-12, confirmation, the 10-digit
 * mobile number after a fixed +63 with the code texted to it (issue 29 item 4), an optional invitation code,
 * and the three confirmations.
 */
export function RegisterForm({
  inviteCode: initialCode = '',
  guest = false,
  onSuccess,
}: {
  inviteCode?: string;
  /** The player is a guest: the sign-up turns the guest account into a registered one (same uid, balance). */
  guest?: boolean;
  onSuccess(user: UserInfo): void;
}) {
  const { t } = useTranslation();
  const openDocument = useOverlayStore((s) => s.openDocument);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [inviteCode, setInviteCode] = useState(initialCode);
  const [adult, setAdult] = useState(false);
  const [notOfficial, setNotOfficial] = useState(false);
  const [notStudent, setNotStudent] = useState(false);
  const { errors, check, send, setError } = useFieldErrors<Field>({
    fields: {
      username: 'username',
      password: 'password',
      phone: 'phone',
      smsCode: 'code',
      inviteCode: 'inviteCode',
      agree: 'agree',
    },
    codes: {
      [Code.USERNAME_TAKEN]: 'username',
      [Code.PHONE_TAKEN]: 'phone',
      [Code.SMS_CODE_INVALID]: 'code',
      [Code.SMS_COOLDOWN]: 'code',
      [Code.INVITE_CODE_INVALID]: 'inviteCode',
      [Code.TERMS_NOT_ACCEPTED]: 'agree',
    },
  });

  /** Early "taken" hints while the player fills the form; transport errors stay silent here. */
  const checkTaken = async (field: 'username' | 'phone', value: string) => {
    const invalid = field === 'username' ? checks.username(value) : checks.registrationPhone(value);
    if (invalid) return;
    try {
      const flags = await checkRegisterFlag(field === 'username' ? { username: value } : { phone: value });
      if (field === 'username' && flags.usernameTaken) setError('username', t('auth.usernameTaken'));
      if (field === 'phone' && flags.phoneTaken) setError('phone', t('auth.phoneTaken'));
    } catch {
      // the server answers again on submit
    }
  };

  /** Texts the code to the number; its cool-down shows on the button. */
  const sendCode = async () => {
    const invalid = checks.registrationPhone(phone);
    setError('phone', invalid);
    if (invalid) throw new Error(invalid);
    const { cooldownSeconds } = await send(() => sendRegisterSms(phone));
    return cooldownSeconds;
  };

  const [busy, submit] = useBusy(async () => {
    const valid = check({
      username: () => checks.username(username),
      password: () => checks.password(password),
      confirm: () => checks.confirm(confirm, password),
      phone: () => checks.registrationPhone(phone),
      // Empty: the server says whether the code is needed (an operator may turn it off).
      code: () => (code ? checks.smsCode(code) : null),
      inviteCode: () => checks.invitationCode(inviteCode),
      agree: () => (adult && notOfficial && notStudent ? null : t('auth.confirmAll')),
    });
    if (!valid) return;
    const body = {
      username,
      password: hashPassword(password),
      phone,
      ...(code ? { smsCode: code } : {}),
      ...(inviteCode ? { inviteCode } : {}),
      agree: true as const,
    };
    const user = await send(() => (guest ? guestSignUp(body) : register(body)));
    onSuccess(user);
  });

  return (
    <Form onSubmit={submit}>
      <TextField
        label={t('auth.username')}
        placeholder={t('auth.usernameRule')}
        value={username}
        onChange={(v) => {
          setUsername(v);
          if (errors.username) setError('username', undefined);
        }}
        onBlur={() => void checkTaken('username', username)}
        filter={(v) => InputFilter.lettersAndDigits(v).slice(0, USERNAME_MAX)}
        error={errors.username}
        autoComplete="username"
        autoCapitalize="none"
      />
      <NewPasswordFields
        label={t('auth.password')}
        password={{ value: password, onChange: setPassword, error: errors.password }}
        confirm={{ value: confirm, onChange: setConfirm, error: errors.confirm }}
      />
      <PhoneField
        value={phone}
        onChange={(v) => {
          setPhone(v);
          if (errors.phone) setError('phone', undefined);
        }}
        onBlur={() => void checkTaken('phone', phone)}
        error={errors.phone}
      />
      <SmsCodeField value={code} onChange={setCode} error={errors.code} send={sendCode} />
      <TextField
        label={t('auth.inviteCode')}
        placeholder={t('auth.optional')}
        value={inviteCode}
        onChange={setInviteCode}
        filter={(v) => InputFilter.lettersAndDigits(v).slice(0, 16)}
        error={errors.inviteCode}
        autoCapitalize="characters"
      />
      <fieldset className="confirmations" aria-describedby="register-penalty">
        <legend className="visually-hidden">{t('auth.confirmationsLegend')}</legend>
        <Checkbox checked={adult} onChange={setAdult} error={Boolean(errors.agree) && !adult}>
          <Trans
            i18nKey="auth.confirmAdult"
            components={{
              terms: <button type="button" className="link-inline" onClick={() => openDocument('termsAndCondition')} />,
              privacy: <button type="button" className="link-inline" onClick={() => openDocument('privacyPolicy')} />,
            }}
          />
        </Checkbox>
        <Checkbox checked={notOfficial} onChange={setNotOfficial} error={Boolean(errors.agree) && !notOfficial}>
          {t('auth.confirmNotOfficial')}
        </Checkbox>
        <Checkbox checked={notStudent} onChange={setNotStudent} error={Boolean(errors.agree) && !notStudent}>
          {t('auth.confirmNotStudent')}
        </Checkbox>
        {errors.agree ? (
          <p className="field__error" role="alert">
            {errors.agree}
          </p>
        ) : null}
        <p className="form__note" id="register-penalty">
          {t('auth.penaltyNote')}
        </p>
      </fieldset>
      <Button type="submit" block size="lg" loading={busy}>
        {t('auth.signUp')}
      </Button>
      {guest ? null : (
        <p className="form__alt">
          {t('auth.haveAccount')}{' '}
          <Link to="/login" className="link">
            {t('auth.login')}
          </Link>
        </p>
      )}
    </Form>
  );
}
