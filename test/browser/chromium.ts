import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core. Never a downloaded browser:
 * when /usr/bin/chromium is absent the browser tests skip and say why.
 */
export const CHROMIUM = '/usr/bin/chromium';

export const skipReason = existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is not installed (apt-get install chromium); the browser tests need it and never download a browser`;

/** Headless, no sandbox, no GPU, no background traffic (networking, component updates, sync), no QUIC and no first-run UI; the profile is a fresh folder (launchPersistentContext's userDataDir). */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export interface Chromium {
  readonly context: BrowserContext;
  /** Closes the browser, waits for every process of this profile to exit and deletes the profile. */
  close(): Promise<void>;
  /** Processes still running with this profile (for the test that none is left behind). */
  leftovers(): string[];
}

export interface LaunchOptions {
  /** Chromium features to turn on (`--enable-features`), such as WebMCPTesting. */
  readonly features?: readonly string[];
}

export async function launchChromium(options: LaunchOptions = {}): Promise<Chromium> {
  const profile = await mkdtemp(path.join(tmpdir(), 'vitrine-chromium-'));
  const features = options.features?.length ? [`--enable-features=${options.features.join(',')}`] : [];
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...ARGS, ...features],
    viewport: { width: 1280, height: 900 },
  });
  const leftovers = () => {
    const table = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
    return table.split('\n').filter((line) => line.includes(profile) && !line.includes('ps -eo'));
  };
  return {
    context,
    leftovers,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export interface PageProblems {
  readonly messages: string[];
}

/** Collects console errors, uncaught exceptions and failed or refused requests of a page. */
export function watchPage(page: Page): PageProblems {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    // A failed load is reported below with its URL; the console line about it
    // would also flag the document of a deliberate 404 page.
    if (message.text().startsWith('Failed to load resource')) return;
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? '';
    // Leaving a page cancels what it was still loading (lazy pictures, the manifest): not a failure of the site.
    if (error === 'net::ERR_ABORTED') return;
    messages.push(`request failed: ${request.url()} ${error}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') {
      messages.push(`HTTP ${response.status()}: ${response.url()}`);
    }
  });
  return { messages };
}
