import { useSite, useT } from '../lib/site-context.tsx';

const utc = (offset: number) => `UTC${offset < 0 ? '−' : '+'}${Math.abs(offset)}`;

/**
 * Buenos Aires and a US skyline joined by one bridge: the same working day. Drawn, not downloaded.
 * The offsets come from constants.yaml: New York changes with US daylight time, Buenos Aires never does.
 */
export function HeroImage() {
  const t = useT();
  const tz = useSite().shared.site.constants.timeZones as Record<string, number>;
  return (
    <svg className="hero-art" viewBox="0 0 420 320" width="420" height="320" role="img" aria-labelledby="hero-art-title">
      <title id="hero-art-title">{t('landing.hero.image-alt')}</title>
      <rect x="0" y="0" width="420" height="320" rx="24" fill="#13243b" />
      <circle cx="330" cy="80" r="34" fill="#f6b40e" />
      <path d="M30 250c60-120 300-120 360 0" fill="none" stroke="#74acdf" strokeWidth="6" strokeLinecap="round" />
      <g fill="#74acdf">
        <rect x="40" y="200" width="26" height="50" rx="3" />
        <rect x="72" y="180" width="22" height="70" rx="3" />
        <rect x="100" y="214" width="30" height="36" rx="3" />
      </g>
      <g fill="#f4f6fb">
        <rect x="290" y="190" width="24" height="60" rx="3" />
        <rect x="318" y="160" width="20" height="90" rx="3" />
        <rect x="344" y="205" width="30" height="45" rx="3" />
      </g>
      <rect x="20" y="250" width="380" height="6" rx="3" fill="#f4f6fb" />
      <g fontFamily="system-ui, sans-serif" fontSize="15" fill="#f4f6fb">
        <text x="40" y="285">{`Buenos Aires · ${utc(tz.buenosAiresUtcOffset!)}`}</text>
        {/* Summer, then winter: "UTC−4/−5". */}
        <text x="236" y="285">{`New York · ${utc(tz.newYorkUtcOffsetSummer!)}/${utc(tz.newYorkUtcOffsetWinter!).slice(3)}`}</text>
      </g>
      <g fill="#f6b40e">
        <circle cx="210" cy="142" r="7" />
        <circle cx="150" cy="160" r="5" />
        <circle cx="270" cy="160" r="5" />
      </g>
    </svg>
  );
}
