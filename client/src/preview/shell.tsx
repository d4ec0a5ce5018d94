/** The preview's shell: the stories, the app's language and theme, and the story in a 390x844 frame. */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/theme.css';
import { frameAddress, type PreviewLanguage, type PreviewOptions, type PreviewTheme } from './options';
import { STORIES } from './stories';
import './preview.css';

const WORDS = {
  'en-US': {
    title: 'Screens',
    stories: 'Stories',
    language: 'Language',
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
    reload: 'Reload',
    intro: 'Each story is the real app, answered by the contract mock server.',
  },
  'vi-VN': {
    title: 'Màn hình',
    stories: 'Câu chuyện',
    language: 'Ngôn ngữ',
    theme: 'Giao diện',
    light: 'Sáng',
    dark: 'Tối',
    reload: 'Tải lại',
    intro: 'Mỗi câu chuyện là ứng dụng thật, được máy chủ giả theo hợp đồng trả lời.',
  },
} as const;

const address = (options: PreviewOptions) =>
  `/preview.html?story=${encodeURIComponent(options.story ?? '')}&lang=${options.language}&theme=${options.theme}`;

function Shell({ initial }: { initial: PreviewOptions }) {
  const [options, setOptions] = useState<PreviewOptions>({
    ...initial,
    story: initial.story ?? STORIES[0]?.id ?? null,
  });
  const [reloads, setReloads] = useState(0);
  const words = WORDS[options.language];
  useEffect(() => {
    window.history.replaceState(null, '', address(options));
    document.documentElement.dataset.theme = options.theme;
    document.documentElement.lang = options.language;
  }, [options]);
  const choose = (next: Partial<PreviewOptions>) => setOptions((now) => ({ ...now, ...next }));
  const current = STORIES.find((story) => story.id === options.story);
  return (
    <div className="pv">
      <nav className="pv__side" aria-label={words.stories}>
        <h1 className="pv__title">{words.title}</h1>
        <p className="pv__intro">{words.intro}</p>
        <fieldset className="pv__toggle">
          <legend>{words.language}</legend>
          {(['en-US', 'vi-VN'] as PreviewLanguage[]).map((language) => (
            <button
              key={language}
              type="button"
              aria-pressed={options.language === language}
              onClick={() => choose({ language })}
            >
              {language === 'en-US' ? 'English' : 'Tiếng Việt'}
            </button>
          ))}
        </fieldset>
        <fieldset className="pv__toggle">
          <legend>{words.theme}</legend>
          {(['light', 'dark'] as PreviewTheme[]).map((theme) => (
            <button key={theme} type="button" aria-pressed={options.theme === theme} onClick={() => choose({ theme })}>
              {words[theme]}
            </button>
          ))}
        </fieldset>
        <ul className="pv__stories">
          {STORIES.map((story) => (
            <li key={story.id}>
              <a
                href={address({ ...options, story: story.id })}
                aria-current={story.id === options.story ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  choose({ story: story.id });
                }}
              >
                {story.title[options.language]}
              </a>
            </li>
          ))}
        </ul>
        <button type="button" className="pv__reload" onClick={() => setReloads((n) => n + 1)}>
          {words.reload}
        </button>
      </nav>
      <main className="pv__stage">
        <iframe
          key={`${address(options)}#${reloads}`}
          className="pv__phone"
          title={current?.title[options.language] ?? ''}
          src={frameAddress(options)}
          width={390}
          height={844}
        />
      </main>
    </div>
  );
}

export function showShell(root: HTMLElement, options: PreviewOptions): void {
  createRoot(root).render(
    <StrictMode>
      <Shell initial={options} />
    </StrictMode>,
  );
}
