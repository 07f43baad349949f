export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** One JSON line per event, for log collectors; `silent` for tests. */
export const createLogger = (
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger => {
  const log =
    (level: string) =>
    (message: string, fields: LogFields = {}) =>
      write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
  return { info: log('info'), warn: log('warn'), error: log('error') };
};

export const silentLogger: Logger = createLogger(() => {});
