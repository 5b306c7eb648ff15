export { loadMessages, type Messages, type Fallback } from './load-messages.ts';
export { localizePath, localeOfPath, outFileOfPath } from '../shared/locale-path.ts';
export { SOCIAL_CARD_LABEL } from './generator-messages.ts';
