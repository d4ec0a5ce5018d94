/** Above and below the sky: the last crash points (pills) and this round's bets (masked names, cash-outs). */
import type { GameKit } from '../kit/game';
import { fmtX } from './flight';
import type { CrashStatus } from './types';

export function createBoard(G: GameKit) {
  const { el, t, money } = G;
  const historyRow = el('div', { class: 'crash-history', role: 'list', 'aria-label': t('history') });
  const betsTitle = el('div', { class: 'crash-bets-head' });
  const betsList = el('ul', { class: 'crash-bets', 'aria-label': t('players') });
  const players = el('section', { class: 'crash-players' }, betsTitle, betsList);

  /** `fresh`: the round whose crash was just seen (its pill blinks in). */
  function paintHistory(room: CrashStatus | null, fresh: number) {
    const points = room?.history ?? [];
    if (!points.length) {
      historyRow.replaceChildren(el('span', { class: 'crash-history-empty', text: t('historyEmpty') }));
      return;
    }
    historyRow.replaceChildren(
      ...points.map((h, i) => {
        const x = h.point / 100;
        return el('span', {
          role: 'listitem',
          class: `crash-pill ${x >= 10 ? 'gold' : x >= 2 ? 'blue' : 'red'}${i === 0 && h.n === fresh ? ' new' : ''}`,
          text: fmtX(x),
          title: `#${h.n}`,
        });
      }),
    );
  }

  function paintBets(room: CrashStatus | null) {
    const bets = room?.bets ?? [];
    betsTitle.replaceChildren(
      el('strong', { text: t('players') }),
      el('span', {
        class: 'g-muted',
        text: t('playersCount', { count: room?.totals.bets ?? 0, total: money(room?.totals.staked ?? 0) }),
      }),
    );
    if (!bets.length) {
      betsList.replaceChildren(el('li', { class: 'crash-bets-empty g-muted', text: t('noBets') }));
      return;
    }
    betsList.replaceChildren(
      ...bets.map((b) =>
        el(
          'li',
          { class: `crash-bet is-${b.state}${b.me ? ' is-me' : ''}` },
          el('span', { class: 'crash-bet-name', text: b.me ? `${t('you')} · ${b.player}` : b.player }),
          el('span', { class: 'crash-bet-stake', text: money(b.stake) }),
          el('span', {
            class: 'crash-bet-x',
            text: b.state === 'cashed' ? fmtX((b.cashedAt ?? 0) / 100) : b.state === 'lost' ? t('lost') : t('inFlight'),
          }),
          el('span', { class: 'crash-bet-win', text: b.state === 'cashed' ? `+${money(b.win)}` : '' }),
        ),
      ),
    );
  }

  return { historyRow, players, paintHistory, paintBets };
}
