import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isSiteError } from '../../../src/errors/index.ts';
import type { PlannedPage } from '../../../src/plan/index.ts';
import { islandsOf, renderBodyChecked } from '../../../src/render/islands-variant.ts';
import { Island, unserialisable } from '../../../templates/lib/island.tsx';

const page = { path: '/careers-android/', template: 'careers', source: { file: 'site/pages/careers-android.yaml', line: 2 } } as unknown as PlannedPage;
const chunks = { 'careers-form': ['/assets/chunks/careers-form.X.js'] };
const Form = (props: Record<string, unknown>) => createElement('form', { 'data-role': String(props.role) });

describe('island props', () => {
  class Money {
    constructor(readonly cents: number) {}
  }
  const cyclic: Record<string, unknown> = { name: 'loop' };
  cyclic.self = cyclic;
  const shared = { a: 1 };
  it.each([
    ['plain data', { role: 'Android', tags: ['a', 'b'], nested: { n: 1, ok: true, none: null } }, undefined],
    ['an undefined property (left out, as JSON does)', { role: 'x', missing: undefined }, undefined],
    ['the same object twice (not a cycle)', { left: shared, right: shared }, undefined],
    ['a function', { onSent: () => undefined }, { prop: 'props.onSent', reason: 'a function' }],
    ['a class instance in a list', { prices: [new Money(1)] }, { prop: 'props.prices[0]', reason: 'an instance of Money' }],
    ['a Date', { since: new Date(0) }, { prop: 'props.since', reason: 'an instance of Date' }],
    ['a symbol', { kind: Symbol('x') }, { prop: 'props.kind', reason: 'a symbol' }],
    ['undefined inside a list', { list: [1, undefined] }, { prop: 'props.list[1]', reason: 'undefined inside a list' }],
    ['a cycle', { data: cyclic }, { prop: 'props.data.self', reason: 'a cyclic reference' }],
    ['NaN', { n: Number.NaN }, { prop: 'props.n', reason: 'a number JSON cannot hold (NaN)' }],
    ['a bigint', { n: 1n }, { prop: 'props.n', reason: 'a bigint' }],
  ])('%s', (_, props, expected) => {
    expect(unserialisable(props, 'props')).toEqual(expected);
  });
});

describe('the islands of a rendered body', () => {
  it('reads each island back with its props, however React escaped them, in document order', () => {
    const role = `Android & iOS "senior" <dev> it's`;
    const html = renderToString(
      createElement(
        'main',
        null,
        createElement(Island, { name: 'careers-form', children: createElement(Form, { role }) }),
        createElement(Island, { name: 'careers-form', hydrate: 'interaction', children: createElement(Form, { role: 'second' }) }),
      ),
    );
    expect(islandsOf(html, chunks, page)).toEqual([
      { name: 'careers-form', chunks: chunks['careers-form'], hydrate: 'visible', props: { role } },
      { name: 'careers-form', chunks: chunks['careers-form'], hydrate: 'interaction', props: { role: 'second' } },
    ]);
  });

  it('turns a bad prop into IslandPropError naming the template, the page and the prop', () => {
    const render = () => renderToString(createElement(Island, { name: 'careers-form', children: createElement(Form, { role: 'x', onSent: () => undefined }) }));
    let error: unknown;
    try {
      renderBodyChecked(render, page);
    } catch (e) {
      error = e;
    }
    expect(isSiteError(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Template "careers" (on /careers-android/) passes the island "careers-form" the prop "onSent", which is a function. Island props are written into page-data.islands.json as JSON.',
    );
  });

  it('refuses an island with no file in templates/islands', () => {
    const html = renderToString(createElement(Island, { name: 'quiz', children: createElement(Form, {}) }));
    expect(() => islandsOf(html, chunks, page)).toThrow(/templates\/islands\/quiz\.tsx does not exist \(islands: careers-form\)/);
  });
});
