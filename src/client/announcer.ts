/** The visually hidden live region that tells screen-reader users a client navigation happened. */
export function createAnnouncer() {
  const region = document.createElement('div');
  region.id = 'route-announcer';
  region.className = 'visually-hidden';
  region.setAttribute('aria-live', 'assertive');
  region.setAttribute('aria-atomic', 'true');
  document.body.append(region);
  return {
    announce(text: string) {
      // Cleared first so the same text twice is still announced.
      region.textContent = '';
      requestAnimationFrame(() => (region.textContent = text));
    },
  };
}

/** What to announce: the page's first h1, else its title, else the path. */
export function pageName(path: string): string {
  const h1 = document.querySelector('main h1, h1')?.textContent?.trim();
  return h1 || document.title || path;
}
