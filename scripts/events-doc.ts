// `npm run events:doc`: writes docs/events.md, the event catalog, from the event schemas.
// `--check` only compares and exits 1 when the committed file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventCatalog } from '../packages/contracts/src/events/index.ts';
import { renderEventsDoc } from '../packages/contracts/src/events/render-doc.ts';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'events.md');
const rendered = renderEventsDoc(eventCatalog);

if (process.argv.includes('--check')) {
  const current = readFileSync(file, 'utf8');
  if (current !== rendered) {
    console.error('docs/events.md is out of date: run npm run events:doc');
    process.exit(1);
  }
  console.log('docs/events.md is up to date');
} else {
  writeFileSync(file, rendered);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
