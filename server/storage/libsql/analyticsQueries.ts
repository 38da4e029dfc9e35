import type { Client } from '@libsql/client'
import { analyticsEventRow } from '../rows'
import type { Storage } from '../storage'

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
