/** The engine's and the pond's shapes as the fishing page reads them (type-only: no server code in the page). */
import type { Fish, FishingConfig, FishingOutcome } from '../../games/fishing';
import type { PondFish } from '../../games/pond';
import type { Pond } from '../../pond';

export type { Fish, FishingConfig, FishingOutcome, PondFish };

/** POST /pond's answer: the fish now in the pond, the wave, the other players' seats. */
export type PondAnswer = Awaited<ReturnType<Pond['status']>>;
export type PondPlayer = PondAnswer['players'][number];
export type PondShot = PondPlayer['shots'][number];

/** A pond fish the page draws: its path, its kind and its node. */
export interface Swimmer {
  f: PondFish;
  kind: Fish;
  node: HTMLElement;
}
