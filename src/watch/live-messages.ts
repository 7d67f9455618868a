/**
 * What open pages are told after a rebuild, and when they connect (see
 * src/server/live-reload-client.ts), and whether the pages can hear it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadedSite } from '../routes/route-content.ts';
import type { BuiltAsset } from '../assets/build-css.ts';
import type { CleansiteError } from '../core/errors.ts';
import type { OverlayProblem } from '../server/live-reload-client.ts';
import type { StreamMessage } from '../server/event-stream.ts';
import { STABLE_CSS_FILE as CSS_FILE } from '../session/output-files.ts';

export interface RebuildOutcome {
  /** Pages, public files or the client script were written. */
  outputChanged: boolean;
  /** The stylesheet, when it was rebuilt. */
  stylesheet: BuiltAsset | undefined;
  buildNumber: number;
  problems: CleansiteError[];
  hadProblems: boolean;
}

/**
 * A reload when the output changed (the reloaded page is greeted with any
 * open problems), else a stylesheet swap, else the problems, else a clear
 * when the last problem went away.
 */
export function messagesAfterRebuild(outcome: RebuildOutcome): StreamMessage[] {
  const messages: StreamMessage[] = [];
  if (outcome.outputChanged) messages.push({ event: 'reload', data: { build: outcome.buildNumber } });
  else if (outcome.stylesheet) messages.push({ event: 'css', data: { href: `/${CSS_FILE}?v=${createHash('sha256').update(outcome.stylesheet.contents).digest('hex').slice(0, 10)}` } });
  if (outcome.outputChanged) return messages;
  if (outcome.problems.length > 0) messages.push(problemsMessage(outcome.problems));
  else if (outcome.hadProblems) messages.push({ event: 'clear', data: {} });
  return messages;
}

/** Sent to each page that connects: the build number (a page that missed a reload sees it change), and the open problems. */
export function greetingMessages(buildNumber: number, problems: CleansiteError[]): StreamMessage[] {
  const hello: StreamMessage = { event: 'hello', data: { buildId: String(buildNumber) } };
  return problems.length > 0 ? [hello, problemsMessage(problems)] : [hello];
}

/** The overlay's list of problems; `shown` are problems already in the overlay's form, listed first. */
export function problemsMessage(problems: CleansiteError[], shown: OverlayProblem[] = []): StreamMessage {
  const list: OverlayProblem[] = [...shown, ...problems.map((error) => ({
    file: error.location?.file,
    line: error.location?.line,
    column: error.location?.column,
    message: error.message,
    hint: error.hint,
  }))];
  return { event: 'build-error', data: { problems: list } };
}

/** Pages only reload if the templates render assets.devScripts: a warning when the first listed page of a whole output has no such script. */
export function checkDevScripts(outDir: string, devScripts: readonly string[], site: LoadedSite): string[] {
  const home = site.table.routes.find((route) => route.listed) ?? site.table.routes[0];
  if (!home || devScripts.length === 0) return [];
  const html = readFileSync(path.join(outDir, home.outputFile), 'utf8');
  const missingScripts = devScripts.filter((src) => !html.includes(`src="${src}"`));
  return missingScripts.length === 0 ? [] : [`${home.outputFile} has no <script src="${missingScripts[0]}">: the templates do not render assets.devScripts, so open pages will not reload or show errors (see src/render/page-props.ts BuildAssets)`];
}
