/** What the preview's address carries: the story, the app's language and theme (`?story=&lang=&theme=`). */
export type PreviewLanguage = 'en-US' | 'vi-VN';
export type PreviewTheme = 'light' | 'dark';

export interface PreviewOptions {
  story: string | null;
  language: PreviewLanguage;
  theme: PreviewTheme;
  /** The phone frame itself (inside the shell's iframe), not the shell. */
  frame: boolean;
}

export function readOptions(search: string): PreviewOptions {
  const params = new URLSearchParams(search);
  return {
    story: params.get('story'),
    language: params.get('lang') === 'vi-VN' ? 'vi-VN' : 'en-US',
    theme: params.get('theme') === 'dark' ? 'dark' : 'light',
    frame: params.get('frame') === '1',
  };
}

export const frameAddress = (options: PreviewOptions): string =>
  `/preview.html?frame=1&story=${encodeURIComponent(options.story ?? '')}&lang=${options.language}&theme=${options.theme}`;
