const KEY = 'agency-site-consent';

export type Choice = 'accepted' | 'rejected';
export interface ConsentTexts {
  label: string;
  text: string;
  gpc: string;
  accept: string;
  reject: string;
  close: string;
}

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

function button(text: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  // Accept and Reject share one class: the same size and weight, so neither is the easy way out.
  b.className = 'button button-small';
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

/**
 * The cookie choice: Accept and Reject side by side; with GPC, a note that it counts as Reject.
 * Shown until a choice is stored, and again whenever an element with data-consent-open is clicked
 * (the footer link). onChoice runs after each click with what is now allowed.
 */
export function startConsent(texts: ConsentTexts, onChoice: (choice: Choice) => void): void {
  let box: HTMLElement | undefined;
  const close = () => {
    box?.remove();
    box = undefined;
  };
  const choose = (choice: Choice) => {
    remember(choice);
    close();
    onChoice(choice);
  };
  const open = () => {
    close();
    box = document.createElement('div');
    box.className = 'cookie-notice';
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', texts.label);
    const p = document.createElement('p');
    p.textContent = sendsGpc() ? texts.gpc : texts.text;
    const buttons = sendsGpc()
      ? [button(texts.close, () => choose('rejected'))]
      : [button(texts.accept, () => choose('accepted')), button(texts.reject, () => choose('rejected'))];
    box.append(p, ...buttons);
    document.body.append(box);
    return box;
  };
  // Registered before the router's listener, so the footer link never becomes a navigation.
  document.addEventListener('click', (event) => {
    const trigger = (event.target as Element | null)?.closest?.('[data-consent-open]');
    if (!trigger) return;
    event.preventDefault();
    open().querySelector('button')?.focus();
  });
  if (!storedChoice()) open();
}
