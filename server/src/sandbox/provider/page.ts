import type { GameKey } from './games';

/** Changes with each start, so a player never mixes a new common.js with an old game script. */
const ASSET_VERSION = Date.now().toString(36);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The game page: a shell whose script (assets/<game>.js) draws the game and talks to /provider/api. */
export function gamePage(v: {
  game: GameKey;
  title: string;
  sessionId: string;
  balance: number;
  nickname: string;
  language: string;
}) {
  return `<!doctype html>
<html lang="${v.language === 'vi-VN' ? 'vi' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, viewport-fit=cover">
<title>${escapeHtml(v.title)}</title>
<link rel="stylesheet" href="/provider/assets/games.css?v=${ASSET_VERSION}">
<link rel="icon" href="data:,">
</head>
<body class="game game-${v.game}">
<main id="game" data-game="${v.game}" data-session="${escapeHtml(v.sessionId)}" data-balance="${v.balance}"
  data-nickname="${escapeHtml(v.nickname)}" data-language="${escapeHtml(v.language)}" data-title="${escapeHtml(v.title)}"></main>
<script src="/provider/assets/common.js?v=${ASSET_VERSION}"></script>
<script src="/provider/assets/${v.game}.js?v=${ASSET_VERSION}"></script>
</body></html>`;
}

export function errorPage(message: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Game unavailable</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/provider/assets/games.css?v=${ASSET_VERSION}"></head>
<body class="game"><main class="game-error"><h1>Game unavailable</h1><p>${escapeHtml(message)}</p>
<p>Close the game and open it again from the lobby.</p></main></body></html>`;
}
