import type { Client, InArgs } from '@libsql/client'
import type { z } from 'zod'

/**
 * The first row `sql` selects, parsed by `row` (rows read back are a trust boundary too), or
 * `undefined` when it selects none.
 * @example
 * const user = await selectOne(client, userRow, 'SELECT * FROM users WHERE id = ?', [id])
 */
export async function selectOne<T>(
  client: Client,
  row: z.ZodType<T>,
  sql: string,
  args: InArgs,
): Promise<T | undefined> {
  const { rows } = await client.execute({ sql, args })
  return rows[0] ? row.parse(rows[0]) : undefined
}
