import { BaseError } from '../../src/errors/base'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import { version } from '../../src/version'
import type { ListeningServer } from '../createLatchkeyServer'
import { consoleLogger, type Logger } from '../logger'
import { missingPackages, servePackages } from './missingPackages'
import { flagOfOption, parseCliArgs, usage } from './parseCliArgs'

/** The flag name of a server option path (`masterKey` → `--master-key`), else the path. */
function flagName(option: string): string {
  if (option.startsWith('-')) return option
  const segments = option.split('.')
  for (let length = segments.length; length > 0; length--) {
    const flag = flagOfOption[segments.slice(0, length).join('.')]
    if (flag) return flag
  }
  return option
}

/** An error as the command line shows it: flag names, never option keys. */
function cliError(error: BaseError): BaseError {
  if (!(error instanceof OptionsValidationError) || error.option.startsWith('-')) return error
  return new OptionsValidationError({
    option: flagName(error.option),
    reason: error.reason,
    unknown: error.shortMessage.startsWith('Unknown option'),
  })
}

/**
 * Runs the `latchkey` command; resolves with the listening server (serve) or undefined (help,
 * version, error). `latchkey serve` checks every package it needs before it creates anything.
 */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  logger: Logger = consoleLogger,
): Promise<{ exitCode: number; listening?: ListeningServer }> {
  try {
    const parsed = parseCliArgs(argv, env)
    if (parsed.command === 'help') {
      if (parsed.missingCommand) {
        logger.warn(`latchkey: no command given; to start the server: latchkey serve\n\n${usage}`)
        return { exitCode: 1 }
      }
      logger.info(usage)
      return { exitCode: 0 }
    }
    if (parsed.command === 'version') {
      logger.info(version)
      return { exitCode: 0 }
    }
    const missing = await missingPackages(servePackages(parsed.options))
    if (missing.length > 0) {
      logger.warn(
        [
          `latchkey serve: ${missing.length === 1 ? 'a package it needs is' : `${missing.length} packages it needs are`} not installed: ${missing.join(', ')}.`,
          'Install them next to latchkey, then run latchkey serve again:',
          `  npm install ${missing.join(' ')}`,
        ].join('\n'),
      )
      return { exitCode: 1 }
    }
    // Loaded only now: nothing the server imports is touched before the package check.
    const { createLatchkeyServer } = await import('../createLatchkeyServer')
    const server = await createLatchkeyServer({ ...parsed.options, logger })
    const listening = await server.listen()
    const { options } = server.context
    logger.info(`Latchkey server listening on ${listening.url}`)
    logger.info(`  database: ${options.databaseUrl}`)
    logger.info(`  mail: ${options.smtpUrl ? 'SMTP' : 'printed here (no --smtp)'}`)
    logger.info(`  chains: ${server.context.chains.ids().join(', ') || 'none (--rpc chainId=url)'}`)
    logger.info(
      `  sign-in (SIWX): ${options.siwx?.['*'] ? options.siwx['*'].domains.join(', ') : 'off (--siwx-domain <host>)'}`,
    )
    return {
      exitCode: 0,
      listening: { ...listening, close: () => server.close() },
    }
  } catch (error) {
    if (!(error instanceof BaseError)) throw error
    const shown = cliError(error)
    logger.warn([`latchkey: ${shown.shortMessage}`, ...(shown.metaMessages ?? [])].join('\n'))
    return { exitCode: 1 }
  }
}
