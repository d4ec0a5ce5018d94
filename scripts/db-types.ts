import { writeFileSync } from 'node:fs';
import { TABLE_TYPES_FILE, tableTypes } from '../server/src/db/builder/table-types';

writeFileSync(TABLE_TYPES_FILE, await tableTypes());
console.log(`wrote ${TABLE_TYPES_FILE}`);
