import type { Catalog } from './types.js';

/**
 * Holds the Catalog in force. A reload builds a whole new Catalog off to the
 * side and swaps this one reference, so a request sees one snapshot or the
 * other, never half of each.
 */
export class ContentStore {
  #catalog: Catalog;

  constructor(catalog: Catalog) {
    this.#catalog = catalog;
  }

  get catalog(): Catalog {
    return this.#catalog;
  }

  replace(catalog: Catalog): void {
    this.#catalog = catalog;
  }
}
