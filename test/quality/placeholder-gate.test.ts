/**
 * Gate: placeholder business details never reach production. The site marks
 * its stand-ins (content/site.md `placeholders:`), and values reserved for
 * examples count whatever the list says. `build` warns once, listing each
 * with file and line; a Netlify production build (CONTEXT=production) and
 * `deploy` refuse with exit 2 unless --allow-placeholders; preview builds warn.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.ts';
import { findPlaceholders, reservedReason } from '../../src/publish/placeholders.ts';
import { makeTempDir } from '../support/fixture-site.ts';
import { cliEnv } from '../support/cli.ts';
import { PROJECT_ROOT } from '../support/site-build.ts';
import { S3_CREDENTIALS, startS3TestServer, type S3TestServer } from '../deploy/support/s3-test-server.ts';

const BUCKET = 'placeholder-gate';
const DETAILS = { file: 'site.md', fields: ['baseUrl', 'phone', 'emails', 'social.url', 'abn', 'address.streetAddress'], markedBy: 'placeholders', baseUrlField: 'baseUrl' };

function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(PROJECT_ROOT, 'bin', 'cleansite.mjs'), ...args], {
      cwd: PROJECT_ROOT, env: cliEnv({ CONTEXT: '', CLEANSITE_ALLOW_PLACEHOLDERS: '', ...env }), timeout: 120_000,
    }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }));
  });
}

async function deploy(dir: string, ...extra: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await main(['node', 'cleansite', 'deploy', `s3://${BUCKET}`, '--dir', dir, '--endpoint', server.endpoint, '--dry-run', ...extra], { out: (line) => lines.push(line) > 0, err: (line) => lines.push(line) > 0 });
  return { code, out: lines.join('\n') };
}

let temp: string;
let server: S3TestServer;
const savedEnv = { ...process.env };

beforeAll(async () => {
  temp = makeTempDir('cleansite-placeholders-');
  server = await startS3TestServer([BUCKET]);
  Object.assign(process.env, S3_CREDENTIALS);
}, 60_000);

afterAll(async () => {
  process.env = savedEnv;
  await server?.close();
  if (temp) rmSync(temp, { recursive: true, force: true });
});

describe('which values are placeholders', () => {
  it('values reserved for examples, marked or not', () => {
    for (const value of ['https://www.example.com', 'quotes@example.com', 'https://www.facebook.com/example', 'ops@site.test', '(07) 3000 0000', '+61730000000', '(07) 5550 1234', '0491 570 123', '(212) 555-0123', '00 000 000 000', '1 Example Street']) {
      expect(reservedReason(value), value).toBeDefined();
    }
    for (const value of ['https://www.riverbright.com.au', 'quotes@riverbright.com.au', '(07) 3162 4411', '+61731624411', '51 824 753 556', '12 Eagle Street']) {
      expect(reservedReason(value), value).toBeUndefined();
    }
  });

  it('lists marked and reserved details with their lines; real, unmarked ones pass', () => {
    const text = '---\nplaceholders: [phone]\nbaseUrl: https://www.riverbright.com.au\nphone:\n  display: (07) 3162 4411\nemails:\n  - quotes@riverbright.com.au\n  - hello@example.com\n---\n';
    expect(findPlaceholders(text, 'content/site.md', DETAILS).map((found) => `${found.line} ${found.field} ${found.why}`)).toEqual(['5 phone.display marked', '8 emails.1 reserved']);
    expect(findPlaceholders(text.replace('placeholders: [phone]', 'placeholders: []').replace('hello@example.com', 'hello@riverbright.com.au'), 'content/site.md', DETAILS)).toEqual([]);
  });
});

describe('the site as it is (stand-in details)', () => {
  let dist: string;

  it('build warns once, listing each placeholder with file and line; a preview build only warns', async () => {
    dist = path.join(temp, 'dist');
    const run = await cli(['build', '--out', dist], { CONTEXT: 'deploy-preview' });
    expect(run.code, run.out).toBe(0);
    expect(run.out.match(/^warning:/gm), run.out).toHaveLength(1);
    const lines = readFileSync(path.join(PROJECT_ROOT, 'content/site.md'), 'utf8').split('\n');
    for (const [field, value] of <Array<[string, string]>>[['baseUrl', 'https://www.example.com'], ['phone.display', '(07) 3000 0000'], ['emails.0', 'quotes@example.com'], ['emails.1', 'hello@example.com'], ['social.url', 'https://www.facebook.com/example'], ['abn', '00 000 000 000'], ['address.streetAddress', '1 Example Street']]) {
      const line = lines.findIndex((text) => text.includes(value)) + 1;
      expect(run.out, field).toContain(`content/site.md:${line}: ${field}: ${value}`);
    }
  }, 120_000);

  it('deploy refuses that build with exit 2, listing them, and publishes it with --allow-placeholders', async () => {
    const refused = await deploy(dist);
    expect(refused.code, refused.out).toBe(2);
    expect(refused.out).toMatch(/refusing to publish a build with 8 placeholder business details/);
    expect(refused.out).toContain('content/site.md');
    expect(server.requests.filter((request) => request.method === 'PUT'), 'a refused deploy sent nothing').toEqual([]);
    const allowed = await deploy(dist, '--allow-placeholders');
    expect(allowed.code, allowed.out).toBe(0);
    expect(allowed.out).toMatch(/Dry run, nothing changed/);
  }, 60_000);

  it('a Netlify production build fails with exit 2 and writes nothing, unless --allow-placeholders', async () => {
    const out = path.join(temp, 'production');
    const refused = await cli(['build', '--out', out], { CONTEXT: 'production' });
    expect(refused.code, refused.out).toBe(2);
    expect(refused.out).toContain('refusing a production build: 8 placeholder business details');
    expect(existsSync(out), 'the refused build wrote its output').toBe(false);
    const allowed = await cli(['build', '--out', out, '--allow-placeholders'], { CONTEXT: 'production' });
    expect(allowed.code, allowed.out).toBe(0);
  }, 120_000);

  it('CLEANSITE_ALLOW_PLACEHOLDERS=1 (a preview pipeline, the tests\' fixtures) neither refuses nor warns, and still records them for deploy', async () => {
    const out = path.join(temp, 'allowed-by-env');
    const run = await cli(['build', '--out', out], { CONTEXT: 'production', CLEANSITE_ALLOW_PLACEHOLDERS: '1' });
    expect(run.code, run.out).toBe(0);
    expect(run.out).not.toMatch(/^warning:/m);
    const refused = await deploy(out);
    expect(refused.code, refused.out).toBe(2);
    expect(refused.out).toMatch(/refusing to publish a build with 8 placeholder business details/);
  }, 120_000);
});

/** The committed content with real business details in content/site.md, in `dir`. */
function withRealDetails(dir: string): string {
  const content = path.join(temp, dir);
  cpSync(path.join(PROJECT_ROOT, 'content'), content, { recursive: true });
  const site = readFileSync(path.join(content, 'site.md'), 'utf8')
    .replace(/^placeholders: .*$/m, 'placeholders: []')
    .replace('https://www.example.com', 'https://www.riverbright.com.au')
    .replace('(07) 3000 0000', '(07) 3162 4411').replace('+61730000000', '+61731624411')
    .replaceAll('@example.com', '@riverbright.com.au').replace('facebook.com/example', 'facebook.com/riverbrightcleaning')
    .replace('00 000 000 000', '51 824 753 556').replace('1 Example Street', 'Level 4, 12 Eagle Street');
  writeFileSync(path.join(content, 'site.md'), site);
  return content;
}

describe('the site with its real details', () => {
  it('builds without a warning, and deploys', async () => {
    const content = withRealDetails('content');
    const dist = path.join(temp, 'real');
    const run = await cli(['build', '--content', content, '--out', dist], { CONTEXT: 'production' });
    expect(run.code, run.out).toBe(0);
    expect(run.out, run.out).not.toMatch(/^warning|placeholder business/im);
    const footer = readFileSync(path.join(dist, 'contact/index.html'), 'utf8');
    expect(footer).toContain('Level 4, 12 Eagle Street, Brisbane QLD');
    expect(footer).toContain('ABN 51 824 753 556');
    const published = await deploy(dist);
    expect(published.code, published.out).toBe(0);
  }, 120_000);

  it('a production build sees a stand-in put back with the file\'s size and time unchanged (the scan is cached by the file\'s bytes)', async () => {
    const content = withRealDetails('content-same-stamp');
    const file = path.join(content, 'site.md');
    // A whole second, so that the time can be put back exactly.
    const time = Math.floor(Date.now() / 1000) - 60;
    utimesSync(file, time, time);
    const dist = path.join(temp, 'same-stamp');
    const first = await cli(['build', '--content', content, '--out', dist], { CONTEXT: 'production' });
    expect(first.code, first.out).toBe(0);
    // An all-zero ABN is a stand-in: the same number of characters, and the file's time put back.
    const before = statSync(file);
    writeFileSync(file, readFileSync(file, 'utf8').replace('51 824 753 556', '00 000 000 000'));
    utimesSync(file, time, time);
    expect(statSync(file).size).toBe(before.size);
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    const second = await cli(['build', '--content', content, '--out', dist], { CONTEXT: 'production' });
    expect(second.code, second.out).toBe(2);
    expect(second.out).toMatch(/refusing a production build: 1 placeholder business detail:\n.*site\.md:\d+: abn: 00 000 000 000/);
  }, 120_000);
});
