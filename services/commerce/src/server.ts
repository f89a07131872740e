import { runServiceProcess } from '@listings/platform/runtime';
import { startCommerce } from './main.ts';

await runServiceProcess('commerce', startCommerce);
