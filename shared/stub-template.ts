import { manilaDay } from './time';

/** The most items one `$repeat` may make (a stub of 10,000 rows is already far past any page). */
export const REPEAT_MAX = 10_000;

/** What a stub's template is rendered with: the asking player, the server clock, the row of a `$repeat`. */
export interface StubVars {
  uid: number | null;
  now: Date;
  /** 1-based row of the innermost `$repeat` (undefined outside one). */
  i?: number;
}

const WHOLE = /^\{\{(uid|i|nowMs)\}\}$/;
const PART = /\{\{(uid|now|today|i|nowMs)\}\}/g;

const variable = (name: string, vars: StubVars): string | number | null => {
  if (name === 'uid') return vars.uid;
  if (name === 'i') return vars.i ?? null;
  if (name === 'nowMs') return vars.now.getTime();
  if (name === 'now') return vars.now.toISOString();
  return manilaDay(vars.now);
};

const isRepeat = (value: object): value is { $repeat: number; item: unknown } =>
  '$repeat' in value && 'item' in value && Object.keys(value).length === 2;

/**
 * A stub's data as it is answered: in string values `{{uid}}` (the asking player's uid), `{{now}}` (the
 * server clock, ISO), `{{nowMs}}` (epoch ms), `{{today}}` (the Manila day, YYYY-MM-DD) and `{{i}}` (the row
 * of a `$repeat`, from 1); a string that is only `{{uid}}`, `{{i}}` or `{{nowMs}}` becomes that number.
 * `{"$repeat": N, "item": X}` becomes a list of N items X (N up to 10,000). Nothing else is touched.
 */
export function renderStub(value: unknown, vars: StubVars): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return variable(whole[1] as string, vars);
    return value.replace(PART, (_, name: string) => String(variable(name, vars) ?? ''));
  }
  if (Array.isArray(value)) return value.map((v) => renderStub(v, vars));
  if (value !== null && typeof value === 'object') {
    if (isRepeat(value)) {
      const count = Math.min(REPEAT_MAX, Math.max(0, Math.floor(Number(value.$repeat) || 0)));
      return Array.from({ length: count }, (_, n) => renderStub(value.item, { ...vars, i: n + 1 }));
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderStub(v, vars)]));
  }
  return value;
}

/** A `$repeat` whose count is not a whole number from 0 to REPEAT_MAX, with its path; null when all are fine. */
export function badRepeat(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (Array.isArray(value)) {
    for (const [n, v] of value.entries()) {
      const bad = badRepeat(v, [...path, n]);
      if (bad) return bad;
    }
  } else if (value !== null && typeof value === 'object') {
    if ('$repeat' in value) {
      const count = (value as { $repeat: unknown }).$repeat;
      if (!isRepeat(value) || !Number.isInteger(count) || (count as number) < 0 || (count as number) > REPEAT_MAX)
        return [...path, '$repeat'];
    }
    for (const [k, v] of Object.entries(value)) {
      const bad = badRepeat(v, [...path, k]);
      if (bad) return bad;
    }
  }
  return null;
}
