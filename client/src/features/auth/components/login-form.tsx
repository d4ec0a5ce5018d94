import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Code } from '../../../../../shared/codes';
import type { UserInfo } from '../../../../../shared/contract/user';
import { InputFilter, USERNAME_MAX } from '../../../../../shared/field-rules';
import { Button, useBusy } from '../../../components/button';
import { Form, PasswordField, TextField } from '../../../components/fields';
import { useFieldErrors } from '../../../lib/form';
import { hashPassword } from '../../../lib/password';
import { checks } from '../../../lib/validate';
import { guestLogin } from '../api/guest-login';
import { login } from '../api/login';

type Field = 'username' | 'password';

/** Username (or phone) and password, plus guest login. Calls onSuccess with the logged-in user. */
export function LoginForm({ onSuccess, onNavigate }: { onSuccess(user: UserInfo): void; onNavigate?(): void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { errors, check, send } = useFieldErrors<Field>({
    fields: { username: 'username', password: 'password' },
    codes: { [Code.LOGIN_FAILED]: 'password', [Code.ACCOUNT_LOCKED]: 'password' },
  });

  const [busy, submit] = useBusy(async () => {
    if (!check({ username: () => checks.required(username), password: () => checks.password(password) })) return;
    const user = await send(() => login({ username, password: hashPassword(password) }));
    onSuccess(user);
  });
  const [guestBusy, asGuest] = useBusy(async () => onSuccess(await guestLogin()));

  return (
    <Form onSubmit={submit}>
      <TextField
        label={t('auth.usernameOrPhone')}
        placeholder={t('auth.usernamePlaceholder')}
        value={username}
        onChange={setUsername}
        filter={(v) => InputFilter.lettersAndDigits(v).slice(0, USERNAME_MAX)}
        error={errors.username}
        autoComplete="username"
        autoCapitalize="none"
        enterKeyHint="next"
      />
      <PasswordField
        label={t('auth.password')}
        placeholder={t('auth.passwordPlaceholder')}
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="current-password"
        enterKeyHint="go"
      />
      <div className="form__row form__row--end">
        <Link to="/forgetPassword" className="link" onClick={onNavigate}>
          {t('auth.forgotPassword')}
        </Link>
      </div>
      <Button type="submit" block size="lg" loading={busy} disabled={guestBusy}>
        {t('auth.login')}
      </Button>
      <Button variant="secondary" block onClick={asGuest} loading={guestBusy} disabled={busy}>
        {t('auth.guestLogin')}
      </Button>
      <p className="form__alt">
        {t('auth.noAccount')}{' '}
        <Link to="/register" className="link" onClick={onNavigate}>
          {t('auth.signUp')}
        </Link>
      </p>
    </Form>
  );
}
