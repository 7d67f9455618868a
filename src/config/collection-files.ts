/**
 * What a collection's `files` may say: a folder's files of one kind
 * (`books/*.md`, `pages/**\/*.md` with sub-folders, `team/*.yaml`,
 * `team/*.{yaml,json}`) or one file (`site.md`, `team.yaml`). Markdown files
 * carry YAML front-matter and a body; `.yaml`, `.yml` and `.json` files are
 * data files (content/data-files.ts).
 */

/** The extensions content files may have. */
export const CONTENT_EXTENSIONS = ['.md', '.yaml', '.yml', '.json'] as const;

const FOLDER = '[a-z0-9][a-z0-9-]*';
const EXTENSION = '(md|ya?ml|json)';
const FILES_PATTERN = new RegExp(`^(${FOLDER}/(\\*\\*/)?\\*\\.(${EXTENSION}|\\{${EXTENSION}(,${EXTENSION})*\\})|${FOLDER}\\.${EXTENSION})$`);

/** The extensions (with their dot) a `files` pattern claims, or undefined when it is not a pattern a collection may have. */
export function fileExtensionsOf(files: string): string[] | undefined {
  if (!FILES_PATTERN.test(files)) return undefined;
  const last = files.slice(files.lastIndexOf('.') + 1).replace(/[{}]/g, '');
  return last.split(',').map((extension) => `.${extension}`);
}

/** Whether the pattern claims only data files, which have no body. */
export function claimsDataFilesOnly(files: string): boolean {
  return fileExtensionsOf(files)?.every((extension) => extension !== '.md') ?? false;
}
