import type { Identifier } from './types.js';
import type { Messages } from '../i18n/catalog.js';

/**
 * What an identifier is called in a language, from its catalog: "CNPJ",
 * "USt-IdNr.", "N° de TVA intracommunautaire", "D-U-N-S". A tax number issued in the US is an EIN;
 * a register's company number names its register ("Company number
 * (Companies House)"). Where the identifier's country has a word of its own
 * in that language, the catalog gives it (an Austrian VAT number is a
 * "UID-Nr." in German, a Swiss one a "MWST-Nr."), chosen by the country.
 */
export function identifierLabel(identifier: Pick<Identifier, 'scheme' | 'country' | 'authority'>, format: Messages['format']): string {
  const country = identifier.country ?? '';
  switch (identifier.scheme) {
    case 'cnpj':
      return format('identifier.cnpj');
    case 'lei':
      return format('identifier.lei');
    case 'vat':
      return format('identifier.vat', { country });
    case 'tax_id':
      return identifier.country === 'US' ? format('identifier.ein') : format('identifier.tax_id');
    case 'duns':
      return format('identifier.duns');
    case 'company_number':
      // The loader requires the authority of a company number.
      return format('identifier.company_number', { authority: identifier.authority ?? '', country });
  }
}

/**
 * A register's number and the register (or court) that keeps it, named
 * apart as a legal notice lists them: "Firmenbuchnummer" and
 * "Firmenbuchgericht" in Austria, "Registernummer" and "Registergericht" in
 * Germany.
 */
export function registerLabels(identifier: Pick<Identifier, 'country'>, format: Messages['format']): { readonly number: string; readonly register: string } {
  const country = identifier.country ?? '';
  return { number: format('identifier.register_number', { country }), register: format('identifier.register_court', { country }) };
}
