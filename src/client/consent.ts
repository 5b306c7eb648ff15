const KEY = 'agency-site-consent';

export function hasConsented(): boolean {
  try {
    return localStorage.getItem(KEY) === 'accepted';
  } catch {
    return false;
  }
}

/** The cookie notice; Accept is remembered across visits. In opt-in mode nothing tracks before it. */
export function showCookieNotice(texts: { text: string; accept: string; label: string }, onAccept: () => void): void {
  if (hasConsented()) return;
  const box = document.createElement('div');
  box.className = 'cookie-notice';
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', texts.label);
  const p = document.createElement('p');
  p.textContent = texts.text;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button-small';
  button.textContent = texts.accept;
  button.addEventListener('click', () => {
    try {
      localStorage.setItem(KEY, 'accepted');
    } catch {
      // Private mode without storage: the notice comes back next visit, nothing else breaks.
    }
    box.remove();
    onAccept();
  });
  box.append(p, button);
  document.body.append(box);
}
