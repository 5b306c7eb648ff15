// ../../tmp/cx/run-check.ts
import { join as join22, dirname as dirname5 } from "node:path";

// src/build/pipeline.ts
import { dirname as dirname3, join as join17, resolve as resolve5 } from "node:path";

// src/assets/compile-templates.ts
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { basename, join as join2, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

// src/errors/site-error.ts
var SiteError = class extends Error {
  data;
  constructor(data) {
    super(data.message, data.cause === void 0 ? void 0 : { cause: data.cause });
    this.name = data.name;
    this.data = data;
  }
  get location() {
    return this.data.location;
  }
};
function isSiteError(error2) {
  return error2 instanceof SiteError;
}

// src/errors/yaml-location.ts
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
function locateYamlPath(source, path, lineOffset = 0) {
  const lineCounter = new LineCounter();
  let doc;
  try {
    doc = parseDocument(source, { lineCounter, keepSourceTokens: false });
  } catch {
    return void 0;
  }
  let node = doc.contents;
  let offset = doc.contents?.range?.[0];
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key));
      if (!pair) break;
      offset = pair.key.range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof key === "number") {
      const item = node.items[key];
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      break;
    }
  }
  if (offset === void 0) return void 0;
  const pos = lineCounter.linePos(offset);
  return { line: pos.line + lineOffset, column: pos.col };
}

// src/errors/catalogue.ts
function at(src, path) {
  const pos = locateYamlPath(src.source, path, src.lineOffset ?? 0);
  return pos ? { file: src.file, line: pos.line, column: pos.column } : { file: src.file };
}
function yamlSyntaxError(src, cause) {
  const line = cause.mark ? cause.mark.line + 1 + (src.lineOffset ?? 0) : void 0;
  const column = cause.mark ? cause.mark.column + 1 : void 0;
  return new SiteError({
    name: "YamlSyntaxError",
    title: "Malformed YAML",
    message: `The file cannot be parsed as YAML: ${cause.message.split("\n")[0]}`,
    hint: 'Check indentation (spaces, not tabs) and quote values that contain ": " or start with a special character.',
    location: { file: src.file, ...line !== void 0 ? { line, column } : {} },
    cause
  });
}
function invalidFieldError(src, error2, what) {
  const issue = error2.issues[0];
  const path = issue.path.map((p) => typeof p === "symbol" ? String(p) : p);
  const field = path.join(".") || "(root)";
  const more = error2.issues.length > 1 ? ` (and ${error2.issues.length - 1} more problem${error2.issues.length > 2 ? "s" : ""})` : "";
  return new SiteError({
    name: "InvalidField",
    title: `Invalid ${what}`,
    message: `Field "${field}": ${describeIssue(issue)}${more}.`,
    hint: 'Fix this field and build again; every field a file accepts is described in README.md under "Content model".',
    field,
    location: at(src, path)
  });
}
function describeIssue(issue) {
  if (issue.code === "invalid_type") {
    const received = issue.input;
    if (received === void 0) return `required, expected ${issue.expected}`;
    return `expected ${issue.expected}, got ${typeof received === "object" ? Array.isArray(received) ? "a list" : received === null ? "null" : "a mapping" : JSON.stringify(received)}`;
  }
  if (issue.code === "unrecognized_keys") return `unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
  return issue.message;
}
function unknownTemplateError(location, template, known) {
  return new SiteError({
    name: "UnknownTemplate",
    title: "Unknown template",
    message: `Template "${template}" does not exist; expected one of: ${known.join(", ")}.`,
    hint: `Create templates/pages/${template}.tsx or use an existing template name.`,
    field: "template",
    location
  });
}
function duplicateUrlError(url, first, second) {
  return new SiteError({
    name: "DuplicateUrl",
    title: "Two pages claim one URL",
    message: `${url} is produced both here and by ${formatLoc(first)}; every URL must come from exactly one page.`,
    hint: "Change the slug of one of the two pages.",
    field: "slug",
    location: second
  });
}
function missingConstantError(location, reference, field) {
  return new SiteError({
    name: "MissingConstant",
    title: "Reference to a missing constant",
    message: `{${reference}} does not name a value in site/constants.yaml.`,
    hint: "Add it to site/constants.yaml or fix the name; claims live only there so they never say two things.",
    ...field ? { field } : {},
    location
  });
}
function missingMessageError(location, key, field) {
  return new SiteError({
    name: "MissingMessage",
    title: "Reference to a missing message",
    message: `Message "${key}" exists in no locale file.`,
    hint: "Add the key to locales/en.yaml (the default language) or fix the reference.",
    ...field ? { field } : {},
    location
  });
}
function missingFileError(location, path, field) {
  return new SiteError({
    name: "MissingFile",
    title: "Referenced file not found",
    message: `${path} does not exist.`,
    hint: "Paths are relative to the site folder.",
    field,
    location
  });
}
function internalError(message, cause) {
  return new Error(`Internal error: ${message}`, { cause });
}
function formatLoc(loc) {
  return loc.line === void 0 ? loc.file : `${loc.file}:${loc.line}`;
}

// src/shared/hash.ts
import { createHash } from "node:crypto";
function contentHash(...parts) {
  const hash = createHash("sha256");
  for (const part of parts) {
    hash.update(part);
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 20);
}

// src/shared/package-root.ts
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
function packageRoot() {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("Internal error: agency-site cannot find its package.json");
    dir = parent;
  }
  return dir;
}

// src/assets/compile-templates.ts
async function compileTemplates(options) {
  const templatesDir = resolve(options.templatesDir);
  const names = (await readdir(join2(templatesDir, "pages")).catch(() => [])).filter((n) => n.endsWith(".tsx")).map((n) => basename(n, ".tsx")).sort();
  const entry = [
    `export { default as Document } from './Document.tsx';`,
    `export { default as Root } from './Root.tsx';`,
    `export { markdownComponents } from './markdown-components.tsx';`,
    // React comes from the bundle too, so templates and renderer share one React instance.
    `export { createElement } from 'react';`,
    `export { renderToString } from 'react-dom/server';`,
    ...names.map((n, i) => `import * as p${i} from './pages/${n}.tsx';`),
    `export const pages = { ${names.map((n, i) => `${JSON.stringify(n)}: p${i}`).join(", ")} };`
  ].join("\n");
  let result;
  try {
    result = await build({
      stdin: { contents: entry, resolveDir: templatesDir, sourcefile: "templates-entry.ts", loader: "ts" },
      bundle: true,
      write: false,
      platform: "node",
      format: "esm",
      target: "node20",
      jsx: "automatic",
      // Self-contained: the bundle can live in any cache folder and still find React.
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      define: { "process.env.NODE_ENV": '"production"' },
      // Templates outside this project (fixtures, other sites) still find React in the generator's node_modules.
      nodePaths: [join2(packageRoot(), "node_modules")],
      logLevel: "silent"
    });
  } catch (error2) {
    const first = error2.errors?.[0];
    throw new SiteError({
      name: "TemplateCompileError",
      title: "A template does not compile",
      message: first?.text ?? String(error2),
      hint: "Fix the template; the message above comes from esbuild.",
      ...first?.location ? { location: { file: join2(options.templatesDir, first.location.file.replace(/^.*templates\//, "")), line: first.location.line, column: first.location.column + 1 } } : {},
      cause: error2
    });
  }
  const code = result.outputFiles[0].text;
  const hash = contentHash(code);
  const dir = join2(options.cacheDir, "templates");
  await mkdir(dir, { recursive: true });
  const file2 = resolve(dir, `server-${hash}.mjs`);
  await writeFile(file2, code);
  return { file: file2, hash, names };
}
async function importTemplates(file2) {
  return await import(pathToFileURL(file2).href);
}

// src/assets/bundle-css.ts
import { build as build2 } from "esbuild";
import { join as join3 } from "node:path";
async function bundleCss(options) {
  try {
    const result = await build2({
      entryPoints: [join3(options.templatesDir, "styles", "site.css")],
      bundle: true,
      minify: true,
      write: false,
      outdir: "out",
      logLevel: "silent",
      loader: { ".svg": "dataurl", ".woff2": "file" }
    });
    const text = result.outputFiles.find((f) => f.path.endsWith(".css")).text;
    const name = `site.${contentHash(text).slice(0, 10)}.css`;
    return { href: `/assets/${name}`, file: `assets/${name}`, text };
  } catch (error2) {
    const first = error2.errors?.[0];
    throw new SiteError({
      name: "CssError",
      title: "The stylesheet does not build",
      message: first?.text ?? String(error2),
      ...first?.location ? { location: { file: first.location.file, line: first.location.line, column: first.location.column + 1 } } : {},
      cause: error2
    });
  }
}

// src/assets/bundle-client.ts
import { mkdir as mkdir2, writeFile as writeFile2 } from "node:fs/promises";
import { join as join4, resolve as resolve2 } from "node:path";
import { gzipSync } from "node:zlib";
import { build as build3 } from "esbuild";

// src/shared/page-data.ts
function pageDataFolder(path) {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "index" : trimmed;
}
function componentChunkName(template) {
  return `component---templates-pages-${template.replace(/[^a-z0-9]+/gi, "-")}-tsx`;
}

// src/assets/bundle-client.ts
async function bundleClient(options) {
  const templatesDir = resolve2(options.templatesDir);
  const runtime = join4(packageRoot(), "src/client/index.ts");
  const entrySource = [
    `import { boot } from ${JSON.stringify(runtime)};`,
    `import Root from ${JSON.stringify(join4(templatesDir, "Root.tsx"))};`,
    "void boot({ Root, templates: {",
    ...options.names.map((n) => `  ${JSON.stringify(componentChunkName(n))}: { name: ${JSON.stringify(n)}, load: () => import(${JSON.stringify(join4(templatesDir, "pages", `${n}.tsx`))}) },`),
    "} });"
  ].join("\n");
  const entryFile = join4(resolve2(options.cacheDir), "client", "runtime.ts");
  await mkdir2(join4(resolve2(options.cacheDir), "client"), { recursive: true });
  await writeFile2(entryFile, entrySource);
  let result;
  try {
    result = await build3({
      entryPoints: { runtime: entryFile },
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      target: ["es2020", "chrome100", "safari15", "firefox100"],
      minify: true,
      write: false,
      metafile: true,
      outdir: "assets",
      entryNames: "[name].[hash]",
      chunkNames: "chunks/[name].[hash]",
      publicPath: "/assets",
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"production"' },
      nodePaths: [join4(packageRoot(), "node_modules")],
      legalComments: "none",
      logLevel: "silent"
    });
  } catch (error2) {
    const first = error2.errors?.[0];
    throw new SiteError({
      name: "ClientBundleError",
      title: "The browser bundle does not build",
      message: first?.text ?? String(error2),
      ...first?.location ? { location: { file: first.location.file, line: first.location.line, column: first.location.column + 1 } } : {},
      cause: error2
    });
  }
  const files = result.outputFiles.filter((f) => f.path.endsWith(".js")).map((f) => ({ path: `assets/${f.path.split("/assets/")[1]}`, text: f.text }));
  return describe(result.metafile, files, options.names, templatesDir);
}
function describe(metafile, files, names, templatesDir) {
  const outputs = metafile.outputs;
  const gz = new Map(files.map((f) => [f.path, gzipSync(f.text, { level: 9 }).length]));
  const staticClosure = (start, seen = /* @__PURE__ */ new Set()) => {
    if (seen.has(start)) return seen;
    seen.add(start);
    for (const imp of outputs[start]?.imports ?? []) if (imp.kind === "import-statement") staticClosure(imp.path, seen);
    return seen;
  };
  const entryOut = Object.keys(outputs).find((o) => outputs[o].entryPoint && /runtime\.[A-Z0-9]+\.js$/i.test(o));
  const entrySet = staticClosure(entryOut);
  const sizeOf = (set) => [...set].reduce((sum, o) => sum + (gz.get(o) ?? 0), 0);
  const templateChunks = {};
  const templates = {};
  for (const name of names) {
    const source = `${join4(templatesDir, "pages", `${name}.tsx`)}`;
    const chunk = Object.keys(outputs).find((o) => Object.keys(outputs[o].inputs).some((i) => resolve2(i) === source) && outputs[o].exports.includes("default"));
    if (!chunk) continue;
    const own = [...staticClosure(chunk)].filter((o) => !entrySet.has(o));
    templateChunks[name] = own.map((o) => `/${o}`);
    templates[name] = sizeOf(own);
  }
  const text = files.map((f) => f.text).join("\n");
  return {
    entry: `/${entryOut}`,
    templateChunks,
    files,
    sizes: { entryGzip: sizeOf(entrySet), templates },
    hash: contentHash(text)
  };
}

// src/config/load-site-config.ts
import { join as join5 } from "node:path";

// src/shared/display-path.ts
import { relative, sep } from "node:path";
function displayPath(file2) {
  const rel = relative(process.cwd(), file2) || file2;
  return rel.split(sep).join("/");
}

// src/config/read-yaml.ts
import { readFile } from "node:fs/promises";
import yaml from "js-yaml";
function parseYaml(src) {
  try {
    return yaml.load(src.source, { filename: src.file, schema: yaml.CORE_SCHEMA });
  } catch (error2) {
    throw yamlSyntaxError(src, error2);
  }
}
function validateYaml(src, data, schema, what) {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw invalidFieldError(src, parsed.error, what);
  return parsed.data;
}
async function readYamlFile(file2, displayName, schema, what) {
  const source = await readFile(file2, "utf8");
  const src = { file: displayName, source };
  return { ...src, data: validateYaml(src, parseYaml(src), schema, what) };
}

// src/config/schema.ts
import { z } from "zod";
var localeCode = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'expected a language code such as "en" or "es"');
var localeSettings = z.strictObject({
  /** og:locale value, with an underscore (en_US). */
  ogLocale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'expected a value like "en_US" (underscore, region in capitals)'),
  /** Name of the language in itself, for the language switcher. */
  label: z.string().min(1),
  /** BCP 47 tag for dates and numbers (es-AR). */
  dateLocale: z.string().min(2)
});
var siteConfigSchema = z.strictObject({
  name: z.string().min(1),
  baseUrl: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, "")),
  defaultLocale: localeCode,
  locales: z.record(localeCode, localeSettings).refine((m) => Object.keys(m).length > 0, "expected at least one locale"),
  analytics: z.strictObject({
    googleAnalyticsId: z.string().regex(/^G-[A-Z0-9]+$/, 'expected a GA4 measurement id like "G-ABC123"').nullable().default(null),
    metaPixelId: z.string().regex(/^\d+$/, "expected the numeric pixel id").nullable().default(null)
  }).default({ googleAnalyticsId: null, metaPixelId: null }),
  consent: z.enum(["notice", "opt-in"]).default("notice"),
  booking: z.strictObject({ url: z.url({ protocol: /^https$/ }) }),
  whatsapp: z.strictObject({ number: z.string().regex(/^\d{8,15}$/, "expected the international number, digits only") }),
  contactEmail: z.email(),
  forms: z.strictObject({ endpoint: z.string().min(1) }),
  images: z.strictObject({
    contentMaxWidth: z.int().positive().default(650),
    wideMaxWidth: z.int().positive().default(1170),
    quality: z.int().min(1).max(100).default(80)
  }).default({ contentMaxWidth: 650, wideMaxWidth: 1170, quality: 80 }),
  prefetch: z.strictObject({
    firstDelayMs: z.int().nonnegative().default(3e3),
    batchSize: z.int().positive().default(4),
    intervalMs: z.int().nonnegative().default(3e3)
  }).default({ firstDelayMs: 3e3, batchSize: 4, intervalMs: 3e3 }),
  thirdPartyAllowlist: z.array(z.url({ protocol: /^https$/ })).default([]),
  blog: z.strictObject({ postsPerPage: z.int().positive().default(10) }).default({ postsPerPage: 10 })
}).superRefine((cfg, ctx) => {
  if (!(cfg.defaultLocale in cfg.locales)) {
    ctx.addIssue({ code: "custom", path: ["defaultLocale"], message: `"${cfg.defaultLocale}" is not one of the locales (${Object.keys(cfg.locales).join(", ")})` });
  }
});
var claim = z.union([z.number(), z.string().min(1)]);
var constantsSchema = z.looseObject({
  claims: z.looseObject({
    trialDays: z.int().positive(),
    trialWeeks: z.int().positive(),
    savingsPercent: z.int().min(1).max(99),
    matchHours: z.int().positive(),
    matchProfiles: z.int().positive(),
    prototypeHours: z.int().positive(),
    foundersPerWeek: z.int().positive(),
    yearsInBusiness: z.int().positive(),
    appsShipped: z.int().positive(),
    arPurchaseLiftPercent: z.int().positive(),
    whatsappReplyHours: z.int().positive(),
    strategyCallMinutes: z.int().positive(),
    guidePages: z.int().positive(),
    usersBefore: claim,
    usersAfter: claim
  }),
  careers: z.looseObject({
    engineeringPtoDays: z.int().positive(),
    marketingVacationDaysFirstYear: z.int().positive(),
    englishLevel: z.looseObject({
      engineering: z.enum(["B1", "B2", "C1", "C2"]),
      android: z.enum(["B1", "B2", "C1", "C2"]),
      staffAugmentation: z.enum(["B1", "B2", "C1", "C2"]),
      marketing: z.enum(["B1", "B2", "C1", "C2"]),
      videoEditor: z.enum(["B1", "B2", "C1", "C2"])
    }),
    videoEditor: z.looseObject({
      videosPerDayMin: z.int().positive(),
      videosPerDayMax: z.int().positive(),
      lengthSecondsMin: z.int().positive(),
      lengthMinutesMax: z.int().positive(),
      aspectRatio: z.string().min(3)
    })
  }),
  /** Patterns that find a claim stated in built text; the claims test compares each match with its constant. */
  detectors: z.array(
    z.strictObject({
      constant: z.string().min(1),
      pattern: z.string().min(1)
    })
  ).default([])
});

// src/config/load-site-config.ts
async function loadSiteConfig(options) {
  const [site2, constants] = await Promise.all([
    readYamlFile(join5(options.siteDir, "site.yaml"), displayPath(join5(options.siteDir, "site.yaml")), siteConfigSchema, "site settings"),
    readYamlFile(join5(options.siteDir, "constants.yaml"), displayPath(join5(options.siteDir, "constants.yaml")), constantsSchema, "constants")
  ]);
  const settings = { ...site2.data };
  if (options.baseUrl) settings.baseUrl = options.baseUrl.replace(/\/+$/, "");
  const others = Object.keys(settings.locales).filter((l) => l !== settings.defaultLocale);
  return {
    settings,
    constants: constants.data,
    locales: [settings.defaultLocale, ...others],
    defaultLocale: settings.defaultLocale
  };
}

// src/content/load-content.ts
import { readFileSync as readFileSync3, statSync } from "node:fs";
import { readdir as readdir2, readFile as readFile2 } from "node:fs/promises";
import { basename as basename2, extname, join as join7 } from "node:path";

// src/content/front-matter.ts
import matter from "gray-matter";
function parseFrontMatter(file2, text, schema, what) {
  if (!/^---\r?\n/.test(text)) {
    throw new SiteError({
      name: "MissingFrontMatter",
      title: "Missing front matter",
      message: 'The file must start with a front matter block between two "---" lines.',
      hint: "Start the file with ---, then title, description and date, then ---.",
      location: { file: file2, line: 1 }
    });
  }
  const src = { file: file2, source: "", lineOffset: 0 };
  const parsed = matter(text, {
    engines: { yaml: (source) => parseYaml({ ...src, source }) }
  });
  src.source = parsed.matter;
  const data = validateYaml(src, parsed.data ?? {}, schema, what);
  const bodyLine = countLines(text, text.length - parsed.content.length) + 1;
  return { data, body: parsed.content, bodyLine };
}
function countLines(text, end) {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) count++;
  return count;
}

// src/content/markdown-source.ts
import { readFileSync } from "node:fs";

// src/content/resolve-references.ts
var REFERENCE = /\{([a-zA-Z][\w-]*(?:\.[\w-]+)+)\}/g;
function lookup(root, dotted) {
  let value = root;
  for (const part of dotted.split(".")) {
    if (value === null || typeof value !== "object") return void 0;
    value = value[part];
  }
  return value;
}
function resolveString(text, constants, onMissing) {
  if (!text.includes("{")) return text;
  return text.replace(REFERENCE, (whole, ref) => {
    const namespace = ref.split(".")[0];
    if (!(namespace in constants) || namespace === "detectors") return whole;
    const value = lookup(constants, ref);
    if (typeof value !== "string" && typeof value !== "number") onMissing(ref);
    return String(value);
  });
}
function resolveReferences(value, context, path = []) {
  if (typeof value === "string") {
    return resolveString(value, context.constants, (ref) => {
      throw missingConstantError(context.locate(path), ref, path.join(".") || void 0);
    });
  }
  if (Array.isArray(value)) return value.map((item, i) => resolveReferences(item, context, [...path, i]));
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    const out2 = {};
    for (const [key, item] of Object.entries(value)) out2[key] = resolveReferences(item, context, [...path, key]);
    return out2;
  }
  return value;
}

// src/content/markdown-source.ts
function resolveBody(body, source, constants) {
  return resolveString(body, constants, (ref) => {
    const index = body.indexOf(`{${ref}}`);
    const line = source.bodyLine + body.slice(0, index).split("\n").length - 1;
    throw new SiteError({
      name: "MissingConstant",
      title: "Reference to a missing constant",
      message: `{${ref}} does not name a value in site/constants.yaml.`,
      hint: "Add it to site/constants.yaml or fix the name; claims live only there so they never say two things.",
      location: { file: source.file, line }
    });
  });
}
function hashBody(resolved) {
  return contentHash(resolved);
}
function readMarkdownBody(source, constants) {
  const text = readFileSync(source.path, "utf8");
  const body = resolveBody(text.slice(source.bodyOffset), source, constants);
  if (hashBody(body) !== source.hash) {
    throw new SiteError({
      name: "FileChangedDuringBuild",
      title: "A file changed while the site was building",
      message: "Its text is not the one the build started with.",
      hint: "Run the build again.",
      location: { file: source.file }
    });
  }
  return body;
}

// src/content/post-index.ts
import { mkdirSync, readFileSync as readFileSync2, writeFileSync } from "node:fs";
import { join as join6 } from "node:path";
var PostIndex = class {
  constructor(cacheDir, constantsHash) {
    this.constantsHash = constantsHash;
    this.file = cacheDir ? join6(cacheDir, "content-v1.json") : void 0;
    let previous = {};
    try {
      if (this.file) previous = JSON.parse(readFileSync2(this.file, "utf8"));
    } catch {
      previous = {};
    }
    this.previous = previous;
  }
  constantsHash;
  file;
  previous;
  next = {};
  hits = 0;
  stamp(stats) {
    return `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}:${this.constantsHash}`;
  }
  get(path, stats) {
    const entry = this.previous[path];
    if (entry && entry.stamp === this.stamp(stats)) {
      this.hits++;
      this.next[path] = entry;
      return entry.value;
    }
    return void 0;
  }
  set(path, stats, value) {
    this.next[path] = { stamp: this.stamp(stats), value };
  }
  /** Saved only after a successful content load; deleted files drop out. */
  save() {
    if (!this.file) return;
    mkdirSync(join6(this.file, ".."), { recursive: true });
    writeFileSync(this.file, JSON.stringify(this.next));
  }
};

// src/content/schemas.ts
import { z as z2 } from "zod";
var seoSchema = z2.strictObject({
  title: z2.string().min(1),
  description: z2.string().min(1)
});
function pageSchema(locales) {
  const perLocale = (item) => z2.partialRecord(z2.enum(locales), item);
  return z2.strictObject({
    template: z2.string().regex(/^[a-z0-9-]+$/, 'expected a template name such as "home" (templates/pages/home.tsx)'),
    /** Slug per locale; "" is the home page, a name ending in .html is written as that file. */
    slug: perLocale(z2.string().regex(/^[a-z0-9_./-]*$/, 'expected lowercase letters, digits, "-", "_" and "/"')),
    seo: perLocale(seoSchema),
    /** Section previews and utility pages: noindex and out of the sitemap. */
    noindex: z2.boolean().default(false),
    sitemap: z2.boolean().default(true),
    /** Collections whose items this page's template receives. */
    collections: z2.array(z2.string()).default([]),
    /** A markdown body per locale, relative to the site folder. */
    markdown: perLocale(z2.string()).optional(),
    /** Marks the page that lists blog posts; posts live under its slug. */
    list: z2.literal("posts").optional(),
    /** Free-form section data; `{en: …, es: …}` leaves are picked per locale. */
    data: z2.record(z2.string(), z2.unknown()).default({})
  }).superRefine((page, ctx) => {
    for (const locale of Object.keys(page.slug)) {
      if (!page.seo[locale]) ctx.addIssue({ code: "custom", path: ["seo", locale], message: `required: the page has a ${locale} slug, so it needs ${locale} title and description` });
    }
    if (!Object.keys(page.slug).length) ctx.addIssue({ code: "custom", path: ["slug"], message: "expected a slug for at least one locale" });
  });
}
var isoDate = z2.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date written YYYY-MM-DD").refine((text) => {
  const date = /* @__PURE__ */ new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}, "expected a real calendar date (YYYY-MM-DD)");
var postFrontMatterSchema = z2.strictObject({
  title: z2.string().min(1),
  description: z2.string().min(1),
  date: isoDate,
  updated: isoDate.optional(),
  tags: z2.array(z2.string().min(1)).default([]),
  translationKey: z2.string().regex(/^[a-z0-9-]+$/, 'expected lowercase letters, digits and "-"').optional(),
  draft: z2.boolean().default(false)
});
var documentFrontMatterSchema = z2.strictObject({
  title: z2.string().min(1),
  description: z2.string().min(1),
  updated: isoDate.optional(),
  translationKey: z2.string().optional()
});
var collectionSchema = z2.strictObject({
  items: z2.array(z2.record(z2.string(), z2.unknown()).refine((item) => typeof item.id === "string", 'every item needs an "id"'))
});
var linkTarget = z2.union([
  z2.strictObject({ page: z2.string().min(1), hash: z2.string().regex(/^[a-z0-9-]+$/).optional() }),
  z2.strictObject({ url: z2.string().min(1) })
]);
var navLinkSchema = z2.strictObject({
  /** Text per locale, one text for all, or `{ message: key }` from locales/*.yaml. */
  label: z2.union([z2.string().min(1), z2.strictObject({ message: z2.string().min(1) }), z2.record(z2.string(), z2.string().min(1))]),
  href: linkTarget
});
var navigationSchema = z2.strictObject({
  navbar: z2.array(navLinkSchema).default([]),
  footer: z2.array(navLinkSchema).default([])
});

// src/content/load-content.ts
async function loadContent(options) {
  const [pages, collections, postsAndDrafts, navigation] = await Promise.all([
    loadPages(options),
    loadCollections(options),
    loadPosts(options),
    loadNavigation(options)
  ]);
  return { pages, collections, ...postsAndDrafts, navigation };
}
async function listFiles(dir, ext) {
  try {
    const names = await readdir2(dir);
    return names.filter((n) => extname(n) === ext).sort().map((n) => join7(dir, n));
  } catch (error2) {
    if (error2.code === "ENOENT") return [];
    throw error2;
  }
}
async function loadPages({ siteDir, config }) {
  const schema = pageSchema(config.locales);
  const files = await listFiles(join7(siteDir, "pages"), ".yaml");
  return Promise.all(
    files.map(async (path) => {
      const file2 = displayPath(path);
      const src = { file: file2, source: await readFile2(path, "utf8") };
      const raw = parseYaml(src);
      const valid = validateYaml(src, raw, schema, "page");
      const page = resolveReferences(valid, { constants: config.constants, locate: (p) => at(src, p) });
      const slugLocations = {};
      for (const locale of Object.keys(page.slug)) slugLocations[locale] = at(src, ["slug", locale]);
      const documents = {};
      for (const [locale, rel] of Object.entries(page.markdown ?? {})) {
        const docPath = join7(siteDir, rel);
        const text = await readFile2(docPath, "utf8").catch(() => {
          throw missingFileError(at(src, ["markdown", locale]), rel, `markdown.${locale}`);
        });
        const parsed = parseFrontMatter(displayPath(docPath), text, documentFrontMatterSchema, "document front matter");
        documents[locale] = {
          meta: parsed.data,
          markdown: markdownSource(docPath, text, parsed.body, parsed.bodyLine, config)
        };
      }
      return { ...page, id: basename2(path, ".yaml"), file: file2, slugLocations, documents, locate: (p) => at(src, p) };
    })
  );
}
async function loadCollections({ siteDir, config }) {
  const files = await listFiles(join7(siteDir, "collections"), ".yaml");
  const entries = await Promise.all(
    files.map(async (path) => {
      const src = { file: displayPath(path), source: await readFile2(path, "utf8") };
      const valid = validateYaml(src, parseYaml(src), collectionSchema, "collection");
      const resolved = resolveReferences(valid, { constants: config.constants, locate: (p) => at(src, p) });
      return [basename2(path, ".yaml"), resolved.items];
    })
  );
  return Object.fromEntries(entries);
}
async function loadNavigation({ siteDir }) {
  const path = join7(siteDir, "navigation.yaml");
  const file2 = displayPath(path);
  const source = await readFile2(path, "utf8").catch((error2) => {
    if (error2.code === "ENOENT") return "navbar: []\nfooter: []\n";
    throw error2;
  });
  const src = { file: file2, source };
  return { ...validateYaml(src, parseYaml(src), navigationSchema, "navigation"), file: file2, locate: (p) => at(src, p) };
}
async function loadPosts({ siteDir, config, cacheDir }) {
  const posts = {};
  const drafts = [];
  const index = new PostIndex(cacheDir, contentHash(JSON.stringify(config.constants)));
  for (const locale of config.locales) {
    const files = await listFiles(join7(siteDir, "blog", locale), ".md");
    const loaded = files.map((path) => {
      const stats = statSync(path);
      const cached = index.get(path, stats);
      if (cached) {
        const file2 = displayPath(path);
        return { ...cached, file: file2, markdown: { ...cached.markdown, file: file2 } };
      }
      const post = readPost(path, locale, config);
      index.set(path, stats, post);
      return post;
    });
    posts[locale] = loaded.filter((p) => !p.draft).sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
    drafts.push(...loaded.filter((p) => p.draft));
  }
  index.save();
  return { posts, drafts };
}
function readPost(path, locale, config) {
  const file2 = displayPath(path);
  const text = readFileSync3(path, "utf8");
  const parsed = parseFrontMatter(file2, text, postFrontMatterSchema, "post front matter");
  return {
    ...parsed.data,
    locale,
    slug: basename2(path, ".md"),
    file: file2,
    markdown: markdownSource(path, text, parsed.body, parsed.bodyLine, config),
    readingMinutes: readingMinutes(parsed.body)
  };
}
function markdownSource(path, text, body, bodyLine, config) {
  const file2 = displayPath(path);
  const resolved = resolveBody(body, { file: file2, bodyLine }, config.constants);
  return { file: file2, path, bodyOffset: text.length - body.length, bodyLine, hash: hashBody(resolved) };
}
var WORD = /\S+/g;
function readingMinutes(body) {
  let words = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(body)) words++;
  return Math.max(1, Math.round(words / 220));
}

// src/i18n/load-messages.ts
import { readFile as readFile3 } from "node:fs/promises";
import { join as join8 } from "node:path";
import { z as z3 } from "zod";
var treeSchema = z3.lazy(() => z3.record(z3.string(), z3.union([z3.string(), z3.number().transform(String), treeSchema])));
async function loadMessages(options) {
  const { config } = options;
  const flat = {};
  const files = {};
  await Promise.all(
    config.locales.map(async (locale) => {
      const path = join8(options.localesDir, `${locale}.yaml`);
      const file2 = displayPath(path);
      files[locale] = file2;
      const source = await readFile3(path, "utf8").catch((error2) => {
        if (error2.code !== "ENOENT") throw error2;
        throw new SiteError({
          name: "MissingLocaleFile",
          title: "Missing messages file",
          message: `site.yaml lists the locale "${locale}" but ${file2} does not exist.`,
          hint: `Create ${file2} (copy the default locale's file and translate it).`,
          location: { file: file2 }
        });
      });
      const src = { file: file2, source };
      const tree = validateYaml(src, parseYaml(src) ?? {}, treeSchema, "messages");
      const resolved = resolveReferences(tree, { constants: config.constants, locate: (p) => at(src, p) });
      flat[locale] = flatten(resolved);
    })
  );
  const base = flat[config.defaultLocale];
  const fallbacks = [];
  const byLocale = {};
  for (const locale of config.locales) {
    const own = flat[locale];
    const merged = { ...own };
    if (locale !== config.defaultLocale) {
      for (const [key, text] of Object.entries(base)) {
        if (!(key in own)) {
          merged[key] = text;
          fallbacks.push({ locale, key, usedLocale: config.defaultLocale });
        }
      }
    }
    byLocale[locale] = merged;
  }
  return { byLocale, fallbacks, files };
}
function flatten(tree, prefix = "", out2 = {}) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out2[path] = value;
    else flatten(value, path, out2);
  }
  return out2;
}

// src/shared/locale-path.ts
function localizePath(options) {
  const slug = options.slug.replace(/^\/+|\/+$/g, "");
  const prefix = options.locale === options.defaultLocale ? "" : `/${options.locale}`;
  if (slug === "") return `${prefix}/`;
  if (/\.[a-z0-9]+$/i.test(slug)) return `${prefix}/${slug}`;
  return `${prefix}/${slug}/`;
}
function outFileOfPath(path) {
  const trimmed = path.replace(/^\/+/, "");
  if (trimmed === "") return "index.html";
  if (/\.[a-z0-9]+$/i.test(trimmed)) return trimmed;
  return `${trimmed.replace(/\/+$/, "")}/index.html`;
}

// src/output/staged-output.ts
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { copyFile, link, mkdir as mkdir3, rename, rm, writeFile as writeFile3 } from "node:fs/promises";
import { basename as basename3, dirname as dirname2, join as join9, resolve as resolve3 } from "node:path";
var StagedOutput = class {
  outDir;
  stagingDir;
  bytesWritten = 0;
  filesWritten = 0;
  madeDirs = /* @__PURE__ */ new Set();
  constructor(outDir) {
    this.outDir = resolve3(outDir);
    this.stagingDir = join9(dirname2(this.outDir), `.${basename3(this.outDir)}.staging-${process.pid}-${randomBytes(4).toString("hex")}`);
  }
  async ensureDir(dir) {
    if (this.madeDirs.has(dir)) return;
    await mkdir3(dir, { recursive: true });
    this.madeDirs.add(dir);
  }
  async write(relPath, data) {
    const target = this.target(relPath);
    await this.ensureDir(dirname2(target));
    await writeFile3(target, data);
    this.bytesWritten += typeof data === "string" ? Buffer.byteLength(data) : data.byteLength;
    this.filesWritten++;
  }
  /** Puts a cached file in place without copying its bytes (hard link; copy across devices). */
  async linkFrom(relPath, source, bytes) {
    const target = this.target(relPath);
    await this.ensureDir(dirname2(target));
    try {
      await link(source, target);
    } catch (error2) {
      if (error2.code !== "EXDEV" && error2.code !== "EPERM") throw error2;
      await copyFile(source, target);
    }
    this.bytesWritten += bytes;
    this.filesWritten++;
  }
  async commit() {
    const old = `${this.stagingDir}.old`;
    let hadPrevious = true;
    try {
      await rename(this.outDir, old);
    } catch (error2) {
      if (error2.code !== "ENOENT") throw error2;
      hadPrevious = false;
    }
    try {
      await rename(this.stagingDir, this.outDir);
    } catch (error2) {
      if (hadPrevious) await rename(old, this.outDir);
      throw error2;
    }
    if (hadPrevious) await removeInBackground(old);
  }
  async abort() {
    await rm(this.stagingDir, { recursive: true, force: true });
  }
  target(relPath) {
    const target = resolve3(this.stagingDir, relPath);
    if (!target.startsWith(this.stagingDir + "/")) throw new Error(`Internal error: refusing to write outside the output folder: ${relPath}`);
    return target;
  }
};
async function removeInBackground(dir) {
  if (process.platform === "win32") return rm(dir, { recursive: true, force: true });
  const child = spawn("rm", ["-rf", dir], { detached: true, stdio: "ignore" });
  child.on("error", () => void rm(dir, { recursive: true, force: true }));
  child.unref();
}

// src/output/site-files.ts
var xml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
function sitemapXml(pages) {
  const listed = pages.filter((p) => p.inSitemap);
  const inSitemap = new Set(listed.map((p) => p.head.canonical));
  const urls = listed.map((page) => {
    const links = page.head.alternates.filter((a) => inSitemap.has(a.href)).map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`).join("");
    const lastmod = page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : "";
    return `<url><loc>${xml(page.head.canonical)}</loc>${lastmod}${links}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
}
function robotsTxt(baseUrl) {
  return `User-agent: *
Allow: /

Sitemap: ${baseUrl}/sitemap.xml
`;
}
function atomFeed(feed, options) {
  const updated = feed.entries.reduce((max, e) => (e.updated ?? e.date) > max ? e.updated ?? e.date : max, "1970-01-01");
  const entries = feed.entries.map(
    (e) => `<entry><title>${xml(e.title)}</title><link href="${xml(e.url)}"/><id>${xml(e.url)}</id><published>${e.date}T00:00:00Z</published><updated>${e.updated ?? e.date}T00:00:00Z</updated><summary>${xml(e.description)}</summary>${e.tags.map((t2) => `<category term="${xml(t2)}"/>`).join("")}</entry>`
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${options.locale}"><title>${xml(feed.title)}</title><link href="${xml(feed.url)}"/><link rel="self" href="${xml(options.baseUrl + feed.path)}"/><id>${xml(feed.url)}</id><updated>${updated}T00:00:00Z</updated><author><name>${xml(options.author)}</name></author>
${entries.join("\n")}
</feed>
`;
}
function headersFile(security) {
  const lines = ["/*", ...Object.entries(security).map(([k, v]) => `  ${k}: ${v}`)];
  lines.push("/assets/*", "  cache-control: public, max-age=31536000, immutable");
  lines.push("/page-data/sq/d/*", "  cache-control: public, max-age=31536000, immutable");
  lines.push("/page-data/*", "  cache-control: public, max-age=0, must-revalidate");
  lines.push("/sw.js", "  cache-control: no-cache, no-store");
  return lines.join("\n") + "\n";
}
function redirectsFile(allowlist) {
  const lines = ["# Third-party scripts served through /__third-party-proxy on hosts that rewrite (exact URL match only)."];
  for (const url of allowlist) lines.push(`/__third-party-proxy url=${encodeURIComponent(url)} ${url} 200`);
  return lines.join("\n") + "\n";
}

// src/output/build-manifest.ts
import { mkdirSync as mkdirSync2, readFileSync as readFileSync4, rmSync, statSync as statSync2, writeFileSync as writeFileSync2 } from "node:fs";
import { join as join10, resolve as resolve4 } from "node:path";
var manifestFile = (cacheDir) => join10(cacheDir, "last-build.json");
function isOutputCurrent(options) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync4(manifestFile(options.cacheDir), "utf8"));
  } catch {
    return false;
  }
  const outDir = resolve4(options.outDir);
  if (manifest.outDir !== outDir || manifest.fingerprint !== options.fingerprint) return false;
  for (const [path, [size, mtime]] of Object.entries(manifest.files)) {
    const stats = statSync2(join10(outDir, path), { throwIfNoEntry: false });
    if (!stats || stats.size !== size || stats.mtimeMs !== mtime) return false;
  }
  return true;
}
function recordOutput(options) {
  const outDir = resolve4(options.outDir);
  const files = {};
  for (const path of options.paths) {
    const stats = statSync2(join10(outDir, path));
    files[path] = [stats.size, stats.mtimeMs];
  }
  mkdirSync2(options.cacheDir, { recursive: true });
  writeFileSync2(manifestFile(options.cacheDir), JSON.stringify({ outDir, fingerprint: options.fingerprint, files }));
}

// src/plan/localize-value.ts
function localizeValue(value, locale, locales, defaultLocale) {
  if (Array.isArray(value)) return value.map((v) => localizeValue(v, locale, locales, defaultLocale));
  if (value === null || typeof value !== "object") return value;
  const record = value;
  const keys = Object.keys(record);
  if (keys.length > 0 && keys.includes(defaultLocale) && keys.every((k) => locales.includes(k))) {
    return localizeValue(record[locale] ?? record[defaultLocale], locale, locales, defaultLocale);
  }
  const out2 = {};
  for (const key of keys) out2[key] = localizeValue(record[key], locale, locales, defaultLocale);
  return out2;
}

// src/plan/plan-site.ts
function planSite(options) {
  const { config, content } = options;
  const { locales, defaultLocale } = config;
  const postTemplate2 = options.postTemplate ?? "blog-post";
  const drafts = [];
  const routes = Object.fromEntries(locales.map((l) => [l, {}]));
  const listPage = content.pages.find((p) => p.list === "posts");
  for (const page of content.pages) {
    if (!options.templates.includes(page.template)) {
      throw unknownTemplateError(page.locate(["template"]), page.template, options.templates);
    }
    for (const locale of Object.keys(page.slug)) {
      const path = localizePath({ locale, defaultLocale, slug: page.slug[locale] });
      routes[locale][page.id] = path;
      if (page === listPage) continue;
      drafts.push(pageDraft(page, locale, path, options));
    }
  }
  const feeds = {};
  if (listPage) {
    if (content.posts && Object.values(content.posts).some((p) => p.length) && !options.templates.includes(postTemplate2)) {
      throw unknownTemplateError({ file: listPage.file }, postTemplate2, options.templates);
    }
    for (const locale of Object.keys(listPage.slug)) {
      const listSlug = listPage.slug[locale];
      const posts = content.posts[locale] ?? [];
      const postPath = (post) => localizePath({ locale, defaultLocale, slug: `${listSlug}/${post.slug}` });
      drafts.push(...listDrafts(listPage, locale, listSlug, posts.map((p) => ({ post: p, path: postPath(p) })), options));
      const entries = [];
      for (const post of posts) {
        const path = postPath(post);
        drafts.push(postDraft(post, path, postTemplate2, listPage));
        entries.push({ title: post.title, description: post.description, url: `${config.settings.baseUrl}${path}`, date: post.date, ...post.updated ? { updated: post.updated } : {}, tags: post.tags });
      }
      const feedPath = localizePath({ locale, defaultLocale, slug: `${listSlug}/feed.xml` });
      feeds[locale] = {
        path: feedPath,
        title: `${config.settings.name} \u2014 ${listPage.seo[locale].title}`,
        url: `${config.settings.baseUrl}${routes[locale][listPage.id]}`,
        entries
      };
    }
  }
  assertUniqueUrls(drafts);
  const pages = withAlternates(drafts, options, feeds);
  const shared = {};
  const slices = {};
  for (const locale of locales) {
    shared[locale] = sharedData(locale, routes[locale], options);
    for (const name of ["navbar", "footer"]) {
      slices[`${name}-${locale}`] = sliceData(name, locale, routes[locale], options);
    }
  }
  return { pages, shared, slices, feeds };
}
function pageDraft(page, locale, path, options) {
  const { locales, defaultLocale } = options.config;
  const collections = {};
  for (const name of page.collections) {
    const items = options.content.collections[name];
    if (!items) {
      throw new SiteError({
        name: "UnknownCollection",
        title: "Unknown collection",
        message: `Collection "${name}" does not exist; expected one of: ${Object.keys(options.content.collections).join(", ") || "(none)"}.`,
        hint: `Create site/collections/${name}.yaml or remove it from "collections".`,
        field: "collections",
        location: page.locate(["collections"])
      });
    }
    collections[name] = localizeValue(items, locale, locales, defaultLocale);
  }
  const document = page.documents[locale];
  const seo = page.seo[locale];
  return {
    id: page.id,
    locale,
    path,
    template: page.template,
    title: seo.title,
    description: seo.description,
    noindex: page.noindex,
    inSitemap: page.sitemap && !page.noindex && !path.endsWith(".html"),
    ogType: "website",
    data: {
      page: localizeValue(page.data, locale, locales, defaultLocale),
      collections,
      ...document ? { document: { ...document.meta } } : {}
    },
    ...document ? { markdown: { ...document.markdown, field: "document.body" }, lastmod: document.meta.updated } : {},
    source: page.slugLocations[locale] ?? { file: page.file }
  };
}
function listDrafts(page, locale, listSlug, posts, options) {
  const perPage = options.config.settings.blog.postsPerPage;
  const count = Math.max(1, Math.ceil(posts.length / perPage));
  const { defaultLocale } = options.config;
  const pathOf = (n) => localizePath({ locale, defaultLocale, slug: n === 1 ? listSlug : `${listSlug}/page/${n}` });
  const drafts = [];
  for (let n = 1; n <= count; n++) {
    const base = pageDraft(page, locale, pathOf(n), options);
    const seo = page.seo[locale];
    drafts.push({
      ...base,
      id: n === 1 ? page.id : `${page.id}:page:${n}`,
      title: n === 1 ? seo.title : `${seo.title} (${n}/${count})`,
      data: {
        ...base.data,
        posts: posts.slice((n - 1) * perPage, n * perPage).map(({ post, path }) => ({
          title: post.title,
          description: post.description,
          date: post.date,
          tags: post.tags,
          readingMinutes: post.readingMinutes,
          path
        })),
        pagination: { page: n, pages: count, previous: n > 1 ? pathOf(n - 1) : null, next: n < count ? pathOf(n + 1) : null }
      },
      ...n > 1 ? { inSitemap: base.inSitemap } : {}
    });
  }
  return drafts;
}
function postDraft(post, path, template, listPage) {
  return {
    id: `post:${post.translationKey ?? `${post.locale}:${post.slug}`}`,
    locale: post.locale,
    path,
    template,
    title: post.title,
    description: post.description,
    noindex: false,
    inSitemap: true,
    ogType: "article",
    data: {
      post: {
        title: post.title,
        description: post.description,
        date: post.date,
        ...post.updated ? { updated: post.updated } : {},
        tags: post.tags,
        readingMinutes: post.readingMinutes
      },
      listPageId: listPage.id
    },
    markdown: { ...post.markdown, field: "post.body" },
    source: { file: post.file, line: 1 },
    lastmod: post.updated ?? post.date
  };
}
function assertUniqueUrls(drafts) {
  const seen = /* @__PURE__ */ new Map();
  for (const draft of drafts) {
    const first = seen.get(draft.path);
    if (first) throw duplicateUrlError(draft.path, first.source, draft.source);
    seen.set(draft.path, draft);
  }
}
function withAlternates(drafts, options, feeds) {
  const { settings, locales, defaultLocale } = options.config;
  const byId = /* @__PURE__ */ new Map();
  for (const d of drafts) byId.set(d.id, [...byId.get(d.id) ?? [], d]);
  return drafts.map((draft) => {
    const group = (byId.get(draft.id) ?? [draft]).slice().sort((a, b) => locales.indexOf(a.locale) - locales.indexOf(b.locale));
    const alternates = group.map((d) => ({ locale: d.locale, path: d.path, label: settings.locales[d.locale].label }));
    const xDefault = group.find((d) => d.locale === defaultLocale) ?? group[0];
    const head = {
      title: draft.title,
      description: draft.description,
      canonical: settings.baseUrl + draft.path,
      alternates: [
        ...group.map((d) => ({ hreflang: d.locale, href: settings.baseUrl + d.path })),
        { hreflang: "x-default", href: settings.baseUrl + xDefault.path }
      ],
      ogLocale: settings.locales[draft.locale].ogLocale,
      ogLocaleAlternates: group.filter((d) => d !== draft).map((d) => settings.locales[d.locale].ogLocale),
      ogType: draft.ogType,
      noindex: draft.noindex,
      ...feeds[draft.locale] ? { feed: { href: feeds[draft.locale].path, title: feeds[draft.locale].title } } : {}
    };
    const pageContext = { locale: draft.locale, pageId: draft.id, alternates, ...draft.extraContext };
    return {
      id: draft.id,
      locale: draft.locale,
      path: draft.path,
      outFile: outFileOfPath(draft.path),
      template: draft.template,
      head,
      data: draft.data,
      pageContext,
      ...draft.markdown ? { markdown: draft.markdown } : {},
      inSitemap: draft.inSitemap,
      source: draft.source,
      ...draft.lastmod ? { lastmod: draft.lastmod } : {}
    };
  });
}
function publicSettings(options) {
  const { settings, constants, defaultLocale } = options.config;
  const { detectors: _detectors, ...claims } = constants;
  return {
    name: settings.name,
    baseUrl: settings.baseUrl,
    defaultLocale,
    bookingUrl: settings.booking.url,
    whatsappNumber: settings.whatsapp.number,
    contactEmail: settings.contactEmail,
    formsEndpoint: settings.forms.endpoint,
    constants: claims
  };
}
function sharedData(locale, routes, options) {
  return { locale, messages: options.messages.byLocale[locale], routes, site: publicSettings(options) };
}
function linkLabel(label, locale, defaultLocale, options, where, field) {
  if (typeof label === "string") return label;
  if ("message" in label && Object.keys(label).length === 1) {
    const text = options.messages.byLocale[locale]?.[label.message];
    if (text === void 0) throw missingMessageError(where(), label.message, field);
    return text;
  }
  return label[locale] ?? label[defaultLocale] ?? Object.values(label)[0];
}
function sliceData(name, locale, routes, options) {
  const nav = options.content.navigation;
  const { defaultLocale } = options.config;
  const links = nav[name].map((link2, i) => {
    const label = linkLabel(link2.label, locale, defaultLocale, options, () => nav.locate([name, i, "label", "message"]), `${name}.${i}.label.message`);
    if ("url" in link2.href) return { label, href: link2.href.url };
    const path = routes[link2.href.page];
    if (!path) {
      throw new SiteError({
        name: "UnknownPage",
        title: "Link to a page that does not exist",
        message: `"${link2.href.page}" is not a page in ${locale}; expected the name of a file in site/pages/.`,
        hint: 'Use the page file name without .yaml, e.g. "home" for site/pages/home.yaml.',
        field: `${name}.${i}.href.page`,
        location: nav.locate([name, i, "href", "page"])
      });
    }
    return { label, href: link2.href.hash ? `${path}#${link2.href.hash}` : path };
  });
  return { name, locale, links };
}

// src/sw/write-service-worker.ts
import { mkdir as mkdir4, writeFile as writeFile4 } from "node:fs/promises";
import { join as join11 } from "node:path";
import { build as build4 } from "esbuild";
import { injectManifest } from "workbox-build";
var bundled;
function bundleWorker(cacheDir) {
  bundled ??= (async () => {
    const result = await build4({
      entryPoints: [join11(packageRoot(), "src/sw/sw-source.ts")],
      bundle: true,
      format: "iife",
      minify: true,
      write: false,
      target: ["es2020"],
      define: { "process.env.NODE_ENV": '"production"' },
      nodePaths: [join11(packageRoot(), "node_modules")],
      logLevel: "silent"
    });
    const code = result.outputFiles[0].text;
    const file2 = join11(cacheDir, "sw", `sw-src-${contentHash(code)}.js`);
    await mkdir4(join11(cacheDir, "sw"), { recursive: true });
    await writeFile4(file2, code);
    return file2;
  })();
  return bundled;
}
async function writeServiceWorker(options) {
  const swSrc = await bundleWorker(options.cacheDir);
  const result = await injectManifest({
    swSrc,
    swDest: join11(options.outDir, "sw.js"),
    globDirectory: options.outDir,
    globPatterns: ["assets/**/*.{js,css}", "offline/index.html", "es/offline/index.html", "favicon.svg"],
    globIgnores: ["**/*.br", "**/*.gz"],
    // Directory URLs: /offline/ rather than /offline/index.html.
    modifyURLPrefix: {},
    manifestTransforms: [
      async (entries) => ({ manifest: entries.map((e) => ({ ...e, url: "/" + e.url.replace(/index\.html$/, "") })), warnings: [] })
    ]
  });
  return { count: result.count, size: result.size };
}

// src/build/collect-files.ts
import { statSync as statSync3 } from "node:fs";
import { readdir as readdir3, readFile as readFile4 } from "node:fs/promises";
import { join as join16 } from "node:path";

// src/render/render-page.ts
function renderPage(page, setup, templates, markdown) {
  const data = structuredClone(page.data);
  if (page.markdown) setPath(data, page.markdown.field, markdown.get(page.markdown).hast);
  const slicesMap = { navbar: `navbar-${page.locale}`, footer: `footer-${page.locale}` };
  const pageData = {
    componentChunkName: componentChunkName(page.template),
    path: page.path,
    result: { data, pageContext: page.pageContext, head: page.head },
    staticQueryHashes: [setup.sharedHashes[page.locale]],
    slicesMap,
    webpackCompilationHash: setup.buildHash
  };
  const { createElement, renderToString } = templates;
  const missing = /* @__PURE__ */ new Set();
  const shared = setup.shared[page.locale];
  const messages = new Proxy(shared.messages, {
    get(target, key) {
      if (typeof key === "string" && !(key in target)) missing.add(key);
      return Reflect.get(target, key);
    }
  });
  const missingRoutes = /* @__PURE__ */ new Set();
  const routes = new Proxy(shared.routes, {
    get(target, key) {
      if (typeof key === "string" && !(key in target)) missingRoutes.add(key);
      return Reflect.get(target, key);
    }
  });
  const sharedForPage = { ...shared, messages, routes };
  const slices = { navbar: setup.slices[slicesMap.navbar], footer: setup.slices[slicesMap.footer] };
  const template = templates.pages[page.template];
  const props = { data, pageContext: page.pageContext };
  const bodyHtml = renderToString(
    createElement(templates.Root, { shared: sharedForPage, slices, pageContext: page.pageContext, template: page.template }, createElement(template.default, props))
  );
  const structuredData = template.structuredData?.({ ...props, shared, head: page.head }) ?? [];
  const html = "<!DOCTYPE html>" + renderToString(
    createElement(templates.Document, {
      lang: page.locale,
      head: page.head,
      siteName: setup.siteName,
      stylesheets: setup.stylesheets,
      scripts: setup.scripts,
      modulePreloads: setup.templateChunks[page.template] ?? [],
      runtimeConfig: setup.runtimeConfig,
      structuredData,
      bodyHtml
    })
  );
  return { html, pageData: JSON.stringify(pageData), missingMessages: [...missing], missingRoutes: [...missingRoutes].map((id) => `${page.locale}:${id}`) };
}
function setPath(target, dotted, value) {
  const parts = dotted.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part];
  }
  node[parts.at(-1)] = value;
}

// src/render/render-pool.ts
import { existsSync as existsSync2 } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath as fileURLToPath2 } from "node:url";
import { Worker } from "node:worker_threads";

// src/render/markdown-cache.ts
import { mkdirSync as mkdirSync3, readFileSync as readFileSync5, writeFileSync as writeFileSync3 } from "node:fs";
import { join as join12 } from "node:path";

// src/markdown/markdown-to-hast.ts
import rehypeHighlight from "rehype-highlight";
import rehypeSlug from "rehype-slug";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

// src/markdown/remark-components.ts
var MARKDOWN_COMPONENTS = {
  cta: { element: "cta-box", attributes: ["kind"] },
  note: { element: "note-box", attributes: ["tone"] }
};
function walk(node, visit) {
  for (const child of node.children ?? []) {
    if (child.type.endsWith("Directive")) visit(child);
    walk(child, visit);
  }
}
function remarkComponents() {
  return (tree, file2) => {
    walk(tree, (node) => {
      const spec = MARKDOWN_COMPONENTS[node.name];
      if (node.type === "textDirective" && !spec) {
        const n = node;
        n.type = "text";
        n.value = `:${node.name}`;
        return;
      }
      if (!spec) {
        throw new SiteError({
          name: "UnknownMarkdownComponent",
          title: "Unknown markdown component",
          message: `"${node.name}" is not a component; expected one of: ${Object.keys(MARKDOWN_COMPONENTS).join(", ")}.`,
          hint: 'Write ::cta{kind="strategy-call"} for a call-to-action box, or :::note \u2026 ::: for a note.',
          location: { file: file2.path ?? "markdown", ...node.position ? { line: node.position.start.line, column: node.position.start.column } : {} }
        });
      }
      const properties = {};
      for (const [key, value] of Object.entries(node.attributes ?? {})) {
        if (spec.attributes.includes(key) && typeof value === "string") properties[key] = value;
      }
      node.data = { ...node.data, hName: spec.element, hProperties: properties };
    });
  };
}

// src/markdown/markdown-to-hast.ts
var processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).use(remarkComponents).use(remarkRehype).use(rehypeSlug).use(rehypeHighlight, { detect: false, plainText: ["text", "txt", "plain"] });
function markdownToHast(source, file2, bodyLine = 1) {
  let hast;
  try {
    const mdast = processor.parse({ value: source, path: file2 });
    hast = processor.runSync(mdast, { value: source, path: file2 });
  } catch (error2) {
    const line = error2.data?.location?.line;
    if (isSiteError(error2) && line !== void 0) error2.data.location = { ...error2.data.location, line: line + bodyLine - 1 };
    throw error2;
  }
  const headings = [];
  stripPositions(hast, headings);
  return { hast, headings };
}
function textOf(node) {
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}
function stripPositions(node, headings) {
  delete node.position;
  if (node.type === "element" && /^h[1-6]$/.test(node.tagName ?? "")) {
    headings.push({ depth: Number(node.tagName[1]), id: String(node.properties?.id ?? ""), text: textOf(node) });
  }
  for (const child of node.children ?? []) stripPositions(child, headings);
}

// src/render/markdown-cache.ts
var MarkdownCache = class {
  constructor(cacheDir, constants) {
    this.constants = constants;
    this.dir = join12(cacheDir, "markdown-v1");
    mkdirSync3(this.dir, { recursive: true });
  }
  constants;
  dir;
  hits = 0;
  misses = 0;
  get(source) {
    const file2 = join12(this.dir, `${source.hash}.json`);
    try {
      const cached = JSON.parse(readFileSync5(file2, "utf8"));
      this.hits++;
      return cached;
    } catch {
      const result = markdownToHast(readMarkdownBody(source, this.constants), source.file, source.bodyLine);
      this.misses++;
      writeFileSync3(file2, JSON.stringify(result));
      return result;
    }
  }
};

// src/render/page-cache.ts
import { mkdirSync as mkdirSync4, writeFileSync as writeFileSync4 } from "node:fs";
import { join as join13 } from "node:path";
var PAGE_CACHE_VERSION = "pages-v1";
function pageCacheKey(page, setup, setupKey) {
  const { markdown, source: _source, ...rest } = page;
  return contentHash(setupKey, setup.sharedHashes[page.locale] ?? "", JSON.stringify(rest), markdown ? `${markdown.hash}:${markdown.field}` : "");
}
function setupCacheKey(setup, templatesHash) {
  return contentHash(PAGE_CACHE_VERSION, templatesHash, setup.buildHash, JSON.stringify(setup.slices), setup.stylesheets.join(), setup.scripts.join(), setup.siteName);
}
function pageCachePaths(cacheDir, key) {
  const dir = join13(cacheDir, PAGE_CACHE_VERSION, key.slice(0, 2));
  return { dir, html: join13(dir, `${key}.html`), pageData: join13(dir, `${key}.json`) };
}
function storeRenderedPage(cacheDir, key, rendered) {
  const paths = pageCachePaths(cacheDir, key);
  mkdirSync4(paths.dir, { recursive: true });
  writeFileSync4(paths.html, rendered.html);
  writeFileSync4(paths.pageData, rendered.pageData);
}

// src/render/render-job.ts
function runRenderJobs(jobs, setup, templates, markdown) {
  return jobs.map(({ page, key }) => {
    const rendered = renderPage(page, setup, templates, markdown);
    storeRenderedPage(setup.cacheDir, key, rendered);
    return { key, missingMessages: rendered.missingMessages, missingRoutes: rendered.missingRoutes, htmlBytes: Buffer.byteLength(rendered.html), pageDataBytes: Buffer.byteLength(rendered.pageData) };
  });
}

// src/render/render-pool.ts
var BATCH = 40;
var MIN_PAGES_FOR_WORKERS = 150;
function workerFile() {
  for (const candidate of ["./render-worker.js", "../../dist/render-worker.js"]) {
    const path = fileURLToPath2(new URL(candidate, import.meta.url));
    if (existsSync2(path)) return path;
  }
  return void 0;
}
async function renderJobs(jobs, options) {
  const file2 = workerFile();
  const wanted = options.workers ?? (jobs.length >= MIN_PAGES_FOR_WORKERS ? availableParallelism() : 0);
  if (wanted === 0 || !file2 || jobs.length === 0) {
    const templates = await importTemplates(options.setup.templatesFile);
    const markdown = new MarkdownCache(options.setup.cacheDir, options.setup.constants);
    for (let i = 0; i < jobs.length; i += BATCH) options.onResults(runRenderJobs(jobs.slice(i, i + BATCH), options.setup, templates, markdown));
    return { parsedMarkdown: markdown.misses };
  }
  const count = Math.min(wanted, Math.ceil(jobs.length / BATCH));
  const batches = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
  let next = 0;
  const parsed = /* @__PURE__ */ new Map();
  const workers = Array.from({ length: count }, () => new Worker(file2, { workerData: options.setup, execArgv: [] }));
  try {
    await Promise.all(
      workers.map(
        (worker, index) => new Promise((resolve7, reject) => {
          const send = () => {
            if (next >= batches.length) return resolve7();
            worker.postMessage({ id: next, jobs: batches[next++] });
          };
          worker.on("message", (message) => {
            if (message.error) return reject(message.error.site ? new SiteError(message.error.site) : internalError(`render worker failed: ${message.error.message}`));
            if (message.results) {
              parsed.set(index, message.parsed ?? 0);
              options.onResults(message.results);
            }
            send();
          });
          worker.on("error", (error2) => reject(internalError("render worker crashed", error2)));
          worker.on("exit", (code) => code !== 0 && reject(internalError(`render worker exited with code ${code}`)));
        })
      )
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return { parsedMarkdown: [...parsed.values()].reduce((a, b) => a + b, 0) };
}

// src/render/render-findings.ts
import { mkdirSync as mkdirSync5, readFileSync as readFileSync6, writeFileSync as writeFileSync5 } from "node:fs";
import { join as join14 } from "node:path";
var file = (cacheDir) => join14(cacheDir, PAGE_CACHE_VERSION, "findings.json");
function readRenderFindings(cacheDir) {
  try {
    return JSON.parse(readFileSync6(file(cacheDir), "utf8"));
  } catch {
    return {};
  }
}
function writeRenderFindings(cacheDir, findings) {
  mkdirSync5(join14(cacheDir, PAGE_CACHE_VERSION), { recursive: true });
  writeFileSync5(file(cacheDir), JSON.stringify(findings));
}

// src/shared/security-headers.ts
function securityHeaders(options = {}) {
  const scripts = ["'self'", ...(options.inlineScriptHashes ?? []).map((h) => `'${h}'`)];
  const connect = ["'self'"];
  const images = ["'self'", "data:"];
  if (options.analytics?.google) {
    scripts.push("https://www.googletagmanager.com");
    connect.push("https://www.google-analytics.com", "https://region1.google-analytics.com");
    images.push("https://www.google-analytics.com");
  }
  if (options.analytics?.meta) {
    scripts.push("https://connect.facebook.net");
    connect.push("https://www.facebook.com");
    images.push("https://www.facebook.com");
  }
  const forms = ["'self'", ...options.formsOrigin ? [options.formsOrigin] : []];
  if (options.formsOrigin) connect.push(options.formsOrigin);
  const csp = [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    // Style attributes carry per-item colours; scripts never run inline without a hash.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(" ")}`,
    `connect-src ${connect.join(" ")}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${forms.join(" ")}`,
    "frame-ancestors 'none'"
  ].join("; ");
  return {
    "content-security-policy": csp,
    "strict-transport-security": "max-age=31536000; includeSubDomains",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin"
  };
}

// src/build/compress-asset.ts
import { mkdirSync as mkdirSync6, readFileSync as readFileSync7, writeFileSync as writeFileSync6 } from "node:fs";
import { join as join15 } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync as gzipSync2 } from "node:zlib";
function compressAsset(cacheDir, text) {
  const dir = join15(cacheDir, "compressed-v1");
  const key = contentHash(text);
  try {
    return { br: readFileSync7(join15(dir, `${key}.br`)), gz: readFileSync7(join15(dir, `${key}.gz`)) };
  } catch {
    const br = brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
    const gz = gzipSync2(text, { level: 9 });
    mkdirSync6(dir, { recursive: true });
    writeFileSync6(join15(dir, `${key}.br`), br);
    writeFileSync6(join15(dir, `${key}.gz`), gz);
    return { br, gz };
  }
}

// src/build/security-options.ts
function securityOptions(config) {
  const endpoint = config.settings.forms.endpoint;
  return {
    analytics: { google: Boolean(config.settings.analytics.googleAnalyticsId), meta: Boolean(config.settings.analytics.metaPixelId) },
    .../^https?:\/\//.test(endpoint) ? { formsOrigin: new URL(endpoint).origin } : {}
  };
}

// src/build/collect-files.ts
function pageDataFile(page) {
  return `page-data/${pageDataFolder(page.path)}/page-data.json`;
}
async function collectOutputFiles(options) {
  const { config, plan, css } = options;
  const list = [];
  for (const { page, key } of options.pages) {
    const paths = pageCachePaths(options.cacheDir, key);
    list.push({ path: page.outFile, linkFrom: paths.html, bytes: statSync3(paths.html).size });
    list.push({ path: pageDataFile(page), linkFrom: paths.pageData, bytes: statSync3(paths.pageData).size });
  }
  const appData = { webpackCompilationHash: options.buildHash };
  list.push({ path: "page-data/app-data.json", data: JSON.stringify(appData) });
  for (const file2 of Object.values(options.sharedFiles)) list.push({ path: `page-data/sq/d/${file2.hash}.json`, data: file2.json });
  for (const [name, slice] of Object.entries(plan.slices)) list.push({ path: `slice-data/${name}.json`, data: JSON.stringify(slice) });
  for (const asset of [{ path: css.file, text: css.text }, ...options.client.files]) {
    const { br, gz } = compressAsset(options.cacheDir, asset.text);
    list.push({ path: asset.path, data: asset.text });
    list.push({ path: `${asset.path}.br`, data: br });
    list.push({ path: `${asset.path}.gz`, data: gz });
  }
  list.push({ path: "_headers", data: headersFile(securityHeaders(securityOptions(config))) });
  list.push({ path: "_redirects", data: redirectsFile(config.settings.thirdPartyAllowlist) });
  list.push({ path: "sitemap.xml", data: sitemapXml(plan.pages) });
  list.push({ path: "robots.txt", data: robotsTxt(config.settings.baseUrl) });
  for (const [locale, feed] of Object.entries(plan.feeds)) {
    list.push({ path: feed.path.slice(1), data: atomFeed(feed, { baseUrl: config.settings.baseUrl, locale, author: config.settings.name }) });
  }
  list.push(...await staticFiles(options.siteDir));
  return list;
}
async function staticFiles(siteDir) {
  const dir = join16(siteDir, "static");
  const entries = await readdir3(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = join16(entry.parentPath, entry.name);
    files.push({ path: full.slice(dir.length + 1), data: await readFile4(full) });
  }
  return files;
}

// src/build/render-step.ts
import { existsSync as existsSync3 } from "node:fs";
async function renderPlannedPages(options) {
  const { setup, cacheDir } = options;
  const setupKey = setupCacheKey(setup, options.templatesHash);
  const findings = readRenderFindings(cacheDir);
  const jobs = [];
  const all = options.plan.pages.map((page) => {
    const key = pageCacheKey(page, setup, setupKey);
    if (!existsSync3(pageCachePaths(cacheDir, key).pageData)) jobs.push({ page, key });
    return { page, key };
  });
  const result = await renderJobs(jobs, {
    setup,
    ...options.workers !== void 0 ? { workers: options.workers } : {},
    onResults: (results) => results.forEach((r2) => {
      if (r2.missingMessages.length || r2.missingRoutes.length) findings[r2.key] = { messages: r2.missingMessages, routes: r2.missingRoutes };
      else delete findings[r2.key];
    })
  });
  const missing = /* @__PURE__ */ new Set();
  const missingRoutes = /* @__PURE__ */ new Set();
  const used = {};
  for (const { key } of all) {
    const found = findings[key];
    if (!found) continue;
    used[key] = found;
    found.messages.forEach((k) => missing.add(k));
    found.routes.forEach((k) => missingRoutes.add(k));
  }
  writeRenderFindings(cacheDir, used);
  for (const key of missing) options.warnings.push(`message "${key}" is missing in every locale; pages show the key itself`);
  for (const route of missingRoutes) {
    const [locale, id] = route.split(":");
    options.warnings.push(`${locale}: a template links to page "${id}", which does not exist (no site/pages/${id}.yaml with a ${locale} slug); the link points home`);
  }
  return { all, rendered: jobs.length, parsedMarkdown: result.parsedMarkdown, setupKey };
}

// src/build/task.ts
function createTasks(onStart) {
  const timings = [];
  async function task(name, run) {
    onStart?.(name);
    const start = performance.now();
    try {
      return await run();
    } finally {
      timings.push({ name, ms: performance.now() - start });
    }
  }
  return { task, timings };
}

// src/build/pipeline.ts
function runtimeConfig(config, buildHash) {
  const { settings } = config;
  return {
    buildHash,
    locales: config.locales,
    defaultLocale: config.defaultLocale,
    consent: settings.consent,
    analytics: settings.analytics,
    prefetch: settings.prefetch
  };
}
async function buildSite(options) {
  return (await runBuild(options)).report;
}
async function runBuild(options) {
  const started = performance.now();
  const siteDir = resolve5(options.siteDir);
  const root = dirname3(siteDir);
  const templatesDir = resolve5(options.templatesDir ?? join17(root, "templates"));
  const localesDir = resolve5(options.localesDir ?? join17(root, "locales"));
  const cacheDir = resolve5(options.cacheDir ?? join17(root, ".cache"));
  const { task, timings } = createTasks(options.onStage);
  const warnings = [];
  const config = await task("reading settings", () => loadSiteConfig({ siteDir, ...options.baseUrl ? { baseUrl: options.baseUrl } : {} }));
  const [content, messages, { compiled: templates, client }, css] = await task(
    "reading content",
    () => Promise.all([
      loadContent({ siteDir, config, cacheDir }),
      loadMessages({ localesDir, config }),
      compileTemplates({ templatesDir, cacheDir }).then(async (compiled) => ({ compiled, client: await bundleClient({ templatesDir, names: compiled.names, cacheDir }) })),
      bundleCss({ templatesDir })
    ])
  );
  const plan = await task("planning", () => planSite({ config, content, messages, templates: templates.names }));
  const output = new StagedOutput(options.outDir);
  try {
    const sharedFiles = Object.fromEntries(
      Object.entries(plan.shared).map(([locale, data]) => {
        const json = JSON.stringify(data);
        return [locale, { json, hash: contentHash(json) }];
      })
    );
    const buildHash = contentHash("agency-site-1", templates.hash, client.hash, css.text);
    const setup = {
      templatesFile: templates.file,
      shared: plan.shared,
      slices: plan.slices,
      sharedHashes: Object.fromEntries(Object.entries(sharedFiles).map(([l, f]) => [l, f.hash])),
      buildHash,
      stylesheets: [css.href],
      scripts: [client.entry],
      templateChunks: client.templateChunks,
      runtimeConfig: JSON.stringify(runtimeConfig(config, buildHash)),
      siteName: config.settings.name,
      cacheDir,
      constants: config.constants
    };
    const render = await task(
      "rendering pages",
      () => renderPlannedPages({ plan, setup, templatesHash: templates.hash, cacheDir, warnings, ...options.workers !== void 0 ? { workers: options.workers } : {} })
    );
    const files = await task("collecting files", () => collectOutputFiles({ siteDir, config, plan, css, client, buildHash, sharedFiles, pages: render.all, cacheDir }));
    const fingerprint = contentHash(...files.map((f) => `${f.path}\0${"linkFrom" in f ? f.linkFrom : contentHash(f.data)}`));
    const current = isOutputCurrent({ cacheDir, outDir: options.outDir, fingerprint });
    if (!current) {
      await task("writing files", async () => {
        await Promise.all(files.map((f) => "linkFrom" in f ? output.linkFrom(f.path, f.linkFrom, f.bytes) : output.write(f.path, f.data)));
      });
      await task("service worker", () => writeServiceWorker({ outDir: output.stagingDir, cacheDir }));
      await task("publishing", async () => {
        await output.commit();
        recordOutput({ cacheDir, outDir: options.outDir, fingerprint, paths: [...files.map((f) => f.path), "sw.js"] });
      });
    } else {
      await output.abort();
    }
    for (const f of messages.fallbacks) warnings.push(`${f.locale}: message "${f.key}" is missing; using the ${f.usedLocale} text`);
    for (const d of content.drafts) warnings.push(`draft skipped: ${d.file}`);
    const pagesByLocale = {};
    for (const p of plan.pages) pagesByLocale[p.locale] = (pagesByLocale[p.locale] ?? 0) + 1;
    const report = {
      pagesByLocale,
      pages: plan.pages.length,
      rendered: render.rendered,
      fromCache: plan.pages.length - render.rendered,
      parsedMarkdown: render.parsedMarkdown,
      filesWritten: output.filesWritten,
      bytesWritten: output.bytesWritten,
      upToDate: current,
      stages: timings,
      warnings,
      stylesheets: setup.stylesheets,
      javascript: client.sizes,
      durationMs: performance.now() - started,
      outDir: options.outDir
    };
    return { report, state: { options, siteDir, cacheDir, config, content, plan, setup, setupKey: render.setupKey, templates, pages: render.all } };
  } catch (error2) {
    await output.abort();
    throw error2;
  }
}

// src/checks/check-site.ts
import { readdir as readdir4, readFile as readFile5 } from "node:fs/promises";
import { basename as basename4, dirname as dirname4, join as join21, resolve as resolve6 } from "node:path";

// src/checks/check-budgets.ts
import { statSync as statSync5 } from "node:fs";
import { join as join20 } from "node:path";

// src/checks/read-built-site.ts
import { existsSync as existsSync4, readdirSync, readFileSync as readFileSync8, statSync as statSync4 } from "node:fs";
import { join as join18, sep as sep2 } from "node:path";

// src/checks/checks-errors.ts
function outMissingError(outDir) {
  return new SiteError({
    name: "BuiltSiteMissing",
    title: "No built site to check",
    message: `${outDir} holds no built pages (no index.html or 404.html).`,
    hint: "Run `agency-site build` first, or pass the folder it wrote with --out.",
    location: { file: outDir }
  });
}

// src/checks/scan-html.ts
var RAW_TEXT = /* @__PURE__ */ new Set(["script", "style", "textarea", "title"]);
var ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
function scanTags(html) {
  const tags = [];
  let i = html.indexOf("<");
  while (i !== -1) {
    if (html.startsWith("<!--", i)) {
      const close = html.indexOf("-->", i + 4);
      i = close === -1 ? -1 : html.indexOf("<", close + 3);
      continue;
    }
    const name = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(i, i + 40))?.[1]?.toLowerCase();
    if (!name) {
      i = html.indexOf("<", i + 1);
      continue;
    }
    const end = tagEnd(html, i + name.length + 1);
    const attrs = {};
    for (const m of html.slice(i + name.length + 1, end - 1).matchAll(ATTR)) {
      const key = m[1].toLowerCase();
      if (!(key in attrs)) attrs[key] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
    }
    tags.push({ name, attrs, start: i, end });
    let next = end;
    if (RAW_TEXT.has(name)) {
      const close = closingTag(html, name, end);
      next = close === -1 ? html.length : close;
    }
    i = html.indexOf("<", next);
  }
  return tags;
}
function tagEnd(html, from) {
  let quote;
  for (let i = from; i < html.length; i++) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = void 0;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i + 1;
  }
  return html.length;
}
function closingTag(html, name, from) {
  const pattern = new RegExp(`</${name}[\\s>]`, "gi");
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? -1;
}
function textOf2(html, tag) {
  const close = closingTag(html, tag.name, tag.end);
  const inner = html.slice(tag.end, close === -1 ? tag.end : close);
  return decodeEntities(inner.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
}
function innerHtml(html, tag) {
  const close = closingTag(html, tag.name, tag.end);
  return html.slice(tag.end, close === -1 ? tag.end : close);
}
var NAMED = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\xA0" };
function decodeEntities(text) {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 1114111 ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}
function lineIndex(text) {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

// src/checks/read-built-site.ts
function readBuiltSite(options) {
  const { outDir } = options;
  if (!existsSync4(join18(outDir, "index.html")) && !existsSync4(join18(outDir, "404.html"))) throw outMissingError(displayPath(outDir));
  const files = /* @__PURE__ */ new Set();
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.add(join18(entry.parentPath, entry.name).slice(outDir.length + 1).split(sep2).join("/"));
  }
  const pages = [];
  for (const rel of [...files].sort()) {
    if (!rel.endsWith(".html") || rel.startsWith("page-data/")) continue;
    pages.push(readPage(outDir, rel));
  }
  return { outDir, pages, byPath: new Map(pages.map((p) => [p.path, p])), hasFile: (rel) => files.has(rel) };
}
function readPage(outDir, rel) {
  const full = join18(outDir, rel);
  const html = readFileSync8(full, "utf8");
  const tags = scanTags(html);
  const ids = /* @__PURE__ */ new Set();
  for (const tag of tags) {
    if (tag.attrs.id) ids.add(tag.attrs.id);
    if (tag.name === "a" && tag.attrs.name) ids.add(tag.attrs.name);
  }
  return {
    rel,
    file: displayPath(full),
    path: pathOfOutFile(rel),
    html,
    bytes: statSync4(full).size,
    lang: tags.find((t2) => t2.name === "html")?.attrs.lang,
    tags,
    ids,
    lineAt: lineIndex(html)
  };
}
function pathOfOutFile(rel) {
  if (rel === "index.html") return "/";
  if (rel.endsWith("/index.html")) return `/${rel.slice(0, -"index.html".length)}`;
  return `/${rel}`;
}
function fileOfPath(path, hasFile) {
  const rel = path.replace(/^\/+/, "");
  if (rel === "" || rel.endsWith("/")) return hasFile(`${rel}index.html`) ? `${rel}index.html` : void 0;
  if (hasFile(rel)) return rel;
  return hasFile(`${rel}/index.html`) ? `${rel}/index.html` : void 0;
}

// src/checks/read-budgets.ts
import { readFileSync as readFileSync9 } from "node:fs";
import { join as join19 } from "node:path";
import { z as z4 } from "zod";
var kilobytes = z4.number().positive("expected a size in KB greater than 0");
var budgetsSchema = z4.strictObject({
  /** The HTML file of one page. */
  html: kilobytes.default(100),
  /** Stylesheets a page links, plus its inline styles. */
  css: kilobytes.default(50),
  /** Scripts a page loads or preloads from the site, plus its inline scripts (raw bytes; about 80 KB gzipped). */
  js: kilobytes.default(250),
  /** The page's page-data.json, which client navigation fetches. */
  pageData: kilobytes.default(150)
});
var KB = 1024;
function readBudgets(options) {
  const path = join19(options.siteDir, "budgets.yaml");
  const file2 = displayPath(path);
  const defaults = budgetsSchema.parse({});
  let source;
  try {
    source = readFileSync9(path, "utf8");
  } catch (error2) {
    if (error2.code === "ENOENT") return { budgets: defaults, file: file2, findings: [] };
    throw error2;
  }
  const hint = "budgets.yaml accepts html, css, js and pageData, each a number of KB (1 KB = 1024 bytes).";
  let data;
  try {
    data = parseYaml({ file: file2, source }) ?? {};
  } catch (error2) {
    if (!isSiteError(error2)) throw error2;
    const line = error2.location?.line;
    return { budgets: defaults, file: file2, findings: [{ severity: "error", check: "budgets", file: file2, ...line !== void 0 ? { line } : {}, message: `${error2.message} The default budgets apply.`, hint }] };
  }
  const parsed = budgetsSchema.safeParse(data);
  if (parsed.success) return { budgets: parsed.data, file: file2, findings: [] };
  const findings = parsed.error.issues.map((issue) => {
    const path2 = issue.path.map((p) => typeof p === "symbol" ? String(p) : p);
    const at2 = issue.code === "unrecognized_keys" ? [...path2, issue.keys[0]] : path2;
    const line = locateYamlPath(source, at2)?.line;
    const field = at2.join(".") || "(root)";
    return { severity: "error", check: "budgets", file: file2, ...line !== void 0 ? { line } : {}, message: `Field "${field}": ${issue.message}; the default budgets apply.`, hint };
  });
  return { budgets: defaults, file: file2, findings };
}

// src/checks/resolve-link.ts
function resolveLink(value, options) {
  const href = value.trim();
  if (href === "" || /^(mailto|tel|sms|javascript|data|blob):/i.test(href)) return void 0;
  const site2 = new URL(options.baseUrl);
  let url;
  try {
    url = new URL(href, new URL(options.pagePath, site2));
  } catch {
    return void 0;
  }
  if (url.origin !== site2.origin) return void 0;
  const hash = url.hash.slice(1);
  return { path: safeDecode(url.pathname), fragment: href.includes("#") ? safeDecode(hash) : void 0 };
}
function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
function pageUrl(baseUrl, path) {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

// src/checks/check-budgets.ts
var LABELS = { html: "HTML", css: "CSS", js: "JavaScript", pageData: "page-data" };
function checkBudgets(options) {
  const findings = [];
  for (const page of options.site.pages) {
    const weight = weighPage(page, options);
    for (const key of Object.keys(LABELS)) {
      const limit = options.budgets[key] * KB;
      if (weight[key] <= limit) continue;
      findings.push({
        severity: "error",
        check: "budgets",
        file: page.file,
        message: `${LABELS[key]} of ${page.path} weighs ${kb(weight[key])}, over the budget of ${kb(limit)}.`,
        hint: `Make the page lighter, or raise "${key}" in ${options.budgetsFile} if the weight is deliberate.`
      });
    }
  }
  return findings;
}
function weighPage(page, { site: site2, baseUrl }) {
  const weight = { html: page.bytes, css: 0, js: 0, pageData: 0 };
  const counted = /* @__PURE__ */ new Set();
  const fileBytes = (value) => {
    const link2 = value === void 0 ? void 0 : resolveLink(value, { pagePath: page.path, baseUrl });
    const rel = link2 && fileOfPath(link2.path, site2.hasFile);
    if (!rel || counted.has(rel)) return 0;
    counted.add(rel);
    return statSync5(join20(site2.outDir, rel)).size;
  };
  for (const tag of page.tags) {
    const rel = (tag.attrs.rel ?? "").toLowerCase().split(/\s+/);
    if (tag.name === "link" && rel.includes("stylesheet")) weight.css += fileBytes(tag.attrs.href);
    else if (tag.name === "link" && rel.includes("modulepreload")) weight.js += fileBytes(tag.attrs.href);
    else if (tag.name === "style") weight.css += Buffer.byteLength(innerHtml(page.html, tag));
    else if (tag.name === "script" && isJavaScript(tag.attrs.type)) {
      weight.js += tag.attrs.src !== void 0 ? fileBytes(tag.attrs.src) : Buffer.byteLength(innerHtml(page.html, tag));
    }
  }
  const pageData = `page-data/${pageDataFolder(page.path)}/page-data.json`;
  if (site2.hasFile(pageData)) weight.pageData = statSync5(join20(site2.outDir, pageData)).size;
  return weight;
}
function isJavaScript(type) {
  return type === void 0 || type === "" || type === "module" || /^(text|application)\/(x-)?(java|ecma)script$/i.test(type);
}
var kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

// src/checks/visible-text.ts
function visibleText(html) {
  let mapped = { text: html, offsets: Array.from({ length: html.length }, (_, i) => i) };
  const steps = [
    [/<script[\s\S]*?<\/script>/g, " "],
    [/<style[\s\S]*?<\/style>/g, " "],
    [/<pre[\s\S]*?<\/pre>/g, " "],
    [/<meta [^>]*content="([^"]*)"[^>]*>/g, (m) => `
${m[1]}
`],
    // Block boundaries become line breaks so a claim never spans two elements ("6+" then "Apps shipped").
    [/<\/(p|li|dt|dd|h[1-6]|div|td|th|figcaption|blockquote|summary|a|button|label)>|<br\s*\/?>/g, "\n"],
    [/<[^>]+>/g, " "],
    [/&amp;/g, "&"],
    [/&#x27;|&#39;/g, "'"],
    [/&quot;/g, '"'],
    [/[ \t]+/g, " "]
  ];
  for (const [pattern, replacement] of steps) mapped = replaceMapped(mapped, pattern, replacement);
  return mapped;
}
function replaceMapped(input, pattern, replacement) {
  let text = "";
  const offsets = [];
  let last = 0;
  for (const match of input.text.matchAll(pattern)) {
    const start = match.index;
    text += input.text.slice(last, start);
    for (let i = last; i < start; i++) offsets.push(input.offsets[i]);
    const inserted = typeof replacement === "string" ? replacement : replacement(match);
    text += inserted;
    const origin = input.offsets[start] ?? input.offsets.at(-1) ?? 0;
    for (let i = 0; i < inserted.length; i++) offsets.push(origin);
    last = start + match[0].length;
  }
  text += input.text.slice(last);
  for (let i = last; i < input.text.length; i++) offsets.push(input.offsets[i]);
  return { text, offsets };
}

// src/checks/check-claims.ts
var WORDS = { one: 1, two: 2 };
function checkClaims(options) {
  const findings = [];
  const detectors = [];
  options.constants.detectors.forEach((detector, i) => {
    const broken = (message) => ({
      severity: "error",
      check: "claims",
      file: options.constantsFile,
      ...lineOf(locateYamlPath(options.constantsSource, ["detectors", i])?.line),
      message,
      hint: "Each detector names a constant (a dotted path in constants.yaml) and a regular expression whose first group captures the number."
    });
    const value = detector.constant.split(".").reduce((v, k) => v?.[k], options.constants);
    if (typeof value !== "number" && typeof value !== "string") {
      findings.push(broken(`Detector ${i + 1} names "${detector.constant}", which is not a value in constants.yaml.`));
      return;
    }
    try {
      detectors.push({ constant: detector.constant, pattern: new RegExp(detector.pattern, "gi"), value: Number(value) });
    } catch (error2) {
      findings.push(broken(`Detector ${i + 1} has an invalid pattern: ${error2.message}.`));
    }
  });
  for (const page of options.pages) {
    if (page.tags.some((t2) => t2.name === "meta" && t2.attrs.property === "og:type" && t2.attrs.content === "article")) continue;
    const { text, offsets } = visibleText(page.html);
    for (const detector of detectors) {
      for (const match of text.matchAll(detector.pattern)) {
        const captured = match[1] ?? "";
        const stated = WORDS[captured.toLowerCase()] ?? Number(captured);
        if (stated === detector.value) continue;
        findings.push({
          severity: "error",
          check: "claims",
          file: page.file,
          line: page.lineAt(offsets[match.index] ?? 0),
          message: `"${match[0].trim()}" states ${detector.constant} as ${captured}, but constants.yaml says ${detector.value}.`,
          hint: `Write {${detector.constant}} in the page's source instead of the number, so the claim always follows constants.yaml.`
        });
      }
    }
  }
  return findings;
}
var lineOf = (line) => line === void 0 ? {} : { line };

// src/checks/check-content.ts
function checkContent(options) {
  return options.pages.flatMap((page) => [...imagesWithoutAlt(page), ...skippedHeadings(page)]);
}
function imagesWithoutAlt(page) {
  const findings = [];
  for (const tag of page.tags) {
    if (tag.name !== "img") continue;
    const { alt, role, src } = tag.attrs;
    const decorative = role === "presentation" || role === "none" || tag.attrs["aria-hidden"] === "true";
    if (alt !== void 0 && (alt.trim() !== "" || decorative)) continue;
    findings.push({
      severity: "error",
      check: "content",
      file: page.file,
      line: page.lineAt(tag.start),
      message: alt === void 0 ? `Image ${src ?? ""} has no alt text.` : `Image ${src ?? ""} has an empty alt but is not marked decorative.`,
      hint: 'Describe the image in its alt text (markdown: ![what it shows](file)); for pure decoration use alt="" with role="presentation".'
    });
  }
  return findings;
}
function skippedHeadings(page) {
  const findings = [];
  let previous;
  for (const tag of page.tags) {
    const level = /^h([1-6])$/.exec(tag.name)?.[1];
    if (!level) continue;
    const current = { level: Number(level), text: textOf2(page.html, tag) };
    if (previous && current.level > previous.level + 1) {
      findings.push({
        severity: "error",
        check: "content",
        file: page.file,
        line: page.lineAt(tag.start),
        message: `Heading h${current.level} "${clip(current.text)}" follows h${previous.level} "${clip(previous.text)}", skipping h${previous.level + 1}.`,
        hint: `Make it an h${previous.level + 1} (in markdown, ${"#".repeat(previous.level + 1)}); screen reader users navigate by heading levels.`
      });
    }
    previous = current;
  }
  return findings;
}
var clip = (text) => text.length > 50 ? `${text.slice(0, 47)}\u2026` : text;

// src/checks/check-head-links.ts
function checkHeadLinks(options) {
  const findings = [];
  for (const page of options.site.pages) {
    findings.push(...checkCanonical(page, options), ...checkAlternates(page, options));
  }
  return findings;
}
function checkCanonical(page, { baseUrl }) {
  const own = pageUrl(baseUrl, page.path);
  const tags = page.tags.filter((t2) => t2.name === "link" && t2.attrs.rel === "canonical");
  const hint = "Canonical links are baseUrl (site.yaml) + the page path: check with the --base-url the site was built with, rebuild, or fix templates/Document.tsx.";
  if (!tags.length) return [error(page, void 0, `The page has no <link rel="canonical">; it should be ${own}.`, hint)];
  const problems = [];
  if (tags.length > 1) problems.push(error(page, tags[1], `The page has ${tags.length} canonical links; search engines ignore all of them.`, hint));
  const tag = tags[0];
  const href = tag.attrs.href ?? "";
  if (!/^https?:\/\//i.test(href)) problems.push(error(page, tag, `Canonical URL "${href}" is not absolute.`, hint));
  else if (!href.startsWith(`${baseUrl}/`)) problems.push(error(page, tag, `Canonical URL "${href}" is not on the site's baseUrl ${baseUrl}.`, hint));
  else if (href !== own) problems.push(error(page, tag, `Canonical URL "${href}" is not this page's own URL ${own}.`, hint));
  return problems;
}
function alternatesOf(page) {
  return page.tags.filter((t2) => t2.name === "link" && t2.attrs.rel === "alternate" && t2.attrs.hreflang !== void 0).map((tag) => ({ hreflang: tag.attrs.hreflang, href: tag.attrs.href ?? "", tag }));
}
function checkAlternates(page, { site: site2, baseUrl }) {
  const alternates = alternatesOf(page);
  if (!alternates.length) return [];
  const own = pageUrl(baseUrl, page.path);
  const hint = "hreflang links come from the plan (a page's slug per locale; posts paired by translationKey): rebuild, or fix templates/Document.tsx.";
  const findings = [];
  if (!alternates.some((a) => a.href === own && a.hreflang === page.lang)) {
    findings.push(error(page, alternates[0].tag, `The hreflang links do not include the page itself (hreflang="${page.lang}" href="${own}").`, hint));
  }
  for (const alt of alternates) {
    if (alt.href === own) continue;
    const target = alt.href.startsWith(`${baseUrl}/`) ? site2.byPath.get(alt.href.slice(baseUrl.length)) : void 0;
    if (!target) {
      findings.push(error(page, alt.tag, `hreflang="${alt.hreflang}" points at ${alt.href}, which is not a built page of this site.`, hint));
      continue;
    }
    if (alt.hreflang === "x-default") continue;
    if (target.lang !== alt.hreflang) {
      findings.push(error(page, alt.tag, `hreflang="${alt.hreflang}" points at ${alt.href}, whose language is "${target.lang ?? "unset"}".`, hint));
    }
    const back = alternatesOf(target).some((a) => a.href === own && a.hreflang === page.lang);
    if (!back) {
      findings.push(error(page, alt.tag, `hreflang="${alt.hreflang}" points at ${alt.href}, which does not point back here (hreflang="${page.lang}" href="${own}").`, hint));
    }
  }
  return findings;
}
function error(page, tag, message, hint) {
  return { severity: "error", check: "links", file: page.file, line: page.lineAt(tag?.start ?? page.tags.find((t2) => t2.name === "head")?.start ?? 0), message, hint };
}

// src/checks/check-head-text.ts
var TITLE_MAX = 60;
var DESCRIPTION_MAX = 160;
function checkHeadText(options) {
  const heads = options.pages.map(readHead);
  const findings = [];
  const at2 = (head, field, severity, message, hint) => {
    const source = options.sources.get(head.page.path);
    const line = source?.lineOf(field);
    const where = source ? { file: source.file, ...line !== void 0 ? { line } : {} } : { file: head.page.file, line: head.page.lineAt(head[field].tag?.start ?? 0) };
    return { severity, check: "content", ...where, message: `${head.page.path}: ${message}`, hint: hint(source?.fieldName(field) ?? field) };
  };
  for (const head of heads) {
    const { title, description } = head;
    if (!title.text) findings.push(at2(head, "title", "error", "The page has no title.", (name) => `Write ${name}; it names the tab, the bookmark and the search result.`));
    if (!description.text) findings.push(at2(head, "description", "error", "The page has no meta description.", (name) => `Write ${name}: one or two sentences that make someone click the search result.`));
    if (!head.indexed) continue;
    const titleLength = [...title.text].length;
    if (titleLength > TITLE_MAX) {
      const added = title.own !== void 0 && title.own !== title.text ? titleLength - [...title.own].length : 0;
      findings.push(
        at2(head, "title", "warning", `Title "${title.text}" is ${titleLength} characters${added ? ` (${added} of them the site name the template adds)` : ""}; search results show about ${TITLE_MAX}.`, (name) => `Shorten ${name} to ${TITLE_MAX - added} characters or fewer.`)
      );
    }
    const descriptionLength = [...description.text].length;
    if (descriptionLength > DESCRIPTION_MAX) {
      findings.push(at2(head, "description", "warning", `Description is ${descriptionLength} characters; search results show about ${DESCRIPTION_MAX}.`, (name) => `Shorten ${name} to ${DESCRIPTION_MAX} characters or fewer.`));
    }
  }
  findings.push(...duplicateTitles(heads, at2));
  return findings;
}
function duplicateTitles(heads, at2) {
  const groups = /* @__PURE__ */ new Map();
  for (const head of heads) {
    if (!head.indexed || !head.title.text) continue;
    const key = `${head.page.lang}\0${head.title.text}`;
    groups.set(key, [...groups.get(key) ?? [], head]);
  }
  const findings = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const head of group) {
      const others = group.filter((h) => h !== head).map((h) => h.page.path);
      findings.push(at2(head, "title", "error", `Title "${head.title.text}" is also the title of ${others.join(", ")}.`, (name) => `Give ${name} a title of its own, so search results can tell the pages apart.`));
    }
  }
  return findings;
}
function readHead(page) {
  const titleTag = page.tags.find((t2) => t2.name === "title");
  const meta = (key, value) => page.tags.find((t2) => t2.name === "meta" && t2.attrs[key] === value);
  const descriptionTag = meta("name", "description");
  const robots = meta("name", "robots")?.attrs.content ?? "";
  return {
    page,
    title: { text: titleTag ? textOf2(page.html, titleTag) : "", tag: titleTag, own: meta("property", "og:title")?.attrs.content?.trim() },
    description: { text: descriptionTag?.attrs.content?.trim() ?? "", tag: descriptionTag },
    indexed: !/\bnoindex\b/i.test(robots)
  };
}

// src/checks/check-links.ts
var LINK_ATTRS = { a: "href", area: "href", link: "href", img: "src", script: "src", source: "src", iframe: "src", video: "src", audio: "src" };
function checkLinks(options) {
  const findings = [];
  for (const page of options.site.pages) {
    for (const tag of page.tags) {
      const attr = LINK_ATTRS[tag.name];
      const value = attr ? tag.attrs[attr] : void 0;
      if (value === void 0 || tag.name === "link" && (tag.attrs.rel === "canonical" || tag.attrs.hreflang !== void 0)) continue;
      const problem = linkProblem(value, page, options);
      if (problem) findings.push(finding(page, tag, problem));
    }
  }
  return findings;
}
function linkProblem(value, page, { site: site2, baseUrl, serverPaths }) {
  const link2 = resolveLink(value, { pagePath: page.path, baseUrl });
  if (!link2) return void 0;
  if (serverPaths.some((p) => link2.path === p || link2.path.startsWith(`${p.replace(/\/+$/, "")}/`))) return void 0;
  const rel = fileOfPath(link2.path, site2.hasFile);
  if (!rel) {
    return {
      message: `Link "${value}" leads to ${link2.path}, which is not a built page or file.`,
      hint: "Link pages through their page id (navigation.yaml `page:`, or useHref in templates) so a changed slug cannot break it; in markdown, use the page's current URL."
    };
  }
  if (link2.fragment === void 0 || link2.fragment === "" || link2.fragment.toLowerCase() === "top") return void 0;
  const target = rel === page.rel ? page : site2.byPath.get(pathOfOutFile(rel));
  if (!target) return void 0;
  if (target.ids.has(link2.fragment)) return void 0;
  return {
    message: `Link "${value}" points at #${link2.fragment}, but ${target.path} has no element with id="${link2.fragment}".`,
    hint: "Use an id that exists on that page (heading ids are the heading text in lowercase with dashes), or remove the fragment."
  };
}
function finding(page, tag, problem) {
  return { severity: "error", check: "links", file: page.file, line: page.lineAt(tag.start), ...problem };
}

// src/checks/check-translations.ts
import { readFileSync as readFileSync11 } from "node:fs";

// src/checks/front-matter-line.ts
import { readFileSync as readFileSync10 } from "node:fs";
function frontMatterLine(path, field, text = readFileSync10(path, "utf8")) {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  if (block === void 0 || !new RegExp(`^${field}\\s*:`, "m").test(block)) return void 0;
  return locateYamlPath(block, [field], 1)?.line;
}

// src/checks/check-translations.ts
function checkTranslations(options) {
  return [...missingMessages(options), ...pagesWithoutSlug(options), ...postsWithoutPartner(options)];
}
function missingMessages({ config, messages, messagePaths }) {
  const { defaultLocale } = config;
  const baseFile = messages.files[defaultLocale];
  const source = (locale) => readFileSync11(messagePaths[locale], "utf8");
  const base = source(defaultLocale);
  const own = {};
  return messages.fallbacks.map((f) => {
    if (!own[f.locale]) {
      const text = source(f.locale);
      own[f.locale] = { source: text, tree: parseYaml({ file: messages.files[f.locale], source: text }) };
    }
    const path = f.key.split(".");
    const defined = locateYamlPath(base, path)?.line;
    const parent = sectionLine(own[f.locale], path);
    return {
      severity: "error",
      check: "translations",
      file: messages.files[f.locale],
      ...parent !== void 0 ? { line: parent } : {},
      message: `Message "${f.key}" is missing in ${f.locale}; ${f.locale} pages show the ${defaultLocale} text (${baseFile}${defined ? `:${defined}` : ""}).`,
      hint: `Add "${f.key}" to ${messages.files[f.locale]} with the ${f.locale} translation.`
    };
  });
}
function pagesWithoutSlug({ config, content }) {
  const findings = [];
  for (const page of content.pages) {
    const missing = config.locales.filter((l) => page.slug[l] === void 0);
    if (!missing.length) continue;
    findings.push({
      severity: "error",
      check: "translations",
      file: page.file,
      ...lineOf2(page.locate(["slug"]).line),
      message: `Page "${page.id}" has no ${missing.join(", ")} slug, so it does not exist in ${missing.length > 1 ? "those languages" : "that language"}.`,
      hint: `Add ${missing.map((l) => `slug.${l}`).join(", ")} and the matching seo.<locale> title and description.`
    });
  }
  return findings;
}
function postsWithoutPartner({ config, content }) {
  const findings = [];
  const published = /* @__PURE__ */ new Map();
  const drafted = /* @__PURE__ */ new Map();
  const add = (map, post) => {
    if (post.translationKey) map.set(post.translationKey, (map.get(post.translationKey) ?? /* @__PURE__ */ new Set()).add(post.locale));
  };
  for (const post of Object.values(content.posts).flat()) add(published, post);
  for (const post of content.drafts) add(drafted, post);
  for (const post of Object.values(content.posts).flat()) {
    if (!post.translationKey) continue;
    const missing = config.locales.filter((l) => l !== post.locale && !published.get(post.translationKey)?.has(l));
    for (const locale of missing) {
      const draft = drafted.get(post.translationKey)?.has(locale);
      findings.push({
        severity: "warning",
        check: "translations",
        file: post.file,
        ...lineOf2(frontMatterLine(post.markdown.path, "translationKey")),
        message: `Post "${post.slug}" (translationKey "${post.translationKey}") has no published ${locale} translation${draft ? ` (the ${locale} one is still a draft)` : ""}, so it offers no language switch.`,
        hint: `Write site/blog/${locale}/<slug>.md with translationKey: ${post.translationKey}${draft ? ", or publish the draft" : ""} (\`agency-site new post --locale ${locale} "Title"\`).`
      });
    }
  }
  return findings;
}
function sectionLine(file2, path) {
  let node = file2.tree;
  let depth = 0;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== "object" || node === null || !(key in node)) break;
    node = node[key];
    depth++;
  }
  return depth ? locateYamlPath(file2.source, path.slice(0, depth))?.line : void 0;
}
var lineOf2 = (line) => line === void 0 ? {} : { line };

// src/checks/types.ts
var CHECK_NAMES = ["translations", "links", "content", "claims", "budgets"];

// src/checks/format-findings.ts
function findingLocation(finding2) {
  return finding2.line === void 0 ? finding2.file : `${finding2.file}:${finding2.line}`;
}
function sortFindings(findings) {
  const order = (f) => CHECK_NAMES.indexOf(f.check);
  return [...findings].sort(
    (a, b) => order(a) - order(b) || (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1) || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0)
  );
}
function formatFindings(findings, options) {
  const lines = [];
  for (const check of CHECK_NAMES) {
    const group = sortFindings(findings.filter((f) => f.check === check));
    if (!group.length) continue;
    lines.push(`${check} (${countText(group)})`);
    for (const f of group) {
      lines.push(`  ${f.severity === "error" ? "error  " : "warning"} ${findingLocation(f)}`);
      lines.push(`          ${f.message}`);
      lines.push(`          hint: ${f.hint}`);
    }
    lines.push("");
  }
  lines.push(summarizeFindings(findings, options));
  return lines.join("\n");
}
function summarizeFindings(findings, options) {
  const errors = findings.filter((f) => f.severity === "error").length;
  const checked = `${options.pages} built page${options.pages === 1 ? "" : "s"} and their sources`;
  if (!findings.length) return `check passed: no problems in ${checked}.`;
  const checks = CHECK_NAMES.filter((c) => findings.some((f) => f.check === c && (errors === 0 || f.severity === "error")));
  return errors ? `check failed: ${countText(findings)} in ${checked} (errors in: ${checks.join(", ")}).` : `check passed with ${countText(findings)} in ${checked}.`;
}
function countText(findings) {
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.length - errors;
  const parts = [];
  if (errors) parts.push(`${errors} error${errors === 1 ? "" : "s"}`);
  if (warnings) parts.push(`${warnings} warning${warnings === 1 ? "" : "s"}`);
  return parts.join(", ");
}

// src/checks/page-sources.ts
import { readFileSync as readFileSync12 } from "node:fs";
function pageSources(options) {
  const sources = /* @__PURE__ */ new Map();
  const pagesById = new Map(options.content.pages.map((p) => [p.id, p]));
  for (const planned of options.plan.pages) {
    if (planned.id.startsWith("post:") && planned.markdown) {
      const { path, file: file2 } = planned.markdown;
      sources.set(planned.path, { file: file2, fieldName: (field) => field, lineOf: frontMatterLines(path) });
      continue;
    }
    const page = pagesById.get(planned.id.split(":")[0]);
    if (!page) continue;
    const locale = planned.locale;
    sources.set(planned.path, { file: page.file, fieldName: (field) => `seo.${locale}.${field}`, lineOf: (field) => page.locate(["seo", locale, field]).line });
  }
  return sources;
}
function frontMatterLines(path) {
  let text;
  return (field) => frontMatterLine(path, field, text ??= readFileSync12(path, "utf8"));
}

// src/checks/check-site.ts
var PROXY_PATH = "/__third-party-proxy";
async function checkSite(options) {
  const siteDir = resolve6(options.siteDir);
  const outDir = resolve6(options.outDir);
  const root = dirname4(siteDir);
  const localesDir = resolve6(options.localesDir ?? join21(root, "locales"));
  const templatesDir = resolve6(options.templatesDir ?? join21(root, "templates"));
  const config = await loadSiteConfig({ siteDir, ...options.baseUrl ? { baseUrl: options.baseUrl } : {} });
  const [content, messages, templates, constantsSource] = await Promise.all([
    loadContent({ siteDir, config }),
    loadMessages({ localesDir, config }),
    readdir4(join21(templatesDir, "pages")).then((names) => names.filter((n) => n.endsWith(".tsx")).map((n) => basename4(n, ".tsx"))),
    readFile5(join21(siteDir, "constants.yaml"), "utf8")
  ]);
  const plan = planSite({ config, content, messages, templates });
  const site2 = readBuiltSite({ outDir });
  const budgets = readBudgets({ siteDir });
  const baseUrl = config.settings.baseUrl;
  const endpoint = config.settings.forms.endpoint;
  const findings = [
    ...checkTranslations({ config, content, messages, messagePaths: Object.fromEntries(config.locales.map((l) => [l, join21(localesDir, `${l}.yaml`)])) }),
    ...checkLinks({ site: site2, baseUrl, serverPaths: [PROXY_PATH, ...endpoint.startsWith("/") ? [endpoint] : []] }),
    ...checkHeadLinks({ site: site2, baseUrl }),
    ...checkContent({ pages: site2.pages }),
    ...checkHeadText({ pages: site2.pages, sources: pageSources({ plan, content }) }),
    ...checkClaims({ pages: site2.pages, constants: config.constants, constantsFile: displayPath(join21(siteDir, "constants.yaml")), constantsSource }),
    ...budgets.findings,
    ...checkBudgets({ site: site2, budgets: budgets.budgets, baseUrl, budgetsFile: budgets.file })
  ];
  return { findings: sortFindings(findings), errors: findings.filter((f) => f.severity === "error").length, pages: site2.pages.length };
}

// ../../tmp/cx/run-check.ts
var [site, out, mode] = process.argv.slice(2);
if (mode?.includes("build")) await buildSite({ siteDir: site, outDir: out, cacheDir: join22(dirname5(out), ".cache-scratch"), workers: 0 });
var t = performance.now();
var r = await checkSite({ siteDir: site, outDir: out });
console.log(mode?.includes("json") ? JSON.stringify(r.findings, null, 1) : formatFindings(r.findings, { pages: r.pages }));
console.error(`took ${Math.round(performance.now() - t)} ms`);
