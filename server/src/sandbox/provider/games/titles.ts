/**
 * The studio's titles: each catalog entry the casino lists (its `providerGame`, here the catalog code)
 * is one engine family played with one of its configurations, under a name, a theme and tile art.
 * `shared` titles are dealer tables whose rounds run on the server clock for every player at once
 * (tables.ts); the others are dealt for one player. The curation (which catalog entries became which
 * title) is in docs/games.md.
 */
export interface Title {
  key: string;
  name: string;
  family: string;
  config: string;
  theme: string;
  /** The tile art the casino shows for it (same file, so the game opens under the picture it was chosen by). */
  art: string;
  shared: boolean;
  /** A maximum win per round below the studio's MAX_WIN (centavos); most titles use MAX_WIN. */
  maxWin?: number;
}

type Row = [key: string, name: string, family: string, config: string, theme: string, shared?: true];

// biome-ignore format: one title a line
const ROWS: Row[] = [
  ["house-fiesta-reels", "Fiesta Reels", "slot", "fiesta", "house"],
  ["house-manila-baccarat", "Manila Baccarat", "baccarat", "classic", "house"],
  ["house-skyrocket-crash", "Skyrocket Crash", "crash", "rocket", "house"],
  ["aur-golden-fortune", "Golden Fortune", "slot", "pharaoh", "frost"],
  ["aur-aurora-riches", "Aurora Riches", "slot", "aurora", "frost"],
  ["smp-jeepney-jackpot", "Jeepney Jackpot", "slot", "jeepney", "fiesta"],
  ["smp-island-hopper", "Island Hopper", "slot", "island", "fiesta"],
  ["smp-halo-halo-heaven", "Halo-Halo Heaven", "slot", "candy", "fiesta"],
  ["smp-tarsier-treasure", "Tarsier Treasure", "slot", "safari", "fiesta"],
  ["smp-manana-gold", "Mañana Gold", "slot", "sampaguita", "fiesta"],
  ["jdl-jade-dragon-fortune", "Jade Dragon Fortune", "slot", "dragon", "jade"],
  ["jdl-lantern-festival-riches", "Lantern Festival Riches", "slot", "lanterns", "jade"],
  ["jdl-mahjong-blossom", "Mahjong Blossom", "slot", "mahjong", "jade"],
  ["jdl-fortune-cat-coins", "Fortune Cat Coins", "slot", "jade", "jade"],
  ["btn-pearl-of-the-orient", "Pearl of the Orient", "slot", "pearl", "tala"],
  ["btn-rice-terrace-riches", "Rice Terrace Riches", "slot", "terraces", "tala"],
  ["nfg-neon-cherry-777", "Neon Cherry 777", "slot", "fruits", "neon"],
  ["nfg-cyber-sevens", "Cyber Sevens", "slot", "neon", "neon"],
  ["vlv-velvet-speed-baccarat", "Velvet Speed Baccarat", "baccarat", "speed", "velvet", true],
  ["vlv-dragon-tiger-duel", "Dragon & Tiger Duel", "dragonTiger", "classic", "velvet", true],
  ["vlv-sic-bo-palace", "Sic Bo Palace", "sicBo", "classic", "velvet", true],
  ["vlv-grand-roulette-salon", "Grand Roulette Salon", "roulette", "french", "velvet", true],
  ["vlv-crimson-roulette", "Crimson Roulette", "roulette", "european", "velvet"],
  ["vlv-color-game-live", "Color Game Live", "colorGame", "classic", "velvet", true],
  ["vlv-fan-tan-parlour", "Fan Tan Parlour", "fanTan", "classic", "velvet"],
  ["crt-baccarat-squeeze-room", "Baccarat Squeeze Room", "baccarat", "squeeze", "carta"],
  ["crt-andar-bahar-express", "Andar Bahar Express", "andarBahar", "classic", "carta"],
  ["btn-perya-wheel-live", "Perya Wheel Live", "moneyWheel", "classic", "tala", true],
  ["msn-virtual-football-league", "Virtual Football League", "virtualSports", "football", "sports"],
  ["msn-virtual-horse-derby", "Virtual Horse Derby", "race", "derby", "sports"],
  ["msn-esports-arena", "Virtual Futsal Arena", "virtualSports", "futsal", "sports"],
  ["msn-virtual-cycling-sprint", "Virtual Cycling Sprint", "race", "cycling", "sports"],
  ["dbl-deep-sea-hunter", "Deep Sea Hunter", "fishing", "ocean", "ocean"],
  ["dbl-krakens-reef", "Kraken's Reef", "fishing", "reef", "ocean"],
  ["jdl-dragon-king-fishing", "Dragon King Fishing", "fishing", "dragon", "jade"],
  ["crt-texas-holdem-pro", "Casino Hold'em Pro", "dealerPoker", "casinoHoldem", "carta"],
  ["crt-blackjack-21-classic", "Blackjack 21 Classic", "blackjack", "classic", "carta"],
  ["crt-caribbean-stud-sands", "Caribbean Stud Sands", "dealerPoker", "caribbeanStud", "carta"],
  ["crt-video-poker-deuces", "Video Poker Deuces", "videoPoker", "deucesWild", "carta"],
  ["crt-three-card-brag", "Three Card Poker", "dealerPoker", "threeCard", "carta"],
  ["btn-lucky-9-cards", "Lucky 9 Cards", "lucky9", "classic", "tala"],
  ["btn-jacks-or-better-plus", "Jacks or Better Plus", "videoPoker", "jacksOrBetter", "tala"],
  ["nfg-peg-drop", "Peg Drop", "plinko", "classic", "neon"],
  ["nfg-gem-mines", "Gem Mines", "mines", "classic", "neon"],
  ["nfg-dice-rush", "Dice Rush", "dice", "classic", "neon"],
  ["nfg-hi-lo-turbo", "Hi-Lo Turbo", "hiLo", "classic", "neon"],
  ["nfg-neon-keno", "Neon Keno", "keno", "classic", "neon"],
  ["nfg-limbo-launch", "Limbo Launch", "limbo", "moon", "neon"],
  ["nfg-coin-flip-clash", "Coin Flip Clash", "coinFlip", "peso", "neon"],
  ["nfg-tower-climb", "Tower Climb", "tower", "dragon", "neon"],
  ["dbl-bubble-burst", "Bubble Burst", "crash", "balloon", "ocean"],
  ["dbl-jellyfish-jump", "Jellyfish Jump", "tower", "temple", "ocean"],
  ["dbl-submarine-crash", "Jeepney Rush", "crash", "jeepney", "ocean"],
  ["dbl-puffer-pop", "Puffer Pop", "limbo", "classic", "ocean"],
  ["btn-karera-derby", "Karera Derby", "race", "carabao", "tala"],
  ["btn-tala-scratch-cards", "Tala Scratch Cards", "scratch", "peso", "tala"],
];

export const TITLES: ReadonlyMap<string, Title> = new Map(
  ROWS.map(([key, name, family, config, theme, shared]) => [
    key,
    { key, name, family, config, theme, art: `/static/games/${key}.svg`, shared: shared === true },
  ]),
);

export const TITLE_KEYS = [...TITLES.keys()];
