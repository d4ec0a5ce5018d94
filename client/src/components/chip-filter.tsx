import type { ReactNode } from 'react';
import '../styles/lists.css';

/**
 * A filter as a row of toggle chips (one pressed), in a fieldset named by `label`; `scroll` keeps it on one
 * line that scrolls sideways (long lists such as providers or journal types).
 */
export function ChipFilter<V extends string | number | null>({
  label,
  value,
  options,
  onChange,
  scroll,
}: {
  label: string;
  value: V;
  options: { value: V; label: ReactNode }[];
  onChange(value: V): void;
  scroll?: boolean;
}) {
  return (
    <fieldset className={`chips chips--filter${scroll ? ' chips--scroll' : ''}`}>
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <button
          key={String(option.value ?? 'all')}
          type="button"
          className={`chip${option.value === value ? ' is-active' : ''}`}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
