import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startStdioServer, text, uidOf } from '../helpers/mcp.js';
import { page, startTestServer, type TestServer } from '../helpers/server.js';
import { mountSmallDisk, unmountSmallDisk } from '../helpers/small-disk.js';

/**
 * Files are whole or absent on a full disk: the output folder is a small tmpfs (mounting one needs
 * root, as CI runs), a download too big for it and files written when it is full. Each answer says
 * the disk was full, and nothing partial is left in the folder.
 */

const BIG = 3 * 1024 * 1024;

const disk = mountSmallDisk('ffmcp-full-');

describe.skipIf('skip' in disk)('a full disk under the output folder', () => {
  const dir = 'dir' in disk ? disk.dir : '';
  let server: TestServer;
  let client: Client;

  beforeAll(async () => {
    server = await startTestServer({
      '/files.html': page('Files', '<h1>Files</h1><a href="/big.bin">Big file</a>'),
      '/big.bin': (_request, response) => {
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-disposition': 'attachment; filename="big.bin"',
          'content-length': String(BIG),
        });
        response.end(Buffer.alloc(BIG, 7));
      },
    });
    ({ client } = await startStdioServer(['--tools', 'all', '--output-dir', dir]));
    expect((await call(client, 'navigate_page', { url: server.url('/files.html') })).isError).toBeFalsy();
  });

  afterAll(async () => {
    await client.close();
    await server.close();
    unmountSmallDisk(dir);
  });

  it('a download that does not fit says the disk was full, and leaves nothing of it', async () => {
    const snapshot = text(await call(client, 'take_snapshot'));
    const clicked = text(await call(client, 'click', { uid: uidOf(snapshot, 'link', 'Big file') }));
    expect(clicked).toContain('It started a download of "big.bin"');
    // The note comes once, with whichever answer follows the cancel (the click's own, when the disk fills at once, or a
    // later one): every answer is kept.
    const answers: string[] = [clicked];
    await expect
      .poll(
        async () => {
          answers.push(text(await call(client, 'list_downloads')));
          return answers.at(-1);
        },
        { timeout: 15_000 },
      )
      .toMatch(/big\.bin: canceled \(disk full\)/);
    expect(answers.join('\n')).toMatch(/canceled for lack of space: the disk holding \S+ is full/);
    expect(readdirSync(join(dir, 'downloads'))).toEqual([]);
  });

  it('a screenshot, a PDF, a snapshot and a storage state on a full disk fail saying so, and leave no file; a file already there stays whole', async () => {
    const kept = await call(client, 'take_screenshot', { filePath: 'kept.png' });
    expect(kept.isError, text(kept)).toBeFalsy();
    const keptBytes = readFileSync(join(dir, 'kept.png'));
    // Fill what is left of the disk.
    try {
      writeFileSync(join(dir, 'filler'), Buffer.alloc(2 * 1024 * 1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    const writes: [string, Record<string, unknown>][] = [
      ['take_screenshot', { filePath: 'kept.png' }],
      ['take_screenshot', { filePath: 'shot.png' }],
      ['save_pdf', { filePath: 'page.pdf' }],
      ['take_snapshot', { filePath: 'page.txt' }],
      ['save_storage_state', { filePath: 'state.json' }],
    ];
    for (const [tool, args] of writes) {
      const result = await call(client, tool, args);
      expect(result.isError, `${tool}: ${text(result)}`).toBe(true);
      expect(text(result), tool).toMatch(
        /^Could not save "[^"]+": the disk holding \S+ is full \(ENOSPC\).*nothing of it was left behind\.$/s,
      );
    }
    // The session's recording (written whole after each step) is there from the steps before the disk filled, and still
    // whole.
    const [recording, ...more] = readdirSync(dir).filter((name) => name.startsWith('recording-'));
    expect(more).toEqual([]);
    expect(
      (JSON.parse(readFileSync(join(dir, recording ?? ''), 'utf8')) as { steps: { tool: string }[] }).steps.map(
        (step) => step.tool,
      ),
    ).toContain('navigate_page');
    expect(
      readdirSync(dir)
        .filter((name) => !/^(?:recording|timeline)-/.test(name))
        .sort(),
    ).toEqual(['downloads', 'filler', 'kept.png']);
    // The timeline too: whole pictures, and entries each a whole line (a refused one is taken back, not left cut).
    const [timeline = ''] = readdirSync(dir).filter((name) => name.startsWith('timeline-'));
    const inTimeline = readdirSync(join(dir, timeline));
    expect(inTimeline.filter((name) => !/^(?:\d{5}\.jpg|entries\.jsonl)$/.test(name))).toEqual([]);
    for (const line of readFileSync(join(dir, timeline, 'entries.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean))
      expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    expect(readFileSync(join(dir, 'kept.png')).equals(keptBytes)).toBe(true);
    // Room again: the same call writes the file whole.
    rmSync(join(dir, 'filler'));
    const saved = await call(client, 'save_pdf', { filePath: 'page.pdf' });
    expect(saved.isError, text(saved)).toBeFalsy();
    expect(readFileSync(join(dir, 'page.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
