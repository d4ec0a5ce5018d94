import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../../../../../shared/codes';
import { Button, useBusy } from '../../../components/button';
import { Form, NewPasswordFields, PasswordField, SmsCodeField } from '../../../components/fields';
import { EmptyState } from '../../../components/states';
import { appActions } from '../../../lib/app-actions';
import { useFieldErrors } from '../../../lib/form';
import { hashPassword } from '../../../lib/password';
import { checks } from '../../../lib/validate';
import { modifyLoginPassword } from '../api/modify-login-password';
import { modifyTradePassword } from '../api/modify-trade-password';
import { resetTradePassword } from '../api/reset-trade-password';
import { sendResetTradeSms } from '../api/send-reset-trade-sms';
import { useUserStore } from '../store';

type Field = 'old' | 'code' | 'next' | 'confirm';

/** Where the server's refusals of these forms show: wrong current password, same password, bad code. */
const SERVER_FIELDS = {
  fields: { oldPassword: 'old', newPassword: 'next', password: 'next', code: 'code' },
  codes: {
    [Code.OLD_PASSWORD_WRONG]: 'old',
    [Code.ACCOUNT_LOCKED]: 'old',
    [Code.SAME_PASSWORD]: 'next',
    [Code.SMS_CODE_INVALID]: 'code',
    [Code.SMS_COOLDOWN]: 'code',
  },
} as const;

/** Change the login password: current, new and its confirmation. The server ends the other sessions. */
export function ChangeLoginPasswordForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, check, send } = useFieldErrors<Field>(SERVER_FIELDS);
  const [busy, submit] = useBusy(async () => {
    const valid = check({
      old: () => checks.password(old),
      next: () => checks.password(next),
      confirm: () => checks.confirm(confirm, next),
    });
    if (!valid) return;
    await send(() => modifyLoginPassword({ oldPassword: hashPassword(old), newPassword: hashPassword(next) }));
    onDone();
  });
  return (
    <Form onSubmit={submit}>
      <PasswordField
        label={t('security.currentPassword')}
        placeholder={t('security.currentPasswordPlaceholder')}
        value={old}
        onChange={setOld}
        error={errors.old}
        autoComplete="current-password"
      />
      <NewPasswordFields
        password={{ value: next, onChange: setNext, error: errors.next }}
        confirm={{ value: confirm, onChange: setConfirm, error: errors.confirm }}
      />
      <Button type="submit" block size="lg" loading={busy}>
        {t('common.save')}
      </Button>
    </Form>
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
  const { errors, check, send } = useFieldErrors<Field>(SERVER_FIELDS);

  const [busy, submit] = useBusy(async () => {
    const valid = check({
      old: () => (mode === 'change' ? checks.password(old) : null),
      code: () => (mode === 'reset' ? checks.smsCode(code) : null),
      next: () => checks.password(next),
      confirm: () => checks.confirmTrade(confirm, next),
    });
    if (!valid) return;
    await send(() =>
      mode === 'reset'
        ? resetTradePassword({ code, password: hashPassword(next) })
        : modifyTradePassword({
            ...(mode === 'change' ? { oldPassword: hashPassword(old) } : {}),
            newPassword: hashPassword(next),
          }),
    );
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
    <Form onSubmit={submit}>
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
          placeholder={t('security.currentPasswordPlaceholder')}
          value={old}
          onChange={setOld}
          error={errors.old}
          autoComplete="off"
        />
      ) : null}
      {mode === 'reset' ? (
        <SmsCodeField
          value={code}
          onChange={setCode}
          error={errors.code}
          send={async () => (await send(sendResetTradeSms)).cooldownSeconds}
        />
      ) : null}
      <NewPasswordFields
        label={t('security.newTradePassword')}
        confirmLabel={t('security.confirmTradePassword')}
        autoComplete="off"
        password={{ value: next, onChange: setNext, error: errors.next }}
        confirm={{ value: confirm, onChange: setConfirm, error: errors.confirm }}
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
    </Form>
  );
}
