/**
 * The originals' stepped round (mines, tower): the main button starts a round with the page's bet, each
 * step (a tile, a door) goes through Game.act, and the same button cashes out once the round is open.
 * The page draws each view and says how the round ended; this keeps the round and its order of events.
 */
import type { GameKit, RoundAnswer } from '../kit/types';

export interface SteppedRound<View> {
  /** The main button: Start, then Cash out while a round is open. */
  main: HTMLButtonElement;
  /** The main button's text between rounds. */
  startText: () => string;
  /** The body of Game.play: the stake and the family's fields. */
  body: () => { stake: number } & Record<string, unknown>;
  /** A round opened (before its first view is drawn). */
  started?: () => void;
  /** Draws a view from the server (the open round's, or the final one). */
  paint: (view: View) => void;
  /** The round is over (lost, cashed out, or at the top): sounds and the status line. */
  ended: (answer: RoundAnswer<View, View>, view: View) => void;
}

export function steppedRound<View>(G: GameKit, spec: SteppedRound<View>) {
  let round: { id: string; stake: number } | null = null;

  const finish = (answer: RoundAnswer<View, View>) => {
    // the settled outcome is the last view (the mines, the traps); the view is sent beside it too
    const view = (answer.outcome ?? answer.view) as View;
    spec.paint(view);
    spec.ended(answer, view);
    round = null;
    spec.main.textContent = spec.startText();
    G.finishRound(answer);
  };

  const start = async () => {
    const body = spec.body();
    const answer = await G.play<View, View>(body);
    if (!answer) return;
    round = { id: answer.roundId, stake: answer.stake ?? body.stake };
    G.sound.play('chip');
    spec.started?.();
    if (answer.view) spec.paint(answer.view);
  };

  spec.main.addEventListener('click', async () => {
    if (!round) return start();
    const answer = await G.act<View, View>(round.id, { type: 'cashout' });
    if (answer) finish(answer);
  });

  return {
    /** The open round's stake (centavos), 0 between rounds. */
    get stake() {
      return round?.stake ?? 0;
    },
    get open() {
      return round !== null;
    },
    /** One step of the open round (a tile, a door): its next view, or its end. */
    async step(action: Record<string, unknown>) {
      if (!round) return;
      const answer = await G.act<View, View>(round.id, action);
      if (!answer) return;
      G.sound.play('flip');
      if (answer.done) return finish(answer);
      if (answer.view) spec.paint(answer.view);
    },
  };
}
