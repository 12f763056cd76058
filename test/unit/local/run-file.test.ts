// unit: the run files of `npm start` — announce, find the live ones (stale ones are removed), and
// choose the DATA_DIR a tool should use.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { announceRunning, chooseDataDir, runningServers, type RunFile } from '../../../lib/local/run-file.ts';
import { tempFolders } from '../../support/temp-folders.ts';

const folder = tempFolders('run-file');
const server = (pid: number, dataDir: string): RunFile => ({
  pid,
  dataDir,
  appUrl: 'http://127.0.0.1:3000',
  baseUrl: 'http://127.0.0.1:3001',
  startedAt: '2026-01-01T00:00:00.000Z',
});

describe('announceRunning / runningServers', () => {
  it('lists this live process until its file is removed', () => {
    // Prepare
    const dir = folder();

    // Act
    const remove = announceRunning(
      { dataDir: '/data/a', appUrl: 'http://127.0.0.1:1', baseUrl: 'http://127.0.0.1:2' },
      dir,
    );
    const listed = runningServers(dir);
    remove();

    // Assess
    expect(listed).toEqual([expect.objectContaining({ pid: process.pid, dataDir: '/data/a' })]);
    expect(readdirSync(dir)).toEqual([]);
    expect(runningServers(dir)).toEqual([]);
  });

  it('ignores and removes the file of a process that died without cleaning up (kill -9)', () => {
    // Prepare: the pid of a process that has exited
    const dir = folder();
    const dead = spawnSync(process.execPath, ['-e', 'process.pid'], { encoding: 'utf8' }).pid!;
    writeFileSync(join(dir, `${dead}.json`), JSON.stringify(server(dead, '/data/gone')));

    // Act
    const listed = runningServers(dir);

    // Assess
    expect(listed).toEqual([]);
    expect(existsSync(join(dir, `${dead}.json`))).toBe(false);
  });

  it('answers nothing for a folder that does not exist', () => {
    expect(runningServers(join(folder(), 'missing'))).toEqual([]);
  });
});

describe('chooseDataDir', () => {
  it('takes the named folder first, else the one running server', () => {
    expect(chooseDataDir('some/dir', [server(1, '/data/a'), server(2, '/data/b')])).toBe(resolve('some/dir'));
    expect(chooseDataDir(undefined, [server(1, '/data/a')])).toBe('/data/a');
  });

  it('says what to do when none is running, and lists them when several are', () => {
    expect(() => chooseDataDir(undefined, [])).toThrow(/No running local stack found: start it with npm start/);
    expect(() => chooseDataDir(undefined, [server(1, '/data/a'), server(2, '/data/b')])).toThrow(
      /Several local stacks.*\n.*DATA_DIR=\/data\/a.*\n.*DATA_DIR=\/data\/b/,
    );
  });
});
