import { perCatalog } from '../content/per-catalog.js';
import type { Catalog, Image } from '../content/types.js';
import type { RequestVersionInfo } from './versions.js';
import { ICONS_SINCE, requestVersion, versionAtLeast } from './versions.js';

/**
 * The server's icon (MCP 2025-11-25, Basic, "Icons": `src`, `mimeType`,
 * `sizes`), from the company logo of the content: none when it has none.
 * Plain data, no SDK: the server card states it too.
 */

export interface Icon {
  /** Absolute URL: the spec lets a client refuse other schemes and origins it does not trust. */
  readonly src: string;
  readonly mimeType: string;
  /** `WxH`, or `any` for a scalable image (MCP 2025-11-25, "Icons"). */
  readonly sizes: string[];
}

function iconOf(image: Image): Icon {
  const scalable = image.media_type === 'image/svg+xml';
  return { src: image.url, mimeType: image.media_type, sizes: [scalable ? 'any' : `${image.width}x${image.height}`] };
}

/** The icons of every part of the server (Implementation, tools, resources, templates, prompts), or undefined without a logo. */
export const serverIcons = perCatalog((catalog: Catalog): readonly Icon[] | undefined => {
  const { logo } = catalog.company;
  return logo ? Object.freeze([Object.freeze(iconOf(logo))]) : undefined;
});

/** `items` each with the server's icons, when there are some and the revision has them; `items` itself otherwise. */
export function withIcons<T extends object>(items: readonly T[], icons: readonly Icon[] | undefined): readonly T[] {
  return icons ? items.map((item) => ({ ...item, icons })) : items;
}

/** The server's icons for a request, when its revision has them (MCP 2025-11-25): older clients get none, as in their initialize. */
export function iconsFor(catalog: Catalog, extra: RequestVersionInfo): readonly Icon[] | undefined {
  return versionAtLeast(requestVersion(extra), ICONS_SINCE) ? serverIcons(catalog) : undefined;
}
