import { randomInt } from 'node:crypto';

/**
 * The captcha picture: characters drawn as strokes (not <text>, which a bot would read from the SVG),
 * each one jittered, rotated, skewed and scaled, over noise curves and dots of the same colours.
 */

/** Letters and digits without look-alikes (none of 0 O D Q, 1 I L, 2 Z, 5 S, 8 B, G). */
export const CAPTCHA_ALPHABET = 'ACEFHJKMNPRTUVWXY34679';
export const CAPTCHA_LENGTH = 5;

/**
 * A stroke font on a 4 x 6 grid (x right, y down): strokes separated by `|`, points by spaces.
 */
const GLYPH_TEXT: Record<string, string> = {
  A: '0,6 2,0 4,6|0.8,3.8 3.2,3.8',
  C: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5',
  E: '4,0 0,0 0,6 4,6|0,3 3,3',
  F: '4,0 0,0 0,6|0,3 3,3',
  H: '0,0 0,6|4,0 4,6|0,3 4,3',
  J: '4,0 4,5 3,6 1,6 0,5',
  K: '0,0 0,6|4,0 0,4|1.4,2.6 4,6',
  M: '0,6 0,0 2,3.5 4,0 4,6',
  N: '0,6 0,0 4,6 4,0',
  P: '0,6 0,0 3,0 4,1 4,2 3,3 0,3',
  R: '0,6 0,0 3,0 4,1 4,2 3,3 0,3|2,3 4,6',
  T: '0,0 4,0|2,0 2,6',
  U: '0,0 0,5 1,6 3,6 4,5 4,0',
  V: '0,0 2,6 4,0',
  W: '0,0 1,6 2,2.5 3,6 4,0',
  X: '0,0 4,6|4,0 0,6',
  Y: '0,0 2,3 4,0|2,3 2,6',
  '3': '0,1 1,0 3,0 4,1 4,2 3,3 4,4 4,5 3,6 1,6 0,5|1.5,3 3,3',
  '4': '3,6 3,0 0,4 4,4',
  '6': '3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3',
  '7': '0,0 4,0 1.5,6',
  '9': '4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 1,6',
};

type Stroke = [number, number][];

const GLYPHS: Record<string, Stroke[]> = Object.fromEntries(
  Object.entries(GLYPH_TEXT).map(([char, text]) => [
    char,
    text.split('|').map((stroke) => stroke.split(' ').map((point) => point.split(',').map(Number) as [number, number])),
  ]),
);

const WIDTH = 160;
const HEIGHT = 56;

/** A random real in [min, max). */
const rand = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const fixed = (n: number) => n.toFixed(1);

const colour = () => `hsl(${randomInt(0, 360)},${randomInt(45, 75)}%,${randomInt(25, 42)}%)`;

export function randomAnswer(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
}

/** The picture of `answer` as an SVG document. */
export function captchaSvg(answer: string): string {
  const parts: string[] = [];
  parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(${randomInt(0, 360)},40%,94%)"/>`);

  const noiseCurve = () => {
    const y = () => fixed(rand(4, HEIGHT - 4));
    return `<path d="M${fixed(rand(0, 20))} ${y()} C${fixed(rand(30, 70))} ${y()},${fixed(rand(90, 130))} ${y()},${fixed(rand(140, WIDTH))} ${y()}" stroke="${colour()}" stroke-width="${fixed(rand(1.2, 2.4))}" fill="none"/>`;
  };
  for (let i = 0; i < 3; i++) parts.push(noiseCurve());

  const cell = (WIDTH - 20) / answer.length;
  [...answer].forEach((char, index) => {
    const strokes = GLYPHS[char];
    if (!strokes) throw new Error(`No glyph for ${char}`);
    const scale = rand(3.6, 4.6);
    const angle = rand(-28, 28);
    const skew = rand(-14, 14);
    const cx = 10 + cell * (index + 0.5) + rand(-3, 3);
    const cy = HEIGHT / 2 + rand(-4, 4);
    const d = strokes
      .map((stroke) =>
        stroke
          .map(
            ([x, y], i) =>
              `${i === 0 ? 'M' : 'L'}${fixed((x - 2 + rand(-0.22, 0.22)) * scale)} ${fixed((y - 3 + rand(-0.22, 0.22)) * scale)}`,
          )
          .join(''),
      )
      .join('');
    parts.push(
      `<path transform="translate(${fixed(cx)} ${fixed(cy)}) rotate(${fixed(angle)}) skewX(${fixed(skew)})" d="${d}" stroke="${colour()}" stroke-width="${fixed(rand(2.2, 3))}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });

  for (let i = 0; i < 3; i++) parts.push(noiseCurve());
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${fixed(rand(0, WIDTH))}" cy="${fixed(rand(0, HEIGHT))}" r="${fixed(rand(0.6, 1.8))}" fill="${colour()}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}

export const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
