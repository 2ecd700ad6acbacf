import type { App } from '../app.js';
import type { Catalog } from '../content/types.js';
import { withoutBasePath } from '../routes/table.js';

/**
 * Links the site's pages print that lead nowhere: every HTML answer of every
 * locale is read, and each link, picture and form action to the site itself
 * is asked of the router, as a request for it would be. The frame's own
 * links (navigation, footer, language switch, feeds, the developer page)
 * are judged here, where the content's links are judged by the content
 * check: a locale added to site.yaml must not print a link that fails.
 */

export interface DeadLink {
  /** The page that prints the link, as a site path. */
  readonly page: string;
  /** The link as printed. */
  readonly link: string;
}

const TARGET = /\s(?:href|src|action)="([^"]*)"/g;

export async function deadFrameLinks(app: Pick<App, 'prepareAll' | 'router'>, catalog: Catalog): Promise<DeadLink[]> {
  const base = new URL(`${catalog.base_url}/`);
  const dead: DeadLink[] = [];
  const judged = new Map<string, boolean>();
  // The pages are read, not the pictures' files: those link nowhere, and making them (every width
  // and format of every photograph) would be most of a check's time on a folder never served before.
  for await (const prepared of app.prepareAll(catalog, true, true)) {
    const { answer } = prepared;
    if (answer.status !== 200 || !answer.headers.some(([name, value]) => name === 'content-type' && value.startsWith('text/html'))) continue;
    const html = answer.body.toString('utf8');
    for (const [, written = ''] of html.matchAll(TARGET)) {
      const link = written.replaceAll('&amp;', '&');
      const url = new URL(link, new URL(prepared.url, base));
      if (url.origin !== base.origin) continue;
      const path = withoutBasePath(catalog.base_url, url.pathname);
      if (path === undefined) continue;
      let answers = judged.get(path);
      if (answers === undefined) {
        answers = leadsSomewhere(app, catalog, path);
        judged.set(path, answers);
      }
      if (!answers) dead.push({ page: prepared.url, link });
    }
  }
  return dead;
}

/** Whether a GET of `path` finds a route that has something there. */
function leadsSomewhere(app: Pick<App, 'router'>, catalog: Catalog, path: string): boolean {
  const match = app.router.match(path);
  const route = match?.routes.find((candidate) => candidate.method === 'GET');
  if (!match || !route) return false;
  return route.exists === undefined || route.exists(catalog, match.params);
}
