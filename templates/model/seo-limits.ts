/**
 * How long a <title> and a meta description may be: search results cut
 * titles after about 60 characters and descriptions after about 160, and a
 * description much under 70 says too little to be shown. Its own module,
 * without zod, so the templates can read the numbers without loading it.
 */
export const MAX_TITLE_LENGTH = 60;
export const DESCRIPTION_LENGTH = { min: 70, max: 160 } as const;
