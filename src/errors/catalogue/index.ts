// The catalogue of user-facing errors, one file per stage: every SiteError the generator throws is
// made here, so one mistake always reads the same. Names are permanent: docs, tests and search
// engines refer to them. The files are imported in the order of STAGES, which is the order
// src/errors/README.md (generated from the entries: tests/unit/errors/errors-readme.test.ts) lists them in.
export * from './config.ts';
export * from './content.ts';
export * from './markdown.ts';
export * from './i18n.ts';
export * from './plan.ts';
export * from './images.ts';
export * from './render.ts';
export * from './assets.ts';
export * from './checks.ts';
export * from './forms.ts';
export * from './deploy.ts';
export * from './cli.ts';
