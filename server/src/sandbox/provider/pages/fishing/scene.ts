/**
 * The pond drawn with PixiJS (one WebGL canvas under the pond's DOM): the fish swimming (a tail's sway while
 * they move), my cannon turning and recoiling, the bullets, splashes, the net and the coins. Loaded by the
 * fishing entry with a dynamic import, after the pond and its controls are on screen; when WebGL is missing
 * the page keeps its DOM pond (effects.ts). The DOM stays the page's truth for people and tests: each fish
 * keeps its transparent .fs-fish node (aria-label, multiplier label, .in/.caught), the cannons their labels,
 * the controls are untouched. Under reduced motion: no sway, no recoil, a few coins, 30 frames a second.
 */
// the pages' CSP has no 'unsafe-eval': Pixi's shader and uniform code without new Function
import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, GraphicsContext } from 'pixi.js';
import { fishSvg } from './art';
import type { PondEffects } from './effects';
import type { Fish, PondFish, Swimmer } from './types';

/** A fish's drawn width by size (the DOM proxy's width in fishing.css). */
const WIDTH: Record<1 | 2 | 3, number> = { 1: 56, 2: 84, 3: 124 };

interface Drawn {
  node: Container;
  body: Graphics;
  phase: number;
  state: 'swim' | 'caught' | 'escaped';
  since: number;
}

/** A short-lived effect: advanced each frame with its age (ms); false when done. */
type Effect = (age: number) => boolean;

export async function createScene(
  pond: HTMLElement,
  deps: {
    swimming: ReadonlyMap<string, Swimmer>;
    serverNow: () => number;
    at: (f: PondFish, now: number) => [number, number];
    bossId: string;
    accent: string;
    reducedMotion: () => boolean;
    ms: (full: number) => number;
    /** The DOM's own effects, for the win's label (text stays DOM: crisp, in the player's language). */
    label: (x: number, y: number, win: number) => void;
  },
) {
  const app = new Application();
  await app.init({
    resizeTo: pond,
    backgroundAlpha: 0,
    antialias: true,
    autoDensity: true,
    resolution: Math.min(2, window.devicePixelRatio || 1),
    preference: 'webgl',
    eventMode: 'none',
    eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
  });
  const canvas = app.canvas;
  canvas.classList.add('fs-canvas');
  canvas.setAttribute('aria-hidden', 'true');
  pond.prepend(canvas);
  // which renderer Pixi chose (webgl, or canvas where WebGL is missing): for the tests and a support look
  pond.dataset.renderer = app.renderer.name;
  if (deps.reducedMotion()) app.ticker.maxFPS = 30;

  const school = new Container();
  const fx = new Container();
  const cannon = new Container();
  app.stage.addChild(school, fx, cannon);

  /* ---------- my cannon ---------- */
  const barrel = new Graphics().roundRect(-6, -38, 12, 30, 4).fill(0xe9ecef).stroke({ width: 2, color: 0x343a40 });
  const base = new Graphics()
    .circle(0, 0, 16)
    .fill(deps.accent)
    .stroke({ width: 3, color: 0x343a40 })
    .circle(0, 0, 6)
    .fill(0x343a40);
  cannon.addChild(barrel, base);
  let recoil = 0;

  /* ---------- the fish ---------- */
  const looks = new Map<string, GraphicsContext>();
  const lookOf = (kind: Fish) => {
    let look = looks.get(kind.id);
    if (!look) {
      look = new GraphicsContext().svg(fishSvg(kind));
      looks.set(kind.id, look);
    }
    return look;
  };
  const drawn = new Map<string, Drawn>();

  function addFish(s: Swimmer) {
    const node = new Container();
    const body = new Graphics(lookOf(s.kind));
    // the drawing is 120 x 60, facing left; centred, scaled to the fish's size, mirrored when it swims right
    body.pivot.set(60, 30);
    const scale = WIDTH[s.kind.size] / 120;
    body.scale.set(s.f.to[0] > s.f.from[0] ? -scale : scale, scale);
    if (s.f.fish === deps.bossId) {
      const glow = new Graphics()
        .ellipse(0, 0, WIDTH[3] * 0.55, WIDTH[3] * 0.3)
        .fill({ color: deps.accent, alpha: 0.25 });
      node.addChild(glow);
    }
    node.addChild(body);
    node.alpha = 0;
    school.addChild(node);
    const d: Drawn = { node, body, phase: Math.random() * Math.PI * 2, state: 'swim', since: 0 };
    drawn.set(s.f.id, d);
    return d;
  }

  /* ---------- effects ---------- */
  const running = new Set<{ start: number; step: Effect }>();
  const run = (step: Effect) => running.add({ start: performance.now(), step });

  const effects: PondEffects = {
    bullet(x0, y0, x1, y1, kind, duration) {
      const time = deps.ms(duration);
      const own = kind === 'fs-own';
      const dot = new Graphics()
        .circle(0, 0, own ? 9 : 7)
        .fill({ color: own ? 0xffd60a : 0xffffff, alpha: 0.35 })
        .circle(0, 0, own ? 5 : 4)
        .fill(own ? 0xfff3b0 : 0xe9ecef);
      dot.position.set(x0, y0);
      fx.addChild(dot);
      if (own) recoil = 1;
      return new Promise<void>((resolve) => {
        run((age) => {
          const p = Math.min(1, age / Math.max(1, time));
          dot.position.set(x0 + (x1 - x0) * p, y0 + (y1 - y0) * p);
          if (p < 1) return true;
          dot.destroy();
          resolve();
          return false;
        });
      });
    },
    splash(x, y, big) {
      const ring = new Graphics().circle(0, 0, 10).stroke({ width: 3, color: 0xffffff, alpha: 0.9 });
      ring.position.set(x, y);
      fx.addChild(ring);
      const grow = big ? 5 : 3;
      run((age) => {
        const p = Math.min(1, age / 700);
        ring.scale.set(1 + grow * p);
        ring.alpha = 1 - p;
        if (p < 1) return true;
        ring.destroy();
        return false;
      });
    },
    net(x, y) {
      const net = new Graphics();
      for (let i = 0; i < 6; i++) {
        const a = (i / 6) * Math.PI;
        net.moveTo(Math.cos(a) * -34, Math.sin(a) * -34).lineTo(Math.cos(a) * 34, Math.sin(a) * 34);
      }
      net.stroke({ width: 1.5, color: 0xffffff, alpha: 0.8 });
      net.circle(0, 0, 34).stroke({ width: 3, color: 0xffffff, alpha: 0.95 });
      net.circle(0, 0, 20).stroke({ width: 1.5, color: 0xffffff, alpha: 0.7 });
      net.position.set(x, y);
      fx.addChild(net);
      let gone = false;
      run((age) => {
        if (gone) return false;
        const p = Math.min(1, age / 1100);
        net.scale.set(0.4 + 0.6 * Math.min(1, p * 3));
        net.rotation = deps.reducedMotion() ? 0 : p * 0.8;
        net.alpha = p < 0.7 ? 1 : 1 - (p - 0.7) / 0.3;
        if (p < 1) return true;
        net.destroy();
        gone = true;
        return false;
      });
      return {
        remove() {
          if (gone) return;
          gone = true;
          net.destroy();
        },
      };
    },
    coins(x, y, count, win) {
      const n = deps.reducedMotion() ? Math.min(4, count) : count;
      for (let i = 0; i < n; i++) {
        const angle = (i / n) * Math.PI * 2;
        const dx = Math.cos(angle) * 60;
        const dy = Math.sin(angle) * 60 - 30;
        const coin = new Graphics()
          .circle(0, 0, 7)
          .fill(0xffd60a)
          .stroke({ width: 2, color: 0xb8860b })
          .circle(-2, -2, 2)
          .fill({ color: 0xffffff, alpha: 0.7 });
        coin.position.set(x, y);
        fx.addChild(coin);
        const delay = i * 30;
        run((age) => {
          const p = Math.min(1, Math.max(0, (age - delay) / 1200));
          coin.position.set(x + dx * p, y + dy * p + 80 * p * p);
          coin.alpha = p < 0.6 ? 1 : 1 - (p - 0.6) / 0.4;
          coin.scale.x = deps.reducedMotion() ? 1 : Math.cos(p * Math.PI * 4);
          if (age < 1400) return true;
          coin.destroy();
          return false;
        });
      }
      deps.label(x, y, win);
    },
  };

  /* ---------- each frame ---------- */
  app.ticker.add(() => {
    const now = deps.serverNow();
    const t = performance.now();
    const calm = deps.reducedMotion();
    for (const s of deps.swimming.values()) {
      const d = drawn.get(s.f.id) ?? addFish(s);
      const [x, y] = deps.at(s.f, now);
      d.node.position.set(x, y);
      const state = s.node.classList.contains('caught')
        ? 'caught'
        : s.node.classList.contains('escaped')
          ? 'escaped'
          : 'swim';
      if (state !== d.state) {
        d.state = state;
        d.since = t;
      }
      const age = t - d.since;
      if (d.state === 'caught') {
        const p = Math.min(1, age / 900);
        d.node.alpha = 1 - p;
        d.node.scale.set(1 - 0.5 * p);
        d.node.rotation = calm ? 0 : p * Math.PI;
      } else {
        d.node.alpha = now < s.f.enterAt ? 0 : Math.min(1, (now - s.f.enterAt) / 300);
        d.node.scale.set(1);
        // the tail's sway while it swims; a start when a shot missed it
        const sway = calm ? 0 : Math.sin(t / 180 + d.phase) * 0.06;
        d.node.rotation = d.state === 'escaped' && !calm ? Math.sin(age / 40) * 0.25 : sway;
      }
    }
    for (const [id, d] of drawn)
      if (!deps.swimming.has(id)) {
        d.node.destroy({ children: true });
        drawn.delete(id);
      }
    for (const e of running) if (!e.step(t - e.start)) running.delete(e);
    cannon.position.set(app.screen.width / 2, app.screen.height - 31);
    if (recoil > 0) {
      recoil = calm ? 0 : Math.max(0, recoil - 0.12);
      barrel.y = recoil * 6;
    }
  });

  return {
    effects,
    /** Turns my cannon (radians, 0 = straight up). */
    aim(angle: number) {
      cannon.rotation = angle;
    },
    destroy: () => app.destroy(true, { children: true }),
  };
}

export type PondScene = Awaited<ReturnType<typeof createScene>>;
