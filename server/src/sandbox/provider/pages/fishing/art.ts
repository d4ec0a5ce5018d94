/** The fishing page's drawings: a fish in its kind's colour and the cannon (inline SVG). */
import type { Fish } from './types';

export const fishSvg = (f: Pick<Fish, 'color'>) =>
  `<svg viewBox="0 0 120 60" aria-hidden="true"><path d="M6 30C24 6 64 2 88 24l26-16-8 22 8 22-26-16C64 58 24 54 6 30z" fill="${f.color}"/><path d="M40 14c6 10 6 22 0 32" stroke="rgba(0,0,0,.25)" stroke-width="3" fill="none"/><circle cx="26" cy="26" r="5" fill="#fff"/><circle cx="25" cy="26" r="2.5" fill="#111"/></svg>`;

export const cannonSvg = `<svg viewBox="0 0 60 60" aria-hidden="true"><rect x="24" y="2" width="12" height="30" rx="4" fill="#e9ecef" stroke="#343a40" stroke-width="2"/><circle cx="30" cy="40" r="16" fill="var(--fs-accent)" stroke="#343a40" stroke-width="3"/><circle cx="30" cy="40" r="6" fill="#343a40"/></svg>`;
