/**
 * The search port. Documents carry text fields (searched, typo tolerant, prefix matching),
 * keyword filters (exact match; an array matches when it contains the value) and numeric sort
 * keys. Shaped after what Typesense offers (query_by, filter_by with `:=`, sort_by), so the
 * production adapter maps one to one. Embedded adapter: SQLite (FTS5 for the words, tables for filters and sort keys).
 */
export interface SearchDocument {
  readonly id: string;
  readonly text: Readonly<Record<string, string>>;
  readonly filters: Readonly<Record<string, string | readonly string[]>>;
  readonly sort: Readonly<Record<string, number>>;
}

export interface SortOrder {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

export interface SearchQuery {
  /** free text; empty or absent lists every document that passes the filters */
  readonly text?: string;
  /** every entry must match */
  readonly filters?: Readonly<Record<string, string>>;
  /** absent: relevance (text queries), then `tieBreak` */
  readonly sort?: SortOrder;
  /** orders equal relevance scores, and everything when there is neither text nor sort */
  readonly tieBreak?: SortOrder;
  readonly offset: number;
  readonly limit: number;
}

export interface SearchHits {
  readonly ids: string[];
  readonly total: number;
}

export interface SearchIndex {
  /** position of the last event whose changes were applied (0 when none) */
  position(): Promise<number>;
  /** upserts and removals, then the position, as one step */
  apply(changes: { upsert: readonly SearchDocument[]; remove: readonly string[] }, position: number): Promise<void>;
  search(query: SearchQuery): Promise<SearchHits>;
  size(): Promise<number>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

export interface SearchIndexOptions {
  /** text fields and their weight in relevance, e.g. { name: 4, tagline: 2, keywords: 1 } */
  readonly fields: Readonly<Record<string, number>>;
}
