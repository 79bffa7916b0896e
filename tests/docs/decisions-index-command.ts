/** `npm run docs:decisions`: writes docs/decisions/README.md from the records' headers. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DECISIONS_DIR, decisionsIndex, readDecisionHeaders } from './decisions-index.ts';

writeFileSync(join(DECISIONS_DIR, 'README.md'), decisionsIndex(readDecisionHeaders()));
