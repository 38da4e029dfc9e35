import { createInterface } from 'node:readline'
import { startTestServer } from './startTestServer'

// Run by `startAnalyticsServer` in its own Node process (bundled by `serverBundles`): a real Latchkey server on SQLite
// with the options given as JSON in argv[2]; prints its URL, then answers each stdin line
// `list <projectId>` with one JSON line of that project's stored analytics events; stops when
// stdin closes.
const options = JSON.parse(process.argv[2] ?? '{}')
const server = await startTestServer({ ...options, now: Date.now })
process.stdout.write(`${server.url}\n`)
const lines = createInterface({ input: process.stdin })
lines.on('line', async (line) => {
  const [command, projectId = ''] = line.trim().split(' ')
  if (command !== 'list') return
  const events = await server.server.context.storage.analyticsEvents.list(projectId, 1_000)
  process.stdout.write(`${JSON.stringify({ events })}\n`)
})
lines.on('close', () => {
  server.close().then(() => process.exit(0))
})
