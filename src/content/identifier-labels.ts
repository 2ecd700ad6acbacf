import type { Identifier } from './types.js';
import type { Messages } from '../i18n/catalog.js';

/**
 * What an identifier is called in a language, from its catalog: "CNPJ",
 * "USt-IdNr.", "N° TVA", "D-U-N-S". A tax number issued in the US is an EIN;
 * a register's company number names its register ("Company number
 * (Companies House)").
 */
export function identifierLabel(identifier: Pick<Identifier, 'scheme' | 'country' | 'authority'>, m: Messages): string {
  switch (identifier.scheme) {
    case 'cnpj':
      return m.format('identifier.cnpj');
    case 'lei':
      return m.format('identifier.lei');
    case 'vat':
      return m.format('identifier.vat');
    case 'tax_id':
      return identifier.country === 'US' ? m.format('identifier.ein') : m.format('identifier.tax_id');
    case 'duns':
      return m.format('identifier.duns');
    case 'company_number':
      // The loader requires the authority of a company number.
      return m.format('identifier.company_number', { authority: identifier.authority ?? '' });
  }
}
