import type { Pool } from 'pg'
import { analyticsEventRow } from '../rows'
import type { Storage } from '../storage'

/** Analytics events on PostgreSQL. */
export function analyticsQueries(pool: Pool): Pick<Storage, 'analyticsEvents'> {
  return {
    analyticsEvents: {
      async insert(event) {
        // A resent event is stored once. Ties order by bytes, as in SQLite (COLLATE "C").
        const result = await pool.query(
          `INSERT INTO analytics_events (project_id, event_id, url, domain, origin, timestamp,
             props, sdk_type, sdk_version, received_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (project_id, event_id) DO NOTHING`,
          [
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
        )
        return result.rowCount === 1
      },
      async list(projectId, limit) {
        const { rows } = await pool.query(
          `SELECT * FROM analytics_events WHERE project_id = $1
           ORDER BY received_at DESC, event_id COLLATE "C" LIMIT $2`,
          [projectId, limit],
        )
        return rows.map((row) => analyticsEventRow.parse(row))
      },
    },
  }
}
