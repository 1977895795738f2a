import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allNodes, type SnapshotNode } from '../../src/index.js';
import { engineCall, SANDBOX } from '../../src/firefox/engine/index.js';
import { fromRemoteValue } from '../../src/bidi/index.js';
import { useFirefox } from '../helpers/fixtures.js';
import { eventually } from '../helpers/processes.js';

/**
 * The snapshot engine against the web-platform-tests for accessible names and roles (issue 9):
 * every element with `data-expectedlabel` or `data-expectedrole`, through the real client in
 * Firefox. Scored as issue 33 asks: an element the snapshot leaves out (zero-size, hidden, folded
 * into a parent) is a miss, for its name and for its role, unless its expected role is none or
 * generic (which the snapshot need not list). The floors only go up; the targets are 95% of names
 * and 93% of non-generic roles. WPT_DEBUG=1 prints every miss, left-outs included.
 */

const WPT = new URL('../wpt/', import.meta.url).pathname;
const NAME_FLOOR = 0.95;
/** The targets of issue 33: names ≥ 95%, non-generic roles ≥ 93%, what the snapshot leaves out counted as a miss. */
const ROLE_FLOOR = 0.93;
/**
 * The engine's own role and name functions (names.ts rolesAndNames, what an action's answer says),
 * asked element by element rather than through the snapshot: floors set from measurement (issue 36;
 * 94.5% of names and 99.8% of roles when set, the names below the snapshot's while the walk folds
 * names of its own).
 */
const DIRECT_NAME_FLOOR = 0.94;
const DIRECT_ROLE_FLOOR = 0.99;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.png': 'image/png',
};
/**
 * What a browser vendor supplies, played by the harness: the report marks the page done when all
 * its tests ran, and the driver, asked for a computed role the element does not state in
 * data-expectedrole, writes down what the test expects of it. An element a script made with
 * `role=R` (AriaUtils.assignAndVerifyRolesByRoleNames: no data-testname of its own) expects R
 * lower-cased; an authored element (data-testname, checked by AriaUtils.verifyGenericRolesBySelector,
 * the only variant check these files use) expects generic, whatever its invalid, orphaned or
 * presentational role attribute says. It answers nothing itself; the engine's answer comes from the snapshot.
 */
const VENDOR_STUBS: Record<string, string> = {
  '/resources/testharnessreport.js': `add_completion_callback(() => document.documentElement.setAttribute('data-wpt-done', ''));`,
  '/resources/testdriver-vendor.js': `window.test_driver_internal.get_computed_role = async (el) => {
    const role = el.getAttribute('role');
    if (el.hasAttribute('data-expectedrole')) return '';
    if (el.hasAttribute('data-testname')) el.setAttribute('data-expectedrole', 'generic');
    else if (role) {
      el.setAttribute('data-expectedrole', role.toLowerCase());
      el.setAttribute('data-testname', 'role: ' + role);
    }
    return '';
  };
  window.test_driver_internal.get_computed_label = async () => '';`,
};

interface Expectation {
  file: string;
  test: string;
  uid: string | null;
  label: string | null;
  role: string | null;
}

interface Tally {
  right: number;
  wrong: number;
  leftOut: number;
  misses: string[];
  leftOuts: string[];
}

/** Counts an answer of the engine's own functions, right or wrong. */
function tallyOf(tally: Tally, right: boolean, miss: string): void {
  if (right) tally.right++;
  else {
    tally.wrong++;
    tally.misses.push(miss);
  }
}

function serve(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname));
    const stub = VENDOR_STUBS[path];
    if (stub !== undefined) {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(stub);
      return;
    }
    try {
      const body = readFileSync(join(WPT, path));
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function pages(): string[] {
  const dirs = ['accname/name', 'accname/name/shadowdom', 'html-aam', 'wai-aria/role'];
  return dirs.flatMap((dir) =>
    readdirSync(join(WPT, dir))
      .filter(
        (file) =>
          file.endsWith('.html') &&
          /data-expected|assignAndVerifyRolesByRoleNames/.test(readFileSync(join(WPT, dir, file), 'utf8')),
      )
      .map((file) => `/${dir}/${file}`),
  );
}

/** Names compare as accname's result does: whitespace collapsed and trimmed. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The elements the files check, in the order READ_EXPECTATIONS lists them. */
const EXPECTED = '[data-expectedlabel], [data-expectedrole]';

const READ_EXPECTATIONS = `() => Array.from(document.querySelectorAll('[data-expectedlabel], [data-expectedrole]'), (el) => ({
  test: el.getAttribute('data-testname') || el.outerHTML.slice(0, 80),
  uid: el.getAttribute('data-mcp-uid'),
  label: el.getAttribute('data-expectedlabel'),
  role: el.getAttribute('data-expectedrole'),
}))`;

let server: Server;
const client = useFirefox();

beforeAll(async () => {
  server = await serve();
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('web-platform-tests for accessible names and roles', () => {
  it("scores the snapshot engine, and the engine's own role and name functions element by element, on every expected name and non-generic role, above the floors", async () => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const names: Tally = { right: 0, wrong: 0, leftOut: 0, misses: [], leftOuts: [] };
    const roles: Tally = { right: 0, wrong: 0, leftOut: 0, misses: [], leftOuts: [] };
    const directNames: Tally = { right: 0, wrong: 0, leftOut: 0, misses: [], leftOuts: [] };
    const directRoles: Tally = { right: 0, wrong: 0, leftOut: 0, misses: [], leftOuts: [] };
    for (const file of pages()) {
      await client.page.navigate(origin + file);
      // Some pages build their elements in script, test by test: wait until every test ran.
      await eventually(
        async () =>
          (await client.page.evaluate("() => document.documentElement.hasAttribute('data-wpt-done')")) === true,
        5000,
      );
      const snapshot = await client.page.takeSnapshot();
      const byUid = new Map<string, SnapshotNode>(Array.from(allNodes(snapshot.nodes), (node) => [node.uid, node]));
      const expectations = (
        (await client.page.evaluate(READ_EXPECTATIONS)) as unknown as Omit<Expectation, 'file'>[]
      ).map((entry) => ({ ...entry, file }));
      if (process.env.WPT_DEBUG)
        console.log(file, expectations.length, expectations.filter((entry) => entry.role !== null).length);
      // The same elements, asked of the engine's role and name functions directly (no snapshot between).
      const { nodes } = await client.browser.bidi.send('browsingContext.locateNodes', {
        context: client.page.id,
        locator: { type: 'css', value: EXPECTED },
      });
      const asked = await client.browser.bidi.send('script.callFunction', {
        functionDeclaration: engineCall('rolesAndNames'),
        arguments: nodes.map((node) => ({ sharedId: node.sharedId ?? '' })),
        target: { context: client.page.id, sandbox: SANDBOX },
        awaitPromise: true,
      });
      const direct = (asked.type === 'success' ? fromRemoteValue(asked.result) : []) as {
        role: string;
        name: string;
      }[];
      expect(direct, file).toHaveLength(expectations.length);
      for (const [index, expected] of expectations.entries()) {
        const found = direct[index];
        if (!found) continue;
        if (expected.label !== null)
          tallyOf(
            directNames,
            squeeze(found.name) === squeeze(expected.label),
            `${file} ${expected.test}: ${JSON.stringify(found.name)} instead of ${JSON.stringify(expected.label)}`,
          );
        if (expected.role !== null && !['generic', 'none', 'SPEC_AMBIGUOUS_LOG_VALUE'].includes(expected.role))
          tallyOf(
            directRoles,
            found.role === expected.role,
            `${file} ${expected.test}: ${found.role} instead of ${expected.role}`,
          );
      }
      for (const expected of expectations) {
        const node = expected.uid ? byUid.get(expected.uid) : undefined;
        // An element expected to be generic or none may be left out: only its name, when listed, is scored.
        const mayBeLeftOut = expected.role === 'generic' || expected.role === 'none';
        if (expected.label !== null && (node || !mayBeLeftOut)) {
          if (!node) {
            names.leftOut++;
            names.leftOuts.push(`${file} ${expected.test}: left out (expected ${JSON.stringify(expected.label)})`);
          } else if (squeeze(node.name ?? '') === squeeze(expected.label)) names.right++;
          else {
            names.wrong++;
            names.misses.push(
              `${file} ${expected.test}: ${JSON.stringify(node.name)} instead of ${JSON.stringify(expected.label)}`,
            );
          }
        }
        // SPEC_AMBIGUOUS_LOG_VALUE marks a case the specs leave open: no answer is right.
        if (expected.role !== null && !['generic', 'none', 'SPEC_AMBIGUOUS_LOG_VALUE'].includes(expected.role)) {
          if (!node) {
            roles.leftOut++;
            roles.leftOuts.push(`${file} ${expected.test}: left out (expected ${expected.role})`);
          } else if (node.role === expected.role) roles.right++;
          else {
            roles.wrong++;
            roles.misses.push(`${file} ${expected.test}: ${node.role} instead of ${expected.role}`);
          }
        }
      }
    }
    // A left-out is a miss: the share is over every element the files check.
    const share = (tally: Tally): number => tally.right / (tally.right + tally.wrong + tally.leftOut);
    const line = (what: string, tally: Tally): string =>
      `${what}: ${(share(tally) * 100).toFixed(1)}% right (${tally.right} right, ${tally.wrong} wrong, ${tally.leftOut} left out of the snapshot)`;
    console.log(`WPT conformance — ${line('names', names)}; ${line('non-generic roles', roles)}.`);
    const shown = process.env.WPT_DEBUG ? Infinity : 15;
    const misses = [names.misses, names.leftOuts, roles.misses, roles.leftOuts].flatMap((list) => list.slice(0, shown));
    console.log(`First misses:\n${misses.join('\n')}`);
    const directLine = (what: string, tally: Tally): string =>
      `${what}: ${(share(tally) * 100).toFixed(1)}% right (${tally.right} right, ${tally.wrong} wrong)`;
    console.log(
      `WPT, the engine's functions element by element — ${directLine('names', directNames)}; ${directLine('non-generic roles', directRoles)}.`,
    );
    console.log(
      `First misses of the functions:\n${[...directNames.misses, ...directRoles.misses].slice(0, shown).join('\n')}`,
    );
    expect(names.right + names.wrong + names.leftOut).toBeGreaterThan(400);
    expect(roles.right + roles.wrong + roles.leftOut).toBeGreaterThan(400);
    expect(share(names)).toBeGreaterThanOrEqual(NAME_FLOOR);
    expect(share(roles)).toBeGreaterThanOrEqual(ROLE_FLOOR);
    expect(directNames.right + directNames.wrong).toBeGreaterThan(400);
    expect(share(directNames)).toBeGreaterThanOrEqual(DIRECT_NAME_FLOOR);
    expect(share(directRoles)).toBeGreaterThanOrEqual(DIRECT_ROLE_FLOOR);
  }, 300_000);
});
