import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTheme, THEME_KEY } from './theme';
import { ThemeToggle } from './theme-toggle';

/** A system preference the test controls, with the `change` listeners theme.ts subscribes. */
function systemPrefers(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: dark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => media),
  );
  return {
    change(toDark: boolean) {
      media.matches = toDark;
      for (const listener of listeners) listener();
    },
  };
}

const html = () => document.documentElement;
const toggle = () => screen.getByRole('button', { name: 'Dark theme' });

describe('back office: the theme', () => {
  beforeEach(() => {
    window.localStorage.clear();
    delete html().dataset.theme;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("starts from the system's preference while the operator has not chosen", () => {
    systemPrefers(true);
    expect(initTheme()).toBe('dark');
    expect(html().dataset.theme).toBe('dark');
    expect(html().style.colorScheme).toBe('dark');
    systemPrefers(false);
    expect(initTheme()).toBe('light');
    expect(html().dataset.theme).toBe('light');
  });

  it('the header toggle switches, shows its state and is remembered over the system', () => {
    systemPrefers(true);
    initTheme();
    render(<ThemeToggle />);
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle());
    expect(html().dataset.theme).toBe('light');
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    expect(window.localStorage.getItem(THEME_KEY)).toBe('light');
    // the next page load: the choice, although the system still prefers dark
    expect(initTheme()).toBe('light');
    fireEvent.click(toggle());
    expect(window.localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(html().dataset.theme).toBe('dark');
  });

  it("follows a change of the system's preference only until the operator chooses", () => {
    const system = systemPrefers(false);
    initTheme();
    render(<ThemeToggle />);
    act(() => system.change(true));
    expect(html().dataset.theme).toBe('dark');
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle()); // chooses light
    act(() => system.change(true));
    expect(html().dataset.theme).toBe('light');
  });

  it('a stored value that is not a theme is ignored; another tab’s choice is followed', () => {
    systemPrefers(false);
    window.localStorage.setItem(THEME_KEY, 'purple');
    expect(initTheme()).toBe('light');
    render(<ThemeToggle />);
    window.localStorage.setItem(THEME_KEY, 'dark');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY, newValue: 'dark' }));
    });
    expect(html().dataset.theme).toBe('dark');
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
  });
});
