const KEY = 'agency-site-consent';

export type Choice = 'accepted' | 'rejected';

/** Global Privacy Control: under the CPRA it is an opt-out, so it counts as Reject and wins over a stored choice. */
export function sendsGpc(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

export function storedChoice(): Choice | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'accepted' || value === 'rejected' ? value : null;
  } catch {
    return null;
  }
}

/** Whether trackers may run: never with GPC or after Reject; in opt-in mode only after Accept. */
export function mayTrack(mode: 'notice' | 'opt-in'): boolean {
  if (sendsGpc()) return false;
  const choice = storedChoice();
  return mode === 'opt-in' ? choice === 'accepted' : choice !== 'rejected';
}

function remember(choice: Choice): void {
  try {
    localStorage.setItem(KEY, choice);
  } catch {
    // Private mode without storage: the notice comes back next visit, and nothing tracks meanwhile.
  }
}

/**
 * The cookie choice: the notice every page renders (templates/components/CookieNotice.tsx), shown
 * until a choice is stored, and again whenever an element with data-consent-open is clicked (the
 * footer link); with GPC, its text saying that counts as Reject. onChoice runs after each click with
 * what is now allowed. `refresh` is called after a client navigation brought a new page's notice.
 */
export function startConsent(onChoice: (choice: Choice) => void): { refresh(): void } {
  const show = (open: boolean) => {
    const notice = document.querySelector<HTMLElement>('[data-cookie-notice]');
    if (!notice) return undefined;
    const variant = sendsGpc() ? 'gpc' : 'ask';
    for (const part of notice.querySelectorAll<HTMLElement>('[data-consent-text]')) part.hidden = part.dataset.consentText !== variant;
    notice.hidden = !open;
    return notice;
  };
  // Registered before the router's listener, so the footer link never becomes a navigation.
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const choice = target?.closest?.<HTMLElement>('[data-cookie-notice] [data-consent-choice]');
    if (choice) {
      remember(choice.dataset.consentChoice as Choice);
      show(false);
      onChoice(choice.dataset.consentChoice as Choice);
      return;
    }
    if (!target?.closest?.('[data-consent-open]')) return;
    event.preventDefault();
    show(true)?.querySelector<HTMLButtonElement>('button:not([hidden])')?.focus();
  });
  const refresh = () => void show(!storedChoice());
  refresh();
  return { refresh };
}
