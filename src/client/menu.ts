// The navbar's menu is a <details> that works without JavaScript. With it, the menu also closes on
// Escape (focus back on its button), on a click outside it, and once a link in it is chosen: client
// navigations keep the header, so an open menu would otherwise stay open over the next page.
const OPEN_MENU = 'details.navbar-toggle[open]';

export function startMenu(): void {
  const close = (menu: HTMLDetailsElement, focus: boolean) => {
    menu.open = false;
    if (focus) menu.querySelector('summary')?.focus();
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const menu = document.querySelector<HTMLDetailsElement>(OPEN_MENU);
    if (menu) close(menu, menu.contains(document.activeElement));
  });
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    for (const menu of document.querySelectorAll<HTMLDetailsElement>(OPEN_MENU)) {
      if (!target || !menu.contains(target) || (target.closest('a') && menu.contains(target.closest('a')))) close(menu, false);
    }
  });
}
