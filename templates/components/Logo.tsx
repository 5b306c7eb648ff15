/** The agency's mark: a bridge arc over the south, drawn inline so it needs no request. */
export function Logo({ name }: { name: string }) {
  return (
    <span className="logo">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#0f1b2d" />
        <path d="M5 22c3-9 19-9 22 0" fill="none" stroke="#f6b40e" strokeWidth="3" strokeLinecap="round" />
        <path d="M9 22v-4M16 22v-6M23 22v-4" stroke="#74acdf" strokeWidth="2.5" strokeLinecap="round" />
        <path d="M4 25h24" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="logo-name">{name}</span>
    </span>
  );
}
