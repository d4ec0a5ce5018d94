import { type PageTags, pageTags } from './page-assets';
import type { SeedSummary } from './seeds';
import type { StudioTitle } from './studio';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A page's stylesheets and module preloads, for the <head>. */
const headTags = (tags: PageTags | null) =>
  tags
    ? [
        ...tags.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
        ...tags.preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
      ].join('\n')
    : '';

/** The verify entry's stylesheets, for a page that runs no script. */
const stylesOnly = (tags: PageTags | null) => tags && { ...tags, preloads: [] };

/** The entry's module script, or, when the pages were never built, a line saying how to build them. */
const bodyScript = (tags: PageTags | null) =>
  tags
    ? `<script type="module" src="${tags.script}"></script>`
    : '<p class="game-unbuilt">The game pages are not built: run <code>npm run build</code> and reload.</p>';

/** JSON inside a <script> element: `<` escaped so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The game page: a shell whose family module (pages/<family>.ts, built by vite.games.config.ts) draws the
 * title and talks to /provider/api. What the page needs arrives in #game-data: the family, the title (name, theme, art), the
 * family's rules for this title (the same object the server pays from) and the player's seed pair.
 */
export function gamePage(v: {
  title: StudioTitle;
  sessionId: string;
  balance: number;
  nickname: string;
  language: string;
  seeds: SeedSummary | null;
}) {
  const { title } = v;
  const tags = pageTags(title.family);
  const data = {
    family: title.family,
    kind: title.engine.kind,
    titleInfo: { key: title.key, name: title.name, theme: title.theme, art: title.art, shared: title.shared },
    rules: title.engine.rules,
    rtp: title.engine.rtp,
    maxWin: title.maxWin,
    seeds: v.seeds,
  };
  return `<!doctype html>
<html lang="${v.language === 'vi-VN' ? 'vi' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, viewport-fit=cover">
<title>${escapeHtml(title.name)}</title>
${headTags(tags)}
<link rel="icon" href="data:,">
</head>
<body class="game game-${title.family} theme-${escapeHtml(title.theme)}">
<main id="game" data-game="${title.family}" data-title-key="${escapeHtml(title.key)}" data-session="${escapeHtml(v.sessionId)}" data-balance="${v.balance}"
  data-nickname="${escapeHtml(v.nickname)}" data-language="${escapeHtml(v.language)}" data-title="${escapeHtml(title.name)}"></main>
<script id="game-data" type="application/json">${scriptJson(data)}</script>
${bodyScript(tags)}
</body></html>`;
}

/** The public verify page: recomputes a round (by id, or from seeds) through GET /api/provider/verify. */
export function verifyPage() {
  const tags = pageTags('verify');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>Verify a round</title><link rel="icon" href="data:,">
${headTags(tags)}
</head>
<body class="game verify">
<main class="verify-page">
<h1 data-t="verify.title">Verify a round</h1>
<p data-t="verify.intro">Every round is drawn from HMAC-SHA256 of the server seed over client seed, nonce and a counter. The server seed's hash is shown before you bet and the seed itself once you rotate it, so you can recompute any round here.</p>
<form id="by-round"><label><span data-t="verify.roundId">Round id</span><input name="roundId" required maxlength="64" autocomplete="off"></label>
<button type="submit" data-t="verify.check">Verify</button></form>
<details><summary data-t="verify.manual">Or enter the seeds</summary>
<form id="by-seeds">
<label><span data-t="verify.title2">Game (title key)</span><input name="title" required maxlength="64"></label>
<label><span data-t="verify.serverSeed">Server seed</span><input name="serverSeed" required maxlength="128"></label>
<label><span data-t="verify.clientSeed">Client seed</span><input name="clientSeed" required maxlength="64"></label>
<label><span data-t="verify.nonce">Nonce</span><input name="nonce" required inputmode="numeric" pattern="[0-9]+"></label>
<label><span data-t="verify.params">Bet (JSON)</span><input name="params" value='{"stake":1000}'></label>
<label><span data-t="verify.actions">Actions (JSON)</span><input name="actions" value="[]"></label>
<button type="submit" data-t="verify.check">Verify</button></form></details>
<section id="verify-result" aria-live="polite"></section>
</main>
${bodyScript(tags)}
</body></html>`;
}

export function errorPage(message: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Game unavailable</title><link rel="icon" href="data:,">${headTags(stylesOnly(pageTags('verify')))}</head>
<body class="game"><main class="game-error"><h1>Game unavailable</h1><p>${escapeHtml(message)}</p>
<p>Close the game and open it again from the lobby.</p></main></body></html>`;
}
