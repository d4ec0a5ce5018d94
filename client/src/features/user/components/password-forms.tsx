import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputFilter, PASSWORD_MAX } from '../../../../../shared/rules';
import { Button, useBusy } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { SendCodeButton } from '../../../components/send-code-button';
import { EmptyState } from '../../../components/states';
import { appActions } from '../../../lib/app-actions';
import { hashPassword } from '../../../lib/password';
import { checks, focusFirstInvalid, validate } from '../../../lib/validate';
import { modifyLoginPassword } from '../api/modify-login-password';
import { modifyTradePassword } from '../api/modify-trade-password';
import { resetTradePassword } from '../api/reset-trade-password';
import { sendResetTradeSms } from '../api/send-reset-trade-sms';
import { useUserStore } from '../store';

const passwordFilter = (v: string) => InputFilter.lettersAndDigits(v).slice(0, PASSWORD_MAX);

function PasswordField(props: {
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  autoComplete: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      type="password"
      revealable
      filter={passwordFilter}
      placeholder={props.placeholder ?? t('auth.passwordRule')}
      {...props}
    />
  );
}

/** Change the login password: current, new and its confirmation. The server ends the other sessions. */
export function ChangeLoginPasswordForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, submit] = useBusy(async () => {
    const result = validate({
      old: () => checks.password(old),
      next: () => checks.password(next),
      confirm: () => checks.confirm(confirm, next),
    });
    setErrors(result.errors);
    if (!result.ok) {
      focusFirstInvalid();
      return;
    }
    await modifyLoginPassword({ oldPassword: hashPassword(old), newPassword: hashPassword(next) });
    onDone();
  });
  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <PasswordField
        label={t('security.currentPassword')}
        value={old}
        onChange={setOld}
        error={errors.old}
        autoComplete="current-password"
        placeholder={t('security.currentPasswordPlaceholder')}
      />
      <PasswordField
        label={t('auth.newPassword')}
        value={next}
        onChange={setNext}
        error={errors.next}
        autoComplete="new-password"
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        value={confirm}
        onChange={setConfirm}
        error={errors.confirm}
        autoComplete="new-password"
        placeholder={t('auth.confirmPasswordPlaceholder')}
      />
      <Button type="submit" block size="lg" loading={busy}>
        {t('common.save')}
      </Button>
    </form>
  );
}

type TradeMode = 'set' | 'change' | 'reset';

/**
 * The transaction (withdrawal) password: set it while none exists (isNullPasswordTrade), change it with the
 * current one, or reset it with an SMS code to the bound phone (a bound phone is needed first).
 */
export function TransactionPasswordForm({ onDone, onBindPhone }: { onDone(): void; onBindPhone(): void }) {
  const { t } = useTranslation();
  const user = useUserStore((s) => s.userInfo);
  const setUser = useUserStore((s) => s.setUser);
  const initial: TradeMode = user?.isNullPasswordTrade ? 'set' : 'change';
  const [mode, setMode] = useState<TradeMode>(initial);
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const [busy, submit] = useBusy(async () => {
    const result = validate({
      old: () => (mode === 'change' ? checks.password(old) : null),
      code: () => (mode === 'reset' ? checks.smsCode(code) : null),
      next: () => checks.password(next),
      confirm: () => checks.confirmTrade(confirm, next),
    });
    setErrors(result.errors);
    if (!result.ok) {
      focusFirstInvalid();
      return;
    }
    if (mode === 'reset') await resetTradePassword({ code, password: hashPassword(next) });
    else
      await modifyTradePassword({
        ...(mode === 'change' ? { oldPassword: hashPassword(old) } : {}),
        newPassword: hashPassword(next),
      });
    if (user?.isNullPasswordTrade) setUser({ ...user, isNullPasswordTrade: false });
    void appActions.refreshUser().catch(() => {});
    onDone();
  });

  if (mode === 'reset' && !user?.phone) {
    return (
      <EmptyState
        title={t('security.needPhoneTitle')}
        text={t('security.needPhoneText')}
        action={<Button onClick={onBindPhone}>{t('security.bindPhone')}</Button>}
      />
    );
  }

  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="form__note">
        {mode === 'set'
          ? t('security.tradeSetIntro')
          : mode === 'change'
            ? t('security.tradeChangeIntro')
            : t('security.tradeResetIntro', { phone: user?.phone ?? '' })}
      </p>
      {mode === 'change' ? (
        <PasswordField
          label={t('security.currentTradePassword')}
          value={old}
          onChange={setOld}
          error={errors.old}
          autoComplete="off"
          placeholder={t('security.currentPasswordPlaceholder')}
        />
      ) : null}
      {mode === 'reset' ? (
        <TextField
          label={t('auth.smsCode')}
          placeholder={t('auth.smsCodePlaceholder')}
          inputMode="numeric"
          value={code}
          onChange={setCode}
          filter={(v) => InputFilter.digits(v).slice(0, 6)}
          error={errors.code}
          autoComplete="one-time-code"
          suffix={<SendCodeButton send={async () => (await sendResetTradeSms()).cooldownSeconds} />}
        />
      ) : null}
      <PasswordField
        label={t('security.newTradePassword')}
        value={next}
        onChange={setNext}
        error={errors.next}
        autoComplete="off"
      />
      <PasswordField
        label={t('security.confirmTradePassword')}
        value={confirm}
        onChange={setConfirm}
        error={errors.confirm}
        autoComplete="off"
        placeholder={t('auth.confirmPasswordPlaceholder')}
      />
      <Button type="submit" block size="lg" loading={busy}>
        {mode === 'set' ? t('security.setTradePassword') : t('common.save')}
      </Button>
      {mode === 'change' ? (
        <button type="button" className="link form__alt" onClick={() => setMode('reset')}>
          {t('security.forgotTradePassword')}
        </button>
      ) : null}
      {mode === 'reset' ? (
        <button type="button" className="link form__alt" onClick={() => setMode('change')}>
          {t('security.rememberTradePassword')}
        </button>
      ) : null}
    </form>
  );
}
