import { paths } from '../routes/table.js';
import type { ContentFolder } from './content-folder.js';
import { companyIdentifiers } from './identifiers.js';
import type { MediaLibrary } from './media-library.js';
import type { BodyResolver } from './record-bodies.js';
import { companySchema } from './schemas.js';
import type { Company } from './types.js';

/** The company, company.md: its identifiers checked (a CNPJ's digits among them), its logo and body resolved. */
export function companyOf(folder: ContentFolder, media: MediaLibrary, body: BodyResolver, source: string, base: string): Company | undefined {
  const loaded = folder.record({ file: 'company.md', source }, companySchema, body);
  if (!loaded) return undefined;
  const { legal_name, trade_name, logo, cnpj, identifiers: written = [], ...data } = loaded.data;
  const identified = companyIdentifiers(cnpj, written);
  if ('message' in identified) {
    folder.report('company.md', identified.field, identified.message);
    return undefined;
  }
  const image = logo && media.image(logo, 'company.md', 'logo');
  return {
    legal_name,
    trade_name,
    ...(identified.cnpj === undefined ? {} : { cnpj: identified.cnpj }),
    // A register's number is the company's own country's unless company.md says otherwise: its words follow that country (a Firmenbuchnummer in Austria).
    identifiers: identified.identifiers.map((identifier) => (identifier.scheme === 'company_number' && identifier.country === undefined ? { ...identifier, country: data.address.country } : identifier)),
    ...data,
    ...(image ? { logo: image } : {}),
    url: base + paths.company(),
    markdown_url: base + paths.companyMirror(),
    markdown: loaded.body,
  };
}
