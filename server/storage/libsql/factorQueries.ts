import type { Client, InArgs } from '@libsql/client'
import { type FactorStorage, factorQueries as queries } from '../factorStorage'

/** Second factors on libsql (server/storage/factorStorage.ts). */
export function factorQueries(client: Client): FactorStorage {
  return queries({
    async query(sql, args) {
      const result = await client.execute({ sql, args: args as InArgs })
      return { rows: result.rows, count: result.rowsAffected }
    },
    async transaction(statements) {
      await client.batch(
        statements.map(({ sql, args }) => ({ sql, args: args as InArgs })),
        'write',
      )
    },
  })
}
