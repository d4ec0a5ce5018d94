import type { GameKey } from './games';

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
<link rel="stylesheet" href="/provider/assets/games.css">
</head>
<body class="game game-${v.game}">
<main id="game" data-game="${v.game}" data-session="${escapeHtml(v.sessionId)}" data-balance="${v.balance}"
  data-nickname="${escapeHtml(v.nickname)}" data-language="${escapeHtml(v.language)}" data-title="${escapeHtml(v.title)}"></main>
<script src="/provider/assets/common.js"></script>
<script src="/provider/assets/${v.game}.js"></script>
</body></html>`;
}

export function errorPage(message: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Game unavailable</title><link rel="stylesheet" href="/provider/assets/games.css"></head>
<body class="game"><main class="game-error"><h1>Game unavailable</h1><p>${escapeHtml(message)}</p>
<p>Close the game and open it again from the lobby.</p></main></body></html>`;
}
