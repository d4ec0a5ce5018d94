import { beforeAll, expect, it } from 'vitest';
import { currentLanguage, initI18n, setLanguage } from './i18n';
import { toast, useToastStore } from './toast';

beforeAll(() => initI18n());

const shown = () => useToastStore.getState().toasts.map((t) => t.message);

it('a switch of language takes down the toasts raised in the language left; the same language keeps them', async () => {
  await setLanguage('en-US', false);
  toast.success('Withdrawal submitted. The amount is frozen until it is paid out');
  await setLanguage('en-US', false);
  expect(shown()).toEqual(['Withdrawal submitted. The amount is frozen until it is paid out']);
  await setLanguage('vi-VN', false);
  expect(currentLanguage()).toBe('vi-VN');
  expect(shown()).toEqual([]);
  toast.danger('Lỗi yêu cầu');
  await setLanguage('en-US', false);
  expect(shown()).toEqual([]);
});
