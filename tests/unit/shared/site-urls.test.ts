import { describe, expect, it } from 'vitest';
import { isPagePath } from '../../../src/client/router.ts';
import { localeOfPath } from '../../../src/shared/locale-path.ts';
import { APP_DATA_PATH, pageDataPath, proxiedUrl, PROXY_PATH, sharedDataPath, sliceDataPath } from '../../../src/shared/site-urls.ts';

// One spelling of where page data lives, read by the build, the runtime, the worker, serve and the checks.
describe('the page-data URL layout', () => {
  it.each([
    ['/', 'full', 'page-data/index/page-data.json'],
    ['/', 'islands', 'page-data/index/page-data.islands.json'],
    ['/es/blog/', 'full', 'page-data/es/blog/page-data.json'],
    ['/es/trabaja-con-nosotros/', 'islands', 'page-data/es/trabaja-con-nosotros/page-data.islands.json'],
    ['/404.html', 'full', 'page-data/404.html/page-data.json'],
    ['/es/404.html', 'islands', 'page-data/es/404.html/page-data.islands.json'],
  ] as const)('%s (%s) → %s', (path, mode, expected) => {
    expect(pageDataPath(path, mode)).toBe(expected);
  });

  it('names shared data by hash, slices by name, and app-data once', () => {
    expect(sharedDataPath('3f9a')).toBe('page-data/sq/d/3f9a.json');
    expect(sliceDataPath('navbar-es')).toBe('slice-data/navbar-es.json');
    expect(APP_DATA_PATH).toBe('page-data/app-data.json');
  });

  it('proxies a third-party script by its exact URL', () => {
    expect(proxiedUrl('https://widget.trustmary.com/reviews/southbridge-dev.js')).toBe(
      '/__third-party-proxy?url=https%3A%2F%2Fwidget.trustmary.com%2Freviews%2Fsouthbridge-dev.js',
    );
  });

  it.each([
    ['/es/blog/', true],
    ['/404.html', true],
    [PROXY_PATH, false],
    [`${PROXY_PATH}/x/`, false],
    ['/page-data/index/', false],
    ['/slice-data/', false],
    ['/api/forms/contact/', false],
    ['/__third-party-proxy-not/', true],
  ])('the router treats %s as a page: %s', (path, page) => {
    expect(isPagePath(path)).toBe(page);
  });
});

describe('localeOfPath', () => {
  it.each([
    ['/es/blog/', 'en', 'es'],
    ['/blog/', 'en', 'en'],
    ['/en/blog/', 'en', 'en'],
    ['/fr/', 'en', 'en'],
    // serve's 404 lookup: no prefix for the default locale or an unknown one.
    ['/es/nada/', '', 'es'],
    ['/nada/', '', ''],
    ['/en/nada/', '', 'en'],
  ])('%s with default %j → %j', (path, defaultLocale, expected) => {
    expect(localeOfPath(path, ['en', 'es'], defaultLocale)).toBe(expected);
  });
});
