export {
  type Condition,
  countByInRows,
  distinctInRows,
  type FindOptions,
  findInRows,
  rowsMatching,
  type Scalar,
  valueAt,
  type Where,
} from './document-query.ts';
export {
  type DocumentProjection,
  type DocumentReadModel,
  foldDocumentView,
  openDocumentReadModel,
  rebuildDocumentReadModel,
  type StoredDocument,
} from './document-read-model.ts';
export {
  createDocumentSet,
  createDocumentWriter,
  type DocumentRef,
  type DocumentSet,
  type DocumentWriter,
} from './document-writer.ts';
export { openMemoryReadModelStore } from './memory-read-model-store.ts';
export { type MongoReadModelStoreOptions, openMongoReadModelStore } from './mongo-read-model-store.ts';
export { openReadModelStore } from './open-read-model-store.ts';
export type { ReadModelIndex, ReadModelStore, ReadModelWrite } from './read-model-store.ts';
export { StalePositionError } from './read-model-store.ts';
export {
  openReadModelStoreForRebuild,
  ReadModelStoreInUseError,
  type RebuildConfig,
  rebuildEmbeddedDocumentReadModel,
} from './rebuild-embedded.ts';
export { openSqliteReadModelStore, readModelStoreInUse } from './sqlite-read-model-store.ts';
