/**
 * Writes the OpenAPI document (docs/openapi.json) and its TypeScript types from openapi-typescript
 * (server/src/test/openapi-types.ts, used by the typed-client test). `npm run openapi` after changing the
 * contract; server/src/plugins/docs.test.ts fails while the committed files are stale.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openApiDocument, openApiTypes } from '../server/src/test/openapi';

const ROOT = resolve(import.meta.dirname, '..');
const document = await openApiDocument();
writeFileSync(join(ROOT, 'server', 'src', 'test', 'openapi-types.ts'), await openApiTypes(document));
console.log('server/src/test/openapi-types.ts written');
