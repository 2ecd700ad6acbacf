/**
 * What a contact channel's value is: an e-mail address, a phone number or a
 * web address, and the URI that reaches it (RFC 6068 `mailto:`, RFC 3966
 * `tel:`). The contact page's links, security.txt and the structured data
 * all read a channel through this one rule.
 */

export type ChannelKind = 'email' | 'phone' | 'web';

export interface ChannelUri {
  readonly kind: ChannelKind;
  readonly uri: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with the separators people write (spaces, dots, dashes, parentheses) and an optional leading +. */
const PHONE = /^\+?[\d\s().-]{6,}$/;
const WEB = /^https?:\/\/\S+$/;

/** The channel's kind and URI; undefined for a value that is none of the three (a postal box, a name). */
export function channelUri(value: string): ChannelUri | undefined {
  if (EMAIL.test(value)) return { kind: 'email', uri: `mailto:${value}` };
  if (PHONE.test(value)) return { kind: 'phone', uri: `tel:${value.replace(/[^\d+]/g, '')}` };
  if (WEB.test(value)) return { kind: 'web', uri: value };
  return undefined;
}
