import { describe, expect, it } from 'vitest';
import { assetSlots, fillAssetSlots, refillAssetSlots } from '../../../src/render/asset-slots.ts';

const names = {
  stylesheets: ['/assets/site.1a2b.css'],
  scripts: ['/assets/runtime.3c4d.js'],
  buildHash: '5e6f',
  templateChunks: { home: ['/assets/chunks/home.7a8b.js', '/assets/chunks/react.9c0d.js'], 'a@b': ['/assets/chunks/ab.1111.js'] },
  islandChunks: { 'contact-form': ['/assets/chunks/contact-form.2222.js'] },
};

describe('asset slots', () => {
  const { tokens, values } = assetSlots(names);
  const html = `<link rel="stylesheet" href="${tokens.stylesheets[0]}"/><p>café</p><meta content="${JSON.stringify({ buildHash: tokens.buildHash }).replace(/"/g, '&quot;')}"/>`;

  it('renders tokens that survive HTML attribute escaping and JSON, and fills them with the names', () => {
    const json = JSON.stringify({
      webpackCompilationHash: tokens.buildHash,
      chunks: tokens.islandChunks['contact-form'],
      preload: tokens.templateChunks['a@b'],
    });
    expect(fillAssetSlots(html, values).text).toBe(
      '<link rel="stylesheet" href="/assets/site.1a2b.css"/><p>café</p><meta content="{&quot;buildHash&quot;:&quot;5e6f&quot;}"/>',
    );
    expect(JSON.parse(fillAssetSlots(json, values).text)).toEqual({
      webpackCompilationHash: '5e6f',
      chunks: ['/assets/chunks/contact-form.2222.js'],
      preload: ['/assets/chunks/ab.1111.js'],
    });
  });

  it('gives the same tokens whatever the names, and another key when a name changes', () => {
    const second = assetSlots({ ...names, stylesheets: ['/assets/site.ffff.css'] });
    expect(second.tokens).toEqual(tokens);
    expect(second.key).not.toBe(assetSlots(names).key);
    expect(assetSlots(names).key).toBe(assetSlots(names).key);
  });

  it("refills a filled file with another build's names: the same as filling the render with them", () => {
    const other = assetSlots({ ...names, stylesheets: ['/assets/site.longer-name.ffff.css'], buildHash: '9a9a' });
    const filled = fillAssetSlots(html, values);
    // In bytes: "café" before the second slot is five bytes, four characters.
    expect(filled.at.map(([offset]) => offset)).toEqual([29, Buffer.byteLength(filled.text.slice(0, filled.text.indexOf('5e6f')))]);
    expect(refillAssetSlots(Buffer.from(filled.text), filled.at, values, other.values).toString()).toBe(fillAssetSlots(html, other.values).text);
    // A file that no longer holds the names where it was filled is never refilled into a wrong page.
    expect(() => refillAssetSlots(Buffer.from(filled.text.slice(5)), filled.at, values, other.values)).toThrow(/does not hold the asset name/);
  });

  it('refuses to fill a slot the build does not have, instead of publishing a token', () => {
    expect(() => fillAssetSlots(`<script src="${tokens.scripts[0]}"></script>`, {})).toThrow(/asset slot "script:0"/);
  });
});
