/** A collection item as templates receive it: already localized, fields as written in YAML. */
export interface Item {
  id: string;
  [key: string]: unknown;
}

export const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
