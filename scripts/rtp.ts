/**
 * Simulates rounds of each demo game with the real RNG and prints the measured return to player beside
 * the written one: npx tsx scripts/rtp.ts [rounds=1000000]
 */
import {
  BACCARAT_BETS,
  BACCARAT_RTP,
  baccaratReturn,
  dealBaccarat,
} from '../server/src/sandbox/provider/games/baccarat';
import { CRASH_RTP, crashPoint, crashReturn } from '../server/src/sandbox/provider/games/crash';
import { cryptoRng } from '../server/src/sandbox/provider/games/rng';
import { SLOT_CONFIGS, slotEngine, slotRtp } from '../server/src/sandbox/provider/games/slot';

const rounds = Number(process.argv[2] ?? 1_000_000);
const stake = 1000; // 10 pesos in centavos
const rows: { game: string; written: number; measured: number }[] = [];

for (const [key, config] of Object.entries(SLOT_CONFIGS)) {
  const engine = slotEngine(config);
  let returned = 0;
  for (let i = 0; i < rounds; i++) returned += engine.play(cryptoRng, { stake }).win;
  rows.push({
    game: `Slot ${key} (exact ${(slotRtp(config) * 100).toFixed(2)}%)`,
    written: config.rtp,
    measured: returned / (stake * rounds),
  });
}

const baccaratReturned = { player: 0, banker: 0, tie: 0 };
for (let i = 0; i < rounds; i++) {
  const hand = dealBaccarat(cryptoRng);
  for (const bet of BACCARAT_BETS) baccaratReturned[bet] += baccaratReturn(bet, stake, hand);
}
for (const bet of BACCARAT_BETS) {
  rows.push({
    game: `Royal Baccarat, ${bet}`,
    written: BACCARAT_RTP[bet],
    measured: baccaratReturned[bet] / (stake * rounds),
  });
}

for (const target of [150, 200, 1000]) {
  let returned = 0;
  for (let i = 0; i < rounds; i++) returned += crashReturn(stake, target, crashPoint(cryptoRng));
  rows.push({
    game: `Rocket Crash, cash out at ${(target / 100).toFixed(2)}x`,
    written: CRASH_RTP,
    measured: returned / (stake * rounds),
  });
}

console.log(`Return to player over ${rounds.toLocaleString('en-US')} rounds each\n`);
console.log(`${'game'.padEnd(44)} ${'written'.padStart(8)} ${'measured'.padStart(9)}`);
for (const row of rows) {
  console.log(
    `${row.game.padEnd(44)} ${(row.written * 100).toFixed(2).padStart(7)}% ${(row.measured * 100).toFixed(2).padStart(8)}%`,
  );
}
