import fp from 'fastify-plugin';
import { answerableCodes } from '../../../shared/contract/define';
import { contractEndpoints } from './docs';

/** A failure code the server answered that its contract endpoint does not list (answerableCodes in docs.ts). */
export interface UndeclaredCode {
  /** The endpoint as the contract spells it: `POST /api/withdraw/apply`. */
  route: string;
  code: number;
}

export type CodeCheck = (undeclared: UndeclaredCode) => void;

let installed: CodeCheck | undefined;

/**
 * Test-only: every app built from now on in this process reports its undeclared codes here (the server
 * test project's setup installs it, so no test escapes it by building its app another way). Production
 * never calls it: the check is off there.
 */
export function installCodeCheck(check: CodeCheck | undefined): void {
  installed = check;
}

export const installedCodeCheck = (): CodeCheck | undefined => installed;

const FAILURE = /^\{"success":false,"code":(\d+)/;
/** Answered by a tester's fault (the tooling domain marks the request). */
const isFaulted = (request: object) => Boolean((request as { tooling?: { fault?: unknown } | null }).tooling?.fault);

/**
 * Compares each failure envelope with the codes its endpoint can answer, and reports the others. Answers
 * of a tester's fault are the tester's choice, not the endpoint's, and routes outside the contract (the
 * sandboxes' pages, unknown paths) have no list to compare with.
 */
export const codeCheckPlugin = fp<{ check: CodeCheck }>(
  async (app, { check }) => {
    const allowed = new Map<string, Set<number>>();
    for (const [key, endpoint] of contractEndpoints) allowed.set(key, new Set(answerableCodes(endpoint)));
    app.addHook('onSend', (request, _reply, payload, done) => {
      const match = typeof payload === 'string' && !isFaulted(request) ? FAILURE.exec(payload) : null;
      if (match) {
        const route = `${request.method} ${request.routeOptions.url ?? ''}`;
        const codes = allowed.get(route);
        if (codes && !codes.has(Number(match[1]))) check({ route, code: Number(match[1]) });
      }
      done(null, payload);
    });
  },
  { name: 'code-check' },
);
