import { perCatalog } from '../content/per-catalog.js';
import type { Catalog, Image } from '../content/types.js';

/**
 * The MCP server's icon (MCP 2025-11-25, Basic, "Icons": `src`, `mimeType`,
 * `sizes`), from the company logo of the content: none when it has none.
 * The server states it in its answers, the server card in its document.
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
