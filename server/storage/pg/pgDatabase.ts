import type { Pool, PoolClient, QueryResultRow } from 'pg'
import type { z } from 'zod'

/** What runs a query: the pool (one statement, autocommit) or a client inside a transaction. */
export type Queryable = Pick<Pool, 'query'> | Pick<PoolClient, 'query'>

/**
 * The first row `sql` selects, parsed by `row` (rows read back are a trust boundary too), or
 * `undefined` when it selects none.
 * @example
 * const user = await selectOne(pool, userRow, 'SELECT * FROM users WHERE id = $1', [id])
 */
export async function selectOne<T>(
  db: Queryable,
  row: z.ZodType<T>,
  sql: string,
  args: unknown[],
): Promise<T | undefined> {
  const { rows } = await db.query<QueryResultRow>(sql, args)
  return rows[0] ? row.parse(rows[0]) : undefined
}

/**
 * Runs `work` in one transaction on one pooled connection: COMMIT when it resolves, ROLLBACK when
 * it throws (the error is passed on).
 */
export async function inTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

/** PostgreSQL's unique_violation (a UNIQUE or PRIMARY KEY constraint refused a row). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505'
}

/**
 * Takes a transaction-scoped advisory lock on `key` (released at COMMIT or ROLLBACK): statements
 * that read-then-write one key (a window count, a code replaced) run one transaction at a time.
 */
export async function lockKey(client: PoolClient, scope: string, key: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${scope}:${key}`])
}
