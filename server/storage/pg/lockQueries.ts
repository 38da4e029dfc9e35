import type { Pool } from 'pg'
import type { Storage } from '../storage'

/**
 * Account locks on PostgreSQL: a session advisory lock held on a connection of `lockPool`, a
 * pool of its own, while the task runs. The task's queries use the main pool, so servers
 * waiting for locks can never take every connection a lock holder needs to finish (a deadlock
 * across servers). If the holder's connection drops, PostgreSQL releases the lock.
 */
export function lockQueries(lockPool: Pool): Pick<Storage, 'locks'> {
  return {
    locks: {
      async run(key, task) {
        const client = await lockPool.connect()
        let broken = false
        try {
          await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`run:${key}`])
          return await task()
        } finally {
          await client
            .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`run:${key}`])
            .catch(() => {
              broken = true
            })
          // A connection that could not unlock is dropped (closing it releases the lock).
          client.release(broken)
        }
      },
    },
  }
}
