import type { Country } from 'jsvat';
import { brazil, checkVAT, countries, europe } from 'jsvat';
import { cnpjProblem } from './cnpj.js';
import { lookupUrl } from './identifier-lookup.js';
import type { Identifier, IdentifierScheme } from './types.js';

/**
 * A company's identifiers: what each scheme accepts, and which of them the
 * loader verifies by their check digits (a CNPJ, a LEI, a VAT number) rather
 * than by their format alone (a tax number, a D-U-N-S number, a register's
 * company number, which carry no check digits anyone publishes).
 */

/** The schemes whose check digits are verified. */
const VERIFIED_SCHEMES: ReadonlySet<IdentifierScheme> = new Set(['cnpj', 'lei', 'vat']);

/** An identifier as company.md writes it. */
export interface WrittenIdentifier {
  readonly scheme: IdentifierScheme;
  readonly value: string;
  readonly authority?: string | undefined;
  readonly country?: string | undefined;
}

/** What is wrong with one field of an identifier. */
export interface IdentifierProblem {
  readonly field: 'value' | 'authority';
  readonly message: string;
}

const LEI = /^[0-9A-Z]{18}[0-9]{2}$/;

/**
 * Why `value` is not a Legal Entity Identifier (ISO 17442), or undefined when
 * it is: 18 capital letters or digits and 2 check digits, the whole read as a
 * number (letters as 10 to 35) leaving 1 divided by 97 (ISO 7064 MOD 97-10).
 */
export function leiProblem(value: string): string | undefined {
  if (!LEI.test(value)) return 'must be a LEI (ISO 17442): 18 capital letters or digits, then 2 check digits, such as 5493001KJTIIGC8Y1R12';
  let rest = 0;
  for (const char of value) {
    // A letter is two digits (A = 10); the remainder is carried one digit at a time.
    for (const digit of String(parseInt(char, 36))) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1 ? undefined : 'has invalid check digits (ISO 17442: ISO 7064 MOD 97-10)';
}

/** A US Employer Identification Number as the IRS writes it. */
const EIN = /^\d{2}-\d{7}$/;

/** A D-U-N-S number: nine digits, bare or grouped 2-3-4 as Dun & Bradstreet prints them. */
const DUNS = /^(?:\d{9}|\d{2}-\d{3}-\d{4})$/;

/**
 * The VAT numbers checked: every country jsvat knows by its check digits,
 * but Brazil (whose number is the CNPJ, a scheme of its own) and "Europe"
 * (the EU's One-Stop-Shop numbers, which have none).
 */
const VAT_COUNTRIES: readonly Country[] = countries.filter((country) => country !== brazil && country !== europe);

/** The prefix a VAT number of a country starts with where it is not the country's ISO code (the EU writes Greece EL; Swiss numbers are CHE-). */
const VAT_PREFIX: Readonly<Record<string, string>> = { GR: 'EL', CH: 'CHE' };

/** The ISO 3166-1 codes of the countries whose VAT numbers are checked, for messages. */
const VAT_COUNTRY_CODES = VAT_COUNTRIES.map((country) => country.codes[0]!).sort();

/** A VAT number: its canonical form (prefix and characters, no spaces) and its country, or why it is not one. */
export type VatNumber = { readonly number: string; readonly country: string } | { readonly problem: string };

/**
 * A VAT number checked with jsvat against its country's format and check
 * digits. The country is the value's two-letter prefix (DE136695976), or,
 * when the value has none, `country`, whose prefix is put in front of it.
 */
export function vatNumber(value: string, country?: string): VatNumber {
  const prefixed = /^[A-Za-z]{2}/.test(value.trim());
  if (!prefixed && country === undefined) return { problem: 'must start with its country prefix, such as DE136695976, or the identifier must give its country' };
  const written = prefixed ? value : `${VAT_PREFIX[country!] ?? country}${value}`;
  const result = checkVAT(written, VAT_COUNTRIES);
  if (!result.country) {
    const prefix = prefixed ? `prefix ${value.trim().slice(0, 2).toUpperCase()}` : `country ${country}`;
    return { problem: `has the ${prefix}, whose VAT numbers cannot be checked; those of ${VAT_COUNTRY_CODES.join(', ')} can (another country's tax number takes scheme tax_id)` };
  }
  const found = result.country.isoCode.short;
  const name = `${result.country.name} (${found})`;
  if (country !== undefined && found !== country) return { problem: `is a VAT number of ${name}, but the identifier's country is ${country}` };
  if (!result.isValidFormat) return { problem: `does not have the format of a VAT number of ${name}` };
  if (!result.isValid) return { problem: `has invalid check digits for a VAT number of ${name}` };
  return { number: result.value ?? written, country: found };
}

/** Whether `value` starts with the prefix of a country whose VAT numbers are checked (DE, EL, CHE, ...), whatever follows. */
export function hasVatPrefix(value: string): boolean {
  return checkVAT(value, VAT_COUNTRIES).country !== undefined;
}

/** What is wrong with an identifier, field by field; empty when nothing is. */
export function identifierProblems(identifier: WrittenIdentifier): IdentifierProblem[] {
  const { scheme, value, authority, country } = identifier;
  const problems: IdentifierProblem[] = [];
  const wrong = (message: string | undefined) => {
    if (message !== undefined) problems.push({ field: 'value', message });
  };
  switch (scheme) {
    case 'cnpj':
      wrong(cnpjProblem(value));
      break;
    case 'lei':
      wrong(leiProblem(value));
      break;
    case 'vat': {
      const vat = vatNumber(value, country);
      wrong('problem' in vat ? vat.problem : undefined);
      break;
    }
    case 'tax_id':
      // Only the US number's format is known; any other country's is taken as written.
      if (country === 'US' && !EIN.test(value)) wrong('must be a US EIN written 12-3456789 (2 digits, a hyphen, 7 digits)');
      break;
    case 'duns':
      if (!DUNS.test(value)) wrong('must be a D-U-N-S number: 9 digits, such as 123456789 or 12-345-6789');
      break;
    case 'company_number':
      if (authority === undefined) problems.push({ field: 'authority', message: 'is required for scheme company_number: the register that issued the number, such as Companies House' });
      break;
  }
  return problems;
}

/** The identifier as the catalog holds it: whether it was verified, a VAT number's country, and where a person checks it. */
export function checkedIdentifier(identifier: WrittenIdentifier): Identifier {
  const { scheme, value, authority, country } = identifier;
  const vat = scheme === 'vat' ? vatNumber(value, country) : undefined;
  const found = vat && 'country' in vat ? vat.country : country;
  const lookup = lookupUrl({ scheme, value, country: found });
  return {
    scheme,
    value,
    ...(authority === undefined ? {} : { authority }),
    ...(found === undefined ? {} : { country: found }),
    verified: VERIFIED_SCHEMES.has(scheme),
    ...(lookup === undefined ? {} : { lookup_url: lookup }),
  };
}

/** Two writings of one identifier: the same characters, whatever the case, spaces and punctuation. */
function sameIdentifier(a: WrittenIdentifier, b: WrittenIdentifier): boolean {
  const bare = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return a.scheme === b.scheme && bare(a.value) === bare(b.value);
}

/**
 * The company's identifiers: the top-level `cnpj` (which company.md has
 * always taken) first, unless the list gives the same CNPJ, then the list.
 * A top-level CNPJ that differs from the list's, or a list that repeats an
 * identifier or gives two CNPJs, is a problem of the field that says so.
 */
export function companyIdentifiers(
  cnpj: string | undefined,
  written: readonly WrittenIdentifier[],
): { readonly identifiers: readonly Identifier[]; readonly cnpj?: string } | { readonly field: string; readonly message: string } {
  const cnpjs = written.flatMap((identifier, index) => (identifier.scheme === 'cnpj' ? [{ identifier, index }] : []));
  const listed = cnpjs[0];
  if (cnpj !== undefined && listed && !sameIdentifier(listed.identifier, { scheme: 'cnpj', value: cnpj })) {
    return { field: 'cnpj', message: `is ${cnpj}, but identifiers[${listed.index}] is the CNPJ ${listed.identifier.value}: give the company's CNPJ once, or the same in both` };
  }
  for (const [index, identifier] of written.entries()) {
    const earlier = written.findIndex((other) => sameIdentifier(other, identifier));
    if (earlier < index) return { field: `identifiers[${index}]`, message: `repeats identifiers[${earlier}]` };
  }
  const second = cnpjs[1];
  if (listed && second) return { field: `identifiers[${second.index}]`, message: `is a second CNPJ; a company has one (identifiers[${listed.index}])` };
  const identifiers = [...(cnpj !== undefined && !listed ? [{ scheme: 'cnpj' as const, value: cnpj }] : []), ...written].map(checkedIdentifier);
  const found = cnpj ?? listed?.identifier.value;
  return { identifiers, ...(found === undefined ? {} : { cnpj: found }) };
}
