import { contentHash } from '../node/hash.ts';
import { internalError } from '../errors/index.ts';

/** The names a page gives the build's code and styles: all change with any template or CSS edit. */
export interface AssetNames {
  stylesheets: string[];
  scripts: string[];
  buildHash: string;
  /** Template name → the chunks its first render needs. */
  templateChunks: Record<string, string[]>;
  /** Island name → its chunk and the chunks it imports. */
  islandChunks: Record<string, string[]>;
}

/**
 * Pages are rendered with a token in place of each asset name, and the output stage fills in this
 * build's names (one string replace per file). A cached page then survives a CSS edit or an edit
 * of another template: those change the names, not the render.
 */
export interface AssetSlots {
  /** The names as rendered: one token per name, the same in every build with as many names. */
  tokens: AssetNames;
  /** Slot name → this build's name. */
  values: Record<string, string>;
  /** Changes when any name does: part of each filled file's key in the out/ record. */
  key: string;
}

// Tokens survive React's attribute escaping and JSON.stringify unchanged (no &<>"'\ or controls).
const TOKEN = /@@asset:([^@\s"]+)@@/g;
const token = (slot: string) => `@@asset:${slot}@@`;

export function assetSlots(names: AssetNames): AssetSlots {
  const values: Record<string, string> = {};
  const slot = (name: string, value: string) => {
    values[name] = value;
    return token(name);
  };
  const list = (prefix: string, items: readonly string[]) => items.map((value, i) => slot(`${prefix}:${i}`, value));
  // Template and island names are file names: encoded, so no name can end a token early.
  const lists = (prefix: string, byName: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(byName).map(([name, items]) => [name, list(`${prefix}:${encodeURIComponent(name)}`, items)]));
  const tokens: AssetNames = {
    stylesheets: list('css', names.stylesheets),
    scripts: list('script', names.scripts),
    buildHash: slot('build', names.buildHash),
    templateChunks: lists('chunk', names.templateChunks),
    islandChunks: lists('island', names.islandChunks),
  };
  return { tokens, values, key: contentHash(JSON.stringify(values)) };
}

/** Where each slot is in a filled file: [byte offset, slot name], in order. */
export type SlotPositions = Array<[number, string]>;

/**
 * A rendered file with this build's asset names in its slots, and where they are. The page cache
 * stores the filled file (so out/ can link it); the positions let a later build with other names
 * put its own in without rendering (`refillAssetSlots`). In bytes, so a refill never decodes the
 * file nor encodes it again (two thirds of a CSS edit's refill of 13,000 files were those).
 */
export function fillAssetSlots(text: string, values: Readonly<Record<string, string>>): { text: string; at: SlotPositions } {
  const at: SlotPositions = [];
  let filled = '';
  let bytes = 0;
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1]!;
    const value = values[name];
    // A page cached with a slot this build does not have would be keyed differently: never filled.
    if (value === undefined) throw internalError(`a rendered page names the asset slot "${name}", which this build does not fill`);
    const before = text.slice(last, match.index);
    filled += before + value;
    bytes += Buffer.byteLength(before);
    at.push([bytes, name]);
    bytes += Buffer.byteLength(value);
    last = match.index + match[0].length;
  }
  return { text: filled + text.slice(last), at };
}

/** A file filled with `from`'s names, with `to`'s names in the same slots instead. */
export function refillAssetSlots(file: Buffer, at: SlotPositions, from: Readonly<Record<string, string>>, to: Readonly<Record<string, string>>): Buffer {
  const parts: Buffer[] = [];
  let last = 0;
  for (const [offset, name] of at) {
    const old = from[name];
    const value = to[name];
    const end = offset + (old === undefined ? 0 : Buffer.byteLength(old));
    if (old === undefined || value === undefined || file.toString('utf8', offset, end) !== old)
      throw internalError(`a cached page does not hold the asset name it was filled with at byte ${offset} (slot "${name}")`);
    parts.push(file.subarray(last, offset), Buffer.from(value));
    last = end;
  }
  parts.push(file.subarray(last));
  return Buffer.concat(parts);
}
