import { gamesJourney } from './games-journey';

// The stepped arcade, slots and instant games, fishing and races, and the slot's pick bonus (games-journey.ts).
gamesJourney('arcade');
