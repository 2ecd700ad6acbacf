/**
 * The valid slugs a not-found error names. A small site's are named every
 * one, so a caller can correct a slip at once; past SLUGS_NAMED the error
 * says how many there are and leaves finding one to the tools and lists made
 * for it: at 10,000 articles, naming them all made one error half a
 * megabyte, well past what a model takes in.
 */

/** The most slugs an error names. */
export const SLUGS_NAMED = 50;

/** Whether an error names every one of `valid`. */
export function namesEverySlug(valid: readonly string[]): boolean {
  return valid.length <= SLUGS_NAMED;
}

/** How an error that does not name them speaks of `valid`. */
export function slugCount(valid: readonly string[]): string {
  return `There are ${valid.length.toLocaleString('en')} valid slugs, too many to name here.`;
}
