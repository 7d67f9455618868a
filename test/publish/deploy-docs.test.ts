// The deploy documentation a new user follows stays true: every deploy option it uses exists,
// the example workflow is valid YAML that caches images, deploys with OIDC in a concurrency
// group, and the CloudFront setup lists the very security headers the build sends.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { main } from '../../src/cli.ts';
import { SECURITY_HEADERS } from '../../src/publish/security-headers.ts';
import { PROJECT_ROOT } from '../support/site-build.ts';

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

async function deployHelp(): Promise<string> {
  const out: string[] = [];
  await main(['node', 'cleansite', 'deploy', '--help'], { out: (line) => out.push(line) > 0, err: (line) => out.push(line) > 0 });
  return out.join('\n');
}

describe('deploy documentation', () => {
  it('uses only options `cleansite deploy` has', async () => {
    const help = await deployHelp();
    const documents = ['docs/deploy.md', 'docs/ci/github-actions.yml', 'README.md'].map(read).join('\n');
    const commands = documents.match(/cleansite deploy [^\n`]*(?:\n\s+--[^\n]*)*/g) ?? [];
    expect(commands.length).toBeGreaterThan(4);
    const used = new Set(commands.flatMap((command) => command.match(/--[a-z-]+/g) ?? []));
    for (const option of used) expect(help, `${option} is documented`).toContain(option);
    for (const option of help.match(/--[a-z-]+/g) ?? []) if (option !== '--help') expect(read('docs/deploy.md'), `${option} is in docs/deploy.md`).toContain(option);
  });

  it('lists the security headers of the CloudFront response headers policy exactly as the build sends them', () => {
    const docs = read('docs/deploy.md');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(docs).toContain(`${name}: ${value}`);
    expect(existsSync(path.join(PROJECT_ROOT, 'src/publish/cloudfront-folder-index.js'))).toBe(true);
  });
});

describe('the example GitHub Actions workflow', () => {
  const workflow = parseYaml(read('docs/ci/github-actions.yml')) as {
    concurrency: { group: string; 'cancel-in-progress': boolean };
    jobs: Record<string, { permissions?: Record<string, string>; steps: Array<{ uses?: string; run?: string; with?: Record<string, string> }> }>;
  };
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

  it('installs, tests and builds with .cache/images cached, in a concurrency group that never cancels a deploy', () => {
    expect(workflow.concurrency.group).toContain('${{ github.ref }}');
    expect(workflow.concurrency['cancel-in-progress']).toBe(false);
    const runs = steps.map((step) => step.run ?? '');
    expect(runs).toContain('npm ci');
    expect(runs).toContain('npm test');
    expect(runs.some((run) => run.startsWith('npx cleansite build --base-url'))).toBe(true);
    expect(steps.find((step) => step.uses?.startsWith('actions/cache@'))?.with?.path).toBe('.cache/images');
    expect(steps.filter((step) => step.uses?.startsWith('actions/setup-node@')).every((step) => step.with?.['node-version-file'] === '.nvmrc')).toBe(true);
  });

  it('deploys with OIDC credentials (no stored keys) through cleansite deploy', () => {
    expect(workflow.jobs.deploy!.permissions?.['id-token']).toBe('write');
    expect(steps.some((step) => step.uses?.startsWith('aws-actions/configure-aws-credentials@'))).toBe(true);
    expect(JSON.stringify(workflow)).not.toMatch(/aws-access-key-id|secret-access-key/i);
    expect(steps.some((step) => step.run?.startsWith('npx cleansite deploy "s3://'))).toBe(true);
  });
});
