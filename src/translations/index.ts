export { collectTranslationStatus, pageUrls, sortPieces, type CollectTranslationStatusOptions } from './collect-status.ts';
export { formatStatusText, formatStatusMarkdown, describePiece, pieceLocation } from './format-status.ts';
export { normalizeText } from './mark-outdated.ts';
export { SKIP_MARKER } from './git-history.ts';
export type { TranslationStatus, TranslationPiece, LocaleSummary, PieceKind, PieceStatus } from './types.ts';
