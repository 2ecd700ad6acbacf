/**
 * What an importer reads out of an export, whichever program wrote it: the
 * site, the documents to publish, their pictures, and what is left out and
 * why. The WordPress and Ghost readers make one of these; everything after
 * (markdown, pictures, the files to write) works from it alone.
 */

export type SourceFormat = 'wordpress' | 'ghost';

export type DocumentKind = 'post' | 'page' | 'product';

/** A picture an export names: where it was served, and what it shows. */
export interface SourcePicture {
  readonly url: string;
  readonly alt?: string;
  readonly caption?: string;
}

export interface SourceDocument {
  readonly kind: DocumentKind;
  /** The export's own id (WordPress post ID, Ghost object id). */
  readonly id: string;
  /** The title as written; empty when the export gives none. */
  readonly title: string;
  /** The slug as the export gives it, percent-decoded; may be empty. */
  readonly slug: string;
  /** The parent page's id, for pages nested under another. */
  readonly parentId?: string;
  /** The body, as HTML (WordPress: with its block comments and shortcodes). */
  readonly html: string;
  /** A summary written for the document (an excerpt or an SEO description), as HTML or text. */
  readonly summary?: string;
  /** RFC 3339 date-times, UTC. */
  readonly publishedAt: string;
  readonly updatedAt?: string;
  readonly author?: string;
  /** Category names, the primary one first. */
  readonly categories: readonly string[];
  readonly tags: readonly string[];
  readonly picture?: SourcePicture;
  /** The language the export marks the document as written in (a BCP 47 tag), if any. */
  readonly language?: string;
  /** A key shared by a document and its translations, if the export links them. */
  readonly translationGroup?: string;
  /** Every path the document was reachable at on the old site (`/2019/03/hello/`, `/?p=12`). */
  readonly oldPaths: readonly string[];
}

/** An item of the export not imported, and why. */
export interface SkippedItem {
  readonly id: string;
  readonly title: string;
  /** The export's type of item (post, page, attachment, nav_menu_item, ...). */
  readonly type: string;
  readonly reason: string;
}

export interface SourceSite {
  readonly title: string;
  readonly description?: string;
  /** The site's language (BCP 47), if the export says. */
  readonly language?: string;
  /** The old site's address, whose links are the site's own. */
  readonly url?: string;
}

/** A WordPress attachment: a file of the media library. */
export interface SourceAttachment {
  readonly id: string;
  readonly url: string;
  readonly parentId?: string;
  readonly title: string;
  readonly alt?: string;
  readonly caption?: string;
}

export interface SourceExport {
  readonly format: SourceFormat;
  readonly site: SourceSite;
  readonly documents: readonly SourceDocument[];
  readonly skipped: readonly SkippedItem[];
  /** The media library, by id (WordPress only; Ghost names pictures by URL). */
  readonly attachments: ReadonlyMap<string, SourceAttachment>;
}
