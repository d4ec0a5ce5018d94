import { manilaDay } from '../../shared/time';
import { followUp } from './lib/follow-ups';

/** A clock as the processes of a cluster share it. */
export interface ClockState {
  offsetMs: number;
  frozenAt: number | null;
}

/** May answer a promise (its own failures handled): a request that moved the clock answers once it settled. */
export type ClockListener = (from: Date, to: Date) => unknown;
/** `from` and `to` are Manila business days, YYYY-MM-DD. */
export type DayListener = (from: string, to: string) => void;

/**
 * Virtual time. Server logic reads `now()` only from here, so tests and testers can set and advance it.
 * Unfrozen, it runs with the real clock plus an offset; frozen (tests, or a tester's `freeze`), it stands
 * still until moved. `resume` runs it on from where it stands; `real` goes back to real time (offset 0).
 * It also owns the Manila business day: `onDayChange` listeners hear each change once, after a move
 * across midnight (either way, after the `onChange` listeners) or when `checkDay` finds real time passed it.
 */
export class Clock {
  private offsetMs: number;
  private frozenAt: number | undefined;
  private readonly listeners = new Set<ClockListener>();
  private readonly dayListeners = new Set<DayListener>();
  private day: string;

  constructor(options: { offsetMs?: number; frozenAt?: Date } = {}) {
    this.offsetMs = options.offsetMs ?? 0;
    this.frozenAt = options.frozenAt?.getTime();
    this.day = manilaDay(this.now());
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  iso(): string {
    return this.now().toISOString();
  }

  get offset(): number {
    return this.frozenAt === undefined ? this.offsetMs : this.frozenAt - Date.now();
  }

  get frozen(): boolean {
    return this.frozenAt !== undefined;
  }

  set(target: Date): void {
    this.move(target.getTime());
  }

  advance(ms: number): void {
    this.move(this.nowMs() + ms);
  }

  /** Stands still at the current virtual instant (or `at`); the day stays the one it is. */
  freeze(at: Date = this.now()): void {
    const from = this.now();
    this.frozenAt = at.getTime();
    this.notify(from, at);
  }

  /** Runs on from the instant it stands at (a running clock stays as it is). */
  resume(): void {
    if (this.frozenAt === undefined) return;
    const at = new Date(this.frozenAt);
    this.offsetMs = this.frozenAt - Date.now();
    this.frozenAt = undefined;
    this.notify(at, at);
  }

  /** Back to real time: offset 0 and running. A move like any other (listeners, the day). */
  real(): void {
    const from = this.now();
    this.frozenAt = undefined;
    this.offsetMs = 0;
    this.notify(from, this.now());
  }

  /** What another process needs to run the same clock: the offset, or the frozen instant. */
  state(): ClockState {
    return { offsetMs: this.offsetMs, frozenAt: this.frozenAt ?? null };
  }

  /**
   * Takes another process's clock (the broker): the listeners hear it as a move, like set().
   */
  adopt(state: ClockState): void {
    const from = this.now();
    this.offsetMs = state.offsetMs;
    this.frozenAt = state.frozenAt ?? undefined;
    this.notify(from, this.now());
  }

  onChange(listener: ClockListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onDayChange(listener: DayListener): () => void {
    this.dayListeners.add(listener);
    return () => this.dayListeners.delete(listener);
  }

  /** Tells the day listeners when the Manila day is no longer the one they last heard (a running clock's midnight). */
  checkDay(): void {
    const today = manilaDay(this.now());
    if (today === this.day) return;
    const from = this.day;
    this.day = today;
    for (const listener of this.dayListeners) listener(from, today);
  }

  private move(targetMs: number): void {
    const from = this.now();
    if (this.frozenAt === undefined) this.offsetMs = targetMs - Date.now();
    else this.frozenAt = targetMs;
    this.notify(from, this.now());
  }

  /** The change listeners (the midnight timer re-arms there), then the day listeners if the day turned. */
  private notify(from: Date, to: Date): void {
    for (const listener of this.listeners) followUp(listener(from, to));
    this.checkDay();
  }
}
