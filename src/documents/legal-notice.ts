import { registerLabels, identifierLabel } from '../content/identifier-labels.js';
import type { Catalog } from '../content/types.js';
import { addressLines } from '../i18n/address.js';
import { fieldLabel } from './labels.js';
import { wordsOf } from './words.js';

/**
 * The company's details a legal notice page shows below its own text, in
 * the page's language, from the company record (company.md): the site and
 * its markdown mirror list the same facts, each under its label.
 */

export interface LegalNoticeFact {
  readonly label: string;
  /** One value, or several (the managing directors, the lines of the address). */
  readonly values: readonly string[];
  /** An address is printed as one, a channel as a link. */
  readonly kind: 'text' | 'address' | 'channel';
}

/**
 * The facts in the order a legal notice gives them: who (legal name,
 * address, managing directors), how to reach them (every contact channel),
 * then the identifiers, a register's number and the register (or court)
 * that keeps it apart, as the register's country names them.
 */
export function legalNoticeFacts(catalog: Catalog, locale: string): LegalNoticeFact[] {
  const { company } = catalog;
  const w = wordsOf(catalog, locale);
  const fact = (label: string, values: readonly string[], kind: LegalNoticeFact['kind'] = 'text'): LegalNoticeFact => ({ label, values, kind });
  const directors = company.managing_directors ?? [];
  return [
    fact(w('company.legal_name'), [company.legal_name]),
    fact(w('company.address'), addressLines(company.address, locale), 'address'),
    ...(directors.length > 0 ? [fact(w('company.managing_directors', { count: directors.length }), directors)] : []),
    ...Object.entries(company.contact).map(([name, value]) => fact(fieldLabel(name, w), [value], 'channel')),
    ...company.identifiers.flatMap((identifier) => {
      if (identifier.scheme !== 'company_number') return [fact(identifierLabel(identifier, w), [identifier.value])];
      const labels = registerLabels(identifier, w);
      return [fact(labels.number, [identifier.value]), fact(labels.register, [identifier.authority ?? ''])];
    }),
  ];
}
