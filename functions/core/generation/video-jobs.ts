// use cases: a video generation job, written once for the routes and the run nodes. Charged exactly
// once, released on failure, its result copied into durable storage exactly once.
//
//   submit: references checked (outbound rules after DNS) ─► prepare (the model contract; the default
//           model applied) ─► access (policy on that model, credential) ─► affordable? (402, nothing
//           written) ─► job record FIRST (conditional put on its id: a retried submit finds it and
//           never submits again) ─► credit hold (its operation id) ─► ONE provider submit ─► running
//   poll:   past its deadline? (failed, release) ─► running ─► policy again ─► provider.poll ─► pending |
//           failed (release) | succeeded: claim the copy (versioned write, asset id fixed at claim) ─►
//           stream the media to its durable key ─► CHARGE (settle the hold, or at the held price if it
//           was released; refused ─► failed, bytes dropped) ─► the asset record (same id on a retried
//           copy) ─► succeeded
//   cancel: provider.cancel (best effort) ─► cancelled ─► release (not while a copy is under way)
//
// Every step is idempotent on its own key (job id, operation id, asset id), so a retried request, a
// second poller or a killed Advance repeats nothing twice. A submit that died between the record and the
// provider's answer is never retried (the provider may be running it): after SUBMIT_DEADLINE_SECONDS it
// is failed and its hold released (docs/generation.md).
//
// The charge comes before the record because a result must never be visible unpaid. The hold outlives
// every moment the job can still deliver (VIDEO_HOLD_TTL_SECONDS > VIDEO_JOB_DEADLINE_SECONDS + one
// copy), so the expired-holds sweeper never takes the credits of a live job; should it still have
// released the hold, the charge is taken from the available credits, or the result is not delivered.
//
// One file per job: video-job-model.ts (the record, constants, ports), video-job-submit.ts,
// video-job-poll.ts, video-job-cancel.ts, video-job-state.ts (versioned writes, deadlines, access).
export * from './video-job-model.ts';
export { submitVideoJob } from './video-job-submit.ts';
export { pollVideoJob, type PolledVideoJob } from './video-job-poll.ts';
export { cancelVideoJob } from './video-job-cancel.ts';
export { getVideoJob } from './video-job-state.ts';
