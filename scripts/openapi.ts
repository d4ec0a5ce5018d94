/**
 * Records every operation's examples from the scenarios (shared/openapi-examples.json; the calls:
 * server/src/test/openapi-calls.ts), then
 * writes the OpenAPI document's TypeScript types from openapi-typescript
 * (server/src/test/openapi-types.ts, used by the typed-client test). `npm run openapi` after changing the
 * contract; server/src/plugins/docs.test.ts fails while the committed files are stale.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openApiDocument, openApiTypes, scenarioExamples } from '../server/src/test/openapi';

const ROOT = resolve(import.meta.dirname, '..');
// First the examples (the document shows them), then the document and its types.
const examples = await scenarioExamples();
writeFileSync(join(ROOT, 'shared', 'openapi-examples.json'), `${JSON.stringify(examples, null, 2)}\n`);
console.log('shared/openapi-examples.json written');
const document = await openApiDocument();
writeFileSync(join(ROOT, 'server', 'src', 'test', 'openapi-types.ts'), await openApiTypes(document));
console.log('server/src/test/openapi-types.ts written');
