import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconEye, IconEyeOff } from './icons';

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
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
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
      {error ? (
        <p className="field__error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
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
