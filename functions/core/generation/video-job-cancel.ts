// use case: cancel a video job — stopped at the provider (best effort), its hold released (video-jobs.ts).
import type { VideoJob, VideoJobDeps } from './video-job-model.ts';
import { claimStale, finish, getVideoJob, releaseIfHeld, stopAtProvider } from './video-job-state.ts';

/**
 * Stops a job that has not finished: the provider is asked to stop, the hold is released. Safe to repeat.
 * A job whose copy is under way is answered as it is: the provider finished the work, and its copier
 * charges and delivers it (releasing the hold under it would deliver it free).
 */
export async function cancelVideoJob(workspaceId: string, jobId: string, deps: VideoJobDeps): Promise<VideoJob> {
  let job = await getVideoJob(workspaceId, jobId, deps);
  if (job.status === 'succeeded' || job.status === 'failed' || job.status === 'cancelled') {
    if (job.status !== 'succeeded') await releaseIfHeld(job, deps);
    return job;
  }
  if (job.status === 'copying' && !claimStale(job, deps)) return job;
  await stopAtProvider(job, deps);
  job = await finish(job, { status: 'cancelled', error: 'Cancelled' }, deps);
  await releaseIfHeld(job, deps);
  return job;
}
