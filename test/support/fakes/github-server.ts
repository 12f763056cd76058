// test support: a loopback server speaking the GitHub REST wire protocol for the calls the code-host
// adapter makes (shapes from GitHub's REST reference, as recorded in reference/providers.md §5), so the
// real @octokit/core + @octokit/auth-app run against it. App routes need an RS256 App JWT signed by the
// test App's key with iss = app id; other routes need an installation token this server minted, and
// only see that installation's repositories. Octokit URL-encodes {ref} and {path}, so paths are decoded.
import { createHash, generateKeyPairSync, verify as verifySignature, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Commit {
  sha: string;
  tree: Map<string, string>;
  parents: string[];
  message: string;
}
interface Repo {
  id: number;
  fullName: string;
  defaultBranch: string;
  private: boolean;
  installationId: number;
  branches: Map<string, string>;
  commits: Map<string, Commit>;
  trees: Map<string, Map<string, string>>;
}

export interface FakeGithub {
  readonly baseUrl: string;
  readonly appId: string;
  readonly privateKey: string;
  /** Method and decoded path of every request, with the kind of credential it carried. */
  readonly requests: { method: string; path: string; auth: 'app-jwt' | 'installation-token' | 'none' | 'bad' }[];
  readonly pulls: {
    repository: string;
    number: number;
    title: string;
    head: string;
    base: string;
    draft: boolean;
    body: string;
  }[];
  addRepo(
    installationId: number,
    fullName: string,
    files: Record<string, string>,
    options?: { private?: boolean },
  ): { headSha: string };
  /** Moves a branch to a new commit with `files` changed (as a push would). */
  push(fullName: string, branch: string, files: Record<string, string>): string;
  fileAt(fullName: string, branch: string, path: string): string | undefined;
  installations: Map<number, { account: string; type: string; suspended: boolean }>;
  close(): Promise<void>;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

export async function startFakeGithub(): Promise<FakeGithub> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const appId = '123456';
  const repos = new Map<string, Repo>();
  const tokens = new Map<string, number>();
  const installations = new Map<number, { account: string; type: string; suspended: boolean }>();
  const requests: FakeGithub['requests'] = [];
  const pulls: FakeGithub['pulls'] = [];
  let nextRepoId = 7000;
  let counter = 0;
  let origin = '';

  const commit = (repo: Repo, tree: Map<string, string>, parents: string[], message: string) => {
    const sha = sha1(`${repo.fullName}:${++counter}:${message}`);
    repo.commits.set(sha, { sha, tree, parents, message });
    const treeSha = sha1(`tree:${sha}`);
    repo.trees.set(treeSha, tree);
    return sha;
  };
  const treeShaOf = (sha: string) => sha1(`tree:${sha}`);

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname);
    const method = request.method ?? 'GET';
    const auth = authenticate(request.headers.authorization, publicKey, appId, tokens);
    requests.push({ method, path, auth: auth.kind });
    const body = method === 'GET' ? {} : await readJson(request);
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'x-github-request-id': `req-${counter}`,
      });
      response.end(JSON.stringify(payload));
    };
    const notFound = () => send(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    if (auth.kind === 'bad' || auth.kind === 'none') return send(401, { message: 'Bad credentials' });

    /** The captures of `pattern` on `target` (the path, by default) when the request's method is `forMethod`. */
    const matched = (pattern: RegExp, forMethod: string, target = path) =>
      method === forMethod ? pattern.exec(target) : null;
    if (auth.kind === 'app-jwt') {
      const installationMatch = matched(/^\/app\/installations\/(\d+)$/, 'GET');
      if (installationMatch) {
        const installation = installations.get(Number(installationMatch[1]));
        if (!installation) return notFound();
        return send(200, installationJson(Number(installationMatch[1]), installation));
      }
      const accessTokensMatch = matched(/^\/app\/installations\/(\d+)\/access_tokens$/, 'POST');
      if (accessTokensMatch) {
        const id = Number(accessTokensMatch[1]);
        if (!installations.has(id)) return notFound();
        const token = `ghs_${id}_${++counter}`;
        tokens.set(token, id);
        return send(201, {
          token,
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
          permissions: { contents: 'write', pull_requests: 'write' },
          repository_selection: 'selected',
        });
      }
      return notFound();
    }

    if (auth.kind !== 'installation-token') return notFound();
    const installationId = auth.installationId;
    const visible = (fullName: string) => {
      const repo = repos.get(fullName.toLowerCase());
      return repo && repo.installationId === installationId ? repo : undefined;
    };
    if (path === '/installation/repositories' && method === 'GET') {
      const list = [...repos.values()].filter((repo) => repo.installationId === installationId);
      return send(200, { total_count: list.length, repositories: list.map(repoJson) });
    }
    if (path === '/search/code' && method === 'GET') {
      const q = url.searchParams.get('q') ?? '';
      const repoName = /repo:(\S+)/.exec(q)?.[1];
      const terms = q
        .replace(/repo:\S+/, '')
        .trim()
        .toLowerCase();
      const repo = repoName ? visible(repoName) : undefined;
      if (!repo || !terms)
        return send(422, {
          message: 'Validation Failed',
          errors: [{ message: 'The listed users and repositories cannot be searched' }],
        });
      const tree = repo.commits.get(repo.branches.get(repo.defaultBranch)!)!.tree;
      const items = [...tree].filter(
        ([file, content]) => file.toLowerCase().includes(terms) || content.toLowerCase().includes(terms),
      );
      const limited = items.slice(0, Number(url.searchParams.get('per_page') ?? 30));
      return send(200, {
        total_count: items.length,
        incomplete_results: false,
        items: limited.map(([file, content]) => ({
          name: file.split('/').pop(),
          path: file,
          sha: sha1(`blob ${content}`),
          html_url: `https://github.com/${repo.fullName}/blob/${repo.defaultBranch}/${file}`,
          repository: repoJson(repo),
        })),
      });
    }
    const repoMatch = /^\/repos\/([^/]+\/[^/]+)(\/.*)?$/.exec(path);
    if (repoMatch) {
      const repo = visible(repoMatch[1]!);
      if (!repo) return notFound();
      const rest = repoMatch[2] ?? '';
      if (rest === '' && method === 'GET') return send(200, repoJson(repo));
      const refHeadPart = matched(/^\/git\/ref\/heads\/(.+)$/, 'GET', rest);
      if (refHeadPart) {
        const head = repo.branches.get(refHeadPart[1]!);
        return head
          ? send(200, { ref: `refs/heads/${refHeadPart[1]}`, object: { sha: head, type: 'commit' } })
          : notFound();
      }
      const treePart = matched(/^\/git\/trees\/([0-9a-f]{40})$/, 'GET', rest);
      if (treePart) {
        const tree = repo.commits.get(treePart[1]!)?.tree ?? repo.trees.get(treePart[1]!);
        if (!tree) return notFound();
        return send(200, {
          sha: treePart[1],
          truncated: false,
          tree: [...tree.keys()].map((file) => ({
            path: file,
            mode: '100644',
            type: 'blob',
            sha: sha1(`blob ${tree.get(file)}`),
          })),
        });
      }
      const commitPart = matched(/^\/git\/commits\/([0-9a-f]{40})$/, 'GET', rest);
      if (commitPart) {
        const found = repo.commits.get(commitPart[1]!);
        return found
          ? send(200, {
              sha: found.sha,
              tree: { sha: treeShaOf(found.sha) },
              parents: found.parents.map((sha) => ({ sha })),
              message: found.message,
            })
          : notFound();
      }
      const contentsPart = matched(/^\/contents\/(.+)$/, 'GET', rest);
      if (contentsPart) {
        const ref = url.searchParams.get('ref') ?? repo.branches.get(repo.defaultBranch)!;
        const at = repo.commits.get(repo.branches.get(ref) ?? ref);
        const content = at?.tree.get(contentsPart[1]!);
        if (content === undefined) return notFound();
        return send(200, {
          type: 'file',
          path: contentsPart[1],
          sha: sha1(`blob ${content}`),
          size: content.length,
          encoding: 'base64',
          content: Buffer.from(content).toString('base64'),
          html_url: `https://github.com/${repo.fullName}/blob/${at!.sha}/${contentsPart[1]}`,
        });
      }
      if (rest === '/git/trees' && method === 'POST') {
        const base = [...repo.trees].find(([sha]) => sha === body.base_tree)?.[1];
        if (!base) return send(422, { message: 'Invalid tree info' });
        const tree = new Map(base);
        for (const entry of body.tree as { path: string; content: string }[]) tree.set(entry.path, entry.content);
        const treeSha = sha1(`newtree:${++counter}`);
        repo.trees.set(treeSha, tree);
        return send(201, { sha: treeSha, tree: [...tree.keys()].map((file) => ({ path: file })), truncated: false });
      }
      if (rest === '/git/commits' && method === 'POST') {
        const tree = repo.trees.get(String(body.tree));
        if (!tree) return send(422, { message: 'Tree not found' });
        const sha = commit(repo, tree, body.parents as string[], String(body.message));
        return send(201, { sha, tree: { sha: body.tree }, message: body.message });
      }
      if (rest === '/git/refs' && method === 'POST') {
        const branch = String(body.ref).replace(/^refs\/heads\//, '');
        if (repo.branches.has(branch)) return send(422, { message: 'Reference already exists' });
        if (!repo.commits.has(String(body.sha))) return send(422, { message: 'Object does not exist' });
        repo.branches.set(branch, String(body.sha));
        return send(201, { ref: body.ref, object: { sha: body.sha, type: 'commit' } });
      }
      if (rest === '/pulls' && method === 'POST') {
        if (!repo.branches.has(String(body.head)) || !repo.branches.has(String(body.base)))
          return send(422, { message: 'Validation Failed', errors: [{ message: 'head or base does not exist' }] });
        const number = pulls.length + 1;
        pulls.push({
          repository: repo.fullName,
          number,
          title: String(body.title),
          head: String(body.head),
          base: String(body.base),
          draft: body.draft === true,
          body: String(body.body ?? ''),
        });
        return send(201, {
          number,
          draft: body.draft === true,
          html_url: `https://github.com/${repo.fullName}/pull/${number}`,
          state: 'open',
        });
      }
    }
    return notFound();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: origin,
    appId,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    requests,
    pulls,
    installations,
    addRepo(installationId, fullName, files, options = {}) {
      const repo: Repo = {
        id: ++nextRepoId,
        fullName,
        defaultBranch: 'main',
        private: options.private ?? true,
        installationId,
        branches: new Map(),
        commits: new Map(),
        trees: new Map(),
      };
      repos.set(fullName.toLowerCase(), repo);
      const headSha = commit(repo, new Map(Object.entries(files)), [], 'initial');
      repo.branches.set('main', headSha);
      return { headSha };
    },
    push(fullName, branch, files) {
      const repo = repos.get(fullName.toLowerCase())!;
      const parent = repo.branches.get(branch)!;
      const tree = new Map(repo.commits.get(parent)!.tree);
      for (const [file, content] of Object.entries(files)) tree.set(file, content);
      const sha = commit(repo, tree, [parent], 'push');
      repo.branches.set(branch, sha);
      return sha;
    },
    fileAt(fullName, branch, file) {
      const repo = repos.get(fullName.toLowerCase())!;
      const head = repo.branches.get(branch);
      return head ? repo.commits.get(head)?.tree.get(file) : undefined;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function repoJson(repo: Repo) {
    return {
      id: repo.id,
      name: repo.fullName.split('/')[1],
      full_name: repo.fullName,
      private: repo.private,
      default_branch: repo.defaultBranch,
      html_url: `https://github.com/${repo.fullName}`,
      owner: { login: repo.fullName.split('/')[0] },
    };
  }
  function installationJson(id: number, installation: { account: string; type: string; suspended: boolean }) {
    return {
      id,
      account: { login: installation.account, type: installation.type },
      repository_selection: 'selected',
      target_type: installation.type,
      permissions: { contents: 'write' },
      suspended_at: installation.suspended ? new Date().toISOString() : null,
      access_tokens_url: `${origin}/app/installations/${id}/access_tokens`,
    };
  }
}

function authenticate(
  header: string | undefined,
  publicKey: KeyObject,
  appId: string,
  tokens: Map<string, number>,
): { kind: 'app-jwt' } | { kind: 'installation-token'; installationId: number } | { kind: 'none' | 'bad' } {
  if (!header) return { kind: 'none' };
  const [scheme, value = ''] = header.split(' ');
  if (scheme?.toLowerCase() === 'token' || (scheme?.toLowerCase() === 'bearer' && value.startsWith('ghs_'))) {
    const installationId = tokens.get(value);
    return installationId === undefined ? { kind: 'bad' } : { kind: 'installation-token', installationId };
  }
  if (scheme?.toLowerCase() !== 'bearer') return { kind: 'bad' };
  const [head, payload, signature] = value.split('.');
  if (!head || !payload || !signature) return { kind: 'bad' };
  const valid = verifySignature(
    'RSA-SHA256',
    Buffer.from(`${head}.${payload}`),
    publicKey,
    Buffer.from(signature, 'base64url'),
  );
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    iss?: unknown;
    exp?: number;
    iat?: number;
  };
  const now = Math.floor(Date.now() / 1000);
  if (!valid || String(claims.iss) !== appId || (claims.exp ?? 0) < now || (claims.exp ?? 0) - (claims.iat ?? 0) > 600)
    return { kind: 'bad' };
  return { kind: 'app-jwt' };
}

async function readJson(request: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, any>) : {};
}
