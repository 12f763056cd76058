// adapter: ProviderJobCanceller — the provider jobs of a cancelled run stopped and their holds released,
// by node type. Video jobs go through the video job core; other node types have no provider job yet.
import { cancelVideoJob } from '#core/generation/video-jobs';
import type { ProviderJobCanceller } from '#core/runs/use-cases';
import { videoJobDeps } from './video-deps.ts';

export const providerJobCanceller: ProviderJobCanceller = {
  async cancel(workspaceId, jobs) {
    await Promise.all(
      jobs
        .filter((job) => job.nodeType === 'video-generation')
        .map((job) => cancelVideoJob(workspaceId, job.jobId, videoJobDeps())),
    );
  },
};
