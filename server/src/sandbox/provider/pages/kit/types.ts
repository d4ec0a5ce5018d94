/**
 * The page kit's contract (kit/common): what every family's page may use. `Game` is undefined when the
 * document has no #game root (the verify page, an error page).
 */
import type { PlayResult, TableDraw } from '../../engine';

/** A child for el() and fill(): nodes and text; null, undefined and false are left out; arrays flattened. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

/** el()'s attributes: `class`, `text`, `html`, `on<event>` listeners, any other attribute by name. */
export type Attrs = Record<string, unknown>;

export type Vars = Record<string, string | number>;

export type ToastKind = 'info' | 'error' | 'success' | 'win';

export type SoundName =
  | 'bigwin'
  | 'card'
  | 'cashout'
  | 'chip'
  | 'click'
  | 'explode'
  | 'flip'
  | 'launch'
  | 'lose'
  | 'push'
  | 'spin'
  | 'stop'
  | 'tick'
  | 'win';

/** The server's answer to /play and /act when it took the round (PlayResult's success branch). */
export type RoundAnswer<Outcome = unknown, View = unknown> = Extract<PlayResult, { ok: true }> & {
  outcome: Outcome;
  view?: View;
};

/** What Game.play sends: a stake (and the family's fields), chips on named bets, or an ante. */
export type PlayBody =
  | ({ stake: number } & Record<string, unknown>)
  | { bets: Record<string, number> }
  | { ante: number; pairPlus?: number };

export interface StakeStepper {
  node: HTMLElement;
  /** Centavos. */
  readonly value: number;
  setDisabled(disabled: boolean): void;
}

export interface TitleInfo {
  key: string;
  name: string;
  theme: string;
  art: string;
  shared: boolean;
}

export interface SeedPair {
  serverSeedHash: string;
  nextServerSeedHash?: string;
  clientSeed: string;
  nonce: number;
}

export interface GameKit {
  data: { game: string; session: string; nickname: string; language: 'en-US' | 'vi-VN'; title: string };
  vi: boolean;
  /** A label in the player's language; {name} placeholders filled from vars ({maxWin} always). */
  t(key: string, vars?: Vars): string;
  /** Adds a family's labels; every key in both languages. */
  addStrings(en: Record<string, string>, vi: Record<string, string>): void;
  /** Integer centavos to "₱1,234.50". */
  money(centavos: number): string;
  /** Pesos (the API's balance) to integer centavos. */
  toCentavos(pesos: number | string): number;
  el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    attrs?: Attrs | null,
    ...children: Child[]
  ): HTMLElementTagNameMap[K];
  el(tag: string, attrs?: Attrs | null, ...children: Child[]): HTMLElement;
  fill<N extends Element>(node: N, ...children: Child[]): N;
  wait(ms: number): Promise<void>;
  /** A duration, cut to 120 ms under reduced motion. */
  ms(full: number): number;
  reducedMotion(): boolean;
  /** localStorage under the provider's prefix, JSON; never throws. */
  store: { get<T>(key: string, fallback: T): T; set(key: string, value: unknown): void };
  sound: { readonly on: boolean; set(on: boolean): void; play(name: SoundName): void };
  toast(message: string, kind?: ToastKind, duration?: number): void;
  /** Opens the bottom sheet; returns its close(). */
  openSheet(title: string, content: Node): () => void;
  stakeStepper(options: {
    values: readonly number[];
    initial?: number;
    onChange?: (centavos: number) => void;
  }): StakeStepper;
  /** Counts node's text from one amount to another (centavos). */
  rollUp(node: Element, from: number, to: number, duration: number): Promise<void>;
  /** Plays one round (the lock held on success until finishRound); null when refused (a toast said why). */
  play<Outcome = unknown, View = unknown>(
    body: { stake: number } & Record<string, unknown>,
  ): Promise<RoundAnswer<Outcome, View> | null>;
  /**
   * A chip table's round (games/table.ts): the stake is the chips' sum, which the server checks; the body
   * has no stake field (the table's params are strict), so the page does not check it against the balance.
   */
  play<Outcome = unknown, View = unknown>(body: {
    bets: Record<string, number>;
  }): Promise<RoundAnswer<Outcome, View> | null>;
  /**
   * A dealer poker round (games/dealerPoker.ts), staked by its ante (and Pair Plus): no stake field either
   * (strict params), so the server alone checks it against the balance.
   */
  play<Outcome = unknown, View = unknown>(body: {
    ante: number;
    pairPlus?: number;
  }): Promise<RoundAnswer<Outcome, View> | null>;
  /** Any of the above (the table kit's stepped rounds pass on what the family gives them). */
  play<Outcome = unknown, View = unknown>(body: PlayBody): Promise<RoundAnswer<Outcome, View> | null>;
  /** One action on the open stepped round; null when refused. */
  act<Outcome = unknown, View = unknown>(roundId: string, action: unknown): Promise<RoundAnswer<Outcome, View> | null>;
  /** After the animation: the final balance in the header and the casino's frame; frees the lock. */
  finishRound(answer: RoundAnswer | null): void;
  /** POST /provider/api/<session>/<path>: the parsed answer ({ ok: false, message: '' } when not JSON). */
  // biome-ignore lint/suspicious/noExplicitAny: each family narrows its own calls' answers
  api<T = any>(path: string, body?: unknown): Promise<T>;
  /** The engine family drawing this page, and its kind. */
  family: string;
  kind: 'oneShot' | 'stepped' | string;
  /** The family's rules for this title: the very object the server pays from (narrowed by each family). */
  rules: unknown;
  /** The written return to player, 0..1. */
  rtp: number | null;
  titleInfo: TitleInfo;
  /** A shared table's draws, oldest first. */
  readonly tableDraws: readonly TableDraw[];
  onTableHistory(listener: (draws: readonly TableDraw[]) => void): void;
  fairPanel(): HTMLElement;
  openFairness(): void;
  verifyUrl(roundId?: string): string;
  refreshBalance(): Promise<number>;
  endSession(): void;
  /** The page's playing area under the header. */
  stage: HTMLElement;
  MIN_STAKE: number;
  MAX_STAKE: number;
  /** Centavos, as the header shows it. */
  readonly balance: number;
  readonly busy: boolean;
  readonly ended: boolean;
  onLock(listener: (disabled: boolean) => void): void;
  onBalance(listener: (centavos: number) => void): void;
  /** What the header's info button opens. */
  setInfo(handler: () => void): void;
}
