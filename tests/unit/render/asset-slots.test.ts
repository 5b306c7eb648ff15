import { describe, expect, it } from 'vitest';
import { assetSlots, fillAssetSlots } from '../../../src/render/asset-slots.ts';

const names = {
  stylesheets: ['/assets/site.1a2b.css'],
  scripts: ['/assets/runtime.3c4d.js'],
  buildHash: '5e6f',
  templateChunks: { home: ['/assets/chunks/home.7a8b.js', '/assets/chunks/react.9c0d.js'], 'a@b': ['/assets/chunks/ab.1111.js'] },
  islandChunks: { 'contact-form': ['/assets/chunks/contact-form.2222.js'] },
};

describe('asset slots', () => {
  it('renders tokens that survive HTML attribute escaping and JSON, and fills them with the names', () => {
    const { tokens, values } = assetSlots(names);
    const html = `<link rel="stylesheet" href="${tokens.stylesheets[0]}"/><meta content="${JSON.stringify({ buildHash: tokens.buildHash }).replace(/"/g, '&quot;')}"/>`;
    const json = JSON.stringify({
      webpackCompilationHash: tokens.buildHash,
      chunks: tokens.islandChunks['contact-form'],
      preload: tokens.templateChunks['a@b'],
    });
    expect(fillAssetSlots(html, values)).toBe(
      '<link rel="stylesheet" href="/assets/site.1a2b.css"/><meta content="{&quot;buildHash&quot;:&quot;5e6f&quot;}"/>',
    );
    expect(JSON.parse(fillAssetSlots(json, values))).toEqual({
      webpackCompilationHash: '5e6f',
      chunks: ['/assets/chunks/contact-form.2222.js'],
      preload: ['/assets/chunks/ab.1111.js'],
    });
  });

  it('gives the same tokens whatever the names, and another key when a name changes', () => {
    const first = assetSlots(names);
    const second = assetSlots({ ...names, stylesheets: ['/assets/site.ffff.css'] });
    expect(second.tokens).toEqual(first.tokens);
    expect(second.key).not.toBe(first.key);
    expect(assetSlots(names).key).toBe(first.key);
  });

  it('refuses to fill a slot the build does not have, instead of publishing a token', () => {
    const { tokens } = assetSlots(names);
    expect(() => fillAssetSlots(`<script src="${tokens.scripts[0]}"></script>`, {})).toThrow(/asset slot "script:0"/);
  });
});
