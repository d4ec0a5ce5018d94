import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputFilter, PASSWORD_MAX, PATTERNS, WITHDRAW_MIN } from '../../../../../shared/field-rules';
import { Button, IconButton, useBusy } from '../../../components/button';
import { SMS_CODE_LENGTH, SmsCodeField, TextField } from '../../../components/fields';
import { IconRefresh } from '../../../components/icons';
import { Skeleton } from '../../../components/states';
import { formatMoney } from '../../../lib/format';
import { hashPassword } from '../../../lib/password';
import { createWithdrawal } from '../api/create-withdrawal';
import { getCaptcha } from '../api/get-captcha';
import { sendWithdrawSms } from '../api/send-withdraw-sms';
import { filterAmount, parseAmount } from '../deposit-rules';

type Captcha = Awaited<ReturnType<typeof getCaptcha>>;
type Record = Awaited<ReturnType<typeof createWithdrawal>>;

export type WithdrawProblem = 'empty' | 'below' | 'aboveBalance' | 'aboveLimit' | null;

/** Why an amount cannot be withdrawn now, or null: at least 100, within the balance and what today leaves. */
export function withdrawAmountProblem(
  amount: number | null,
  available: number,
  remainingToday: number | null,
): WithdrawProblem {
  if (amount === null || amount <= 0) return 'empty';
  if (amount < WITHDRAW_MIN) return 'below';
  if (amount > available) return 'aboveBalance';
  if (remainingToday !== null && amount > remainingToday) return 'aboveLimit';
  return null;
}

/** The captcha (not a robot) field: the server's image, a refresh button and the answer. */
function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(async () => {
    setCaptcha(null);
    setFailed(false);
    try {
      setCaptcha(await getCaptcha());
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { captcha, failed, refresh };
}

/**
 * The withdrawal form: amount (two decimals, at least 100, "all" fills what may be withdrawn), the captcha,
 * the transaction password (sent as md5) and the SMS code texted to the bound phone (spec section 5: an OTP
 * field with a send button and its cool-down). A used or refused captcha is replaced by a new one; the SMS
 * code is kept after a refusal (it is spent only by a withdrawal made) and cleared after one.
 */
export function WithdrawForm({
  available,
  remainingToday,
  disabled,
  onDone,
}: {
  available: number;
  remainingToday: number | null;
  disabled: boolean;
  onDone(record: Record): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState('');
  const [password, setPassword] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [touched, setTouched] = useState(false);
  const { captcha, failed, refresh } = useCaptcha();
  const amount = parseAmount(text);
  const problem = withdrawAmountProblem(amount, available, remainingToday);
  const ready =
    !disabled &&
    problem === null &&
    captcha !== null &&
    answer.trim() !== '' &&
    PATTERNS.typedPassword.test(password) &&
    PATTERNS.smsCode.test(smsCode);

  const [busy, submit] = useBusy(async () => {
    setTouched(true);
    if (!ready || !captcha || amount === null) return;
    try {
      const record = await createWithdrawal({
        amount,
        password: hashPassword(password),
        captcha: { token: captcha.token, answer: answer.trim() },
        smsCode,
      });
      setText('');
      setPassword('');
      setSmsCode('');
      setTouched(false);
      onDone(record);
    } finally {
      // the captcha is burned by any answer, right or wrong
      setAnswer('');
      void refresh();
    }
  });

  const amountError =
    touched || (text !== '' && problem !== 'empty')
      ? problem === 'empty'
        ? t('withdrawal.enterAmount')
        : problem === 'below'
          ? t('withdraw.minimum', { amount: formatMoney(WITHDRAW_MIN) })
          : problem === 'aboveBalance'
            ? t('withdrawal.aboveBalance', { amount: formatMoney(available) })
            : problem === 'aboveLimit'
              ? t('withdrawal.aboveLimit', { amount: formatMoney(remainingToday ?? 0) })
              : null
      : null;
  const max = Math.min(available, remainingToday ?? available);

  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('withdrawal.amount')}
        prefix="₱"
        inputMode="decimal"
        placeholder={t('withdrawal.amountPlaceholder', {
          min: formatMoney(WITHDRAW_MIN),
          max: formatMoney(Math.max(max, 0)),
        })}
        value={text}
        onChange={setText}
        filter={filterAmount}
        error={amountError}
        disabled={disabled}
        autoComplete="off"
        suffix={
          <button
            type="button"
            className="field__action"
            disabled={disabled || max < WITHDRAW_MIN}
            onClick={() => setText(String(Math.floor(max * 100) / 100))}
          >
            {t('withdrawal.all')}
          </button>
        }
      />
      <div className="captcha-row">
        <TextField
          label={t('withdrawal.captcha')}
          placeholder={t('withdrawal.captchaPlaceholder')}
          value={answer}
          onChange={setAnswer}
          filter={(v) => InputFilter.lettersAndDigits(v).slice(0, 8)}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="characters"
          error={touched && !answer.trim() ? t('rules.required') : null}
        />
        <div className="captcha">
          {captcha ? (
            <img src={captcha.image} alt={t('withdrawal.captchaImage')} width={120} height={44} />
          ) : failed ? (
            <span className="captcha__failed">{t('withdrawal.captchaFailed')}</span>
          ) : (
            <Skeleton width={120} height={44} radius={8} />
          )}
          <IconButton label={t('withdrawal.captchaRefresh')} onClick={refresh} disabled={disabled}>
            <IconRefresh size={20} />
          </IconButton>
        </div>
      </div>
      <TextField
        label={t('withdrawal.password')}
        placeholder={t('auth.passwordRule')}
        type="password"
        revealable
        value={password}
        onChange={setPassword}
        filter={(v) => InputFilter.lettersAndDigits(v).slice(0, PASSWORD_MAX)}
        disabled={disabled}
        autoComplete="off"
        error={touched && !PATTERNS.typedPassword.test(password) ? t('rules.format') : null}
      />
      <SmsCodeField
        label={t('withdrawal.smsCode')}
        placeholder={t('withdrawal.smsCodePlaceholder', { length: SMS_CODE_LENGTH })}
        value={smsCode}
        onChange={setSmsCode}
        disabled={disabled}
        send={async () => (await sendWithdrawSms()).cooldownSeconds}
        error={touched && !PATTERNS.smsCode.test(smsCode) ? (smsCode ? t('rules.format') : t('rules.required')) : null}
      />
      <Button type="submit" block size="lg" loading={busy} disabled={disabled}>
        {amount && !problem ? t('withdrawal.submitAmount', { amount: formatMoney(amount) }) : t('withdrawal.submit')}
      </Button>
    </form>
  );
}
