/**
 * Sounds made in the repo: every effect and the background loop are synthesised with the Web Audio API
 * at run time, so nothing is downloaded. Spec section 4: effects only with sound on; the background loop
 * only with music on and only after a first click on the page.
 */
export type SoundName = 'click' | 'close' | 'open' | 'roll';

type Ctx = AudioContext;

let ctx: Ctx | null = null;
let soundOn = false;
let musicOn = false;
let unlocked = false;
let music: { stop(): void } | null = null;

function context(): Ctx | null {
  if (ctx) return ctx;
  const Impl =
    typeof window !== 'undefined'
      ? (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext)
      : undefined;
  if (!Impl) return null;
  try {
    ctx = new Impl();
  } catch {
    ctx = null;
  }
  return ctx;
}

/** One enveloped oscillator note. */
function tone(
  c: Ctx,
  at: number,
  frequency: number,
  duration: number,
  options: { type?: OscillatorType; gain?: number; slideTo?: number; destination?: AudioNode } = {},
) {
  const osc = c.createOscillator();
  const gain = c.createGain();
  osc.type = options.type ?? 'sine';
  osc.frequency.setValueAtTime(frequency, at);
  if (options.slideTo) osc.frequency.exponentialRampToValueAtTime(options.slideTo, at + duration);
  const peak = options.gain ?? 0.2;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + duration);
  osc.connect(gain).connect(options.destination ?? c.destination);
  osc.start(at);
  osc.stop(at + duration + 0.02);
}

const EFFECTS: Record<SoundName, (c: Ctx, now: number) => void> = {
  click: (c, now) => tone(c, now, 1250, 0.05, { type: 'triangle', gain: 0.15 }),
  open: (c, now) => {
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => {
      tone(c, now + i * 0.07, f, 0.16, { type: 'triangle', gain: 0.16 });
    });
  },
  close: (c, now) => {
    tone(c, now, 660, 0.09, { type: 'triangle', gain: 0.14, slideTo: 440 });
    tone(c, now + 0.08, 392, 0.12, { type: 'triangle', gain: 0.12 });
  },
  roll: (c, now) => {
    // a wheel slowing down, then a chime (roll-wheel, open-treasure)
    let at = now;
    for (let i = 0; i < 14; i += 1) {
      tone(c, at, 900 + (i % 2) * 200, 0.03, { type: 'square', gain: 0.05 });
      at += 0.04 + i * 0.012;
    }
    [783.99, 987.77, 1318.5].forEach((f, i) => {
      tone(c, at + i * 0.09, f, 0.3, { type: 'sine', gain: 0.18 });
    });
  },
};

/** Plays an effect when sound is on (silently does nothing otherwise or without Web Audio). */
export function playSound(name: SoundName): void {
  if (!soundOn) return;
  const c = context();
  if (!c) return;
  if (c.state === 'suspended') void c.resume();
  try {
    EFFECTS[name](c, c.currentTime + 0.01);
  } catch {
    // audio is a nicety; never break the page for it
  }
}

/** A gentle pentatonic loop, scheduled a little ahead so it never stutters. */
function startLoop(c: Ctx): { stop(): void } {
  const master = c.createGain();
  master.gain.value = 0.05;
  master.connect(c.destination);
  const melody = [523.25, 659.25, 783.99, 659.25, 587.33, 783.99, 880, 783.99, 659.25, 587.33, 523.25, 440];
  const bass = [130.81, 130.81, 110, 110, 146.83, 146.83, 98, 98];
  const step = 0.32;
  let index = 0;
  let next = c.currentTime + 0.1;
  const timer = setInterval(() => {
    while (next < c.currentTime + 1) {
      const note = melody[index % melody.length] ?? 523.25;
      tone(c, next, note, step * 0.9, { type: 'triangle', gain: 0.5, destination: master });
      if (index % 2 === 0) {
        const low = bass[(index / 2) % bass.length] ?? 130.81;
        tone(c, next, low, step * 1.8, { type: 'sine', gain: 0.6, destination: master });
      }
      index += 1;
      next += step;
    }
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      master.gain.setTargetAtTime(0.0001, c.currentTime, 0.05);
      setTimeout(() => master.disconnect(), 300);
    },
  };
}

function syncMusic() {
  const shouldPlay = musicOn && unlocked && (typeof document === 'undefined' || document.visibilityState !== 'hidden');
  if (shouldPlay && !music) {
    const c = context();
    if (!c) return;
    if (c.state === 'suspended') void c.resume();
    music = startLoop(c);
  } else if (!shouldPlay && music) {
    music.stop();
    music = null;
  }
}

export function setSoundEnabled(on: boolean): void {
  soundOn = on;
}

export function setMusicEnabled(on: boolean): void {
  musicOn = on;
  syncMusic();
}

/** Waits for the first click on the page body before any music may play; pauses while hidden. */
export function installAudioUnlock(doc: Document = document): void {
  const unlock = () => {
    unlocked = true;
    syncMusic();
  };
  doc.body.addEventListener('click', unlock, { once: true, capture: true });
  doc.addEventListener('visibilitychange', syncMusic);
}

export const isMusicPlaying = (): boolean => music !== null;
