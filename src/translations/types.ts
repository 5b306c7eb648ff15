import type { YamlLeaf } from './yaml-leaves.ts';

export type PieceKind = 'post' | 'page' | 'page-body' | 'collection' | 'message';
export type PieceStatus = 'translated' | 'missing' | 'outdated' | 'unused';

/** A place an editor can open: the file as shown to them, its absolute path, the line. */
export interface PieceLocation {
  file: string;
  path: string;
  line?: number;
}

/** One translatable thing in one target locale. */
export interface TranslationPiece {
  kind: PieceKind;
  /** What it is, as an editor names it: `blog github-actions-ci`, `home seo.title`, `nav.home`. */
  id: string;
  locale: string;
  sourceLocale: string;
  status: PieceStatus;
  /** Words of the source text: what translating it again costs. */
  words: number;
  source: PieceLocation;
  /** Where the translation is, or where it belongs when it is missing. */
  translation: PieceLocation;
  /** URL paths of the page showing it in each language, when it has one. */
  urls: { source?: string; translation?: string };
  /** Outdated: when the source first changed after the translation (ISO date) and the days since. */
  aheadSince?: string;
  aheadDays?: number;
  /** The revision the translation is pinned to, when a marker says so. */
  pinned?: string;
  note?: string;
}

export interface LocaleSummary {
  locale: string;
  items: { total: number; translated: number; outdated: number; missing: number; unused: number };
  words: { total: number; translated: number };
  /** Up-to-date share, in whole percents, by items and by words. */
  percent: { items: number; words: number };
}

export interface TranslationStatus {
  /** False when there is no git history: only missing pieces are reported. */
  git: boolean;
  generatedAt: string;
  locales: LocaleSummary[];
  /** Outdated first (longest ahead, then most words), then missing, unused, translated. */
  pieces: TranslationPiece[];
}

/** How a piece is compared through history: whole files, or the lines of one YAML value. */
export type Comparison =
  | { type: 'file'; source: string; translation: string; pin?: string }
  | { type: 'lines'; source: string; sourceLeaf: YamlLeaf; translation: string; translationLeaf: YamlLeaf; pin?: string };

export interface PieceDraft extends TranslationPiece {
  compare?: Comparison;
}
