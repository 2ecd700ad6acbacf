import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { checkContent } from '../../src/check/content-check.js';
import type { WrittenIdentifier } from '../../src/content/identifiers.js';
import { checkedIdentifier, companyIdentifiers, identifierProblems, leiProblem, vatNumber } from '../../src/content/identifiers.js';
import { ContentError, loadCatalog } from '../../src/content/load.js';
import { companyRecord } from '../../src/query/present.js';
import { FIXTURES, ROOT, testCatalog } from '../helper.js';

/** The Receita Federal's public page of the CNPJ the tests write. */
const RECEITA = 'https://solucoes.receita.fazenda.gov.br/Servicos/cnpjreva/Cnpjreva_Solicitacao.asp?cnpj=11222333000181';

/*
 * Every valid example below was checked by hand, with the arithmetic of its
 * standard rather than the code under test:
 * - LEI 5493001KJTIIGC8Y1R12: the 20 characters as a number (letters 10-35)
 *   leave 1 divided by 97 (ISO 7064 MOD 97-10); ending in 13, they leave 2.
 * - DE136695976: ISO 7064 MOD 11,10 over 13669597 gives the check digit 6.
 * - GB 980 7806 84: 9x8 + 8x7 + 0x6 + 7x5 + 8x4 + 0x3 + 6x2 = 207, plus the
 *   last two digits (84) is 291 = 3x97; ending in 85, 292 is not a multiple of 97.
 * - FR40303265045: the key of SIREN 303265045 is (12 + 3 x (303265045 mod 97)) mod 97 = 40.
 * - EL094014201: 0x256 + 9x128 + 4x64 + 0x32 + 1x16 + 4x8 + 2x4 + 0x2 = 1464, mod 11 = 1, the last digit.
 * - CNPJ 11.222.333/0001-81: the modulo 11 check digits of 112223330001 are 8 and 1.
 */

/** The messages of an identifier's problems, field by field. */
const problems = (identifier: WrittenIdentifier) => identifierProblems(identifier).map(({ field, message }) => `${field}: ${message}`);

describe('scheme cnpj', () => {
  test('a formatted CNPJ with valid check digits passes; a wrong digit or an unformatted one says why', () => {
    assert.deepEqual(problems({ scheme: 'cnpj', value: '11.222.333/0001-81' }), []);
    assert.deepEqual(problems({ scheme: 'cnpj', value: '11.222.333/0001-82' }), ['value: has invalid check digits']);
    assert.deepEqual(problems({ scheme: 'cnpj', value: '11222333000181' }), ['value: must be formatted 00.000.000/0000-00']);
  });
});

describe('scheme lei (ISO 17442)', () => {
  test('20 characters whose MOD 97-10 remainder is 1 pass', () => {
    assert.equal(leiProblem('5493001KJTIIGC8Y1R12'), undefined);
    assert.deepEqual(problems({ scheme: 'lei', value: '5493001KJTIIGC8Y1R12' }), []);
  });

  test('a wrong check digit, a wrong length or a small letter says what a LEI is', () => {
    assert.equal(leiProblem('5493001KJTIIGC8Y1R13'), 'has invalid check digits (ISO 17442: ISO 7064 MOD 97-10)');
    const format = 'must be a LEI (ISO 17442): 18 capital letters or digits, then 2 check digits, such as 5493001KJTIIGC8Y1R12';
    assert.equal(leiProblem('5493001KJTIIGC8Y1R1'), format);
    assert.equal(leiProblem('5493001kjtiigc8y1r12'), format);
    assert.equal(leiProblem('5493001KJTIIGC8Y1RAB'), format);
  });
});

describe('scheme vat (jsvat)', () => {
  test('valid numbers of several countries pass, written with or without spaces; the country is the prefix', () => {
    assert.deepEqual(vatNumber('DE136695976'), { number: 'DE136695976', country: 'DE' });
    assert.deepEqual(vatNumber('GB 980 7806 84'), { number: 'GB980780684', country: 'GB' });
    assert.deepEqual(vatNumber('FR40303265045'), { number: 'FR40303265045', country: 'FR' });
    // The EU writes Greece EL; its country is GR.
    assert.deepEqual(vatNumber('EL094014201'), { number: 'EL094014201', country: 'GR' });
  });

  test('a number without its prefix takes the identifier country', () => {
    assert.deepEqual(vatNumber('136695976', 'DE'), { number: 'DE136695976', country: 'DE' });
    assert.deepEqual(vatNumber('094014201', 'GR'), { number: 'EL094014201', country: 'GR' });
    assert.deepEqual(vatNumber('DE136695976', 'DE'), { number: 'DE136695976', country: 'DE' });
  });

  test('a wrong check digit, a wrong format, a country that disagrees or none at all says why', () => {
    assert.deepEqual(vatNumber('DE136695977'), { problem: 'has invalid check digits for a VAT number of Germany (DE)' });
    assert.deepEqual(vatNumber('GB980780685'), { problem: 'has invalid check digits for a VAT number of United Kingdom (GB)' });
    assert.deepEqual(vatNumber('DE13669597'), { problem: 'does not have the format of a VAT number of Germany (DE)' });
    assert.deepEqual(vatNumber('DE136695976', 'FR'), { problem: "is a VAT number of Germany (DE), but the identifier's country is FR" });
    assert.deepEqual(vatNumber('136695976'), { problem: 'must start with its country prefix, such as DE136695976, or the identifier must give its country' });
  });

  test('a country whose VAT numbers cannot be checked names those that can, and the scheme for the others', () => {
    const known =
      'AD, AT, BE, BG, CH, CY, CZ, DE, DK, EE, ES, FI, FR, GB, GR, HR, HU, IE, IT, LT, LU, LV, MT, NL, NO, PL, PT, RO, RS, RU, SE, SI, SK';
    assert.deepEqual(vatNumber('US123456789'), { problem: `has the prefix US, whose VAT numbers cannot be checked; those of ${known} can (another country's tax number takes scheme tax_id)` });
    assert.deepEqual(vatNumber('123456789', 'US'), { problem: `has the country US, whose VAT numbers cannot be checked; those of ${known} can (another country's tax number takes scheme tax_id)` });
    // A CNPJ is not a VAT number: Brazil's number has a scheme of its own.
    assert.match((vatNumber('11222333000181', 'BR') as { problem: string }).problem, /^has the country BR, whose VAT numbers cannot be checked/);
  });

  test('the identifier problem is the value\u2019s', () => {
    assert.deepEqual(problems({ scheme: 'vat', value: 'DE136695976' }), []);
    assert.deepEqual(problems({ scheme: 'vat', value: 'DE136695977' }), ['value: has invalid check digits for a VAT number of Germany (DE)']);
  });
});

describe('scheme tax_id', () => {
  test('a US tax number must be an EIN written 12-3456789', () => {
    assert.deepEqual(problems({ scheme: 'tax_id', value: '12-3456789', country: 'US' }), []);
    assert.deepEqual(problems({ scheme: 'tax_id', value: '123456789', country: 'US' }), ['value: must be a US EIN written 12-3456789 (2 digits, a hyphen, 7 digits)']);
    assert.deepEqual(problems({ scheme: 'tax_id', value: '12-345678', country: 'US' }), ['value: must be a US EIN written 12-3456789 (2 digits, a hyphen, 7 digits)']);
  });

  test("another country's, or one without a country, is taken as written", () => {
    assert.deepEqual(problems({ scheme: 'tax_id', value: '123 456 789 00012', country: 'FR' }), []);
    assert.deepEqual(problems({ scheme: 'tax_id', value: 'B12345678' }), []);
  });
});

describe('scheme duns', () => {
  test('nine digits pass, bare or grouped 2-3-4; anything else says what a D-U-N-S number is', () => {
    assert.deepEqual(problems({ scheme: 'duns', value: '117385962' }), []);
    assert.deepEqual(problems({ scheme: 'duns', value: '11-738-5962' }), []);
    const expected = ['value: must be a D-U-N-S number: 9 digits, such as 123456789 or 12-345-6789'];
    assert.deepEqual(problems({ scheme: 'duns', value: '11738596' }), expected);
    assert.deepEqual(problems({ scheme: 'duns', value: '1173859620' }), expected);
    assert.deepEqual(problems({ scheme: 'duns', value: '11738596A' }), expected);
  });
});

describe('scheme company_number', () => {
  test('needs the authority that issued it', () => {
    assert.deepEqual(problems({ scheme: 'company_number', value: '01234567', authority: 'Companies House' }), []);
    assert.deepEqual(problems({ scheme: 'company_number', value: '01234567' }), [
      'authority: is required for scheme company_number: the register that issued the number, such as Companies House',
    ]);
  });
});

describe('the identifiers the catalog holds', () => {
  test('are verified for cnpj, lei and vat, which have check digits, and not for the others; a VAT number gets its country', () => {
    assert.deepEqual(
      [
        { scheme: 'cnpj', value: '11.222.333/0001-81' },
        { scheme: 'lei', value: '5493001KJTIIGC8Y1R12' },
        { scheme: 'vat', value: 'GB 980 7806 84' },
        { scheme: 'tax_id', value: '12-3456789', country: 'US' },
        { scheme: 'duns', value: '117385962' },
        { scheme: 'company_number', value: '01234567', authority: 'Companies House', country: 'GB' },
      ].map((identifier) => checkedIdentifier(identifier as WrittenIdentifier)),
      [
        { scheme: 'cnpj', value: '11.222.333/0001-81', verified: true, lookup_url: RECEITA },
        { scheme: 'lei', value: '5493001KJTIIGC8Y1R12', verified: true, lookup_url: 'https://search.gleif.org/#/record/5493001KJTIIGC8Y1R12' },
        { scheme: 'vat', value: 'GB 980 7806 84', country: 'GB', verified: true, lookup_url: 'https://www.tax.service.gov.uk/check-vat-number/enter-vat-details' },
        { scheme: 'tax_id', value: '12-3456789', country: 'US', verified: false },
        { scheme: 'duns', value: '117385962', verified: false },
        { scheme: 'company_number', value: '01234567', authority: 'Companies House', country: 'GB', verified: false, lookup_url: 'https://find-and-update.company-information.service.gov.uk/company/01234567' },
      ],
    );
  });

  test('the top-level cnpj comes first and is the identifier of scheme cnpj; given twice the same, it is listed once', () => {
    const vat = { scheme: 'vat', value: 'DE136695976' } as const;
    assert.deepEqual(companyIdentifiers('11.222.333/0001-81', [vat]), {
      identifiers: [
        { scheme: 'cnpj', value: '11.222.333/0001-81', verified: true, lookup_url: RECEITA },
        { scheme: 'vat', value: 'DE136695976', country: 'DE', verified: true, lookup_url: 'https://ec.europa.eu/taxation_customs/vies/#/vat-validation' },
      ],
      cnpj: '11.222.333/0001-81',
    });
    assert.deepEqual(companyIdentifiers('11.222.333/0001-81', [vat, { scheme: 'cnpj', value: '11.222.333/0001-81', country: 'BR' }]), {
      identifiers: [
        { scheme: 'vat', value: 'DE136695976', country: 'DE', verified: true, lookup_url: 'https://ec.europa.eu/taxation_customs/vies/#/vat-validation' },
        { scheme: 'cnpj', value: '11.222.333/0001-81', country: 'BR', verified: true, lookup_url: RECEITA },
      ],
      cnpj: '11.222.333/0001-81',
    });
    assert.deepEqual(companyIdentifiers(undefined, [{ scheme: 'cnpj', value: '11.222.333/0001-81' }]), {
      identifiers: [{ scheme: 'cnpj', value: '11.222.333/0001-81', verified: true, lookup_url: RECEITA }],
      cnpj: '11.222.333/0001-81',
    });
    assert.deepEqual(companyIdentifiers(undefined, []), { identifiers: [] });
  });

  test('a top-level cnpj that differs from the listed one, a second CNPJ or a repeated identifier is refused', () => {
    assert.deepEqual(companyIdentifiers('11.222.333/0001-81', [{ scheme: 'cnpj', value: '47.381.926/0001-38' }]), {
      field: 'cnpj',
      message: "is 11.222.333/0001-81, but identifiers[0] is the CNPJ 47.381.926/0001-38: give the company's CNPJ once, or the same in both",
    });
    assert.deepEqual(
      companyIdentifiers(undefined, [
        { scheme: 'cnpj', value: '11.222.333/0001-81' },
        { scheme: 'cnpj', value: '47.381.926/0001-38' },
      ]),
      { field: 'identifiers[1]', message: 'is a second CNPJ; a company has one (identifiers[0])' },
    );
    assert.deepEqual(
      companyIdentifiers(undefined, [
        { scheme: 'vat', value: 'DE136695976' },
        { scheme: 'duns', value: '117385962' },
        { scheme: 'vat', value: 'DE 136 695 976' },
      ]),
      { field: 'identifiers[2]', message: 'repeats identifiers[0]' },
    );
  });
});

/** A copy of the minimal fixture whose company.md front matter is `frontMatter`. */
async function withCompany(frontMatter: string, run: (dir: string) => Promise<void>): Promise<void> {
  const dir = path.join(await mkdtemp(path.join(tmpdir(), 'vitrine-identifiers-')), 'lumen');
  try {
    await cp(path.join(FIXTURES, 'minimal'), dir, { recursive: true });
    await writeFile(path.join(dir, 'company.md'), `---\n${frontMatter}---\nA bakery.\n`);
    await run(dir);
  } finally {
    await rm(path.dirname(dir), { recursive: true, force: true });
  }
}

const LUMEN = `legal_name: Padaria Lumen Ltda.
trade_name: Lumen
address:
  street: Rua das Flores
  number: "10"
  city: Curitiba
  postal_code: "80010-000"
  country: BR
contact:
  email: ola@lumen.example
profiles: {}
`;

async function loadProblems(dir: string): Promise<readonly string[]> {
  const error = await loadCatalog({ dir, baseUrl: 'https://example.com' }).then(
    () => assert.fail('the content loaded'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ContentError, String(error));
  return error.problems;
}

describe('company.md', () => {
  test('an invalid identifier is a content error naming the file, the field and what is expected; vitrine check finds its line', async () => {
    const identifiers = `identifiers:
  - scheme: lei
    value: 5493001KJTIIGC8Y1R12
  - scheme: vat
    value: DE136695977
  - scheme: company_number
    value: "01234567"
  - scheme: passport
    value: X
`;
    await withCompany(LUMEN + identifiers, async (dir) => {
      const [vat, authority, scheme, ...others] = await loadProblems(dir);
      assert.equal(vat, 'lumen/company.md: identifiers[1].value: has invalid check digits for a VAT number of Germany (DE)');
      // A missing field is worded by the loader for every schema (with the field's example, where it has one).
      assert.match(authority ?? '', /^lumen\/company\.md: identifiers\[2\]\.authority: is required\b/);
      assert.equal(scheme, 'lumen/company.md: identifiers[3].scheme: must be one of cnpj, lei, vat, tax_id, duns, company_number');
      assert.deepEqual(others, []);
      const report = await checkContent(dir);
      assert.deepEqual(
        report.errors.map(({ line, field }) => [line, field]),
        [
          [17, 'identifiers[1].value'],
          [18, 'identifiers[2].authority'],
          [20, 'identifiers[3].scheme'],
        ],
      );
    });
  });

  test('a top-level cnpj and a listed one that differ are an error naming both', async () => {
    await withCompany(`${LUMEN}cnpj: 11.222.333/0001-81\nidentifiers:\n  - scheme: cnpj\n    value: 47.381.926/0001-38\n`, async (dir) => {
      assert.deepEqual(await loadProblems(dir), [
        "lumen/company.md: cnpj: is 11.222.333/0001-81, but identifiers[0] is the CNPJ 47.381.926/0001-38: give the company's CNPJ once, or the same in both",
      ]);
    });
  });

  test('an address without district or state loads, and the record then has neither', async () => {
    await withCompany(`${LUMEN}identifiers:\n  - scheme: cnpj\n    value: 11.222.333/0001-81\n`, async (dir) => {
      const catalog = await loadCatalog({ dir, baseUrl: 'https://example.com' });
      assert.deepEqual(catalog.company.address, { street: 'Rua das Flores', number: '10', city: 'Curitiba', postal_code: '80010-000', country: 'BR' });
      assert.equal(catalog.company.cnpj, '11.222.333/0001-81');
    });
  });

  test('no identifier at all loads, and vitrine check warns about it without an error', async () => {
    await withCompany(LUMEN, async (dir) => {
      const catalog = await loadCatalog({ dir, baseUrl: 'https://example.com' });
      assert.deepEqual(catalog.company.identifiers, []);
      assert.equal('cnpj' in catalog.company, false);
      const report = await checkContent(dir);
      assert.equal(report.ok, true);
      assert.deepEqual(report.errors, []);
      assert.deepEqual(report.warnings, [
        {
          file: path.join(dir, 'company.md'),
          line: null,
          field: 'identifiers',
          message:
            'names no identifier, so nothing says which registered company publishes the site; list its identifiers (scheme cnpj, lei, vat, tax_id, duns or company_number, and the value)',
          severity: 'warning',
        },
      ]);
    });
  });

  test('the demo company keeps its top-level cnpj; its record has the same cnpj, then identifiers with that CNPJ, verified', async () => {
    const record = companyRecord((await testCatalog()).company);
    const cnpj = /^cnpj: (.+)$/m.exec(await readFile(path.join(ROOT, 'content', 'company.md'), 'utf8'))?.[1];
    assert.equal(record.cnpj, cnpj);
    assert.deepEqual(record.identifiers, [{ scheme: 'cnpj', value: cnpj, verified: true, lookup_url: `https://solucoes.receita.fazenda.gov.br/Servicos/cnpjreva/Cnpjreva_Solicitacao.asp?cnpj=${cnpj!.replace(/\D/g, '')}` }]);
    assert.deepEqual(Object.keys(record).slice(0, 5), ['legal_name', 'trade_name', 'cnpj', 'identifiers', 'founded']);
  });

  test('the minimal fixture, whose company has a CNPJ, gets no warning', async () => {
    const report = await checkContent(path.join(FIXTURES, 'minimal'));
    assert.deepEqual(report.warnings, []);
    assert.match(await readFile(path.join(FIXTURES, 'minimal', 'company.md'), 'utf8'), /^cnpj: /m);
  });
});
