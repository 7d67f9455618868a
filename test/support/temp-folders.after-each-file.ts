/**
 * vitest setupFile of every tier: after each test file, the temp folders it made with makeTempDir
 * are removed (a file's own afterAll hooks run first: this one is registered before them).
 */
import { afterAll } from 'vitest';
import { removeTempDirs } from './fixture-site.ts';

afterAll(removeTempDirs);
