// operation examples: the sample video jobs the submit and status operations of both providers share, so that
// the job a submit example answers is the job its status example polls.
import { CANVAS } from '#operations/example-values';

export const PROVIDER_ONE_JOB_ID = 'vjb_01jd8x3q2v5k7m9p1r3t5w7y9b';
export const PROVIDER_TWO_JOB_ID = 'vjb_01jd8x3q2v5k7m9p1r3t5w7y9a';
const TOKEN_CLAIMS =
  'eyJ3Ijoid3NfMDFqZDh4M3EydjVrN205cDFyM3Q1dzd5OWEiLCJjIjoiY252XzAxamQ4eDNxMnY1azdtOXAxcjN0NXc3eTlhIn0';
export const PROVIDER_ONE_STATUS_TOKEN = `${TOKEN_CLAIMS}.b4Kx1cK0pV1iQ8dZsE3nM5yH2fLr9tBa6wUe4oJg0Xd`;
export const PROVIDER_TWO_STATUS_TOKEN = `${TOKEN_CLAIMS}.q7Kx1cK0pV1iQ8dZsE3nM5yH2fLr9tBa6wUe4oJg0Xc`;

/** Provider one's example job while Veo renders it (submit's answer without its token, and the poll's). */
export const providerOneRunningJob = {
  jobId: PROVIDER_ONE_JOB_ID,
  status: 'running',
  provider: 'provider-one',
  model: 'veo-3.1-generate-preview',
  mode: 'image-to-video',
  canvasId: CANVAS,
  pollAfterSeconds: 10,
  dropped: ['modelParams.seed'],
  heldSeconds: 8,
  error: null,
};

/** A submit's answer: the job and the signed token its status operation takes. */
export function submittedJob(job: Record<string, unknown>, statusToken: string) {
  return { ...job, statusToken, statusTokenExpiresAt: '2026-11-25T09:30:00.000Z' };
}
