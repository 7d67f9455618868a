/** The only thing that writes to the console; passed in so tests can collect messages. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
}

export interface LoggerOptions {
  quiet?: boolean;
  debug?: boolean;
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const out = options.stdout ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.stderr ?? ((line: string) => process.stderr.write(`${line}\n`));
  return {
    info: (message) => { if (!options.quiet) out(message); },
    warn: (message) => { if (!options.quiet) err(`warning: ${message}`); },
    error: (message) => err(message),
    debug: (message) => { if (options.debug) err(`debug: ${message}`); },
  };
}

/** A logger that remembers everything, for tests. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(m),
    warn: (m) => lines.push(`warning: ${m}`),
    error: (m) => lines.push(m),
    debug: () => {},
  };
}
