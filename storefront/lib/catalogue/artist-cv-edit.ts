import { z } from 'zod';
import { SHIPPING_COUNTRIES } from '@easel/shared/vocabulary';

/**
 * An artist's CV edit as PATCH /api/artist/edit/ takes it, shared by the endpoint and the form
 * (which checks a draft with it before sending). The lists replace the stored ones whole.
 */

export const CV_LIMITS = { bio: 4000, education: 12, exhibitions: 60, earliestYear: 1900 } as const;

/** The latest year an entry may name: exhibitions may be announced for next year. */
const latestYear = () => new Date().getUTCFullYear() + 1;

const text = (max: number) => z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const year = () => z.number({ error: 'must be a year, such as 2019' }).int('must be a year, such as 2019')
  .min(CV_LIMITS.earliestYear, `must be ${CV_LIMITS.earliestYear} or later`)
  .refine((y) => y <= latestYear(), { error: () => `must be ${latestYear()} or earlier` });

export const educationEntrySchema = z.strictObject({ institution: text(120), course: text(120), year: year() });
export const exhibitionEntrySchema = z.strictObject({
  year: year(),
  title: text(160),
  venue: text(120),
  city: text(80),
  kind: z.enum(['solo', 'group'], { error: 'must be solo or group' }),
});

export const artistCvEditSchema = z.strictObject({
  bio: text(CV_LIMITS.bio),
  education: z.array(educationEntrySchema, { error: 'must be a list' }).max(CV_LIMITS.education, `may have at most ${CV_LIMITS.education} entries`),
  exhibitions: z.array(exhibitionEntrySchema, { error: 'must be a list' }).max(CV_LIMITS.exhibitions, `may have at most ${CV_LIMITS.exhibitions} entries`),
  ships_from: z.enum(SHIPPING_COUNTRIES, { error: 'must be one of the countries Easel ships from' }),
}).partial().refine((edit) => Object.keys(edit).length > 0, 'must name at least one field to change');

export type ArtistCvEditBody = z.output<typeof artistCvEditSchema>;
