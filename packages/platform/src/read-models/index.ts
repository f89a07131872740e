export { openMemoryReadModelStore } from './memory-read-model-store.ts';
export type { ReadModelStore, ReadModelWrite } from './read-model-store.ts';
export { StalePositionError } from './read-model-store.ts';
export { openSqliteReadModelStore } from './sqlite-read-model-store.ts';
