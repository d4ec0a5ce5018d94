/**
 * The chart on a 2D canvas: grid and axis labels, the auto cash-out's target line, the curve up to the
 * scene's time with the area under it, the rocket at its tip (its flame while flying) or its explosion.
 */
import { fmtX, multAt, timeOf } from './flight';

interface Particle {
  vx: number;
  vy: number;
  life: number;
  size: number;
  color: string;
}

export interface Scene {
  /** Seconds since take-off. */
  t: number;
  phase: 'idle' | 'betting' | 'flying' | 'crashed';
  /** The crash point (×) once crashed. */
  point?: number | null;
  /** My target (×) or where I cashed out. */
  target?: number | null;
  cashed?: boolean;
  /** performance.now() at the crash. */
  crashAt?: number;
  particles?: Particle[];
}

function niceStep(raw: number) {
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (raw <= m * pow) return m * pow;
  return 10 * pow;
}
const axisLabel = (v: number) => (v >= 100 ? `${Math.round(v)}×` : `${Number(v.toFixed(2))}×`);

export function makeParticles(): Particle[] {
  const colors = ['#fff6b0', '#ffd54a', '#ff9f43', '#ff5e62', '#ffffff'];
  return Array.from({ length: 46 }, () => {
    const a = Math.random() * Math.PI * 2;
    const speed = 50 + Math.random() * 190;
    return {
      vx: Math.cos(a) * speed,
      vy: Math.sin(a) * speed,
      life: 0.5 + Math.random() * 0.7,
      size: 2 + Math.random() * 3.5,
      color: colors[Math.floor(Math.random() * colors.length)] as string,
    };
  });
}

/** The chart on `canvas`; `accent` is the title's curve colour, `targetLabel` the target line's words. */
export function createCurve(canvas: HTMLCanvasElement, accent: string, targetLabel: (x: string) => string) {
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
  let width = 0;
  let height = 0;
  const chart = { scene: { t: 0, phase: 'idle' } as Scene };

  // The chart's grid, axis and target inks follow the page's scheme (games.css: --crash-grid-base,
  // --crash-grid, --crash-axis, --crash-target, light or dark), read again when the player's scheme changes.
  const ink = { base: '', grid: '', axis: '', target: '' };
  function readInk() {
    const css = getComputedStyle(document.body);
    ink.base = css.getPropertyValue('--crash-grid-base').trim() || 'rgba(255,255,255,0.28)';
    ink.grid = css.getPropertyValue('--crash-grid').trim() || 'rgba(255,255,255,0.09)';
    ink.axis = css.getPropertyValue('--crash-axis').trim() || 'rgba(220,230,255,0.6)';
    ink.target = css.getPropertyValue('--crash-target').trim() || '#4be38a';
  }

  function resize() {
    const rect = canvas.getBoundingClientRect();
    const dpr = Math.min(2.5, window.devicePixelRatio || 1);
    width = rect.width;
    height = rect.height;
    canvas.width = Math.max(1, Math.round(width * dpr));
    canvas.height = Math.max(1, Math.round(height * dpr));
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    draw();
  }

  /** Draws the scene: grid, target line, curve up to scene.t, the rocket or its explosion. */
  function draw() {
    if (!width || !height) return;
    const scene = chart.scene;
    ctx.clearRect(0, 0, width, height);
    const padL = 46;
    const padR = 18;
    const padT = 18;
    const padB = 26;
    const plotW = width - padL - padR;
    const plotH = height - padT - padB;
    const now = scene.t;
    const mNow = Math.min(multAt(now), scene.point ?? Number.POSITIVE_INFINITY);
    const xMax = Math.max(5, now * 1.18);
    const yMax = Math.max(2, 1 + (mNow - 1) * 1.45);
    const xAt = (s: number) => padL + (s / xMax) * plotW;
    const yAt = (m: number) => padT + plotH - ((m - 1) / (yMax - 1)) * plotH;

    // Grid and labels.
    ctx.font = '600 11px system-ui, -apple-system, Roboto, sans-serif';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 1;
    const yStep = niceStep((yMax - 1) / 4);
    ctx.textAlign = 'right';
    const levels = [1];
    for (let v = Math.ceil((1 + 1e-9) / yStep) * yStep; v <= yMax + 1e-9; v += yStep) levels.push(v);
    for (const v of levels) {
      const y = Math.round(yAt(v)) + 0.5;
      ctx.strokeStyle = v === 1 ? ink.base : ink.grid;
      ctx.beginPath();
      ctx.moveTo(padL, y);
      ctx.lineTo(width - padR, y);
      ctx.stroke();
      ctx.fillStyle = ink.axis;
      ctx.fillText(axisLabel(v), padL - 8, y);
    }
    const xStep = niceStep(xMax / 4);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (let s = xStep; s <= xMax; s += xStep) {
      ctx.fillStyle = ink.axis;
      ctx.fillText(`${Math.round(s)}s`, xAt(s), padT + plotH + 8);
    }

    // The target line (while it is on the chart).
    if (scene.target && scene.target <= yMax) {
      const y = Math.round(yAt(scene.target)) + 0.5;
      ctx.save();
      ctx.setLineDash([6, 6]);
      ctx.strokeStyle = ink.target;
      ctx.globalAlpha = scene.cashed ? 0.9 : 0.55;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(padL, y);
      ctx.lineTo(width - padR, y);
      ctx.stroke();
      ctx.restore();
      ctx.fillStyle = ink.target;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'bottom';
      ctx.fillText(targetLabel(fmtX(scene.target)), padL + 6, y - 3);
    }

    const crashed = scene.phase === 'crashed';
    const points: [number, number][] = [];
    if (now > 0) {
      const n = Math.max(12, Math.min(140, Math.round(plotW / 3)));
      for (let i = 0; i <= n; i++) {
        const s = (now * i) / n;
        points.push([xAt(s), yAt(Math.min(multAt(s), mNow))]);
      }
      const first = points[0] as [number, number];
      const last = points[points.length - 1] as [number, number];
      // Area under the curve.
      const fill = ctx.createLinearGradient(0, padT, 0, padT + plotH);
      fill.addColorStop(0, crashed ? 'rgba(255,80,80,0.35)' : 'rgba(255,150,60,0.35)');
      fill.addColorStop(1, 'rgba(255,120,60,0)');
      ctx.beginPath();
      ctx.moveTo(first[0], yAt(1));
      for (const [x, y] of points) ctx.lineTo(x, y);
      ctx.lineTo(last[0], yAt(1));
      ctx.closePath();
      ctx.fillStyle = fill;
      ctx.fill();
      // The curve.
      const stroke = ctx.createLinearGradient(padL, 0, width - padR, 0);
      stroke.addColorStop(0, crashed ? '#ff6b6b' : accent);
      stroke.addColorStop(1, crashed ? '#ff2d55' : '#ff5e9a');
      ctx.beginPath();
      ctx.moveTo(first[0], first[1]);
      for (const [x, y] of points.slice(1)) ctx.lineTo(x, y);
      ctx.strokeStyle = stroke;
      ctx.lineWidth = 4;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.stroke();
    }

    // The cash-out mark on the curve.
    if (scene.cashed && scene.target && scene.target <= yMax) {
      const x = xAt(timeOf(scene.target));
      const y = yAt(scene.target);
      ctx.beginPath();
      ctx.arc(x, y, 6, 0, Math.PI * 2);
      ctx.fillStyle = '#4be38a';
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#0b2a18';
      ctx.stroke();
    }

    const tip = points[points.length - 1] ?? [xAt(0), yAt(1)];
    if (!crashed) {
      let angle = -Math.PI / 5;
      const back = points[points.length - 4];
      if (points.length > 3 && back) angle = Math.atan2(tip[1] - back[1], tip[0] - back[0]);
      drawRocket(tip[0], tip[1], angle, scene.phase === 'flying');
    } else {
      drawExplosion(tip[0], tip[1]);
    }
  }

  function drawRocket(x: number, y: number, angle: number, flame: boolean) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(angle);
    ctx.scale(1.25, 1.25);
    if (flame) {
      const len = 16 + Math.random() * 10;
      const g = ctx.createLinearGradient(-12, 0, -12 - len, 0);
      g.addColorStop(0, '#fff6b0');
      g.addColorStop(0.35, '#ffb020');
      g.addColorStop(1, 'rgba(255,60,0,0)');
      ctx.beginPath();
      ctx.moveTo(-11, -5);
      ctx.quadraticCurveTo(-12 - len * 0.6, -3, -12 - len, 0);
      ctx.quadraticCurveTo(-12 - len * 0.6, 3, -11, 5);
      ctx.closePath();
      ctx.fillStyle = g;
      ctx.fill();
    }
    // Fins.
    ctx.fillStyle = '#e8344e';
    ctx.beginPath();
    ctx.moveTo(-4, -6);
    ctx.lineTo(-14, -13);
    ctx.lineTo(-12, -5);
    ctx.closePath();
    ctx.moveTo(-4, 6);
    ctx.lineTo(-14, 13);
    ctx.lineTo(-12, 5);
    ctx.closePath();
    ctx.fill();
    // Body.
    const body = ctx.createLinearGradient(0, -7, 0, 7);
    body.addColorStop(0, '#ffffff');
    body.addColorStop(1, '#b9c4d6');
    ctx.beginPath();
    ctx.moveTo(17, 0);
    ctx.quadraticCurveTo(9, -8, -12, -6.5);
    ctx.lineTo(-12, 6.5);
    ctx.quadraticCurveTo(9, 8, 17, 0);
    ctx.closePath();
    ctx.fillStyle = body;
    ctx.fill();
    // Nose.
    ctx.beginPath();
    ctx.moveTo(17, 0);
    ctx.quadraticCurveTo(13, -5, 8, -6.4);
    ctx.lineTo(8, 6.4);
    ctx.quadraticCurveTo(13, 5, 17, 0);
    ctx.closePath();
    ctx.fillStyle = '#e8344e';
    ctx.fill();
    // Window.
    ctx.beginPath();
    ctx.arc(1, 0, 3.2, 0, Math.PI * 2);
    ctx.fillStyle = '#3fb8ff';
    ctx.fill();
    ctx.lineWidth = 1.4;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.restore();
  }

  function drawExplosion(x: number, y: number) {
    const scene = chart.scene;
    const age = (performance.now() - (scene.crashAt || 0)) / 1000;
    if (age < 0.35) {
      ctx.beginPath();
      ctx.arc(x, y, 10 + age * 160, 0, Math.PI * 2);
      ctx.fillStyle = `rgba(255,220,120,${(0.7 * (1 - age / 0.35)).toFixed(3)})`;
      ctx.fill();
    }
    for (const p of scene.particles || []) {
      const life = Math.min(1, age / p.life);
      if (life >= 1) continue;
      const px = x + p.vx * age;
      const py = y + p.vy * age + 90 * age * age;
      ctx.beginPath();
      ctx.arc(px, py, Math.max(0.5, p.size * (1 - life)), 0, Math.PI * 2);
      ctx.fillStyle = p.color;
      ctx.globalAlpha = 1 - life;
      ctx.fill();
      ctx.globalAlpha = 1;
    }
    // Smoke that stays.
    ctx.beginPath();
    ctx.arc(x, y, 7, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(255,90,90,0.9)';
    ctx.fill();
  }

  readInk();
  window.matchMedia?.('(prefers-color-scheme: light)').addEventListener?.('change', () => {
    readInk();
    draw();
  });
  if (window.ResizeObserver) new ResizeObserver(resize).observe(canvas);
  else window.addEventListener('resize', resize);

  return { chart, draw, resize };
}
