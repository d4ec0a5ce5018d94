/**
 * One story in the preview's phone frame: the real app (its start-up, router, guard, layout and http layer)
 * with msw's service worker answering its calls from the story's handlers, then the contract's recorded
 * successes. Storage is set before any app module loads, since the stores read it when they are created.
 */
import { ws } from 'msw';
import { setupWorker } from 'msw/browser';
import { allEndpoints } from '../../../shared/contract';
import { userInfo } from '../../../shared/contract/user';
import { StorageItem, storage } from '../lib/storage';
import { answer, recorded, recordedHandlers } from '../test/contract-handlers';
import type { PreviewLanguage, PreviewTheme } from './options';
import type { Story } from './stories';

/** The app's socket: accepted and kept quiet (no frames), so it neither fails nor reconnects. */
const quietSocket = ws.link('*/webSocket/*').addEventListener('connection', () => {});

export async function showStory(story: Story, language: PreviewLanguage, theme: PreviewTheme): Promise<void> {
  storage.clear();
  storage.set(StorageItem.language, language, null);
  storage.set(StorageItem.theme, theme, null);
  storage.set(StorageItem.ageVerified, true, null);
  // today's notice already seen: the story shows its screen, not the start-up notice over it
  storage.set(StorageItem.lastNoticeDate, new Date().toISOString().slice(0, 10), null);
  const player = { ...recorded(userInfo), ...story.user };
  if (!story.visitor) storage.set(StorageItem.userInfo, player, null);

  const worker = setupWorker(
    ...story.handlers(),
    answer(userInfo, player),
    quietSocket,
    ...recordedHandlers(allEndpoints),
  );
  await worker.start({
    quiet: true,
    // images and the app's own modules come from the dev server
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
  });
  window.history.replaceState(null, '', story.path);
  const { startApp } = await import('./app-entry');
  await startApp();
  document.documentElement.dataset.story = story.id;
}
