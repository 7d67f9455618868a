/**
 * vitest setupFile of both tiers: in-process builds render with React's production build, as the
 * CLI does for a user (src/render/production-react.ts). Vitest sets NODE_ENV=test, and React reads
 * NODE_ENV once, when it is first imported (render workers copy the environment when they start),
 * so every in-process build rendered with the development build: the same markup, several times
 * the CPU, and not the program users run. This runs before each test file, so before any import
 * of React in the file's process. (Spawned CLIs get no NODE_ENV at all: test/support/cli.ts.)
 */
if (process.env.NODE_ENV === 'test') process.env.NODE_ENV = 'production';
