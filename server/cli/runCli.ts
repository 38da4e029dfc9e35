import { BaseError } from '../../src/errors/base'
import { createLatchkeyServer, type ListeningServer } from '../createLatchkeyServer'
import { consoleLogger, type Logger } from '../logger'
import { parseCliArgs, usage } from './parseCliArgs'

/** Runs the `latchkey` command; resolves with the listening server (serve) or undefined (help, error). */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  logger: Logger = consoleLogger,
): Promise<{ exitCode: number; listening?: ListeningServer }> {
  try {
    const parsed = parseCliArgs(argv, env)
    if (parsed.command === 'help') {
      logger.info(usage)
      return { exitCode: 0 }
    }
    const server = await createLatchkeyServer({ ...parsed.options, logger })
    const listening = await server.listen()
    const { options } = server.context
    logger.info(`Latchkey server listening on ${listening.url}`)
    logger.info(`  database: ${options.databaseUrl}`)
    logger.info(`  mail: ${options.smtpUrl ? 'SMTP' : 'printed here (no --smtp)'}`)
    logger.info(`  chains: ${server.context.chains.ids().join(', ') || 'none (--rpc chainId=url)'}`)
    return {
      exitCode: 0,
      listening: { ...listening, close: () => server.close() },
    }
  } catch (error) {
    if (!(error instanceof BaseError)) throw error
    logger.warn([`latchkey: ${error.shortMessage}`, ...(error.metaMessages ?? [])].join('\n'))
    return { exitCode: 1 }
  }
}
