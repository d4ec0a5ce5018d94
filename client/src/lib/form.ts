import { useCallback, useRef, useState } from 'react';
import { Code } from '../../../shared/codes';
import type { FieldError } from '../../../shared/envelope';
import { ApiError } from './http';
import { focusFirstInvalid, validate } from './validate';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Where a form shows what the server refused: body fields and business codes, each to one form field. */
export interface ServerFields<K extends string> {
  /** Body field of the contract -> form field (a validation failure lists body fields in `data`). */
  fields?: Partial<Record<string, K>>;
  /** Business code -> form field, e.g. OLD_PASSWORD_WRONG -> the current password. */
  codes?: Partial<Record<number, K>>;
}

const isFieldErrorList = (data: unknown): data is FieldError[] =>
  Array.isArray(data) &&
  data.every((item) => typeof item === 'object' && item !== null && typeof (item as FieldError).field === 'string');

/**
 * The messages of a failed call that belong beside fields of the form, or null when none does (then
 * the red notice the http layer showed is all there is). The field's message is the server's, in the
 * player's language.
 */
export function serverFieldErrors<K extends string>(error: unknown, map: ServerFields<K>): FieldErrors<K> | null {
  if (!(error instanceof ApiError) || error.kind !== 'envelope' || error.code === null) return null;
  const found: FieldErrors<K> = {};
  if (error.code === Code.VALIDATION && isFieldErrorList(error.data)) {
    for (const item of error.data) {
      const field = map.fields?.[item.field.split('.')[0] ?? ''];
      if (field && !found[field]) found[field] = item.message;
    }
  } else {
    const field = map.codes?.[error.code];
    if (field) found[field] = error.message;
  }
  return Object.keys(found).length ? found : null;
}

/**
 * The error state of a form: client checks before sending, and the server's answers mapped back to the
 * fields after. `check` shows the messages and focuses the first invalid field; `send` runs the request
 * and, when it fails, puts what belongs to a field beside it before rethrowing.
 */
export function useFieldErrors<K extends string>(server: ServerFields<K> = {}) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const serverRef = useRef(server);
  serverRef.current = server;

  const check = useCallback((rules: Partial<Record<K, () => string | null>>): boolean => {
    const result = validate<K>(rules as Record<K, () => string | null>);
    setErrors(result.errors);
    if (!result.ok) focusFirstInvalid();
    return result.ok;
  }, []);

  const send = useCallback(async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      const found = serverFieldErrors(error, serverRef.current);
      if (found) {
        setErrors((current) => ({ ...current, ...found }));
        focusFirstInvalid();
      }
      throw error;
    }
  }, []);

  const setError = useCallback(
    (field: K, message: string | null | undefined) =>
      setErrors((current) => ({ ...current, [field]: message ?? undefined })),
    [],
  );

  return { errors, check, send, setError };
}
