// architecture test: adapters are wired one way — as handles in functions/adapters/composition (root.ts:
// `adapter(name, build)`), built on first use and replaced in tests with overrideDeps. No other file under
// functions/ calls an adapter's constructor (a `new Dynamo…Repository()` at the top of an operation, a
// module singleton in an adapter file, a *-deps.ts building its own).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeHost, credentialCipher } from '#adapters/composition/credentials';
import { overrideDeps } from '#adapters/composition/root';

const FUNCTIONS = path.resolve(import.meta.dirname, '../../../functions');
const COMPOSITION = path.join(FUNCTIONS, 'adapters/composition');

/**
 * Adapter classes built where they are chosen by configuration, each in the one adapter file that
 * chooses (the cipher: KMS or the local key file; the GitHub App client, built once its key is read), and
 * the QuickJS runner the code sandbox's worker builds in its own thread, where no handle of the root reaches.
 */
const CHOSEN_IN_PLACE: Record<string, string[]> = {
  'adapters/credentials/cipher.ts': ['KmsCredentialCipher', 'LocalCredentialCipher'],
  'adapters/codehost/config.ts': ['GithubCodeHost'],
  'adapters/sandbox/quickjs-worker.ts': ['QuickJsRunner'],
};

const sources = (readdirSync(FUNCTIONS, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => ({ file, text: readFileSync(path.join(FUNCTIONS, file), 'utf8') }));

/** Every class an adapter module exports, but errors (thrown, not wired). */
const adapterClasses = new Set(
  sources
    .filter(({ file }) => file.startsWith('adapters/'))
    .flatMap(({ text }) => [...text.matchAll(/export (?:abstract )?class (\w+)/g)].map((match) => match[1]!))
    .filter((name) => !name.endsWith('Error')),
);

describe('the composition root', () => {
  it('knows the adapter classes (the scan below sees them)', () => {
    expect(adapterClasses).toContain('DynamoCanvasRepository');
    expect(adapterClasses).toContain('S3BlobStore');
    expect(adapterClasses).toContain('SafeOutboundHttp');
  });

  it('is the only place under functions/ that constructs an adapter', () => {
    const outside = sources
      .filter(({ file }) => !path.join(FUNCTIONS, file).startsWith(COMPOSITION + path.sep))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/\bnew (\w+)\s*\(/g)]
          .map((match) => match[1]!)
          .filter((name) => adapterClasses.has(name) || /Repository$/.test(name))
          .filter((name) => !CHOSEN_IN_PLACE[file.split(path.sep).join('/')]?.includes(name))
          .map((name) => `${file}: new ${name}(`),
      );
    expect(outside).toEqual([]);
  });

  it('has no module-level adapter singletons left in adapter files', () => {
    const singletons = sources
      .filter(({ file }) => file.startsWith('adapters/') && !file.startsWith('adapters/composition/'))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/^export const (\w+) = new (\w+)\(/gm)]
          .filter((match) => adapterClasses.has(match[2]!))
          .map((match) => `${file}: ${match[1]}`),
      );
    expect(singletons).toEqual([]);
  });

  it('lets a test swap the secret holders too: the credential cipher and the GitHub client', async () => {
    // Prepare: fakes in place of KMS / the key file and of GitHub (neither is configured in this test)
    const sealed = { keyRef: 'local:fake', wrappedKey: 'k', iv: 'i', tag: 't', ciphertext: 'c' };
    const restore = overrideDeps({
      credentialCipher: { seal: async () => sealed, open: async () => 'opened' },
      codeHost: { branchHead: async () => 'abc123' },
    });
    try {
      // Act / Assess: the handles every operation imports answer with the fakes
      expect(await credentialCipher.seal('secret', { workspaceId: 'ws' })).toBe(sealed);
      expect(await credentialCipher.open(sealed, { workspaceId: 'ws' })).toBe('opened');
      expect(await codeHost.branchHead(1, 'o/r', 'main')).toBe('abc123');
    } finally {
      restore();
    }
  });
});
