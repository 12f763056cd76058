// use case: a provider's verified completion webhook for a video job. It records that the provider says
// the job finished and wakes the run waiting on it; the job's next poll (the run's Advance, or the
// client's status call) settles it exactly as a polled completion would — one copy, one charge.
//
//   webhook (signature already verified) ─► the job named in our URL ─► same provider, same request id?
//     no job / another provider's or another request's id ─► 'ignored' (nothing written)
//     job no longer running (settled by a poll first, cancelled, failed) ─► 'late' (nothing written)
//     completion already recorded ─► 'duplicate' (nothing written; the run is woken again, harmlessly,
//       in case the first delivery died between recording and waking)
//     else ─► providerCompletedAt (versioned write) ─► wake the run ─► 'recorded'
import type { VideoJob, VideoJobDeps } from './video-job-model.ts';
import type { VideoProviderId } from './video-provider.ts';
import { tryFinish } from './video-job-state.ts';

export interface ProviderCompletion {
  workspaceId: string;
  jobId: string;
  provider: VideoProviderId;
  /** The provider's id for the job, from the signed delivery. */
  providerJobId: string;
}

export type CompletionOutcome = 'recorded' | 'duplicate' | 'late' | 'ignored';

export async function recordProviderCompletion(
  completion: ProviderCompletion,
  deps: Pick<VideoJobDeps, 'jobs' | 'clock' | 'runWaits'>,
): Promise<{ outcome: CompletionOutcome; job?: VideoJob }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const job = await deps.jobs.get(completion.workspaceId, completion.jobId);
    if (!job || job.provider !== completion.provider || job.providerJobId !== completion.providerJobId)
      return { outcome: 'ignored' };
    if (job.status !== 'running') return { outcome: 'late', job };
    if (job.providerCompletedAt) {
      await wake(job, deps);
      return { outcome: 'duplicate', job };
    }
    const recorded = await tryFinish(job, { providerCompletedAt: deps.clock.now().toISOString() }, deps);
    // Another writer (a poll settling it, a parallel delivery) got there first: look again.
    if (!recorded) continue;
    await wake(recorded, deps);
    return { outcome: 'recorded', job: recorded };
  }
  return { outcome: 'late' };
}

async function wake(job: VideoJob, deps: Pick<VideoJobDeps, 'runWaits'>) {
  if (job.executionId && deps.runWaits) await deps.runWaits.wake(job.workspaceId, job.executionId);
}
