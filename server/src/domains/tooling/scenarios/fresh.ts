import type { Scenario } from './kit';

export const fresh: Scenario = {
  name: 'fresh',
  version: 1,
  title: 'Fresh install',
  description: 'Exactly what `npm start` creates on an empty disk: reference data (games, channels, FAQ), no player.',
  personas: [],
  tryThis: [
    'Register a new player and watch the welcome coupon arrive',
    'Browse the lobby as a visitor: the age check opens once',
  ],
  async build() {},
};
