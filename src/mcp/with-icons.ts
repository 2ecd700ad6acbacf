import type { Catalog } from '../content/types.js';
import type { Icon } from '../model/icons.js';
import { serverIcons } from '../model/icons.js';
import type { RequestVersionInfo } from './versions.js';
import { requestVersion } from './versions.js';
import { ICONS_SINCE, versionAtLeast } from '../model/protocol.js';

/** The server's icons (src/model/icons.ts) on what the server answers, for the revisions that have them. */


/** `items` each with the server's icons, when there are some and the revision has them; `items` itself otherwise. */
export function withIcons<T extends object>(items: readonly T[], icons: readonly Icon[] | undefined): readonly T[] {
  return icons ? items.map((item) => ({ ...item, icons })) : items;
}

/** The server's icons for a request, when its revision has them (MCP 2025-11-25): older clients get none, as in their initialize. */
export function iconsFor(catalog: Catalog, extra: RequestVersionInfo): readonly Icon[] | undefined {
  return versionAtLeast(requestVersion(extra), ICONS_SINCE) ? serverIcons(catalog) : undefined;
}
