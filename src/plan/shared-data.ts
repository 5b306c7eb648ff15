import { missingMessageError, unknownPageError, type SourceLocation } from '../errors/index.ts';
import type { PublicSettings, SharedData, SliceData } from '../shared/page-data.ts';
import type { PlanSiteOptions } from './draft.ts';

// What every page of a locale shares (sq/d data: messages, routes, public settings, images) and
// the navbar and footer slices.

function publicSettings(options: PlanSiteOptions): PublicSettings {
  const { settings, constants, defaultLocale } = options.config;
  const { detectors: _detectors, plainNumbers: _plainNumbers, ...claims } = constants;
  return {
    name: settings.name,
    baseUrl: settings.baseUrl,
    defaultLocale,
    booking: settings.booking,
    whatsappNumber: settings.whatsapp.number,
    contactEmail: settings.contactEmail,
    formsEndpoint: settings.forms.endpoint,
    consent: settings.consent,
    constants: claims,
    imageWidths: { content: settings.images.contentMaxWidth, wide: settings.images.wideMaxWidth },
  };
}

export function sharedData(locale: string, routes: Record<string, string>, options: PlanSiteOptions): SharedData {
  return { locale, messages: options.messages.byLocale[locale]!, routes, site: publicSettings(options), images: options.images ?? {} };
}

function linkLabel(
  label: string | Record<string, string>,
  locale: string,
  defaultLocale: string,
  options: PlanSiteOptions,
  where: () => SourceLocation,
  field: string,
): string {
  if (typeof label === 'string') return label;
  if ('message' in label && Object.keys(label).length === 1) {
    const text = options.messages.byLocale[locale]?.[label.message!];
    if (text === undefined) throw missingMessageError(where(), label.message!, field);
    return text;
  }
  return label[locale] ?? label[defaultLocale] ?? Object.values(label)[0]!;
}

export function sliceData(name: 'navbar' | 'footer', locale: string, routes: Record<string, string>, options: PlanSiteOptions): SliceData {
  const nav = options.content.navigation;
  const { defaultLocale } = options.config;
  const links = nav[name].map((link, i) => {
    const label = linkLabel(link.label, locale, defaultLocale, options, () => nav.locate([name, i, 'label', 'message']), `${name}.${i}.label.message`);
    if ('url' in link.href) return { label, href: link.href.url };
    const path = routes[link.href.page];
    if (!path) {
      throw unknownPageError(nav.locate([name, i, 'href', 'page']), link.href.page, locale, `${name}.${i}.href.page`);
    }
    return { label, href: link.href.hash ? `${path}#${link.href.hash}` : path };
  });
  return { name, locale, links };
}
