/** WCAG contrast helpers (themes and server-given colours must keep text readable). */
function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!match) return null;
  let digits = match[1]!;
  if (digits.length === 3) digits = [...digits].map((c) => c + c).join('');
  const value = Number.parseInt(digits, 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black text, whichever reads better on `background`. */
export function readableTextOn(background: string): string {
  const white = contrastRatio(background, '#ffffff');
  const black = contrastRatio(background, '#111111');
  if (white === null || black === null) return '#ffffff';
  return white >= black ? '#ffffff' : '#111111';
}
