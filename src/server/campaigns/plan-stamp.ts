// What a campaign's plan is made from, as one stamp: its plates (which, their versions and
// last writes), its library's revision, and the bench and settings of its first plate (the
// plan's bench). A plan made at a stamp is the plan while the stamp holds: the picklist,
// the source list and the plan-summary after the dispense plan reuse it rather than plan
// 400,000 transfers again. The stamp is read on every request, so server instances sharing a
// database never use each other's stale plan.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../repositories/bench';

/** The campaign's plan stamp (callers have checked the owner). */
export async function planStamp(db: DbOrTx, ownerId: string, campaignId: number): Promise<string> {
  const result = (await db.execute(sql`
    with owned as (
      select cp.position, cp.experiment_id, p.version, p.updated_at
      from campaign_plates cp
        join experiments e on e.id = cp.experiment_id and e.owner_id = ${ownerId}
        join plates p on p.experiment_id = cp.experiment_id
      where cp.campaign_id = ${campaignId}
    ), first as (select experiment_id from owned order by position limit 1)
    select
      (select count(*)::text || '/' || coalesce(sum(experiment_id * 7 + position), 0)::text
         || '/' || coalesce(sum(version), 0)::text || '/' || coalesce(max(updated_at)::text, '')
       from owned)
      || '|' || coalesce((select l.revision::text from campaigns c
           join libraries l on l.id = c.library_id where c.id = ${campaignId}), '')
      || '|' || coalesce((select e.xmin::text from experiments e
           where e.id = (select experiment_id from first)), '')
      || '|' || (select count(*)::text || '/' || coalesce(max(b.xmin::text::bigint), 0)::text
           || '/' || coalesce(sum(b.xmin::text::bigint), 0)::text
         from bench_reagents b where b.experiment_id = (select experiment_id from first))
      as stamp`)) as unknown as { rows: { stamp: string }[] };
  return result.rows[0].stamp;
}
