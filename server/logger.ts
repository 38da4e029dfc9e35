/** The fields of a structured log event (one per request, errors by their typed name). */
export interface LogEvent {
  msg: string
  [field: string]: string | number | boolean | undefined
}

/** Where the server writes what it has to say (codes in dev mode, warnings, one line per request). */
export interface Logger {
  info(message: string): void
  warn(message: string): void
  /** A structured event; a logger without `event` drops them (tests' quiet loggers). */
  event?(level: 'info' | 'warn' | 'error', event: LogEvent): void
}

/** The console logger: text, and a short line per request. */
export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  event: (level, { msg, ...fields }) => {
    const text = Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')
    ;(level === 'info' ? console.log : console.warn)(`${msg} ${text}`)
  },
}

/**
 * A logger that writes one JSON object per line through `sink` (`{ time, level, msg, … }`): for
 * log collectors. Messages and events alike; warnings and errors go to the sink's `warn`.
 */
export function jsonLogger(sink: Logger, now: () => number = Date.now): Logger {
  const write = (level: 'info' | 'warn' | 'error', event: LogEvent) => {
    const line = JSON.stringify({ time: new Date(now()).toISOString(), level, ...event })
    if (level === 'info') sink.info(line)
    else sink.warn(line)
  }
  return {
    info: (message) => write('info', { msg: message }),
    warn: (message) => write('warn', { msg: message }),
    event: write,
  }
}
