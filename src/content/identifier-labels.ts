import type { Identifier } from './types.js';
import type { Messages } from '../i18n/catalog.js';

/**
 * What an identifier is called in a language, from its catalog: "CNPJ",
 * "USt-IdNr.", "N° de TVA intracommunautaire", "D-U-N-S". A tax number issued in the US is an EIN;
 * a register's company number names its register ("Company number
 * (Companies House)").
 */
export function identifierLabel(identifier: Pick<Identifier, 'scheme' | 'country' | 'authority'>, format: Messages['format']): string {
  switch (identifier.scheme) {
    case 'cnpj':
      return format('identifier.cnpj');
    case 'lei':
      return format('identifier.lei');
    case 'vat':
      return format('identifier.vat');
    case 'tax_id':
      return identifier.country === 'US' ? format('identifier.ein') : format('identifier.tax_id');
    case 'duns':
      return format('identifier.duns');
    case 'company_number':
      // The loader requires the authority of a company number.
      return format('identifier.company_number', { authority: identifier.authority ?? '' });
  }
}
