import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Throws unless `xml` (or the file at `file`) is well-formed XML, by libxml2's own parser (`xmllint --noout`,
 * Debian's libxml2-utils; `.ci/run` installs it). A missing xmllint fails the test with the package to
 * install, never a bare ENOENT, and never skips.
 */
export function expectWellFormedXml(source: { xml: string } | { file: string }): void {
  const input = 'xml' in source ? source.xml : readFileSync(source.file, 'utf8');
  try {
    execFileSync('xmllint', ['--noout', '-'], { input, stdio: ['pipe', 'ignore', 'pipe'] });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: Buffer };
    if (code === 'ENOENT') throw new Error("xmllint is missing: install Debian's libxml2-utils (apt-get install -y libxml2-utils); the feed tests never skip.");
    const where = 'file' in source ? source.file : 'the XML';
    throw new Error(`${where} is not well-formed XML:\n${stderr?.toString() ?? String(error)}`);
  }
}
