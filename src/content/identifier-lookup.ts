import type { Identifier } from './types.js';

/**
 * Where a person checks an identifier in its register's public search: the
 * page of the record itself where the register has one per number, else
 * the register's search form. None for a scheme or country whose register
 * offers no public search (a US EIN, a D-U-N-S number).
 */

/** The EU's VAT Information Exchange System, which checks the VAT number of any member state (and Northern Ireland's XI). */
const VIES = 'https://ec.europa.eu/taxation_customs/vies/#/vat-validation';

/** The countries VIES answers for, by ISO 3166-1 code (Greece's VAT numbers are written EL). */
const VIES_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI',
]);

/** The national VAT checks outside the EU, by country. */
const VAT_CHECKS: Readonly<Record<string, string>> = {
  GB: 'https://www.tax.service.gov.uk/check-vat-number/enter-vat-details',
  CH: 'https://www.uid.admin.ch/Search.aspx',
};

/** A company register's page of one company, by country, from its number. */
const COMPANY_REGISTERS: Readonly<Record<string, (number: string) => string>> = {
  GB: (number) => `https://find-and-update.company-information.service.gov.uk/company/${encodeURIComponent(number.replace(/\s+/g, '').toUpperCase())}`,
};

const digits = (value: string) => value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

export function lookupUrl(identifier: Pick<Identifier, 'scheme' | 'value' | 'country'>): string | undefined {
  const { scheme, value, country } = identifier;
  switch (scheme) {
    case 'cnpj':
      // The Receita Federal's "Comprovante de Inscrição e de Situação Cadastral", the number filled in.
      return `https://solucoes.receita.fazenda.gov.br/Servicos/cnpjreva/Cnpjreva_Solicitacao.asp?cnpj=${digits(value)}`;
    case 'lei':
      return `https://search.gleif.org/#/record/${digits(value)}`;
    case 'vat':
      if (country === undefined) return undefined;
      return VIES_COUNTRIES.has(country) ? VIES : VAT_CHECKS[country];
    case 'company_number':
      return country === undefined ? undefined : COMPANY_REGISTERS[country]?.(value);
    default:
      return undefined;
  }
}
