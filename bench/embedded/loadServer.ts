// Child process of the requests-per-second bench (rps.ts), so the load generator does not share
// its CPU: the server gets its own CPU, mail goes to memory, rate limits are out of the way, and it listens
// on 127.0.0.1 only. Sends its URL, answers "latest code for <email>" over IPC, and exits when
// the parent disconnects.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLatchkeyServer } from '../../server/createLatchkeyServer'
import type { Mail } from '../../server/mail/types'

const unlimited = { limit: 1e9, windowMs: 60_000 }
const dir = mkdtempSync(join(tmpdir(), 'latchkey-bench-rps-'))
const mails: Mail[] = []
const server = await createLatchkeyServer({
  databaseUrl: `file:${join(dir, 'bench.db')}`,
  masterKey: 'be'.repeat(32),
  mailer: {
    send: async (mail) => {
      mails.push(mail)
      // Memory stays flat over a run: only the newest mails are ever read.
      if (mails.length > 1_000) mails.splice(0, 900)
    },
  },
  rateLimits: { codesPerEmail: unlimited, codesPerAddress: unlimited, checksPerAddress: unlimited },
  logger: { info: () => {}, warn: () => {} },
})
const { url } = await server.listen({ port: 0, host: '127.0.0.1' })
process.on('message', (to: string) => {
  const subject = mails.findLast((mail) => mail.to === to)?.subject ?? ''
  process.send?.(/: (\d{6})$/.exec(subject)?.[1] ?? '')
})
process.once('disconnect', () => {
  void server
    .close()
    .catch(() => undefined)
    .finally(() => {
      rmSync(dir, { recursive: true, force: true })
      process.exit(0)
    })
})
process.send?.(url)
