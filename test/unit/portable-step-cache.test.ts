/**
 * The step cache's copies (cache/step-cache.ts, portable steps): a fresh copy
 * of the templates folder with the same bytes (a new clone, a CI checkout)
 * reuses the compiled templates, site config and stylesheet, moved to the
 * copy byte for byte as esbuild would compile them there; any byte changed,
 * a file added beside the sources, another code version: compiled afresh.
 */
import { appendFileSync, cpSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileConfigCached, compileTemplatesCached, STEPS, type StepContext } from '../../src/session/pass-steps.ts';
import { hashText } from '../../src/core/hash-text.ts';
import { makeTempDir } from '../support/fixture-site.ts';

const root = process.cwd();
const dir = makeTempDir('cleansite-portable-steps-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the real templates folder, with `change` applied to it. */
function copyTemplates(name: string, change?: (folder: string) => void): string {
  const folder = path.join(dir, name, 'templates');
  cpSync(path.join(root, 'templates'), folder, { recursive: true });
  change?.(folder);
  return folder;
}

/** Compiles the templates of `templatesDir` with this cache folder: the module's text, and whether esbuild ran. */
async function templatesOf(templatesDir: string, cacheDir: string, code = 'code-1') {
  let compiled = false;
  const result = await compileTemplatesCached({ templatesDir, compileDir: cacheDir, stepCacheDir: cacheDir, code, rootDir: root }, () => (compiled = true));
  return { compiled, text: readFileSync(result.modulePath, 'utf8'), result };
}

const cache = path.join(dir, 'cache');
const first = copyTemplates('first');

describe('a copy of the templates folder with the same bytes', () => {
  it('reuses the compiled templates, moved: the module esbuild makes from the copy, byte for byte', async () => {
    expect((await templatesOf(first, cache)).compiled).toBe(true);
    const copy = copyTemplates('copy');
    const reused = await templatesOf(copy, cache);
    expect(reused.compiled).toBe(false);
    const fresh = await templatesOf(copy, path.join(dir, 'fresh-cache'));
    expect(fresh.compiled).toBe(true);
    expect(reused.text).toBe(fresh.text);
    expect(reused.text).toContain(`// ${path.relative(root, copy)}/`);
    expect(reused.text).not.toContain(path.relative(root, first));
    expect(reused.result.inputs.every((file) => file.startsWith(copy + path.sep))).toBe(true);
  });

  it('reuses the site config the same way', async () => {
    let compiled = 0;
    const options = (templatesDir: string, cacheDir: string) => ({ templatesDir, compileDir: cacheDir, stepCacheDir: cacheDir, code: 'code-1', rootDir: root });
    await compileConfigCached(options(first, cache), () => compiled++);
    const copy = copyTemplates('config-copy');
    const reused = await compileConfigCached(options(copy, cache), () => compiled++);
    expect(compiled).toBe(1);
    const fresh = await compileConfigCached(options(copy, path.join(dir, 'fresh-config')), () => compiled++);
    expect(readFileSync(reused.modulePath, 'utf8')).toBe(readFileSync(fresh.modulePath, 'utf8'));
  });
});

describe('a stale entry is never served', () => {
  it('compiles again when one byte of a source changed', async () => {
    await templatesOf(first, cache);
    const changed = copyTemplates('changed', (folder) => {
      const file = path.join(folder, 'components', 'page-hero.tsx');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/className="/, 'className="x'));
    });
    const result = await templatesOf(changed, cache);
    expect(result.compiled).toBe(true);
    expect(result.text).toContain('className: "x');
  });

  it('compiles again when a file was added beside the sources', async () => {
    await templatesOf(first, cache);
    const added = copyTemplates('added', (folder) => writeFileSync(path.join(folder, 'components', 'unused.ts'), 'export {};\n'));
    expect((await templatesOf(added, cache)).compiled).toBe(true);
  });

  it('compiles again under another code version (an upgrade of the engine, another Node)', async () => {
    await templatesOf(first, cache);
    expect((await templatesOf(copyTemplates('other-code'), cache, 'code-2')).compiled).toBe(true);
  });

  it('builds the stylesheet again when one byte of it changed', async () => {
    const styles = async (templatesDir: string) => {
      const state = { inputs: { styles: new Set<string>() } } as unknown as StepContext['state'];
      await STEPS.styles.run({ options: { templatesDir, stepCacheDir: cache, code: 'code-1', rootDir: root }, state } as unknown as StepContext);
      return state.css!;
    };
    const before = await styles(first);
    const same = await styles(copyTemplates('css-same'));
    expect(same.file).toBe(before.file);
    const changed = await styles(copyTemplates('css-changed', (folder) => appendFileSync(path.join(folder, 'styles', 'site.css'), '\n.added-rule { color: red }\n')));
    expect(changed.file).not.toBe(before.file);
    expect(Buffer.from(changed.contents).toString()).toContain('.added-rule');
  });

  it('builds the script again for a copy under another tsconfig.json (esbuild reads the nearest one above)', async () => {
    const script = async (templatesDir: string, cacheDir = cache) => {
      const state = { inputs: { client: new Set<string>() } } as unknown as StepContext['state'];
      await STEPS.client.run({ options: { templatesDir, stepCacheDir: cacheDir, code: 'code-1', rootDir: root }, state, onEsbuildStart() {} } as unknown as StepContext);
      return Buffer.from(state.script!.contents).toString();
    };
    const configured = copyTemplates('with-tsconfig/site');
    writeFileSync(path.join(dir, 'with-tsconfig', 'tsconfig.json'), JSON.stringify({ compilerOptions: { alwaysStrict: true } }));
    expect(await script(configured)).toMatch(/^"use strict"/);
    const plain = copyTemplates('without-tsconfig/site');
    const reused = await script(plain);
    expect(reused).toBe(await script(plain, path.join(dir, 'fresh-script')));
    expect(reused).not.toMatch(/^"use strict"/);
  });
});


describe('a compiled module in the shared cache', () => {
  it('is reused by its folder\'s step after another build marked the same bundle used (its time changed), and compiled again once it is gone', async () => {
    const folder = copyTemplates('marked');
    const own = path.join(dir, 'marked-cache');
    const built = await templatesOf(folder, own);
    expect(built.compiled).toBe(true);
    // The record kept for copies goes (trimmed by other builds: an old one goes first), so only the folder's own record can serve.
    const stepsDir = path.join(own, 'steps');
    const folderRecord = `${hashText(`templates\ncode-1\n${folder}\n${own}`)}.v8`;
    for (const name of readdirSync(stepsDir)) if (name !== folderRecord) rmSync(path.join(stepsDir, name));
    expect(readdirSync(stepsDir)).toEqual([folderRecord]);
    // Another build reusing the same bytes marks the bundle used (core/remove-stale.ts, markUsed): a newer time.
    const later = new Date(Date.now() + 60_000);
    utimesSync(built.result.modulePath, later, later);
    const again = await templatesOf(folder, own);
    expect(again.compiled, 'the step compiled again because the shared bundle\'s time changed').toBe(false);
    expect(statSync(built.result.modulePath).mtimeMs, 'a reuse marks the bundle used').toBeLessThan(later.getTime());
    // Trimmed by another build: compiled again, never a module path that is not there.
    rmSync(built.result.modulePath);
    const trimmed = await templatesOf(folder, own);
    expect(trimmed.compiled).toBe(true);
    expect(trimmed.text).toBe(built.text);
  });
});
