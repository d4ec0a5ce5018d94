import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputFilter, PASSWORD_MAX } from '../../../../../shared/rules';
import { Button, useBusy } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { SendCodeButton } from '../../../components/send-code-button';
import { hashPassword } from '../../../lib/password';
import { filterLocalMobile } from '../../../lib/phone';
import { checks, focusFirstInvalid, validate } from '../../../lib/validate';
import { resetLoginPassword } from '../api/reset-login-password';
import { sendResetLoginSms } from '../api/send-reset-login-sms';

type Field = 'phone' | 'code' | 'password' | 'confirm';

/** Reset the login password with a code sent by SMS to the account's mobile number. */
export function ForgotPasswordForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const send = async () => {
    const invalid = checks.registrationPhone(phone);
    setErrors((e) => ({ ...e, phone: invalid ?? undefined }));
    if (invalid) throw new Error(invalid);
    const { cooldownSeconds } = await sendResetLoginSms(phone);
    return cooldownSeconds;
  };

  const [busy, submit] = useBusy(async () => {
    const result = validate<Field>({
      phone: () => checks.registrationPhone(phone),
      code: () => checks.smsCode(code),
      password: () => checks.password(password),
      confirm: () => checks.confirm(confirm, password),
    });
    setErrors(result.errors);
    if (!result.ok) {
      focusFirstInvalid();
      return;
    }
    await resetLoginPassword({ phone, code, password: hashPassword(password) });
    onDone();
  });

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('auth.phone')}
        placeholder={t('auth.registrationPhoneRule')}
        prefix="+63"
        inputMode="numeric"
        value={phone}
        onChange={setPhone}
        filter={filterLocalMobile}
        error={errors.phone}
        autoComplete="tel-national"
      />
      <TextField
        label={t('auth.smsCode')}
        placeholder={t('auth.smsCodePlaceholder')}
        inputMode="numeric"
        value={code}
        onChange={setCode}
        filter={(v) => InputFilter.digits(v).slice(0, 6)}
        error={errors.code}
        autoComplete="one-time-code"
        suffix={<SendCodeButton send={send} />}
      />
      <TextField
        label={t('auth.newPassword')}
        placeholder={t('auth.passwordRule')}
        type="password"
        revealable
        value={password}
        onChange={setPassword}
        filter={(v) => InputFilter.lettersAndDigits(v).slice(0, PASSWORD_MAX)}
        error={errors.password}
        autoComplete="new-password"
      />
      <TextField
        label={t('auth.confirmPassword')}
        placeholder={t('auth.confirmPasswordPlaceholder')}
        type="password"
        revealable
        value={confirm}
        onChange={setConfirm}
        filter={(v) => InputFilter.lettersAndDigits(v).slice(0, PASSWORD_MAX)}
        error={errors.confirm}
        autoComplete="new-password"
      />
      <Button type="submit" block size="lg" loading={busy}>
        {t('auth.resetPassword')}
      </Button>
    </form>
  );
}
