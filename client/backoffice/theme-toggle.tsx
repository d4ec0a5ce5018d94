import { setTheme, useTheme } from './theme';

/**
 * The header's theme switch: one button that names the theme it turns on ("Dark" in the light theme),
 * pressed while dark is on. The choice is remembered in this browser (theme.ts).
 */
export function ThemeToggle(props: { className?: string }) {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={props.className ?? 'btn plain theme-toggle'}
      aria-pressed={theme === 'dark'}
      title={`Switch to the ${next} theme`}
      onClick={() => setTheme(next)}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span> Dark theme
    </button>
  );
}
