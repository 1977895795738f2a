import { describe, expect, it } from 'vitest';
import { ActionNotTakenError } from '../../src/index.js';
import { useFirefox, useSite } from '../helpers/fixtures.js';
import { page } from '../helpers/server.js';
import { uidIn } from '../helpers/snapshot-text.js';

/**
 * Every action reads its effect back, and says plainly when the page shows another one. A find box
 * that hands the focus to its document after the first key (as a code editor's find widget may):
 * the rest of the keys land in the document, and "Filled" would be a lie.
 */
const FIND = page(
  'Find',
  `<label for="find">Find</label> <input id="find">
   <label for="doc">Document</label> <textarea id="doc" rows="4">pool_size: 20</textarea>
   <script>
     const doc = document.getElementById('doc');
     document.getElementById('find').addEventListener('input', () => { doc.focus(); doc.setSelectionRange(0, 0); }, { once: true });
   </script>`,
);

/** A select whose page puts back the plan it allows, as a form that checks a choice does. */
const PLAN = page(
  'Plan',
  `<label for="plan">Plan</label> <select id="plan"><option>Free</option><option>Pro</option><option value="team">Team</option></select>
   <script>document.getElementById('plan').addEventListener('change', (event) => { if (event.target.value === 'Pro') event.target.value = 'Free'; });</script>`,
);

/** A code typed into boxes that hand the focus on, one character each. */
const CODE = page(
  'Code',
  `<label>Digit 1 <input id="d1" maxlength="1"></label><label>Digit 2 <input id="d2" maxlength="1"></label><label>Digit 3 <input id="d3" maxlength="1"></label>
   <script>for (const [from, to] of [['d1', 'd2'], ['d2', 'd3']]) document.getElementById(from).addEventListener('input', () => document.getElementById(to).focus());</script>`,
);

const server = useSite({ '/find.html': FIND, '/plan.html': PLAN, '/code.html': CODE });
const client = useFirefox({ viewport: { width: 1280, height: 720 } });

describe('fill reads the field back', () => {
  it('stops typing when the focus leaves the field mid-way, refuses "Filled", and says where the focus went', async () => {
    await client.page.navigate(server.url('/find.html'));
    const text = (await client.page.takeSnapshot()).text;
    const failure = await client.page
      .fillByUid(uidIn(text, /textbox "Find"/), 'port: 8080')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ActionNotTakenError);
    expect((failure as Error).message).toMatch(
      /holds "p"\. The focus left it for .*textarea#doc.* while the keys went in, so the typing stopped there: the other 9 key\(s\) were typed nowhere/,
    );
    // What the page holds, which the answer described: the user's document untouched.
    expect(
      await client.page.evaluate(`() => [document.getElementById('find').value, document.getElementById('doc').value]`),
    ).toEqual(['p', 'pool_size: 20']);
  });
});

describe('selecting an option reads the choice back', () => {
  it('says "Set" only when the select holds the option asked for, by label or value', async () => {
    await client.page.navigate(server.url('/plan.html'));
    const plan = uidIn((await client.page.takeSnapshot()).text, /combobox "Plan"/);
    const refused = await client.page.fillByUid(plan, 'Pro').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ActionNotTakenError);
    expect((refused as Error).message).toContain('holds "Free"');
    expect((await client.page.fillByUid(plan, 'team')).done).toMatchObject({
      kind: 'set',
      target: { uid: plan, role: 'combobox', name: 'Plan' },
      value: 'team',
    });
    expect(await client.page.evaluate(`() => document.getElementById('plan').value`)).toBe('team');
  });
});

describe('type_text follows its keys', () => {
  it('types on where the page hands the focus, and says so', async () => {
    await client.page.navigate(server.url('/code.html'));
    await client.page.clickByUid(uidIn((await client.page.takeSnapshot()).text, /textbox "Digit 1"/));
    const result = await client.page.typeText('123');
    expect(result.done).toMatchObject({
      kind: 'type',
      text: '123',
      stray: { keys: 2, focus: expect.stringMatching(/input#d3/) as unknown },
    });
    expect(
      await client.page.evaluate(`() => ['d1', 'd2', 'd3'].map((id) => document.getElementById(id).value)`),
    ).toEqual(['1', '2', '3']);
  });
});
