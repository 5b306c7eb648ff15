import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import yaml from 'js-yaml';
import type { z } from 'zod';
import { readText } from '../node/read-text.ts';
import { rememberedYaml } from './yaml-memory.ts';
import { invalidFieldError, missingConfigFileError, yamlSyntaxError, type YamlSource } from '../errors/index.ts';

export interface YamlFile<T> extends YamlSource {
  data: T;
}

/**
 * Parses YAML text, turning a syntax error into a SiteError at its line.
 * The core schema keeps dates as text: js-yaml's timestamp type silently turns 2026-02-30 into March 2nd.
 */
export function parseYaml(src: YamlSource): unknown {
  try {
    return yaml.load(src.source, { filename: src.file, schema: yaml.CORE_SCHEMA });
  } catch (error) {
    throw yamlSyntaxError(src, error as { message: string; mark?: { line: number; column: number } });
  }
}

/**
 * Parses and validates; the first schema problem becomes a SiteError at the field's line.
 * reportInput keeps the wrong value in the issue, so the message can tell "required" from "got 12".
 */
export function validateYaml<S extends z.ZodType>(src: YamlSource, data: unknown, schema: S, what: string): z.output<S> {
  const parsed = schema.safeParse(data, { reportInput: true });
  if (!parsed.success) throw invalidFieldError(src, parsed.error, what);
  return parsed.data;
}

/**
 * parseYaml and validateYaml together, remembered by the file's text (yaml-memory.ts). `variant`
 * names whatever else the schema depends on (the site's locales); `empty` stands for an empty file.
 */
export function readValidYaml<S extends z.ZodType>(src: YamlSource, schema: S, what: string, options: { variant?: string; empty?: unknown } = {}): z.output<S> {
  const empty = 'empty' in options ? JSON.stringify(options.empty) : '';
  return rememberedYaml([what, options.variant ?? '', empty, src.source], () => validateYaml(src, parseYaml(src) ?? options.empty, schema, what));
}

export async function readYamlFile<S extends z.ZodType>(file: string, displayName: string, schema: S, what: string): Promise<YamlFile<z.output<S>>> {
  const source = await readText(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw missingConfigFileError(displayName, existsSync(basename(file)) && !existsSync(file));
  });
  const src = { file: displayName, source };
  return { ...src, data: readValidYaml(src, schema, what) };
}
