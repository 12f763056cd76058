// adapter: CodeHost on GitHub's REST API through the deployment's GitHub App — @octokit/core (typed
// `request` by route, plus pagination) with @octokit/auth-app (App JWT for /app/* routes, installation tokens, minted
// and cached per installation,
// for the rest), pointed at GITHUB_API_URL (tests run it against a local server speaking the protocol).
// GitHub's errors become domain errors here: 404 → NotFound, 422 → Validation, anything else → Upstream.
import { createAppAuth } from '@octokit/auth-app';
import { Octokit as OctokitCore } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { splitRepository, type RepositoryInfo } from '#core/codehost/model';
import type { CodeHost } from '#core/codehost/ports';
import { NotFoundError, UpstreamError, ValidationError } from '#core/errors';

/**
 * Core and pagination only: the thirteen routes used are called by their route strings (typed by
 * @octokit/types), so the bundle does without @octokit/rest's 82 KB table of every endpoint method, which
 * the gateway's cold start would otherwise parse (docs/cold-start.md).
 */
const Octokit = OctokitCore.plugin(paginateRest);
type Octokit = InstanceType<typeof Octokit>;

export interface GithubAppConfig {
  appId: string;
  privateKey: string;
  /** @default https://api.github.com */
  baseUrl?: string;
}

// Newer @octokit/types spell ids `number | bigint`; GitHub's ids are JSON numbers, so they arrive as numbers.
type RawRepository = {
  id: number | bigint;
  full_name: string;
  default_branch?: string;
  private: boolean;
  html_url: string;
};
const toRepository = (raw: RawRepository): RepositoryInfo => ({
  id: Number(raw.id),
  fullName: raw.full_name,
  defaultBranch: raw.default_branch ?? 'main',
  private: raw.private,
  htmlUrl: raw.html_url,
});

async function translated<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 404) throw new NotFoundError(`${what}: not found on the code host`);
    if (status === 422) throw new ValidationError(`${what}: the code host refused it (${firstMessage(error)})`);
    if (typeof status === 'number') throw new UpstreamError(`${what}: the code host answered ${status}`);
    throw new UpstreamError(`${what}: the code host could not be reached`, { cause: error });
  }
}

function firstMessage(error: unknown): string {
  const data = (error as { response?: { data?: { message?: unknown; errors?: { message?: unknown }[] } } }).response
    ?.data;
  const detail = data?.errors?.[0]?.message ?? data?.message;
  return typeof detail === 'string' ? detail.slice(0, 200) : 'unprocessable';
}

export class GithubCodeHost implements CodeHost {
  private readonly app: Octokit;
  private readonly installations = new Map<number, Octokit>();

  constructor(private readonly config: GithubAppConfig) {
    this.app = new Octokit({
      authStrategy: createAppAuth,
      auth: { appId: config.appId, privateKey: config.privateKey },
      baseUrl: config.baseUrl,
      userAgent: 'workspace-automation',
    });
  }

  /** One client per installation; auth-app caches its token until shortly before it expires. */
  private as(installationId: number): Octokit {
    let client = this.installations.get(installationId);
    if (!client) {
      client = new Octokit({
        authStrategy: createAppAuth,
        auth: { appId: this.config.appId, privateKey: this.config.privateKey, installationId },
        baseUrl: this.config.baseUrl,
        userAgent: 'workspace-automation',
      });
      this.installations.set(installationId, client);
    }
    return client;
  }

  getInstallation(installationId: number) {
    return translated(`Installation ${installationId}`, async () => {
      const { data } = await this.app.request('GET /app/installations/{installation_id}', {
        installation_id: installationId,
      });
      const account = data.account as { login?: string; slug?: string; type?: string } | null;
      return {
        installationId: data.id,
        account: account?.login ?? account?.slug ?? 'unknown',
        accountType: account?.type ?? (data.target_type as string | undefined) ?? 'unknown',
        repositorySelection: data.repository_selection,
        suspended: Boolean(data.suspended_at),
      };
    });
  }

  listRepositories(installationId: number) {
    return translated(`Repositories of installation ${installationId}`, async () => {
      const repositories = await this.as(installationId).paginate('GET /installation/repositories', { per_page: 100 });
      return (repositories as unknown as RawRepository[]).map(toRepository);
    });
  }

  getRepository(installationId: number, repository: string) {
    return translated(`Repository ${repository}`, async () => {
      const { data } = await this.as(installationId).request('GET /repos/{owner}/{repo}', splitRepository(repository));
      return toRepository(data);
    });
  }

  searchCode(installationId: number, repository: string, query: string, limit: number) {
    return translated(`Search in ${repository}`, async () => {
      const { data } = await this.as(installationId).request('GET /search/code', {
        q: `${query} repo:${repository}`,
        per_page: limit,
      });
      return {
        totalCount: data.total_count,
        incomplete: data.incomplete_results,
        items: data.items.map((item) => ({ path: item.path, name: item.name, sha: item.sha, htmlUrl: item.html_url })),
      };
    });
  }

  branchHead(installationId: number, repository: string, branch: string) {
    return translated(`Branch ${branch} of ${repository}`, async () => {
      const { data } = await this.as(installationId).request('GET /repos/{owner}/{repo}/git/ref/{ref}', {
        ...splitRepository(repository),
        ref: `heads/${branch}`,
      });
      return data.object.sha;
    });
  }

  countFiles(installationId: number, repository: string, commitSha: string) {
    return translated(`Tree of ${repository} at ${commitSha}`, async () => {
      const { data } = await this.as(installationId).request('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', {
        ...splitRepository(repository),
        tree_sha: commitSha,
        recursive: 'true',
      });
      return { files: data.tree.filter((entry) => entry.type === 'blob').length, truncated: data.truncated };
    });
  }

  async fileAt(installationId: number, repository: string, path: string, commitSha: string) {
    try {
      return await translated(`${path} in ${repository}`, async () => {
        const { data } = await this.as(installationId).request('GET /repos/{owner}/{repo}/contents/{path}', {
          ...splitRepository(repository),
          path,
          ref: commitSha,
        });
        if (Array.isArray(data) || data.type !== 'file') throw new ValidationError(`${path} is not a file`);
        return {
          sha: data.sha,
          htmlUrl: data.html_url ?? `https://github.com/${repository}/blob/${commitSha}/${path}`,
        };
      });
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  commitToNewBranch(
    installationId: number,
    repository: string,
    input: { baseBranch: string; branch: string; message: string; files: { path: string; content: string }[] },
  ) {
    return translated(`Commit to ${repository}`, async () => {
      const client = this.as(installationId);
      const where = splitRepository(repository);
      const { data: base } = await client.request('GET /repos/{owner}/{repo}/git/ref/{ref}', {
        ...where,
        ref: `heads/${input.baseBranch}`,
      });
      const { data: baseCommit } = await client.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', {
        ...where,
        commit_sha: base.object.sha,
      });
      // base_tree keeps every other file; the tree entries carry the contents inline (one call, no blobs).
      const { data: tree } = await client.request('POST /repos/{owner}/{repo}/git/trees', {
        ...where,
        base_tree: baseCommit.tree.sha,
        tree: input.files.map((file) => ({
          path: file.path,
          mode: '100644' as const,
          type: 'blob' as const,
          content: file.content,
        })),
      });
      const { data: commit } = await client.request('POST /repos/{owner}/{repo}/git/commits', {
        ...where,
        message: input.message,
        tree: tree.sha,
        parents: [base.object.sha],
      });
      await client.request('POST /repos/{owner}/{repo}/git/refs', {
        ...where,
        ref: `refs/heads/${input.branch}`,
        sha: commit.sha,
      });
      return { commitSha: commit.sha };
    });
  }

  openDraftPullRequest(
    installationId: number,
    repository: string,
    input: { head: string; base: string; title: string; body: string },
  ) {
    return translated(`Pull request on ${repository}`, async () => {
      const { data } = await this.as(installationId).request('POST /repos/{owner}/{repo}/pulls', {
        ...splitRepository(repository),
        ...input,
        draft: true,
      });
      return { number: data.number, url: data.html_url };
    });
  }
}
