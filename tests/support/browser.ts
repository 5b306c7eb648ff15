import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium, headless; `npx playwright install` cannot download browsers here. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Browser tests need ${CHROMIUM}: apt-get install -y chromium (.ci/run does this)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}

/**
 * The analytics and pixel scripts live on hosts this sandbox cannot reach: tests answer them with
 * an empty script and record each request, so pages load as they would online.
 */
export async function stubThirdParties(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  for (const pattern of ['https://www.googletagmanager.com/**', 'https://connect.facebook.net/**']) {
    await context.route(pattern, (route) => {
      requests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'application/javascript', body: '' });
    });
  }
  return requests;
}

/**
 * A page in a fresh context (own storage, own service worker) with third parties stubbed.
 * `consent` stores a cookie choice before the first page runs, as a returning visitor has it.
 */
export async function newPage(
  browser: Browser,
  options: { userAgent?: string; consent?: 'accepted' | 'rejected' } = {},
): Promise<{ page: Page; context: BrowserContext; thirdParty: string[]; errors: string[] }> {
  const context = await browser.newContext(options.userAgent ? { userAgent: options.userAgent } : {});
  const thirdParty = await stubThirdParties(context);
  if (options.consent) await context.addInitScript((choice) => localStorage.setItem('agency-site-consent', choice), options.consent);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    // The reviews widget's third party is unreachable from this sandbox: the proxy answers 502.
    if (m.type() === 'error' && !m.location().url.includes('/__third-party-proxy')) errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return { page, context, thirdParty, errors };
}
