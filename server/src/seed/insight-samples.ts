/**
 * A demo insight whose message is longer than the 500 characters the console shows (spec doc 2
 * §9 "Insight message truncated to 500 characters"), so the cut can be seen and tested. Added
 * after everything else and without the seed's random stream, so the rest of the demo is as it
 * was. It sits on the first database of the demo world.
 */
import type { SeedContext, World } from './world';

export const LONG_INSIGHT_ID = '0e5a1c2d-7b3f-4c1e-9a6d-500000000500';

const LONG_MESSAGE = [
  'Storage autoscaling is disabled and the allocated storage is 91% used.',
  'At the growth rate of the last 14 days (about 2.1 GiB a day) the volume fills in roughly',
  'four days, after which the instance moves to the storage-full state and stops accepting',
  'writes. Enable storage autoscaling with a maximum of at least twice the current',
  'allocation, or raise the allocated storage now; both changes apply without downtime on',
  'gp3 volumes. Review the largest tables (pg_total_relation_size) and the WAL retention of',
  'replication slots that are no longer consumed: an abandoned slot keeps every WAL segment',
  'since it was last read. After the change, check FreeStorageSpace in CloudWatch and the',
  'autoscaling events of the instance over the following week.',
].join(' ');

export function addLongInsight(ctx: SeedContext, world: World): void {
  const database = world.configs.find(
    (config) => config.configClass === 'Database' && !config.deleted,
  );
  if (!database) return;
  ctx.add('config_analysis', {
    id: LONG_INSIGHT_ID,
    config_id: database.id,
    scraper_id: null,
    source: 'AWS Trusted Advisor',
    analyzer: 'aws-trusted-advisor',
    analysis_type: 'availability',
    severity: 'high',
    summary: 'Storage nearly full',
    status: 'open',
    message: LONG_MESSAGE,
    analysis: { rule: 'rds-storage-autoscaling', resource: database.name, usedPercent: 91 },
    first_observed: ctx.ago(3 * 1440),
    last_observed: ctx.ago(20),
  });
}
