import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
// The module, not the client's index: install-skill starts nothing else.
import { writeWhole } from '../firefox/policy/files.js';

/**
 * What an agent needs to drive Firefox from its shell, in a few lines: the loop (open, snapshot,
 * act by uid, check), how uids behave, and how to keep what it reads small. Every command shown
 * runs in a test (<url>, <uid>, <value> stand for what the agent has at hand).
 */
export const SKILL = `---
name: firefox-bidi
description: Drive a real Firefox from the shell - open pages, read them as text with uids, click, fill, type, run scripts, read console and network. Use it to test or use a web app.
---

# firefox-bidi

A background Firefox kept between commands. The loop:

\`\`\`sh
firefox-bidi open <url>              # load a page
firefox-bidi snapshot                # what a person sees and can use, one element a line, uid first
firefox-bidi fill <uid> <value>      # set a field (text, an option, true/false)
firefox-bidi click <uid>             # click; the answer says what followed (navigation, dialog)
firefox-bidi eval '() => document.title'   # check the page's own state
\`\`\`

- A uid (such as 3_14) comes from the latest snapshot and lasts until the page navigates; a stale one is refused with why. Take a new snapshot after the page changes a lot.
- Keep reading small: \`firefox-bidi snapshot --viewport true\` for what is on screen, \`firefox-bidi find_in_page --query <value>\` to find one element, \`firefox-bidi snapshot --file page.txt\` to keep a big page in a file and grep it.
- More: \`firefox-bidi console\`, \`firefox-bidi network\`, \`firefox-bidi press Enter\`, \`firefox-bidi type <value>\`, \`firefox-bidi pages\`, \`firefox-bidi --help\`, \`firefox-bidi <command> --help\`.
- A login, a second factor or a CAPTCHA for the user to do: \`firefox-bidi show --no-open\` prints a link to a live view of the pages, where the user can click and type; give it to the user alone, then \`firefox-bidi request_human --reason <value>\` waits until they press Done.
- \`-s <name>\` before the command gives a separate session (its own cookies, pages, uids). \`firefox-bidi stop\` ends it all.
- Exit codes: 0 done, 1 the tool said no (read stderr), 2 the command line was wrong.
`;

const AGENTS_MARK = '<!-- firefox-bidi -->';

/** The AGENTS.md snippet: where the skill is, for agents that read AGENTS.md rather than skills. */
export const AGENTS_SNIPPET = `${AGENTS_MARK}
## Browser
Use \`firefox-bidi\` to drive a real Firefox from the shell: \`firefox-bidi open <url>\`, \`firefox-bidi snapshot\` (elements with uids), \`firefox-bidi click <uid>\`, \`firefox-bidi fill <uid> <value>\`, \`firefox-bidi eval '() => document.title'\`. See .claude/skills/firefox-bidi/SKILL.md.
`;

/**
 * Writes the skill under `dir`/.claude/skills/firefox-bidi/ and adds the snippet to `dir`/AGENTS.md
 * once; returns the paths. A cloned repository may hold links there that lead elsewhere: no link
 * is followed, neither a folder on the way nor a file, and the first one met is named.
 */
export function installSkill(dir: string): string[] {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });
  let folder = root;
  for (const part of ['.claude', 'skills', 'firefox-bidi']) {
    folder = join(folder, part);
    refuseLink(folder);
    if (!existsSync(folder)) mkdirSync(folder);
  }
  const skill = join(folder, 'SKILL.md');
  const agents = join(root, 'AGENTS.md');
  refuseLink(skill);
  refuseLink(agents);
  // Whole or not at all, never through a link: a temporary file beside each, renamed over it.
  writeWhole(skill, SKILL, 0o644);
  const before = existsSync(agents) ? readFileSync(agents, 'utf8') : '';
  if (!before.includes(AGENTS_MARK))
    writeWhole(
      agents,
      `${before}${before && !before.endsWith('\n') ? '\n' : ''}${before ? '\n' : ''}${AGENTS_SNIPPET}`,
      before ? statSync(agents).mode & 0o777 : 0o644,
    );
  return [skill, agents];
}

function refuseLink(path: string): void {
  let link = false;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch {
    return; // Not there yet: it is made as a plain folder or file.
  }
  if (link)
    throw new Error(
      `${path} is a link (to ${readlinkSync(path)}); install-skill never writes through links. Remove it, or install into another folder.`,
    );
}
