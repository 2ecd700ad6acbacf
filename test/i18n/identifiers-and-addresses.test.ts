import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Address } from '../../src/i18n/address.js';
import { addressLine, addressLines, streetLine } from '../../src/i18n/address.js';
import { SHIPPED_LOCALES } from '../../src/i18n/catalog.js';
import { identifierLabel, registerLabels } from '../../src/content/identifier-labels.js';
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

  test('an identifier takes the word of its own country where the language has one: UID-Nr. and Firmenbuchnummer in Austria, MWST-Nr. and UID in Switzerland', () => {
    const de = wordsIn('de');
    assert.equal(identifierLabel({ scheme: 'vat', country: 'AT' }, de), 'UID-Nr.');
    assert.equal(identifierLabel({ scheme: 'vat', country: 'DE' }, de), 'USt-IdNr.');
    assert.equal(identifierLabel({ scheme: 'vat', country: 'CH' }, de), 'MWST-Nr.');
    assert.equal(identifierLabel({ scheme: 'company_number', country: 'AT', authority: 'Landesgericht für ZRS Graz' }, de), 'Firmenbuchnummer (Landesgericht für ZRS Graz)');
    assert.equal(identifierLabel({ scheme: 'company_number', country: 'DE', authority: 'Amtsgericht München' }, de), 'Handelsregister (Amtsgericht München)');
    assert.deepEqual(registerLabels({ country: 'AT' }, de), { number: 'Firmenbuchnummer', register: 'Firmenbuchgericht' });
    assert.deepEqual(registerLabels({ country: 'DE' }, de), { number: 'Registernummer', register: 'Registergericht' });
    assert.deepEqual(registerLabels({ country: 'CH' }, de), { number: 'UID', register: 'Handelsregisteramt' });
    // Another language keeps its own word for them.
    assert.equal(identifierLabel({ scheme: 'vat', country: 'AT' }, wordsIn('en')), 'VAT');
    assert.equal(identifierLabel({ scheme: 'vat', country: 'AT' }, wordsIn('fr')), 'N° de TVA intracommunautaire');
    assert.equal(identifierLabel({ scheme: 'vat', country: 'CH' }, wordsIn('fr')), 'N° TVA');
    assert.deepEqual(registerLabels({ country: 'AT' }, wordsIn('en')), { number: 'Company register number', register: 'Company register court' });
  });

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

  test('the street line in the country\u2019s order: the number after an Austrian or German street, before a US one, after a comma in Spain; the complement last', () => {
    const graz: Address = { street: 'Conrad-von-Hötzendorf-Straße', number: '37a', city: 'Graz', postal_code: '8010', country: 'AT' };
    assert.equal(streetLine(graz), 'Conrad-von-Hötzendorf-Straße 37a');
    assert.equal(streetLine({ ...graz, complement: 'Top 4' }), 'Conrad-von-Hötzendorf-Straße 37a, Top 4');
    assert.equal(streetLine({ street: 'Congress Avenue', number: '1100', complement: 'Suite 400', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' }), '1100 Congress Avenue, Suite 400');
    assert.equal(streetLine({ street: 'Calle de Alcalá', number: '48', city: 'Madrid', postal_code: '28014', country: 'ES' }), 'Calle de Alcalá, 48');
    assert.equal(streetLine({ street: 'Rue de Rivoli', number: '12', city: 'Paris', postal_code: '75001', country: 'FR' }), '12 Rue de Rivoli');
  });
});
