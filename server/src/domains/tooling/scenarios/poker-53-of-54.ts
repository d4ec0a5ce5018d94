import { POKER_DECK } from '../../../../../shared/contract/mall';
import { PASSWORD, type Persona, type Scenario } from './kit';

/** The card the persona lacks: the black joker, the rarest class (weight 2 of 900). */
export const MISSING_CARD = 'BJ';
/** Cards the persona holds twice. */
const HELD_TWICE = ['7H', 'QS', '2C', '10D'];

export const poker53of54: Scenario = {
  name: 'poker-53-of-54',
  version: 1,
  title: 'One card from the poker grand prize',
  description: `luz00053 (registered 60 days ago) holds 53 of the 54 poker cards, all but the black joker (${MISSING_CARD}), four of them twice (${HELD_TWICE.join(', ')}). Today's free draw is unused and she has no referral chance: exactly one draw left. A random draw gives ${MISSING_CARD} with a chance of 2 in 900 (0.22%), the weight of a joker in db/seeds/poker.json; otherwise a duplicate worth 10 points. The poker.card fault makes the next draw give the card of your choice: with ${MISSING_CARD} it completes the set and pays the grand prize of 250,000.00 (1x turnover).`,
  personas: [
    {
      username: 'luz00053',
      password: PASSWORD,
      role: `53 of 54 cards, missing ${MISSING_CARD}; one draw chance (today's free draw)`,
    },
  ],
  tryThis: [
    `Poker cards: 53 collected, ${MISSING_CARD} greyed out, 1 chance; the badge invite.friends.spins shows 1`,
    `Make the draw complete the set: npm run ops -- fault poker.card --card ${MISSING_CARD} --uid <luz00053's uid> (or without --uid: the next draw of anyone), then draw: 250,000.00 with 1x turnover, the feed announces it`,
    'Draw without the fault: most likely a duplicate (+10 points, 0 chances left); npm run ops -- clock advance 1d gives the free draw back',
    "Draw again at once: 60201, no chance left. After the grand prize, the next day's draw is a duplicate: the prize is paid once per player, ever",
  ],
  async build(kit) {
    let luz!: Persona;
    await kit.past(60 * kit.DAY_MS, async () => {
      luz = await kit.player({ username: 'luz00053', phone: '9170000053' });
    });
    const held = POKER_DECK.filter((card) => card !== MISSING_CARD);
    await kit.pokerCards(luz, [...held, ...HELD_TWICE]);
  },
};
