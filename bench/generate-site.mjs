/**
 * Makes a synthetic site for the benchmark: a copy of the real content/ with
 * its location files replaced by N generated ones of the same shape (name,
 * region, description, eight features, intro, image, Markdown body), cycling
 * through the real locations so the text is realistic. Only the first round
 * keeps the real `featured` flags, so the header and footer stay the size the
 * real site has, whatever N is.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Copies `contentDir` into `targetDir` and writes `count` location files; returns the paths of the generated files. */
export function generateSite(contentDir, targetDir, count) {
  rmSync(targetDir, { recursive: true, force: true });
  cpSync(contentDir, targetDir, { recursive: true });
  const locationsDir = path.join(targetDir, 'locations');
  const originals = readdirSync(locationsDir).filter((name) => name.endsWith('.md')).sort()
    .map((name) => readFileSync(path.join(locationsDir, name), 'utf8'));
  if (originals.length === 0) throw new Error(`no location files under ${path.join(contentDir, 'locations')} to generate from`);
  rmSync(locationsDir, { recursive: true, force: true });
  mkdirSync(locationsDir, { recursive: true });

  const files = [];
  for (let index = 0; index < count; index++) {
    const round = Math.floor(index / originals.length);
    const source = originals[index % originals.length];
    const realName = /^name: (.*)$/m.exec(source)?.[1]?.trim() ?? 'Location';
    const name = round === 0 ? realName : `${realName} ${round + 1}`;
    let text = source.replace(/^name: .*$/m, `name: ${name}`).replace(/^order: .*$/m, `order: ${index + 1}`);
    if (round > 0) text = text.replace(/^featured: .*$/m, 'featured: false');
    const file = path.join(locationsDir, `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.md`);
    writeFileSync(file, text);
    files.push(file);
  }
  return files;
}

/** A real edit of one content file: appends a sentence to its body (a different one each time). */
export function editFile(file, run) {
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, `${text.trimEnd()}\n\nBenchmark edit number ${run}: our teams also clean on public holidays by arrangement.\n`);
}
