import * as z from 'zod';

// One schema per form, shared with the browser: no `node:` imports here.
// Messages are ids from error-messages.ts; validateSubmission() turns them into text.

export const FORM_NAMES = ['contact', 'newsletter', 'guide', 'careers'] as const;
export type FormName = (typeof FORM_NAMES)[number];

export const GUIDES = ['mvp-guide', 'app-success-guide'] as const;
export const ENGLISH_LEVELS = ['B1', 'B2', 'C1', 'C2'] as const;

/** The CV limit, in bytes (5 MiB); the server refuses a larger upload with 413 before validating. */
export const MAX_CV_BYTES = 5 * 1024 * 1024;
export const CV_TYPES = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
} as const;
/** The multipart field that carries the CV. */
export const CV_FIELD = 'cv';

// Bidirectional controls turn `Ann\u202Egnp.exe` into "Annexe.png" in a list or a mail subject;
// zero-width characters make an empty name look filled in. Neither belongs in what a person typed.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\u061C\uFEFF]/g;
const withoutInvisible = (value: unknown) => (typeof value === 'string' ? value.replace(INVISIBLE, '') : value);

const required = (field: string, max: number, min = 1, short = `${field}.required`) =>
  z.preprocess(
    withoutInvisible,
    z
      .string({ error: `${field}.required` })
      .trim()
      .min(1, `${field}.required`)
      .min(min, short)
      .max(max, `${field}.tooLong`),
  );

const email = required('email', 254).pipe(z.email({ error: 'email.invalid' }));
const locale = z
  .string()
  .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'locale.invalid')
  .optional();
const isObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

export const contactSchema = z
  .object({
    name: required('name', 120),
    email,
    phone: z
      .string()
      .trim()
      .regex(/^\+?[\d\s().-]{6,30}$/, 'phone.invalid')
      .optional(),
    message: required('message', 5000, 10, 'message.tooShort'),
    locale,
    variant: z.enum(['general', 'staff-augmentation'], { error: 'variant.invalid' }).optional(),
  })
  // `when` keeps this check running even when another field failed, so every error shows at once.
  .refine((v) => v.variant !== 'staff-augmentation' || Boolean(v.phone), { path: ['phone'], message: 'phone.required', when: isObject });

export const newsletterSchema = z.object({ email, locale });

export const guideSchema = z.object({
  email,
  guide: z.enum(GUIDES, { error: 'guide.invalid' }),
  locale,
});

/** What the server (from the bytes) or the browser (from a File) knows about the CV. */
export const cvSchema = z.object(
  {
    name: z.string().max(255, 'cv.name'),
    size: z.number().int().positive('cv.required').max(MAX_CV_BYTES, 'cv.tooLarge'),
    type: z.enum(Object.keys(CV_TYPES) as [keyof typeof CV_TYPES], { error: 'cv.type' }),
  },
  { error: 'cv.required' },
);

export const careersSchema = z.object({
  name: required('name', 120),
  email,
  role: z.string().trim().max(120, 'role.tooLong').optional(),
  englishLevel: z.enum(ENGLISH_LEVELS, { error: 'englishLevel.invalid' }).optional(),
  profileUrl: z
    .url({ protocol: /^https?$/, error: 'profileUrl.invalid' })
    .max(2000, 'profileUrl.invalid')
    .optional(),
  locale,
  cv: cvSchema,
});

export const formSchemas = {
  contact: contactSchema,
  newsletter: newsletterSchema,
  guide: guideSchema,
  careers: careersSchema,
} as const;

export type FormValues<F extends FormName> = z.output<(typeof formSchemas)[F]>;
export type CvInfo = z.output<typeof cvSchema>;

export function isFormName(name: string): name is FormName {
  return (FORM_NAMES as readonly string[]).includes(name);
}
