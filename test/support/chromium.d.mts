import type { Browser } from 'playwright-core';
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: readonly string[];
export function assertChromium(executablePath?: string): void;
export function launchChromium(): Promise<Browser>;
