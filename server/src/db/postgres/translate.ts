/**
 * SQLite's dialect, as the repos write it, to PostgreSQL's: done once per statement text and cached.
 *
 * - parameters: `?` and the named `@x` / `:x` / `$x` become `$1, $2, ...`, one number per occurrence (a
 *   name used twice is bound twice: each occurrence may then take its own type, as `@x IS NULL OR c = @x`
 *   needs); `names` says which value goes where;
 * - `LIKE` becomes `ILIKE` (SQLite's LIKE ignores the case of ASCII letters);
 * - scalar `min(a, b)` / `max(a, b)` become `LEAST` / `GREATEST` (the one-argument forms stay aggregates);
 * - `total(x)` (SQLite's never-NULL sum) becomes `COALESCE(SUM(x), 0)`; `instr` becomes `strpos`;
 * - `x IS y` / `x IS NOT y` (SQLite's null-safe comparison of any values) become `IS [NOT] DISTINCT FROM`;
 * - `x IN (SELECT value FROM json_each(?))` becomes `x::text IN (... json_array_elements_text($n::json))`;
 * - in an upsert's `DO UPDATE SET ... WHERE`, a bare column is qualified with the table (PostgreSQL finds
 *   it ambiguous with `excluded`'s);
 * - `ON CONFLICT (code)` on a case-insensitive key becomes `ON CONFLICT (lower(code))`;
 * - an alias named in HAVING is replaced by its expression;
 * - `INSERT OR IGNORE` becomes `INSERT ... ON CONFLICT DO NOTHING`; `INSERT OR REPLACE INTO t (cols)` becomes
 *   an upsert on t's primary key (the adapter, which knows the key, adds `ON CONFLICT (key) DO UPDATE`);
 * - an identifier in mixed case (a camelCase alias: `AS createdAt`, `ORDER BY createdAt`) is quoted, as
 *   PostgreSQL folds unquoted names to lower case and rows must keep the names the code reads;
 * - `? IS NULL` gets `::text`, as PostgreSQL cannot infer the type of a parameter tested only for NULL.
 */

export interface Translated {
  sql: string;
  /** For each `$n` in order: the index of the positional value, or the name of the named one. */
  slots: (number | string)[];
  /** Whether the statement uses named parameters (bound from one object). */
  named: boolean;
  /** `INSERT INTO <table>` without RETURNING: the table, so the adapter can add `RETURNING id`. */
  insertInto: string | undefined;
  /** `INSERT OR REPLACE INTO <table> (<columns>)`: the adapter adds the upsert on the table's primary key. */
  orReplace: { table: string; columns: string[] } | undefined;
}

type Token =
  | { kind: 'word'; text: string }
  | { kind: 'param'; text: string; name: string | undefined }
  | { kind: 'space' | 'other' | 'string' | 'quoted' | 'comment'; text: string };

const isWordStart = (c: string) => /[A-Za-z_]/.test(c);
const isWordChar = (c: string) => /[A-Za-z0-9_]/.test(c);

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    const start = i;
    if (c === "'" || c === '"' || c === '`') {
      i += 1;
      while (i < sql.length) {
        if (sql[i] === c) {
          if (sql[i + 1] === c) i += 2;
          else {
            i += 1;
            break;
          }
        } else i += 1;
      }
      const text = sql.slice(start, i);
      tokens.push({ kind: c === "'" ? 'string' : 'quoted', text: c === '`' ? `"${text.slice(1, -1)}"` : text });
    } else if (c === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i += 1;
      tokens.push({ kind: 'comment', text: sql.slice(start, i) });
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
      tokens.push({ kind: 'comment', text: sql.slice(start, i) });
    } else if (/\s/.test(c)) {
      while (i < sql.length && /\s/.test(sql[i] as string)) i += 1;
      tokens.push({ kind: 'space', text: sql.slice(start, i) });
    } else if (c === '?') {
      i += 1;
      while (i < sql.length && /[0-9]/.test(sql[i] as string)) i += 1;
      tokens.push({ kind: 'param', text: sql.slice(start, i), name: undefined });
    } else if ((c === '@' || c === ':' || c === '$') && isWordStart(sql[i + 1] ?? '') && sql[i - 1] !== ':') {
      i += 1;
      while (i < sql.length && isWordChar(sql[i] as string)) i += 1;
      tokens.push({ kind: 'param', text: sql.slice(start, i), name: sql.slice(start + 1, i) });
    } else if (isWordStart(c)) {
      while (i < sql.length && isWordChar(sql[i] as string)) i += 1;
      tokens.push({ kind: 'word', text: sql.slice(start, i) });
    } else {
      i += 1;
      tokens.push({ kind: 'other', text: c });
    }
  }
  return tokens;
}

const upper = (t: Token | undefined) => (t && t.kind === 'word' ? t.text.toUpperCase() : '');

/** The index of the next token that is not a space or comment, from `i`. */
function nextSolid(tokens: Token[], i: number): number {
  let j = i;
  while (j < tokens.length && (tokens[j]?.kind === 'space' || tokens[j]?.kind === 'comment')) j += 1;
  return j;
}

/** The index of the `)` closing the `(` at `open`, and how many commas it holds at its own depth. */
function closing(tokens: Token[], open: number): { close: number; commas: number } {
  let depth = 0;
  let commas = 0;
  for (let j = open; j < tokens.length; j += 1) {
    const text = tokens[j]?.kind === 'other' ? tokens[j]?.text : '';
    if (text === '(') depth += 1;
    else if (text === ')') {
      depth -= 1;
      if (depth === 0) return { close: j, commas };
    } else if (text === ',' && depth === 1) commas += 1;
  }
  return { close: tokens.length - 1, commas };
}

const mixedCase = (word: string) => /[a-z]/.test(word) && /[A-Z]/.test(word);

/**
 * SQLite's `UNIQUE COLLATE NOCASE` keys are unique indexes on lower(column) in PostgreSQL's schema
 * (db/postgres/migrations/0032_baseline.sql): an upsert's `ON CONFLICT (column)` names that index.
 * translate.test.ts derives the same list from the migrated SQLite schema and fails when they differ.
 */
export const NOCASE_KEYS: Record<string, readonly string[]> = {
  redemption_codes: ['code'],
  users: ['invitation_code', 'username'],
};

/** Lower-case words that are not columns, where an upsert's clauses may hold them. */
const NOT_COLUMNS = new Set([
  'excluded',
  'and',
  'or',
  'not',
  'is',
  'null',
  'true',
  'false',
  'in',
  'case',
  'when',
  'then',
  'else',
  'end',
  'distinct',
  'from',
  'set',
  'where',
  'returning',
]);

/**
 * In `ON CONFLICT ... DO UPDATE SET ... WHERE ...`, SQLite reads a bare column as the existing row's;
 * PostgreSQL finds it ambiguous (the existing row or `excluded`): qualify it with the table's name, except
 * where it is the column a SET assigns.
 */
function qualifyUpsert(tokens: Token[], out: string[], table: string): void {
  let start = -1;
  for (let i = 0; i < tokens.length; i += 1) {
    if (upper(tokens[i]) === 'DO' && upper(tokens[nextSolid(tokens, i + 1)]) === 'UPDATE') {
      start = i;
      break;
    }
  }
  if (start < 0) return;
  let inSet = false;
  let previous = '';
  for (let i = start; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (token.kind === 'space' || token.kind === 'comment') continue;
    const word = upper(token);
    if (word === 'RETURNING') return;
    if (word === 'SET') inSet = true;
    else if (word === 'WHERE') inSet = false;
    if (token.kind === 'word' && /^[a-z_][a-z0-9_]*$/.test(token.text) && !NOT_COLUMNS.has(token.text)) {
      const after = tokens[nextSolid(tokens, i + 1)];
      const afterText = after?.kind === 'other' ? after.text : '';
      const qualified = previous === '.' || afterText === '.' || afterText === '(';
      const assigned = inSet && afterText === '=' && (previous === 'SET' || previous === ',');
      if (!qualified && !assigned) out[i] = `${table}.${out[i]}`;
    }
    previous = token.kind === 'word' ? word : token.text;
  }
}

/**
 * SQLite lets HAVING name a result column's alias (`HAVING a.balance != amount_sum`); PostgreSQL does not:
 * the alias is replaced by its expression. Only for a statement whose top-level select list defines it.
 */
function inlineHavingAliases(tokens: Token[], out: string[]): void {
  const depthAt: number[] = [];
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === 'other' && token.text === ')') depth -= 1;
    depthAt.push(depth);
    if (token.kind === 'other' && token.text === '(') depth += 1;
  }
  const having = tokens.findIndex((t, i) => upper(t) === 'HAVING' && depthAt[i] === 0);
  if (having < 0) return;
  const aliases = new Map<string, string>();
  let start = tokens.findIndex((t, i) => upper(t) === 'SELECT' && depthAt[i] === 0) + 1;
  for (let i = start; i < tokens.length && upper(tokens[i]) !== 'FROM'; i += 1) {
    if (depthAt[i] !== 0) continue;
    const text = tokens[i]?.kind === 'other' ? tokens[i]?.text : '';
    if (text === ',') start = i + 1;
    else if (upper(tokens[i]) === 'AS') {
      const aliasAt = nextSolid(tokens, i + 1);
      const alias = tokens[aliasAt];
      if (alias?.kind === 'word') aliases.set(alias.text, out.slice(start, i).join('').trim());
    }
  }
  for (let i = having + 1; i < tokens.length; i += 1) {
    const word = upper(tokens[i]);
    if (depthAt[i] === 0 && (word === 'ORDER' || word === 'LIMIT' || word === 'WINDOW')) return;
    const token = tokens[i] as Token;
    const expression = token.kind === 'word' ? aliases.get(token.text) : undefined;
    const before = tokens[i - 1];
    if (expression && !(before?.kind === 'other' && before.text === '.')) out[i] = `(${expression})`;
  }
}

export function translate(source: string): Translated {
  const tokens = tokenize(source);
  const out: string[] = tokens.map((t) => t.text);
  const slots: (number | string)[] = [];
  let named = false;
  let positional = 0;
  let orIgnore = false;
  let orReplace = false;
  let returning = false;
  let insertInto: string | undefined;

  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (token.kind === 'param') {
      slots.push(token.name ?? positional++);
      if (token.name !== undefined) named = true;
      let text = `$${slots.length}`;
      const after = nextSolid(tokens, i + 1);
      if (upper(tokens[after]) === 'IS') {
        const then = nextSolid(tokens, after + 1);
        const nullAt = upper(tokens[then]) === 'NOT' ? nextSolid(tokens, then + 1) : then;
        if (upper(tokens[nullAt]) === 'NULL') text += '::text';
      }
      out[i] = text;
      continue;
    }
    if (token.kind !== 'word') continue;
    const word = token.text.toUpperCase();
    const next = nextSolid(tokens, i + 1);
    const opens = tokens[next]?.kind === 'other' && tokens[next]?.text === '(';
    if (word === 'LIKE') out[i] = 'ILIKE';
    else if ((word === 'MIN' || word === 'MAX') && opens && closing(tokens, next).commas > 0)
      out[i] = word === 'MIN' ? 'LEAST' : 'GREATEST';
    else if (word === 'TOTAL' && opens) {
      out[i] = 'COALESCE(SUM';
      const { close } = closing(tokens, next);
      out[close] = `${out[close]}, 0)`;
    } else if (word === 'INSTR' && opens) out[i] = 'strpos';
    else if (word === 'IS') {
      // SQLite's IS compares any two values, NULL included; PostgreSQL's only takes NULL, TRUE or FALSE.
      const then = nextSolid(tokens, i + 1);
      const negated = upper(tokens[then]) === 'NOT';
      const valueAt = negated ? nextSolid(tokens, then + 1) : then;
      if (!['NULL', 'TRUE', 'FALSE', 'DISTINCT'].includes(upper(tokens[valueAt]))) {
        out[i] = negated ? 'IS DISTINCT FROM' : 'IS NOT DISTINCT FROM';
        if (negated) out[then] = '';
      }
    } else if (word === 'INSERT' && i === nextSolid(tokens, 0)) {
      const orAt = nextSolid(tokens, i + 1);
      const ignoreAt = nextSolid(tokens, orAt + 1);
      if (upper(tokens[orAt]) === 'OR' && upper(tokens[ignoreAt]) === 'REPLACE') {
        orReplace = true;
        for (let j = i + 1; j <= ignoreAt; j += 1) out[j] = '';
      }
      if (upper(tokens[orAt]) === 'OR' && upper(tokens[ignoreAt]) === 'IGNORE') {
        orIgnore = true;
        for (let j = i + 1; j <= ignoreAt; j += 1) out[j] = '';
      }
    } else if (word === 'RETURNING') returning = true;
    else if (word === 'INTO' && upper(tokens[nextSolid(tokens, 0)]) === 'INSERT' && insertInto === undefined) {
      const tableAt = nextSolid(tokens, i + 1);
      const table = tokens[tableAt];
      if (table?.kind === 'word') insertInto = table.text.toLowerCase();
      else if (table?.kind === 'quoted') insertInto = table.text.slice(1, -1);
    } else if (mixedCase(token.text) && !opens) out[i] = `"${token.text}"`;
  }

  if (insertInto) qualifyUpsert(tokens, out, insertInto);
  inlineHavingAliases(tokens, out);
  // `x IN (SELECT value FROM json_each(?))`, a list bound as one JSON array: PostgreSQL's elements are
  // text, so the comparison is made on text (x an id or a code alike).
  let sql = out.join('');
  for (const nocase of (insertInto && NOCASE_KEYS[insertInto]) || [])
    sql = sql.replace(new RegExp(`ON\\s+CONFLICT\\s*\\(\\s*${nocase}\\s*\\)`, 'i'), `ON CONFLICT (lower(${nocase}))`);
  sql = sql.replace(
    /([A-Za-z_][\w.]*)(\s+(?:NOT\s+)?IN\s*\(\s*SELECT\s+value\s+FROM\s+)json_each\((\$\d+)\)/gi,
    '$1::text$2json_array_elements_text($3::json)',
  );
  // Any other `json_each(?)` (`SELECT CAST(value AS BIGINT) FROM json_each(?)`): the elements as text under
  // SQLite's column name, `value`.
  sql = sql.replace(/\bjson_each\((\$\d+)\)/gi, 'json_array_elements_text($1::json) AS json_each(value)');
  if (orIgnore) {
    const at = returning ? sql.search(/\bRETURNING\b/i) : -1;
    sql =
      at >= 0
        ? `${sql.slice(0, at)}ON CONFLICT DO NOTHING ${sql.slice(at)}`
        : `${sql.trimEnd()} ON CONFLICT DO NOTHING`;
  }
  let replace: Translated['orReplace'];
  if (orReplace && insertInto) {
    const list = /INTO\s+[\w."]+\s*\(([^)]*)\)/i.exec(sql);
    if (list?.[1]) replace = { table: insertInto, columns: list[1].split(',').map((c) => c.trim().replace(/"/g, '')) };
  }
  return { sql, slots, named, insertInto: returning ? undefined : insertInto, orReplace: replace };
}
