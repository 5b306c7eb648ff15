import { describe, expect, it } from 'vitest';
import { checkContent } from '../../../src/checks/check-content.ts';
import { makePage } from './support.ts';

const messages = (body: string) => checkContent({ pages: [makePage(`<html><body>\n${body}\n</body></html>`)] }).map((f) => `${f.line}: ${f.message}`);

describe('images', () => {
  it.each([
    ['<img src="/a.png" alt="A diagram"/>', []],
    ['<img src="/a.png" alt="" role="presentation"/>', []],
    ['<img src="/a.png" alt="" role="none"/>', []],
    ['<img src="/a.png" alt="" aria-hidden="true"/>', []],
    ['<img src="/a.png"/>', ['2: Image /a.png has no alt text.']],
    ['<img src="/a.png" alt=""/>', ['2: Image /a.png has an empty alt but is not marked decorative.']],
    ['<img src="/a.png" alt="  " aria-hidden="false"/>', ['2: Image /a.png has an empty alt but is not marked decorative.']],
  ])('%s', (body, expected) => expect(messages(body)).toEqual(expected));
});

describe('heading levels', () => {
  it.each([
    ['<h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2><h3>E</h3>', []],
    // Going back up any number of levels is fine; so is a first heading below h1.
    ['<h2>A</h2><h3>B</h3><h4>C</h4><h2>D</h2>', []],
    ['<h1>A</h1><h3>B</h3>', ['2: Heading h3 "B" follows h1 "A", skipping h2.']],
    ['<h1>A</h1>\n<h2 id="x">B <a href="#x">#</a></h2>\n<h4>C</h4>', ['4: Heading h4 "C" follows h2 "B #", skipping h3.']],
  ])('%s', (body, expected) => expect(messages(body)).toEqual(expected));
});
