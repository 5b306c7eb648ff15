/**
 * Registers /sw.js only in a secure context (HTTPS, or localhost). After an updated worker takes
 * over, the next navigation is a full load so old and new builds never mix; if page resources had
 * failed before it installed, the page reloads at once.
 */
export function registerServiceWorker(state: { resourcesFailed: () => boolean; onUpdated: () => void }): void {
  // Checked first: on an insecure origin Chromium hides navigator.serviceWorker altogether, and the
  // spec wants the reason logged, not a silent return.
  if (!isSecureContext) {
    console.error('The service worker was not registered: it needs a secure connection (HTTPS) or localhost.');
    return;
  }
  if (!('serviceWorker' in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker
    .register('/sw.js')
    .then((registration) => {
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'installed' && hadController) {
            state.onUpdated();
            if (state.resourcesFailed()) location.reload();
          }
          if (worker.state === 'redundant') console.warn('A service worker update was discarded (redundant).');
          if (worker.state === 'activated') document.documentElement.dataset.swState = 'activated';
        });
      });
    })
    .catch((error: unknown) => console.error('Service worker registration failed:', error));
}
