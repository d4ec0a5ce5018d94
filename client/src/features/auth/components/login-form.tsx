import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserInfo } from '../../../../../shared/contract/user';
import { InputFilter, PASSWORD_MAX, USERNAME_MAX } from '../../../../../shared/rules';
import { Button, useBusy } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { hashPassword } from '../../../lib/password';
import { checks, focusFirstInvalid, validate } from '../../../lib/validate';
import { guestLogin } from '../api/guest-login';
import { login } from '../api/login';

/** Username (or phone) and password, plus guest login. Calls onSuccess with the logged-in user. */
export function LoginForm({ onSuccess, onNavigate }: { onSuccess(user: UserInfo): void; onNavigate?(): void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});

  const [busy, submit] = useBusy(async () => {
    const result = validate({ username: () => checks.required(username), password: () => checks.password(password) });
    setErrors(result.errors);
    if (!result.ok) {
      focusFirstInvalid();
      return;
    }
    const user = await login({ username, password: hashPassword(password) });
    onSuccess(user);
  });
  const [guestBusy, asGuest] = useBusy(async () => onSuccess(await guestLogin()));

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
      <TextField
        label={t('auth.password')}
        placeholder={t('auth.passwordPlaceholder')}
        type="password"
        revealable
        value={password}
        onChange={setPassword}
        filter={(v) => InputFilter.lettersAndDigits(v).slice(0, PASSWORD_MAX)}
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
    </form>
  );
}
