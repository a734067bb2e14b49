import { z } from 'zod';
import { localeSchema } from './locales';

/** What a CMS entry is about: one FAQ answer, or one tip for identifying the country of education system. */
export const CMS_ENTITIES = ['faq', 'country_tips'] as const;
export const cmsEntitySchema = z.enum(CMS_ENTITIES);
export type CmsEntity = z.infer<typeof cmsEntitySchema>;

export const cmsContentSchema = z.object({
  title: z.string(),
  /** Plain text; blank lines separate paragraphs. */
  body: z.string(),
});

export const cmsEntrySchema = z
  .object({
    id: z.number().int(),
    entity: cmsEntitySchema,
    locale: localeSchema,
    position: z.number().int(),
    content: cmsContentSchema,
  })
  .meta({ id: 'CmsEntry' });
export type CmsEntry = z.infer<typeof cmsEntrySchema>;

export const cmsEntriesQuerySchema = z.object({
  entity: cmsEntitySchema.optional(),
  locale: z.optional(localeSchema),
});
export type CmsEntriesQuery = z.infer<typeof cmsEntriesQuerySchema>;
