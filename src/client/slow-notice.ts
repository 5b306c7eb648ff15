/** A visible "still loading" notice for navigations that take longer than the threshold. */
export function createSlowNotice(thresholdMs = 1000) {
  const box = document.createElement('div');
  box.className = 'nav-notice';
  box.setAttribute('role', 'status');
  box.hidden = true;
  document.body.append(box);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    start(text: string) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        box.textContent = text;
        box.hidden = false;
      }, thresholdMs);
    },
    stop() {
      clearTimeout(timer);
      box.hidden = true;
    },
  };
}
