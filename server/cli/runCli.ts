import { BaseError } from '../../src/errors/base'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import { version } from '../../src/version'
import type { ServerContext } from '../context'
import type { ListeningServer } from '../createLatchkeyServer'
import { consoleLogger, jsonLogger, type Logger } from '../logger'
import { databasePackage, missingPackages, servePackages } from './missingPackages'
import { flagOfOption, parseCliArgs } from './parseCliArgs'
import { usage } from './usage'
import { walletSiteSummary } from './walletSite'

/** Which chains the background indexer follows and where prices come from, for the start log. */
function dataSummary(context: ServerContext): string {
  const { chainData } = context.options
  const indexed = context.indexer.chainIds()
  const tokens = Object.values(chainData.chains).reduce(
    (sum, chain) => sum + chain.tokens.length,
    0,
  )
  const prices = chainData.priceUrl ? `prices from ${chainData.priceUrl}` : 'listed prices only'
  return indexed.length
    ? `indexing chain ${indexed.join(', ')} every ${chainData.indexIntervalMs} ms, ${tokens} listed tokens, ${prices}`
    : `no chain indexed in the background (--token-list chainId=file.json), ${prices}`
}

/** A database URL as the start log shows it: a password in it is replaced by `***`. */
function shownDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (!parsed.password) return url
    parsed.password = '***'
    return parsed.toString()
  } catch {
    return url
  }
}

/** An error as the command line shows it: flag names (as typed), never option keys. */
function cliError(error: BaseError, argv: readonly string[]): BaseError {
  if (!(error instanceof OptionsValidationError) || error.option.startsWith('-')) return error
  return new OptionsValidationError({
    option: flagOfOption(error.option, argv),
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
    if (parsed.command === 'migrate' || parsed.command === 'rotate-master-key') {
      const missing = await missingPackages([databasePackage(parsed.options)])
      if (missing.length > 0) {
        logger.warn(
          `latchkey ${parsed.command}: install ${missing.join(' ')} first (npm install ${missing.join(' ')}).`,
        )
        return { exitCode: 1 }
      }
      if (parsed.command === 'rotate-master-key') {
        const { runRotateMasterKey } = await import('./runRotateMasterKey')
        return { exitCode: await runRotateMasterKey(parsed.options, logger) }
      }
      const { runMigrate } = await import('./runMigrate')
      return { exitCode: await runMigrate(parsed.action, parsed.options, logger) }
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
    const log = parsed.options.logFormat === 'json' ? jsonLogger(logger) : logger
    const listening = await server.listen()
    const { options } = server.context
    // One write: whoever reads the log (a supervisor, a test) sees the summary whole.
    log.info(
      [
        `Latchkey server listening on ${listening.url}`,
        `  database: ${shownDatabaseUrl(options.databaseUrl)}`,
        `  mail: ${options.smtpUrl ? 'SMTP' : 'printed here (no --smtp-url)'}`,
        `  chains: ${server.context.chains.ids().join(', ') || 'none (--chains chainId=url)'}`,
        `  Solana clusters: ${Object.keys(options.solanaClusters).join(', ') || 'none: signing only (--solana-clusters name=url)'}`,
        `  sign-in (SIWX): ${options.siwx?.['*'] ? options.siwx['*'].domains.join(', ') : 'off (--siwx-domain <host>)'}`,
        `  directory: ${options.directory ? (options.directory.registry ?? 'the built-in sample') : 'off (--directory <registry.json|sample>)'}`,
        `  chain data: ${dataSummary(server.context)}`,
        `  wallet site: ${walletSiteSummary(options.publicUrl, options.allowedOrigins ?? {})}`,
      ].join('\n'),
    )
    return {
      exitCode: 0,
      listening: { ...listening, close: () => server.close() },
    }
  } catch (error) {
    if (!(error instanceof BaseError)) throw error
    const shown = cliError(error, argv)
    logger.warn([`latchkey: ${shown.shortMessage}`, ...(shown.metaMessages ?? [])].join('\n'))
    return { exitCode: 1 }
  }
}
