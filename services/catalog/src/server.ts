import { runServiceProcess } from '@listings/platform/runtime';
import { startCatalog } from './main.ts';

await runServiceProcess('catalog', startCatalog);
