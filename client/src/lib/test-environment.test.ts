import { expect, it } from 'vitest';

declare const happyDOM: { settings: { navigation: { disableChildFrameNavigation: boolean } } };

// The client project's happy-dom must not load pages into frames: such a load fetches from localhost and,
// when the test ends, happy-dom aborts it and prints a long AbortError trace into a green run
// (vitest.config.ts, environmentOptions.happyDOM).
it('an <iframe> keeps its src but its page is never fetched, so no fetch is left to abort at teardown', () => {
  expect(happyDOM.settings.navigation.disableChildFrameNavigation).toBe(true);
  const frame = document.createElement('iframe');
  frame.src = 'http://localhost:3000/provider/play/slot?token=t';
  document.body.append(frame);
  expect(frame.getAttribute('src')).toBe('http://localhost:3000/provider/play/slot?token=t');
  frame.remove();
});
