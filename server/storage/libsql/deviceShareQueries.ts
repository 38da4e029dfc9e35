import type { Client, InArgs } from '@libsql/client'
import { type DeviceShareStorage, deviceShareQueries as queries } from '../deviceShareStorage'

/** Per-device splits of sealed wallets on libsql (server/storage/deviceShareStorage.ts). */
export function deviceShareQueries(client: Client): DeviceShareStorage {
  return queries({
    async query(sql, args) {
      const result = await client.execute({ sql, args: args as InArgs })
      return { rows: result.rows, count: result.rowsAffected }
    },
    async batch(statements) {
      const results = await client.batch(
        statements.map(({ sql, args }) => ({ sql, args: args as InArgs })),
        'write',
      )
      return results.map((result) => ({ rows: result.rows, count: result.rowsAffected }))
    },
  })
}
