import type { Client } from '@libsql/client'
import { z } from 'zod'
import type { Storage } from '../storage'
import type { AnalyticsEventRecord } from '../types'

const int = z.union([z.number(), z.bigint()]).transform(Number)
const text = z.string().nullable()

/** An `analytics_events` row (parsed: rows are a trust boundary too, STYLE.md §8). */
const analyticsEventRow = z
  .object({
    project_id: z.string(),
    event_id: z.string(),
    url: z.string(),
    domain: z.string(),
    origin: text,
    timestamp: int,
    props: z.string(),
    sdk_type: text,
    sdk_version: text,
    received_at: int,
  })
  .transform(
    (row): AnalyticsEventRecord => ({
      projectId: row.project_id,
      eventId: row.event_id,
      url: row.url,
      domain: row.domain,
      origin: row.origin,
      timestamp: row.timestamp,
      props: row.props,
      sdkType: row.sdk_type,
      sdkVersion: row.sdk_version,
      receivedAt: row.received_at,
    }),
  )

/** Analytics events on libsql. */
export function analyticsQueries(client: Client): Pick<Storage, 'analyticsEvents'> {
  return {
    analyticsEvents: {
      async insert(event) {
        // ON CONFLICT DO NOTHING (SQLite and PostgreSQL): a resent event is stored once.
        const result = await client.execute({
          sql: `INSERT INTO analytics_events (project_id, event_id, url, domain, origin, timestamp,
                  props, sdk_type, sdk_version, received_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (project_id, event_id) DO NOTHING`,
          args: [
            event.projectId,
            event.eventId,
            event.url,
            event.domain,
            event.origin,
            event.timestamp,
            event.props,
            event.sdkType,
            event.sdkVersion,
            event.receivedAt,
          ],
        })
        return result.rowsAffected === 1
      },
      async list(projectId, limit) {
        const { rows } = await client.execute({
          sql: `SELECT * FROM analytics_events WHERE project_id = ?
                ORDER BY received_at DESC, event_id LIMIT ?`,
          args: [projectId, limit],
        })
        return rows.map((row) => analyticsEventRow.parse(row))
      },
    },
  }
}
