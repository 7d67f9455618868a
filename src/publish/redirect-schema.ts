/**
 * content/redirects.md: moved or retired paths, declared once; the build
 * writes them for Netlify (_redirects), S3 (website redirects set by
 * `deploy`) and the preview server, plus a fallback page at each source.
 * The engine's own file, whatever the site's collections are.
 */
import { z } from 'zod';

const sitePath = z
  .string()
  .regex(/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/, 'must be a site path such as /about (lower case, no trailing slash)');

export const redirectRuleSchema = z.strictObject({
  /** A path the site no longer has, e.g. /quote (checked against the route table). */
  from: sitePath.refine((value) => value !== '/', 'must not be the home page'),
  /** A route of the site (/contact or /contact/) or an absolute http(s) URL. */
  to: z.string().trim().regex(/^(\/[a-z0-9/-]*|https?:\/\/\S+)$/, 'must be a site path such as /contact/ or an absolute http(s) URL'),
  status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)], { error: 'must be 301, 302, 307 or 308' }).default(301),
});
export const redirectsSchema = z.strictObject({ rules: z.array(redirectRuleSchema) });
export type RedirectRuleEntry = z.infer<typeof redirectRuleSchema>;
