import type { CatalogView } from '../projections/catalog/read-model.ts';

/**
 * What a view keeps up to date by key (a week's board, a category's top): made at its first use,
 * then kept; at most `max` per view, the one used least recently closed and dropped first.
 */
export const keptPerView = <T extends { close(): void }>(max: number) => {
  const kept = new WeakMap<CatalogView, Map<string, T>>();
  return (view: CatalogView, key: string, make: () => T): T => {
    let byKey = kept.get(view);
    if (!byKey) {
      byKey = new Map();
      kept.set(view, byKey);
    }
    let value = byKey.get(key);
    if (value) byKey.delete(key);
    else {
      if (byKey.size >= max) {
        const [oldest, dropped] = byKey.entries().next().value as [string, T];
        byKey.delete(oldest);
        dropped.close();
      }
      value = make();
    }
    // last in the Map's order: the last to go
    byKey.set(key, value);
    return value;
  };
};
