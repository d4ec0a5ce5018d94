import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../../../shared/codes';
import { Button, useBusy } from '../../../components/button';
import { Form, NewPasswordFields, PhoneField, SmsCodeField } from '../../../components/fields';
import { useFieldErrors } from '../../../lib/form';
import { hashPassword } from '../../../lib/password';
import { checks } from '../../../lib/validate';
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
  const { errors, check, send, setError } = useFieldErrors<Field>({
    fields: { phone: 'phone', code: 'code', password: 'password' },
    codes: {
      [Code.SMS_COOLDOWN]: 'code',
      [Code.SMS_CODE_INVALID]: 'code',
    },
  });

  const sendCode = async () => {
    const invalid = checks.registrationPhone(phone);
    setError('phone', invalid);
    if (invalid) throw new Error(invalid);
    const { cooldownSeconds } = await send(() => sendResetLoginSms(phone));
    return cooldownSeconds;
  };

  const [busy, submit] = useBusy(async () => {
    const valid = check({
      phone: () => checks.registrationPhone(phone),
      code: () => checks.smsCode(code),
      password: () => checks.password(password),
      confirm: () => checks.confirm(confirm, password),
    });
    if (!valid) return;
    await send(() => resetLoginPassword({ phone, code, password: hashPassword(password) }));
    onDone();
  });

  return (
    <Form onSubmit={submit}>
      <PhoneField value={phone} onChange={setPhone} error={errors.phone} />
      <SmsCodeField value={code} onChange={setCode} error={errors.code} send={sendCode} />
      <NewPasswordFields
        password={{ value: password, onChange: setPassword, error: errors.password }}
        confirm={{ value: confirm, onChange: setConfirm, error: errors.confirm }}
      />
      <Button type="submit" block size="lg" loading={busy}>
        {t('auth.resetPassword')}
      </Button>
    </Form>
  );
}
