import type { Catalog } from './types.js';

/**
 * `build` made once per Catalog, then kept with it: everything derived from
 * the content (documents, schemas, indexes, caches) follows the Catalog in
 * force. The key is weak, so a reload's new Catalog gets its own value and
 * the old one is collected with the old Catalog.
 */
export function perCatalog<T>(build: (catalog: Catalog) => T): (catalog: Catalog) => T {
  const values = new WeakMap<Catalog, T>();
  return (catalog) => {
    let value = values.get(catalog);
    if (value === undefined) {
      value = build(catalog);
      values.set(catalog, value);
    }
    return value;
  };
}
