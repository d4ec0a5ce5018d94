import { md5 } from 'js-md5';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHOTO_PNG_BASE64 } from '../../server/src/world/recipes';
import { newContext } from './browser';
import { ops, register, setLanguage, setTheme, shoot, uidOf, visible } from './journey';
import { liveStack } from './server';

const live = liveStack();

const api = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([p, b]) => {
      const r = await fetch(p as string, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', requestfrom: 'H5' },
        body: JSON.stringify(b),
      });
      return ((await r.json()) as { success: boolean }).success;
    },
    [path, body] as const,
  );

/**
 * Issue 29 item 2: the photos of the KYC form at 390x844 in vi (light and dark), a rejection asking for a
 * new selfie reopening it, then the new one submitted and approved (the en journey is in withdraw.test.ts).
 */
describe('KYC photos in Vietnamese, light and dark', () => {
  it('uploads, is asked for a new selfie, takes it again, submits and is approved', async () => {
    const context = await newContext(live.browser, live.server.url);
    const page = await context.newPage();
    try {
      await register(page);
      const uid = await uidOf(page);
      expect(await api(page, '/api/user/modifyPasswordTrade', { newPassword: md5('trade123') })).toBe(true);
      await page.reload(); // the app reads the transaction password set through the API
      await setLanguage(page, 'Tiếng Việt', '/finance/withdraw');
      await page.getByRole('button', { name: 'Xác minh danh tính' }).click();
      const photo = { mimeType: 'image/png', buffer: Buffer.from(PHOTO_PNG_BASE64, 'base64') };
      await page.getByTestId('kyc-idFront-file').setInputFiles({ ...photo, name: 'front.png' });
      await visible(page.getByTestId('kyc-photo-idFront').getByText('Đã tải lên'));
      await page.getByTestId('kyc-photo-idFront').scrollIntoViewIfNeeded();
      await shoot(page, 'kyc-photos-light-vi');
      await setTheme(page, 'dark');
      await shoot(page, 'kyc-photos-dark-vi');
      await setTheme(page, 'light');
      for (const kind of ['idBack', 'selfie']) {
        await page.getByTestId(`kyc-${kind}-file`).setInputFiles({ ...photo, name: `${kind}.png` });
        await visible(page.getByTestId(`kyc-photo-${kind}`).getByText('Đã tải lên'));
      }
      await page.getByLabel('Họ tên như trên giấy tờ').fill('Juan Dela Cruz');
      await page.getByLabel('Ngày sinh').fill('01151990');
      await page.getByLabel('Số giấy tờ').fill('1234-5678-9012');
      await page.getByRole('button', { name: 'Gửi xác minh' }).click();
      await visible(page.getByTestId('kyc-pending'));

      // The operator asks for a new selfie: the player's screen asks for it again (no dead end).
      await ops(live.server.url, 'POST', `/ops/kyc/${uid}/decide`, {
        decision: 'rejected',
        reason: 'Ảnh chân dung bị mờ',
        retake: ['selfie'],
      });
      await page.reload();
      await page.getByRole('button', { name: 'Gửi lại' }).click();
      await visible(page.getByTestId('kyc-photo-selfie').getByText('Cần có'));
      await page.getByTestId('kyc-photo-selfie').scrollIntoViewIfNeeded();
      await setTheme(page, 'dark');
      await shoot(page, 'kyc-retake-dark-vi');
      await page.getByTestId('kyc-selfie-file').setInputFiles({ ...photo, name: 'selfie-2.png' });
      await visible(page.getByTestId('kyc-photo-selfie').getByText('Đã tải lên'));
      await page.getByLabel('Họ tên như trên giấy tờ').fill('Juan Dela Cruz');
      await page.getByLabel('Ngày sinh').fill('01151990');
      await page.getByLabel('Số giấy tờ').fill('1234-5678-9012');
      await page.getByRole('button', { name: 'Gửi xác minh' }).click();
      await visible(page.getByTestId('kyc-pending'));
      await ops(live.server.url, 'POST', `/ops/kyc/${uid}/decide`, { decision: 'verified' });
      await visible(page.getByText('Đã xác minh danh tính'));
    } finally {
      await context.close();
    }
  });
});
