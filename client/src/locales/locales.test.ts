import { describe, expect, it } from 'vitest';
import { RuleMessage } from '../../../shared/rules';
import en from './en-US';
import vi from './vi-VN';

type Tree = { [key: string]: string | Tree };

/** Every leaf key, plural suffixes folded (Vietnamese has only the _other form). */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path.replace(/_(zero|one|two|few|many|other)$/, '')] : keys(value, path);
  });
}

const leaves = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix ? `${prefix}.${key}` : key, value] as [string, string]]
      : leaves(value, prefix ? `${prefix}.${key}` : key),
  );

describe('locales', () => {
  it('vi-VN has every en-US key and nothing else', () => {
    expect([...new Set(keys(vi as Tree))].sort()).toEqual([...new Set(keys(en as Tree))].sort());
  });

  it('no text is empty, and vi-VN keeps the same {{placeholders}}', () => {
    const viText = new Map(leaves(vi as Tree).map(([k, v]) => [k.replace(/_(one|other)$/, ''), v]));
    for (const [key, text] of leaves(en as Tree)) {
      expect(text.trim(), key).not.toBe('');
      const translated = viText.get(key.replace(/_(one|other)$/, ''));
      expect(translated?.trim(), key).toBeTruthy();
      const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(vars(translated ?? ''), key).toEqual(vars(text));
    }
  });

  it('en-US carries the exact validation messages of spec section 5', () => {
    expect(en.rules.format).toBe(RuleMessage.format);
    expect(en.rules.email).toBe(RuleMessage.email);
    expect(en.rules.date).toBe(RuleMessage.date);
    expect(en.rules.required).toBe(RuleMessage.required);
    expect(en.rules.passwordMismatch).toBe(RuleMessage.passwordMismatch);
    expect(en.rules.inconsistent).toBe(RuleMessage.inconsistent);
    expect(en.rules.alphanumeric.replace('{{min}}', '6').replace('{{max}}', '13')).toBe(
      RuleMessage.alphanumeric(6, 13),
    );
  });

  it('en-US carries the exact texts of spec section 8', () => {
    expect(en.errors.generic).toBe('Error!');
    expect(en.errors.http).toEqual({
      badRequest: 'Request error',
      notFound: 'Request address error',
      timeout: 'Request timeout',
      server: 'Server error!',
      unavailable: 'Service Unavailable!',
      badGateway: 'Bad gateway!',
      gatewayTimeout: 'Gateway timeout!',
      version: 'HTTP is not supported',
    });
    expect(en.auth.loginFirst).toBe('Please login first to view');
    expect(en.banners.chrome).toBe('Recommended to use Google Chrome');
    expect(en.version.updatePrompt).toBe('Your app is not the latest version. Update now?');
  });
});
