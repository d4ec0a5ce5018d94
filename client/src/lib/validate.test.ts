import { beforeAll, describe, expect, it } from 'vitest';
import { RuleMessage } from '../../../shared/rules';
import { initI18n, setLanguage } from './i18n';
import { checks } from './validate';

describe('field checks (spec section 5)', () => {
  beforeAll(() => initI18n('en-US'));

  it('username: required, then 6-13 alphanumeric', () => {
    expect(checks.username('')).toBe(RuleMessage.required);
    expect(checks.username('abc')).toBe(RuleMessage.alphanumeric(6, 13));
    expect(checks.username('abc_def')).toBe(RuleMessage.alphanumeric(6, 13));
    expect(checks.username('player01')).toBeNull();
  });

  it('password: 6-12 digits or letters; confirmations', () => {
    expect(checks.password('12345')).toBe(RuleMessage.alphanumeric(6, 12));
    expect(checks.password('abc123')).toBeNull();
    expect(checks.confirm('abc124', 'abc123')).toBe(RuleMessage.inconsistent);
    expect(checks.confirmTrade('abc124', 'abc123')).toBe(RuleMessage.passwordMismatch);
    expect(checks.confirm('', 'abc123')).toBe(RuleMessage.required);
  });

  it('registration phone 9xxxxxxxxx, SMS code, email and date', () => {
    expect(checks.registrationPhone('812345678')).toBe(RuleMessage.format);
    expect(checks.registrationPhone('9123456789')).toBeNull();
    expect(checks.smsCode('12345')).toBe(RuleMessage.format);
    expect(checks.email('a@b')).toBe(RuleMessage.email);
    expect(checks.email('')).toBeNull();
    expect(checks.date('02/30/2000')).toBe(RuleMessage.date);
    expect(checks.date('02/29/2000')).toBeNull();
  });

  it('speaks Vietnamese when the interface does', async () => {
    await setLanguage('vi-VN', false);
    expect(checks.required('')).toBe('Trường này là bắt buộc');
    expect(checks.username('x')).toBe('Vui lòng nhập 6-13 ký tự chữ và số, không có ký tự đặc biệt');
    await setLanguage('en-US', false);
  });
});
