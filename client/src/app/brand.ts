import { contrastRatio } from '../lib/color';

/** White label (UI.md): the operator's primary colour is used when white text on it reaches 4.5:1 (WCAG AA). */
export function applyBrandColor(color: string | undefined, root: HTMLElement = document.documentElement): void {
  const ratio = color ? contrastRatio(color, '#ffffff') : null;
  if (color && ratio !== null && ratio >= 4.5) root.style.setProperty('--brand-primary', color);
  else root.style.removeProperty('--brand-primary');
}
