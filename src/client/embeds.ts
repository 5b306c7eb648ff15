/**
 * Click-to-load embeds: a post's iframe arrives as a placeholder (templates/components/EmbedFrame.tsx)
 * and its host is contacted only when the visitor presses its button, by mouse or keyboard. One
 * listener on the document, as for forms, so placeholders rendered later (client navigation) work too.
 */
export function startEmbeds(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('.embed-load');
    const placeholder = button?.closest<HTMLElement>('[data-embed-src]');
    if (!placeholder) return;
    loadEmbed(placeholder);
  });
}

function loadEmbed(placeholder: HTMLElement): void {
  const src = placeholder.dataset.embedSrc;
  if (!src) return;
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = placeholder.dataset.embedTitle ?? '';
  frame.allow = 'fullscreen; picture-in-picture; encrypted-media';
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  placeholder.replaceChildren(frame);
  placeholder.classList.add('embed-loaded');
  delete placeholder.dataset.embedSrc;
  // The button is gone; keyboard users continue from what they asked for.
  frame.focus();
}
