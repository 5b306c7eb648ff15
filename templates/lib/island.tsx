import type { ReactElement } from 'react';

/**
 * When an island's JavaScript (React and its own chunk) loads:
 * - `visible`: as it comes within 300px of the viewport (IntersectionObserver), or on focus,
 *   pointer or touch inside it, whichever comes first;
 * - `interaction`: only on focus, pointer or touch inside it.
 * A form submitted before either happens hydrates its island first (see src/client/islands.ts).
 */
export type HydrateOn = 'visible' | 'interaction';

/** Why a prop cannot travel from the build to the browser as JSON, or undefined when it can. */
export function unserialisable(value: unknown, path: string, seen: Set<object> = new Set()): { prop: string; reason: string } | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { prop: path, reason: `a number JSON cannot hold (${value})` };
  if (typeof value === 'function') return { prop: path, reason: 'a function' };
  if (typeof value === 'symbol') return { prop: path, reason: 'a symbol' };
  if (typeof value === 'bigint') return { prop: path, reason: 'a bigint' };
  if (value === undefined) return { prop: path, reason: 'undefined inside a list' };
  if (seen.has(value)) return { prop: path, reason: 'a cyclic reference' };
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const problem = unserialisable(value[i], `${path}[${i}]`, seen);
        if (problem) return problem;
      }
      return undefined;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return { prop: path, reason: `an instance of ${proto?.constructor?.name || 'a class'}` };
    for (const [key, item] of Object.entries(value)) {
      // An undefined property is simply left out of the JSON, as React leaves out an absent prop.
      if (item === undefined) continue;
      const problem = unserialisable(item, `${path}.${key}`, seen);
      if (problem) return problem;
    }
    return undefined;
  } finally {
    seen.delete(value);
  }
}

/** Thrown while rendering; the build turns it into the IslandPropError SiteError with the template line. */
export class IslandPropProblem extends Error {
  constructor(
    readonly island: string,
    readonly prop: string,
    readonly reason: string,
  ) {
    super(`island "${island}": prop "${prop}" is ${reason}`);
    this.name = 'IslandPropProblem';
  }
}

/**
 * Marks the part of a page that needs the browser. Its one child is rendered on the server like
 * everything else (so the page works without JavaScript); in the browser only islands hydrate, with
 * the child's props (serialised into the page's page-data.islands.json) and the page's site context.
 * `name` is a file of templates/islands/, which exports the component for the browser.
 *
 *   <Island name="newsletter-form"><NewsletterForm /></Island>
 *
 * `display: contents` on the wrapper (base.css) keeps grids and flex rows as they were.
 */
export function Island({ name, hydrate = 'visible', children }: { name: string; hydrate?: HydrateOn; children: ReactElement }) {
  const props = { ...(children.props as Record<string, unknown>) };
  const problem = unserialisable(props, 'props');
  if (problem) throw new IslandPropProblem(name, problem.prop.replace(/^props\.?/, ''), problem.reason);
  return (
    <div data-island={name} data-hydrate={hydrate} data-props={JSON.stringify(props)}>
      {children}
    </div>
  );
}
