import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputFilter, PASSWORD_MAX } from '../../../shared/field-rules';
import { filterLocalMobile } from '../lib/phone';
import { IconEye, IconEyeOff } from './icons';
import { SendCodeButton } from './send-code-button';

/**
 * The frame every field shares: the label, the control, then the error (or else the hint) under it.
 * TextField builds on it; use it alone for controls that are not one text input (choices, pickers).
 */
export function FieldRow({
  label,
  htmlFor,
  error,
  hint,
  messageId,
  className,
  children,
}: {
  label: ReactNode;
  /** The id of the input the label names; without it the label is plain text over a group. */
  htmlFor?: string;
  error?: string | null;
  hint?: ReactNode;
  /** Id prefix of the error and hint lines (`<id>-error`, `<id>-hint`), for aria-describedby. */
  messageId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      {htmlFor ? (
        <label className="field__label" htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <span className="field__label">{label}</span>
      )}
      {children}
      {error ? (
        <p className="field__error" id={messageId ? `${messageId}-error` : undefined} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint" id={messageId ? `${messageId}-hint` : undefined}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> {
  label: string;
  value: string;
  onChange(value: string): void;
  /** An input filter of spec section 5: what was typed becomes what the field keeps. */
  filter?: (text: string) => string;
  error?: string | null;
  hint?: ReactNode;
  /** Fixed text before the input (e.g. +63). */
  prefix?: ReactNode;
  /** An element after the input (e.g. a send-code button). */
  suffix?: ReactNode;
  /** Shows the eye toggle for password fields. */
  revealable?: boolean;
}

export function TextField({
  label,
  value,
  onChange,
  filter,
  error,
  hint,
  prefix,
  suffix,
  revealable,
  type = 'text',
  id,
  className,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const inputId = id ?? autoId;
  const [revealed, setRevealed] = useState(false);
  const describedBy = [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].filter(Boolean).join(' ');
  const inputType = revealable && type === 'password' && revealed ? 'text' : type;
  return (
    <FieldRow label={label} htmlFor={inputId} error={error} hint={hint} messageId={inputId} className={className}>
      <div className="field__control">
        {prefix ? <span className="field__prefix">{prefix}</span> : null}
        <input
          id={inputId}
          className="field__input"
          type={inputType}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(filter ? filter(event.target.value) : event.target.value)}
          {...rest}
        />
        {revealable && type === 'password' ? (
          <button
            type="button"
            className="field__reveal"
            aria-label={revealed ? t('common.hidePassword') : t('common.showPassword')}
            aria-pressed={revealed}
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed ? <IconEyeOff size={20} /> : <IconEye size={20} />}
          </button>
        ) : null}
        {suffix ? <span className="field__suffix">{suffix}</span> : null}
      </div>
    </FieldRow>
  );
}

type FieldProps = Omit<TextFieldProps, 'type' | 'filter' | 'revealable' | 'label'> & { label?: string };

/** What a password field keeps (spec section 5): letters and digits, at most PASSWORD_MAX. */
export const filterPassword = (text: string) => InputFilter.lettersAndDigits(text).slice(0, PASSWORD_MAX);

/** A password (login or transaction): letters and digits only, with the eye toggle; the rule as placeholder. */
export function PasswordField({ label, placeholder, ...rest }: FieldProps & { label: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      type="password"
      revealable
      filter={filterPassword}
      label={label}
      placeholder={placeholder ?? t('auth.passwordRule')}
      {...rest}
    />
  );
}

/** The state of one controlled field, as a form hands it to a group of fields. */
export interface FieldState {
  value: string;
  onChange(value: string): void;
  error?: string | null;
}

/** A new password and its confirmation (sign-up, reset, change; login or transaction password). */
export function NewPasswordFields({
  password,
  confirm,
  label,
  confirmLabel,
  autoComplete = 'new-password',
}: {
  password: FieldState;
  confirm: FieldState;
  label?: string;
  confirmLabel?: string;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField label={label ?? t('auth.newPassword')} autoComplete={autoComplete} {...password} />
      <PasswordField
        label={confirmLabel ?? t('auth.confirmPassword')}
        placeholder={t('auth.confirmPasswordPlaceholder')}
        autoComplete={autoComplete}
        {...confirm}
      />
    </>
  );
}

/** A Philippine mobile number after the fixed +63: 10 digits like 9xxxxxxxxx; pasted +63/0 forms are forgiven. */
export function PhoneField({ label, placeholder, ...rest }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label ?? t('auth.phone')}
      placeholder={placeholder ?? t('auth.registrationPhoneRule')}
      prefix="+63"
      inputMode="numeric"
      filter={filterLocalMobile}
      autoComplete="tel-national"
      {...rest}
    />
  );
}

/** Length of the codes the server texts (PATTERNS.smsCode). */
export const SMS_CODE_LENGTH = 6;

/**
 * The OTP field of spec section 5: digits only, with the send button and its cool-down. `send` resolves
 * with the cool-down seconds the server gave, or throws to leave the button ready (e.g. no valid phone).
 */
export function SmsCodeField({
  send,
  label,
  placeholder,
  ...rest
}: Omit<FieldProps, 'suffix'> & { send(): Promise<number> }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label ?? t('auth.smsCode')}
      placeholder={placeholder ?? t('auth.smsCodePlaceholder')}
      inputMode="numeric"
      filter={(v) => InputFilter.digits(v).slice(0, SMS_CODE_LENGTH)}
      autoComplete="one-time-code"
      suffix={<SendCodeButton send={send} />}
      {...rest}
    />
  );
}

/** A form that validates itself (noValidate) and runs `onSubmit` instead of navigating. */
export function Form({
  onSubmit,
  className,
  children,
}: {
  onSubmit(): unknown;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={['form', className].filter(Boolean).join(' ')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export function Checkbox({
  checked,
  onChange,
  children,
  error,
  id,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
  error?: boolean;
  id?: string;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={['checkbox', error ? 'checkbox--invalid' : ''].filter(Boolean).join(' ')}>
      <input
        id={inputId}
        type="checkbox"
        checked={checked}
        aria-invalid={error || undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={inputId}>{children}</label>
    </div>
  );
}

export function Switch({
  checked,
  onChange,
  label,
  icon,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  label: string;
  icon?: ReactNode;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className="switch-row"
      onClick={() => onChange(!checked)}
    >
      {icon ? <span className="switch-row__icon">{icon}</span> : null}
      <span className="switch-row__label">{label}</span>
      <span className={`switch${checked ? ' is-on' : ''}`} aria-hidden="true">
        <span className="switch__thumb" />
      </span>
    </button>
  );
}

/** A row of mutually exclusive choices: native radios (arrow keys, one tab stop), styled as a segmented control. */
export function Segmented<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: { value: V; label: ReactNode }[];
  onChange(value: V): void;
}) {
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className={`segmented__item${option.value === value ? ' is-active' : ''}`}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
