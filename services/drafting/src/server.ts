import { runServiceProcess } from '@listings/platform/runtime';
import { startDrafting } from './main.ts';

await runServiceProcess('drafting', startDrafting);
