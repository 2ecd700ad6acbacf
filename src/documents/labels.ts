import type { SearchKind } from '../search/index.js';
import type { MessageKey } from '../i18n/keys.js';
import { isMessageKey } from '../i18n/keys.js';
import type { Words } from './words.js';

/** How a status, a contact channel or a network is named on a page and in its markdown. */

/** "coming-soon" -> "Coming soon". */
export function statusLabel(status: string): string {
  const words = status.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The catalog's word for a status, a channel: `status.coming_soon` for the content's "coming-soon", `channel.early_access` for "early_access".
type StatusKey = Extract<MessageKey, `status.${string}`>;
type ChannelKey = Extract<MessageKey, `channel.${string}`>;
const isStatusKey = (key: string): key is StatusKey => key.startsWith('status.') && isMessageKey(key);
const isChannelKey = (key: string): key is ChannelKey => key.startsWith('channel.') && isMessageKey(key);

/** A product status in words of `w`; a status the catalog has no word for, as the content writes it ("Retired"). */
export function statusWords(status: string, w: Words): string {
  const key = `status.${status.replaceAll('-', '_')}`;
  return isStatusKey(key) ? w(key) : statusLabel(status);
}

/** What a search hit is, in words of `w`: "Product", "Article". */
export function kindWords(kind: SearchKind, w: Words): string {
  return w(`kind.${kind}`);
}

/** Names networks and channels as their owners write them; anything else "early_access" -> "Early access". */
const PROPER_NAMES: Readonly<Record<string, string>> = {
  linkedin: 'LinkedIn',
  github: 'GitHub',
  gitlab: 'GitLab',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  x: 'X',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  facebook: 'Facebook',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  whatsapp: 'WhatsApp',
};

export function fieldLabel(name: string, w?: Words): string {
  const key = `channel.${name}`;
  return PROPER_NAMES[name] ?? (w && isChannelKey(key) ? w(key) : undefined) ?? statusLabel(name);
}
