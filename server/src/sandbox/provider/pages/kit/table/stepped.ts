/* Stepped rounds (blackjack, video poker, hi-lo, dealer poker): the round's driver and its rules sheet. */
import type { GameKit, RoundAnswer, Vars } from '../types';
import type { Pieces } from './pieces';
import type { SteppedRound, SteppedSpec } from './types';

export function steppedOf(G: GameKit, { pct, pushText }: Pieces) {
  const { el, t, money } = G;

  /** The how-to-play sheet of a stepped table: rule lines, a table of [label, value] rows and the RTP. */
  function infoSheet(
    ruleKeys: readonly string[],
    rows: readonly (readonly string[])[],
    head: readonly string[],
    vars?: Vars,
  ): void {
    G.setInfo(() => {
      const content = el(
        'div',
        { class: 'tk-info' },
        el('h3', { text: t('rules') }),
        el(
          'ul',
          {},
          ruleKeys.map((k) => el('li', { text: t(k, vars) })),
          el('li', { text: t('stakeRange', { min: money(G.MIN_STAKE), max: money(G.MAX_STAKE) }) }),
          el('li', { text: t('fair') }),
          el('li', { text: t('malfunction') }),
        ),
        rows.length
          ? el(
              'table',
              { class: 'g-table' },
              el(
                'thead',
                {},
                el(
                  'tr',
                  {},
                  head.map((h) => el('th', { text: h })),
                ),
              ),
              el(
                'tbody',
                {},
                rows.map((r) =>
                  el(
                    'tr',
                    {},
                    r.map((c) => el('td', { text: c })),
                  ),
                ),
              ),
            )
          : null,
        el('p', { class: 'g-rtp' }, el('span', { text: t('rtp') }), el('strong', { text: pct(G.rtp ?? 0) })),
      );
      G.openSheet(G.titleInfo.name || G.data.title, content);
    });
  }

  /**
   * Drives one stepped round: begin(params) bets through Game.play, act(action) through Game.act; each
   * answer goes to onView(view) while the round is open, and to onDone(answer) once it is settled, after
   * which the result line is written and the casino frame told.
   */
  function stepped<View = unknown, Outcome = unknown>(spec: SteppedSpec<View, Outcome>): SteppedRound {
    let roundId: string | null = null;
    async function handle(answer: RoundAnswer<Outcome, View>) {
      if (answer.done) {
        roundId = null;
        await spec.onDone(answer);
        const line = spec.message;
        if (answer.win > answer.stake) {
          line.className = 'tk-message win';
          line.textContent = t('kitWin', { amount: money(answer.win) });
          G.sound.play('win');
        } else if (answer.win > 0) {
          line.className = 'tk-message push';
          line.textContent = pushText(answer);
        } else {
          line.className = 'tk-message lose';
          line.textContent = t('kitLose');
          G.sound.play('lose');
        }
        G.finishRound(answer);
      } else {
        roundId = answer.roundId;
        // An open round always comes with its view (PlayResult.view); without one there is nothing to draw.
        if (answer.view !== undefined) await spec.onView(answer.view, answer);
      }
      spec.paint();
    }
    return {
      get open() {
        return roundId !== null;
      },
      async begin(params) {
        spec.message.className = 'tk-message';
        spec.message.textContent = t('kitPlaying');
        const answer = await G.play<Outcome, View>(params);
        if (answer) await handle(answer);
        else spec.paint();
      },
      async act(action) {
        if (!roundId) return;
        const answer = await G.act<Outcome, View>(roundId, action);
        if (answer) await handle(answer);
      },
    };
  }

  return { infoSheet, stepped };
}
