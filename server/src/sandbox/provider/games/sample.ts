import { z } from 'zod';
import type { Engine } from './kinds';

type Schema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
};

/** A 10-peso stake, in centavos: the bet `npm run rtp` and the fairness test play unless told otherwise. */
export const SAMPLE_STAKE = 1000;

function sample(s: Schema, name: string): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.[0]) return sample(alternatives[0], name);
  switch (s.type) {
    case 'object':
      return Object.fromEntries((s.required ?? []).map((key) => [key, sample(s.properties?.[key] ?? {}, key)]));
    case 'integer':
    case 'number': {
      if (name === 'stake') return SAMPLE_STAKE;
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      return s.type === 'integer' ? Math.ceil(low) : low;
    }
    case 'array': {
      const count = Math.max(1, s.minItems ?? 1);
      const item = s.items ?? {};
      if (item.enum) return item.enum.slice(0, count);
      const first = sample(item, name);
      return Array.from({ length: count }, (_, i) => (typeof first === 'number' ? first + i : first));
    }
    case 'boolean':
      return false;
    case 'string':
      return 'a'.repeat(s.minLength ?? 1);
    default:
      return null;
  }
}

/**
 * The bet an engine's `rtp` is written for: its `defaultBet`, else one built from its params schema (a
 * 10-peso `stake`, each other field at its first allowed value). Undefined when that does not parse: the
 * family then needs a `defaultBet`.
 */
export function defaultBetOf(engine: Engine): unknown {
  if (engine.defaultBet !== undefined) return engine.defaultBet;
  const built = sample(z.toJSONSchema(engine.params, { io: 'input', unrepresentable: 'any' }) as Schema, '');
  return engine.params.safeParse(built).success ? built : undefined;
}
