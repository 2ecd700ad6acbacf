import addressFormatter from '@fragaria/address-formatter';

export interface Address {
  readonly street: string;
  readonly number: string;
  readonly complement?: string;
  /** A part of the city (a bairro), where the country's addresses name one. */
  readonly district?: string;
  readonly city: string;
  /** The state, province or region, where the country's addresses name one. */
  readonly state?: string;
  readonly postal_code: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
}

/**
 * A postal address in its own country's layout, by @fragaria/address-formatter
 * (OpenCage's address-formatting templates): "1100 Congress Avenue / Austin,
 * TX 78701 / United States of America", "Unter den Linden 77 / 10117 Berlin /
 * Germany". The country comes from its ISO 3166-1 code, its name as the
 * formatter writes it. The complement (a suite, a floor, a building) is the
 * formatter's `house`, which the templates print on a line of its own above
 * the street, as USPS Publication 28 places a secondary address that does
 * not fit on the street line.
 */

// The address of a Catalog never changes: its lines are worked out once, on first use.
const LINES = new WeakMap<Address, readonly string[]>();
const IN_LANGUAGE = new WeakMap<Address, Map<string, readonly string[]>>();

/**
 * The address's lines, in the order its country writes them. Read in a
 * language other than English (`locale`), the country is named in it
 * ("Estados Unidos", "Vereinigte Staaten"), by Intl.DisplayNames; the
 * rest is written as the address is.
 */
export function addressLines(address: Address, locale?: string): readonly string[] {
  const lines = englishLines(address);
  if (locale === undefined || locale.split('-')[0]!.toLowerCase() === 'en') return lines;
  let named = IN_LANGUAGE.get(address);
  if (!named) IN_LANGUAGE.set(address, (named = new Map()));
  let found = named.get(locale);
  if (!found) {
    let country: string | undefined;
    try {
      country = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(address.country);
    } catch {
      // A locale Intl cannot read keeps the formatter's name.
    }
    found = Object.freeze(country === undefined ? lines : [...lines.slice(0, -1), country]);
    named.set(locale, found);
  }
  return found;
}

function englishLines(address: Address): readonly string[] {
  let lines = LINES.get(address);
  if (!lines) {
    lines = Object.freeze(
      addressFormatter.format(
        {
          road: address.street,
          houseNumber: address.number,
          ...(address.complement === undefined ? {} : { house: address.complement }),
          ...(address.district === undefined ? {} : { suburb: address.district }),
          city: address.city,
          ...(address.state === undefined ? {} : { state: address.state }),
          postcode: address.postal_code,
          countryCode: address.country,
        },
        { output: 'array', appendCountry: true },
      ),
    );
    LINES.set(address, lines);
  }
  return lines;
}

// The street line of each address, worked out once, on first use.
const STREET_LINES = new WeakMap<Address, string>();

/**
 * The street and number as the country writes them on one line ("Unter den
 * Linden 77", "1100 Congress Avenue", "Calle de Alcalá, 48"), the complement
 * after them: what a form or schema.org's `streetAddress` takes as the
 * street line.
 */
export function streetLine(address: Address): string {
  let line = STREET_LINES.get(address);
  if (line === undefined) {
    const lines: string[] = addressFormatter.format({ road: address.street, houseNumber: address.number, countryCode: address.country }, { output: 'array' });
    const street = lines.find((candidate) => candidate.includes(address.street)) ?? `${address.street} ${address.number}`;
    line = address.complement === undefined ? street : `${street}, ${address.complement}`;
    STREET_LINES.set(address, line);
  }
  return line;
}

/** The address on one line, its lines separated by commas: for plain text. */
export function addressLine(address: Address, locale?: string): string {
  return addressLines(address, locale).join(', ');
}
