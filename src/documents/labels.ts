import type { Words } from './words.js';

/** How a status, a contact channel or a network is named on a page and in its markdown. */

/** "coming-soon" -> "Coming soon". */
export function statusLabel(status: string): string {
  const words = status.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A product status in words of `w`. */
export function statusWords(status: string, w: Words): string {
  return w.statuses[status] ?? statusLabel(status);
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
  return PROPER_NAMES[name] ?? w?.channelNames[name] ?? statusLabel(name);
}
