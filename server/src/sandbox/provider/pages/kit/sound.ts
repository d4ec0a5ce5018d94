import { store } from './store';
import type { SoundName } from './types';

interface ToneOptions {
  type?: OscillatorType;
  to?: number;
  gain?: number;
}
interface NoiseOptions {
  filter?: BiquadFilterType;
  freq?: number;
  to?: number;
  gain?: number;
}

/** Sound effects generated with WebAudio (no files); off by default, the choice remembered. */
export const sound = (() => {
  let on = store.get<boolean>('sound', false) === true;
  let ctx: AudioContext | null = null;
  let master: GainNode | null = null;

  function context(): AudioContext | null {
    if (!ctx) {
      const Ctx =
        window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      if (!Ctx) return null;
      ctx = new Ctx();
      master = ctx.createGain();
      master.gain.value = 0.5;
      master.connect(ctx.destination);
    }
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    return ctx;
  }

  function tone(freq: number, start: number, length: number, opts: ToneOptions = {}) {
    const c = ctx;
    if (!c || !master) return;
    const osc = c.createOscillator();
    const gain = c.createGain();
    const t0 = c.currentTime + start;
    osc.type = opts.type || 'sine';
    osc.frequency.setValueAtTime(freq, t0);
    if (opts.to) osc.frequency.exponentialRampToValueAtTime(opts.to, t0 + length);
    const peak = opts.gain ?? 0.2;
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(peak, t0 + Math.min(0.012, length / 4));
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
    osc.connect(gain).connect(master);
    osc.start(t0);
    osc.stop(t0 + length + 0.02);
  }

  function noise(start: number, length: number, opts: NoiseOptions = {}) {
    const c = ctx;
    if (!c || !master) return;
    const frames = Math.max(1, Math.floor(c.sampleRate * length));
    const buffer = c.createBuffer(1, frames, c.sampleRate);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) channel[i] = Math.random() * 2 - 1;
    const src = c.createBufferSource();
    src.buffer = buffer;
    const filter = c.createBiquadFilter();
    filter.type = opts.filter || 'bandpass';
    const t0 = c.currentTime + start;
    filter.frequency.setValueAtTime(opts.freq || 1500, t0);
    if (opts.to) filter.frequency.exponentialRampToValueAtTime(opts.to, t0 + length);
    const gain = c.createGain();
    gain.gain.setValueAtTime(opts.gain ?? 0.3, t0);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
    src.connect(filter).connect(gain).connect(master);
    src.start(t0);
    src.stop(t0 + length + 0.02);
  }

  function arpeggio(notes: number[], step: number, length: number) {
    for (const [i, f] of notes.entries()) tone(f, i * step, length, { type: 'triangle', gain: 0.16 });
  }

  const effects: Record<SoundName, () => void> = {
    click: () => tone(900, 0, 0.05, { type: 'square', gain: 0.05 }),
    chip: () => {
      tone(2400, 0, 0.05, { type: 'triangle', gain: 0.12 });
      tone(3300, 0.035, 0.06, { type: 'triangle', gain: 0.08 });
    },
    spin: () => noise(0, 0.35, { freq: 600, to: 2400, gain: 0.12 }),
    tick: () => tone(1400, 0, 0.025, { type: 'square', gain: 0.03 }),
    stop: () => {
      tone(150, 0, 0.12, { type: 'triangle', gain: 0.3, to: 90 });
      noise(0, 0.05, { freq: 2500, gain: 0.08 });
    },
    card: () => noise(0, 0.12, { freq: 3000, to: 1200, filter: 'highpass', gain: 0.18 }),
    flip: () => noise(0, 0.06, { freq: 1800, gain: 0.15 }),
    win: () => arpeggio([523, 659, 784, 1047], 0.09, 0.22),
    bigwin: () => arpeggio([523, 659, 784, 1047, 784, 1047, 1319, 1568], 0.11, 0.3),
    lose: () => {
      tone(330, 0, 0.18, { type: 'sine', gain: 0.12 });
      tone(247, 0.16, 0.3, { type: 'sine', gain: 0.12 });
    },
    push: () => tone(440, 0, 0.25, { type: 'sine', gain: 0.12 }),
    launch: () => noise(0, 1.2, { freq: 300, to: 1800, filter: 'lowpass', gain: 0.22 }),
    cashout: () => {
      tone(1047, 0, 0.12, { type: 'square', gain: 0.06 });
      tone(1568, 0.08, 0.3, { type: 'triangle', gain: 0.16 });
    },
    explode: () => {
      noise(0, 0.9, { freq: 1200, to: 80, filter: 'lowpass', gain: 0.6 });
      tone(90, 0, 0.5, { type: 'sawtooth', gain: 0.15, to: 30 });
    },
  };

  return {
    get on() {
      return on;
    },
    set(value: boolean) {
      on = Boolean(value);
      store.set('sound', on);
      if (on) context();
    },
    play(name: SoundName) {
      if (!on || !effects[name]) return;
      try {
        if (!context()) return;
        effects[name]();
      } catch {
        /* audio is decoration: never let it break a round */
      }
    },
  };
})();
