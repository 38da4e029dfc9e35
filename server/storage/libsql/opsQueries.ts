import type { Client } from '@libsql/client'
import { z } from 'zod'
import { secretPageSql, secretReplaceSql, storedSecret } from '../secretSql'
import type { Storage } from '../storage'

/** The operator's queries on libsql: the secrets to rotate, and the schema version. */
export function opsQueries(client: Client): Pick<Storage, 'secrets' | 'schemaVersion'> {
  return {
    secrets: {
      async page(kind, afterUserId, limit) {
        const { rows } = await client.execute({
          sql: secretPageSql(kind),
          args: [afterUserId, limit],
        })
        return rows.map((row) => storedSecret(kind, row))
      },
      async replace(secret, ciphertext) {
        const result = await client.execute({
          sql: secretReplaceSql(secret.kind),
          args: [ciphertext, secret.userId, secret.ciphertext],
        })
        return result.rowsAffected === 1
      },
    },
    async schemaVersion() {
      const { rows } = await client.execute('SELECT MAX(version) AS version FROM schema_migrations')
      return z.coerce
        .number()
        .catch(0)
        .parse(rows[0]?.version ?? 0)
    },
  }
}
