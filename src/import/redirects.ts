import { isMap, isSeq, parseDocument, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { ImportError } from './errors.js';

/**
 * redirects.yaml: a list of `{from, to, status}`, each an old address of an
 * imported record and its new one, so links and search results that lead to
 * the old site keep working. The import adds what it is missing and changes
 * no entry already written; one that sends an old address elsewhere is a
 * conflict, replaced only when asked (--force).
 */

export const REDIRECTS_FILE = 'redirects.yaml';

export interface Redirect {
  readonly from: string;
  readonly to: string;
  /** 301: moved for good. */
  readonly status: number;
}

export interface MergedRedirects {
  /** The file's new text; the same text when nothing is added. */
  readonly text: string;
  /** Old addresses the file already sends elsewhere, and where. */
  readonly conflicts: readonly { readonly from: string; readonly written: string; readonly wanted: string }[];
}

const HEADER =
  '# Old addresses of the site, each sent on to its new one: `from` is the old path (and query),\n# `to` the path it moved to, `status` the HTTP status of the redirect (301: moved for good).\n';

export function mergeRedirects(existing: string | undefined, redirects: readonly Redirect[], force: boolean, file = REDIRECTS_FILE): MergedRedirects {
  const document = parseDocument(existing ?? HEADER);
  if (document.errors.length > 0) throw new ImportError(file, `does not parse as YAML (${document.errors[0]!.message.split('\n')[0]})`);
  let list: unknown = document.contents;
  if (list === null || (!isSeq(list) && existing === undefined)) {
    list = new YAMLSeq();
    document.contents = list as typeof document.contents;
  }
  if (!isSeq(list)) throw new ImportError(file, 'is not a list of { from, to, status }');
  const seq = list as YAMLSeq;
  const byFrom = new Map<string, YAMLMap>();
  for (const item of seq.items) if (isMap(item) && typeof item.get('from') === 'string') byFrom.set(item.get('from') as string, item);
  const conflicts: { from: string; written: string; wanted: string }[] = [];
  let changed = false;
  for (const redirect of redirects) {
    const written = byFrom.get(redirect.from);
    if (written === undefined) {
      const entry = new YAMLMap();
      entry.set('from', quoted(redirect.from));
      entry.set('to', quoted(redirect.to));
      entry.set('status', redirect.status);
      seq.add(entry);
      byFrom.set(redirect.from, entry);
      changed = true;
    } else if (written.get('to') !== redirect.to) {
      if (force) {
        written.set('to', quoted(redirect.to));
        changed = true;
      } else conflicts.push({ from: redirect.from, written: String(written.get('to')), wanted: redirect.to });
    }
  }
  return { text: changed || existing === undefined ? document.toString({ lineWidth: 0 }) : existing, conflicts };
}

function quoted(value: string): Scalar {
  const scalar = new Scalar(value);
  scalar.type = Scalar.QUOTE_DOUBLE;
  return scalar;
}
