import { describe, expect, it } from 'vitest';
import { Code } from '../../../shared/codes';
import { serverFieldErrors } from './form';
import { ApiError } from './http';

type Field = 'old' | 'next' | 'code';
const MAP = {
  fields: { oldPassword: 'old', newPassword: 'next' },
  codes: { [Code.OLD_PASSWORD_WRONG]: 'old' },
} as const;

describe('serverFieldErrors', () => {
  it("puts a validation failure's field messages beside the form's fields (first message per field)", () => {
    const error = new ApiError('envelope', 'newPassword: Format is incorrect', Code.VALIDATION, 200, [
      { field: 'newPassword', message: 'Format is incorrect' },
      { field: 'newPassword', message: 'This is required' },
      { field: 'unknownThing', message: 'Unknown field' },
    ]);
    expect(serverFieldErrors<Field>(error, MAP)).toEqual({ next: 'Format is incorrect' });
  });

  it('maps nested body paths by their first segment', () => {
    const error = new ApiError('envelope', 'x', Code.VALIDATION, 200, [{ field: 'oldPassword.0', message: 'Bad' }]);
    expect(serverFieldErrors<Field>(error, MAP)).toEqual({ old: 'Bad' });
  });

  it("puts a business code's message (the server's, translated) on its field", () => {
    const error = new ApiError('envelope', 'Mật khẩu hiện tại không đúng', Code.OLD_PASSWORD_WRONG, 200);
    expect(serverFieldErrors<Field>(error, MAP)).toEqual({ old: 'Mật khẩu hiện tại không đúng' });
  });

  it('leaves other failures to the red notice: unmapped codes, transport errors, plain errors', () => {
    expect(serverFieldErrors<Field>(new ApiError('envelope', 'Busy', Code.RATE_LIMITED, 200), MAP)).toBeNull();
    expect(serverFieldErrors<Field>(new ApiError('http', 'Server error!', null, 500), MAP)).toBeNull();
    expect(serverFieldErrors<Field>(new ApiError('network', 'Request error'), MAP)).toBeNull();
    expect(serverFieldErrors<Field>(new Error('boom'), MAP)).toBeNull();
    expect(serverFieldErrors<Field>(new ApiError('envelope', 'x', Code.VALIDATION, 200, 'not a list'), MAP)).toBeNull();
  });
});
