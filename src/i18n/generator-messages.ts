// Message keys the generator itself reads (not a template): editors translate them in locales/*.yaml
// like any other; a locale without them falls back as usual.

/** The small line above the title on a page's social card; the site's name when no locale has it. */
export const SOCIAL_CARD_LABEL = 'social-card.label';
