/**
 * Watch compiles the templates in an esbuild context kept from save to save
 * (core/compile-module.ts, createIncrementalCompiles): each compile must
 * still see the files as they are now, even a save of the same size right
 * after the last compile, and a context must outlive what stops esbuild
 * under it (a build in the same process stops esbuild's service once it
 * has compiled) and a save that does not compile.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileModule, createIncrementalCompiles, type ModuleToCompile } from '../../src/core/compile-module.ts';
import { CleansiteError } from '../../src/core/errors.ts';
import { makeTempDir } from '../support/fixture-site.ts';

const dir = makeTempDir('cleansite-incremental-compile-');
const compiles = createIncrementalCompiles();
afterAll(async () => {
  await compiles.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const target: ModuleToCompile = { entry: path.join(dir, 'entry.ts'), name: 'fixture', cacheDir: path.join(dir, 'cache'), code: 'TEMPLATE_COMPILE', what: 'template' };
/** The imported file's text is always the same length: a save that keeps the size. */
const writeWord = (word: string) => writeFileSync(path.join(dir, 'word.ts'), `export const word: string = '${word}';\n`);
const compiledText = async () => readFileSync((await compileModule(target, compiles)).modulePath, 'utf8');

writeFileSync(target.entry, "import { word } from './word.ts';\nexport const shown = `[${word}]`;\n");

describe('a kept esbuild context', () => {
  it('sees every save, even one of the same size made right after the last compile', async () => {
    for (const word of ['alpha', 'bravo', 'charl', 'delta']) {
      writeWord(word);
      expect(await compiledText()).toContain(`"${word}"`);
    }
  });

  it('compiles again after esbuild was stopped under it, as a build in the same process does', async () => {
    writeWord('echo1');
    expect(await compiledText()).toContain('"echo1"');
    await (await import('esbuild')).stop();
    writeWord('foxtr');
    expect(await compiledText()).toContain('"foxtr"');
  });

  it('reports a save that does not compile with its file and line, and compiles the fix', async () => {
    writeFileSync(path.join(dir, 'word.ts'), "export const word: string = 'golf\n");
    const failure = await compileModule(target, compiles).then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(CleansiteError);
    expect((failure as CleansiteError).location?.file).toMatch(/word\.ts$/);
    expect((failure as CleansiteError).location?.line).toBe(1);
    writeWord('hotel');
    expect(await compiledText()).toContain('"hotel"');
  });
});
