// adapter: VideoJobRepository on the single table (see table-design.ts): one item per job, written
// first with attribute_not_exists (a retried submit finds it) and then only on its version.
import { VIDEO_JOB_TTL_DAYS, type VideoJob, type VideoJobRepository } from '#core/generation/video-jobs';
import { ProviderWorkRecords } from './provider-work-records.ts';
import { keys } from './table-design.ts';

export class DynamoVideoJobRepository extends ProviderWorkRecords<VideoJob, 'id'> implements VideoJobRepository {
  constructor() {
    super({
      entity: 'VideoJob',
      id: 'id',
      key: keys.videoJob,
      keepDays: VIDEO_JOB_TTL_DAYS,
      changedMeanwhile: (jobId) => `Video job ${jobId} changed meanwhile`,
    });
  }
}
