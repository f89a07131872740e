import { runServiceProcess } from '@listings/platform/runtime';
import { startClaims } from './main.ts';

await runServiceProcess('claims', startClaims);
