/**
 * The preview (`npm run preview:ui`, dev only: client/preview.html is no input of the production build).
 * Without `frame=1` it is the shell: the stories, the language and theme toggles, and a 390x844 frame;
 * the frame loads this page again with `frame=1` and shows one story (frame.ts).
 */
import { readOptions } from './options';
import { storyById } from './stories';

const options = readOptions(window.location.search);
const root = document.getElementById('root');
if (!root) throw new Error('preview.html has no #root');

if (options.frame) {
  const story = storyById(options.story);
  if (story) {
    const { showStory } = await import('./frame');
    await showStory(story, options.language, options.theme);
  } else root.textContent = `No story "${options.story}"`;
} else {
  const { showShell } = await import('./shell');
  showShell(root, options);
}
