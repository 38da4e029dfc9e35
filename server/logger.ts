/** Where the server writes what it has to say (codes in dev mode, warnings). */
export interface Logger {
  info(message: string): void
  warn(message: string): void
}

/** The console logger. */
export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
}
