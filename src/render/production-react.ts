/**
 * React's development build renders several times slower and only adds
 * console warnings; the static markup is the same. A build therefore uses
 * the production build unless NODE_ENV says otherwise. React reads NODE_ENV
 * once, when it is first imported, and worker threads copy the environment
 * when they start: call this before either happens.
 */
export function preferProductionReact(env: NodeJS.ProcessEnv = process.env): void {
  env.NODE_ENV ??= 'production';
}
