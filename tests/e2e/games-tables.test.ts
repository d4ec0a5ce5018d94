import { gamesJourney } from './games-journey';

// The card and dice tables and the stepped card games, then the shared dealer table (games-journey.ts).
gamesJourney('tables');
