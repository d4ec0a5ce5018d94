export type ClockListener = (from: Date, to: Date) => void;

/**
 * Virtual time. Server logic reads `now()` only from here, so tests and testers can set and advance it.
 * Unfrozen, it runs with the real clock plus an offset; frozen (tests), it stands still until moved.
 */
export class Clock {
  private offsetMs: number;
  private frozenAt: number | undefined;
  private readonly listeners = new Set<ClockListener>();

  constructor(options: { offsetMs?: number; frozenAt?: Date } = {}) {
    this.offsetMs = options.offsetMs ?? 0;
    this.frozenAt = options.frozenAt?.getTime();
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

  freeze(at: Date = this.now()): void {
    this.frozenAt = at.getTime();
  }

  onChange(listener: ClockListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private move(targetMs: number): void {
    const from = this.now();
    if (this.frozenAt === undefined) this.offsetMs = targetMs - Date.now();
    else this.frozenAt = targetMs;
    const to = this.now();
    for (const listener of this.listeners) listener(from, to);
  }
}
