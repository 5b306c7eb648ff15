type Gtag = (...args: unknown[]) => void;
type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[];
  loaded?: boolean;
  version?: string;
  push?: unknown;
  disablePushState?: boolean;
  callMethod?: (...a: unknown[]) => void;
};

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/**
 * Google Analytics and the Meta pixel, each only when its id is set. Their loaders are set up here
 * (not as inline snippets, which the CSP forbids). The first page view is theirs; route changes
 * are reported by pageView(). The pixel's own history tracking is off, so nothing counts twice.
 */
export function startAnalytics(ids: { googleAnalyticsId: string | null; metaPixelId: string | null }) {
  if (ids.googleAnalyticsId) {
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtag() {
      // gtag.js reads the arguments object itself, as its own snippet does.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag('js', new Date());
    window.gtag('config', ids.googleAnalyticsId);
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.googleAnalyticsId)}`);
  }
  if (ids.metaPixelId) {
    const fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue!.push(args);
    } as Fbq;
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = '2.0';
    fbq.push = fbq;
    fbq.disablePushState = true;
    window.fbq = window._fbq = fbq;
    fbq('init', ids.metaPixelId);
    fbq('track', 'PageView');
    addScript('https://connect.facebook.net/en_US/fbevents.js');
  }
  let allowed = true;
  return {
    /** A stored lead: GA4's generate_lead and the pixel's Lead. */
    conversion(form: string) {
      if (!allowed) return;
      window.gtag?.('event', 'generate_lead', { form_name: form });
      window.fbq?.('track', 'Lead', { content_name: form });
    },
    pageView(path: string, title: string) {
      if (!allowed) return;
      window.gtag?.('event', 'page_view', { page_path: path, page_location: location.href, page_title: title });
      window.fbq?.('track', 'PageView');
    },
    /**
     * A later Reject cannot unload scripts that already ran: it silences them (GA's documented
     * opt-out flag, the pixel's consent revoke) and deletes their cookies; Accept turns them back on.
     */
    allow(on: boolean) {
      allowed = on;
      if (ids.googleAnalyticsId) (window as unknown as Record<string, boolean>)[`ga-disable-${ids.googleAnalyticsId}`] = !on;
      window.fbq?.('consent', on ? 'grant' : 'revoke');
      if (!on) deleteTrackerCookies();
    },
  };
}

/** _ga, _ga_<id>, _gid, _fbp: set on this host or a parent domain, so each is expired on both. */
function deleteTrackerCookies(): void {
  const host = location.hostname;
  const domains = ['', host, host.split('.').slice(-2).join('.')];
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (!/^(_ga|_gid|_fbp|_fbc)/.test(name)) continue;
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ''}`;
  }
}
