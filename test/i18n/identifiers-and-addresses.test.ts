import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Address } from '../../src/i18n/address.js';
import { addressLine, addressLines } from '../../src/i18n/address.js';
import { SHIPPED_LOCALES } from '../../src/i18n/catalog.js';
import { identifierLabel } from '../../src/content/identifier-labels.js';
import { wordsIn } from './_words.js';

describe('identifier labels', () => {
  const identifiers = [
    { scheme: 'cnpj' },
    { scheme: 'vat' },
    { scheme: 'lei' },
    { scheme: 'tax_id', country: 'US' },
    { scheme: 'tax_id', country: 'FR' },
    { scheme: 'duns' },
    { scheme: 'company_number', authority: 'Companies House' },
  ] as const;
  const expected: Readonly<Record<string, readonly string[]>> = {
    en: ['CNPJ', 'VAT', 'LEI', 'EIN', 'Tax ID', 'D-U-N-S', 'Company number (Companies House)'],
    'pt-BR': ['CNPJ', 'Número de IVA', 'LEI', 'EIN', 'Identificação fiscal', 'D-U-N-S', 'Número de registro (Companies House)'],
    es: ['CNPJ', 'NIF-IVA', 'LEI', 'EIN', 'Número de identificación fiscal', 'D-U-N-S', 'Número de registro (Companies House)'],
    fr: ['CNPJ', 'N° de TVA intracommunautaire', 'LEI', 'EIN', 'Numéro d’identification fiscale', 'D-U-N-S', 'Numéro d’immatriculation (Companies House)'],
    de: ['CNPJ', 'USt-IdNr.', 'LEI', 'EIN', 'Steuernummer', 'D-U-N-S', 'Handelsregister (Companies House)'],
  };

  for (const locale of SHIPPED_LOCALES) {
    test(`name each scheme in ${locale}: a US tax number is an EIN, a company number names its register`, () => {
      assert.deepEqual(
        identifiers.map((identifier) => identifierLabel(identifier, wordsIn(locale))),
        expected[locale],
      );
    });
  }
});

describe('addresses in their country\u2019s layout', () => {
  test('a US address: number before street, "City, ST ZIP", the country last; a suite on its own line above the street', () => {
    const austin: Address = { street: 'Congress Avenue', number: '1100', complement: 'Suite 400', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' };
    assert.deepEqual(addressLines(austin), ['Suite 400', '1100 Congress Avenue', 'Austin, TX 78701', 'United States of America']);
    assert.equal(addressLine(austin), 'Suite 400, 1100 Congress Avenue, Austin, TX 78701, United States of America');
  });

  test('a Brazilian address keeps its district (bairro) and state', () => {
    const curitiba: Address = { street: 'Rua das Flores', number: '10', district: 'Centro', city: 'Curitiba', state: 'PR', postal_code: '80010-000', country: 'BR' };
    assert.deepEqual(addressLines(curitiba), ['Rua das Flores 10', 'Centro', 'Curitiba - PR', '80010-000', 'Brazil']);
  });

  test('a German address has no state: the postal code before the city', () => {
    const berlin: Address = { street: 'Unter den Linden', number: '77', city: 'Berlin', postal_code: '10117', country: 'DE' };
    assert.deepEqual(addressLines(berlin), ['Unter den Linden 77', '10117 Berlin', 'Germany']);
  });

  test('a British address: the postcode on its own line', () => {
    const london: Address = { street: 'Baker Street', number: '221B', city: 'London', postal_code: 'NW1 6XE', country: 'GB' };
    assert.deepEqual(addressLines(london), ['221B Baker Street', 'London', 'NW1 6XE', 'United Kingdom']);
  });
});
