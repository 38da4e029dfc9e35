import { startTestServer } from './startTestServer'

// Run by `startServerProcess` in its own Node process (bundled by `serverBundles`): a real Latchkey server on SQLite with
// the options given as JSON in argv[2]; prints its URL, stops when stdin closes.
const options = JSON.parse(process.argv[2] ?? '{}')
const server = await startTestServer({ ...options, now: Date.now })
process.stdout.write(`${server.url}\n`)
process.stdin.resume()
process.stdin.on('end', () => {
  server.close().then(() => process.exit(0))
})
