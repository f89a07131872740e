export { openEmbeddedSearchIndex } from './embedded-search-index.ts';
export type {
  SearchDocument,
  SearchHits,
  SearchIndex,
  SearchIndexOptions,
  SearchQuery,
  SortOrder,
} from './search-index.ts';
export { typoBudget } from './search-words.ts';
export { openTypesenseSearchIndex, type TypesenseSearchIndexOptions } from './typesense-search-index.ts';
