/**
 * A legal notice: the page that says who publishes a site (the Impressum of
 * German-speaking countries, France's mentions légales, Spain's aviso legal).
 * Its slug says it is one: the site links it in the footer beside the other
 * legal pages, not in the header, and shows below its text the company's
 * details from company.md (legal name, address, managing directors, contact,
 * register and court, VAT number), so they are written once.
 */

/** The slugs of a legal notice page, by the name its readers look for; `legal-notice` for any other country's. */
export const LEGAL_NOTICE_SLUGS = ['impressum', 'mentions-legales', 'aviso-legal', 'legal-notice'] as const;

/** The legal pages besides it, which the footer links too. */
const OTHER_LEGAL_SLUGS = ['privacy', 'terms'] as const;

/** The pages linked in the footer rather than the header, in the order shown: the legal notice first. */
export const LEGAL_PAGE_SLUGS: readonly string[] = [...LEGAL_NOTICE_SLUGS, ...OTHER_LEGAL_SLUGS];

export function isLegalNotice(slug: string): boolean {
  return (LEGAL_NOTICE_SLUGS as readonly string[]).includes(slug);
}

/**
 * The legal notice a company of `country` (ISO 3166-1 alpha-2) publishes,
 * by the law of that country (Austria's § 5 ECG, Germany's § 5 DDG,
 * Switzerland's Art. 3 UWG, France's LCEN article 6, Spain's LSSI article
 * 10), or undefined where the starter writes none.
 */
export function legalNoticeSlug(country: string): (typeof LEGAL_NOTICE_SLUGS)[number] | undefined {
  switch (country) {
    case 'AT':
    case 'DE':
    case 'CH':
      return 'impressum';
    case 'FR':
      return 'mentions-legales';
    case 'ES':
      return 'aviso-legal';
    default:
      return undefined;
  }
}
