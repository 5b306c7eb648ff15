import { displayPath } from '../../node/display-path.ts';
import { defineError } from '../define-error.ts';
import { SiteError, type SourceLocation } from '../site-error.ts';

// ── images: files under site/images and the alt text every image needs ──

const ExternalImage = defineError({
  name: 'ExternalImage',
  stage: 'images',
  title: 'Image outside site/images',
  when: 'A markdown body shows an image from another site (a host site.yaml does not allow in images.remoteHosts) or a root path outside /images/.',
  hint: 'Save the file beside the post and write its name (![…](./name.png)), or put it in site/images/ and write /images/<name>.',
});

export function externalImageError(location: SourceLocation, src: string): SiteError {
  if (/^(https?:)?\/\//i.test(src)) {
    return ExternalImage({
      message: `"${src}" is on another site; images are published from this site so they can be resized, and they do not vanish when the other site does.`,
      hint: 'Save the image beside the post and write its name: ![…](./name.png). To keep images of a host as they are, list the host in site.yaml under images.remoteHosts.',
      location,
    });
  }
  return ExternalImage({
    message: `"${src}" is neither beside the markdown file nor in site/images; images are published from there so they can be resized and served from this site.`,
    location,
  });
}

const MissingImage = defineError({
  name: 'MissingImage',
  stage: 'images',
  title: 'Image not found',
  when: 'A markdown body, a YAML image ({ src: /images/… }) or a template shows an image (or links a file) that does not exist, in site/images or beside the markdown file.',
  hint: "Check the path (file names are case-sensitive; a relative path starts from the markdown file's folder, /images/… from site/) or add the file.",
});

/** An image of markdown or YAML content; `field` is its YAML path. */
export function missingImageError(location: SourceLocation, src: string, field?: string, resolved?: string): SiteError {
  if (resolved) return MissingImage({ message: `${src} does not exist: site${resolved} is not there.`, ...(field ? { field } : {}), location });
  return MissingImage({ message: `${src} does not exist in site/images.`, ...(field ? { field } : {}), location });
}

/** An image a template shows (markdown and YAML images are checked earlier, with their own lines). */
export function missingTemplateImageError(location: SourceLocation, src: string, pageUrl: string): SiteError {
  return MissingImage({ message: `A template shows ${src} (on ${pageUrl} and maybe other pages), but site${src} does not exist.`, field: 'src', location });
}

const MissingAltText = defineError({
  name: 'MissingAltText',
  stage: 'images',
  title: 'Image without alt text',
  when: 'An image in markdown or YAML has no alt text (in YAML: in some language) and is not marked decorative.',
  hint: 'Describe what the image shows in its alt text, or mark a purely decorative image as decorative.',
});

/** Markdown images get markdown advice; YAML images (with a `field`) need alt text in every language. */
export function missingAltTextError(location: SourceLocation, src: string, field?: string): SiteError {
  if (field === undefined) {
    return MissingAltText({
      message: `${src} has no alt text: screen-reader users and search engines would learn nothing from it.`,
      hint: 'Describe the image: ![What it shows](…). For a purely decorative image write ![](… "decorative").',
      location,
    });
  }
  return MissingAltText({
    message: `${src} has no alt text (in every language): screen-reader users and search engines would learn nothing from it.`,
    hint: 'Add alt: { en: …, es: … } describing the image, or decorative: true for pure decoration.',
    field,
    location,
  });
}

const InvalidImage = defineError({
  name: 'InvalidImage',
  stage: 'images',
  title: 'An image cannot be used',
  when: 'An image file (in site/images or beside a markdown file) cannot be read as an image, or an SVG has no size (width and height, or a viewBox).',
  hint: 'Replace the file with a valid JPEG, PNG, GIF, WebP, AVIF or SVG.',
});

/** `file` as shown to the user; `why` ends the sentence "<file>: …". */
export function invalidImageError(file: string, why: string): SiteError {
  return InvalidImage({ message: `${file}: ${why}.`, location: { file } });
}

const InvalidSocialCard = defineError({
  name: 'InvalidSocialCard',
  stage: 'images',
  title: 'The social card design cannot be drawn',
  when: 'Social cards are on (images.socialCards in site.yaml) and templates/social-card.svg is missing, is not 1200×630, or has no usable <text id="title"> (where the page title goes).',
  hint: 'Keep templates/social-card.svg a 1200×630 SVG with one empty <text id="title" x y font-size fill data-line-height data-max-chars data-max-lines>; its comment explains each.',
});

/** `why` ends the sentence "templates/social-card.svg: …". */
export function invalidSocialCardError(file: string, why: string): SiteError {
  return InvalidSocialCard({ message: `${displayPath(file)}: ${why}.`, location: { file: displayPath(file) } });
}
