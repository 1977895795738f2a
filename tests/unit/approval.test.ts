import { describe, expect, it } from 'vitest';
import { needsApproval, type PendingAction } from '../../src/firefox/index.js';
import { approverOf, NotApprovedError } from '../../src/mcp/approval.js';

const click = (role: string, name: string, submits?: { name: string; action: string }): PendingAction => ({
  kind: 'click',
  target: { role, name, ...(submits ? { submits } : {}) },
});

describe('which actions need a person', () => {
  it('reads acts that cannot be undone in the target, its form and a dialog, in several languages', () => {
    for (const name of ['Delete account', 'Pay now', 'Place order', 'Send', 'Jetzt kaufen', 'Supprimer', 'Confirmar'])
      expect(needsApproval(click('button', name)), name).toBe(true);
    expect(needsApproval(click('button', 'Continue', { name: 'Checkout', action: 'http://shop.test/next' }))).toBe(
      true,
    );
    expect(needsApproval(click('button', 'Continue', { name: '', action: 'http://shop.test/account/delete' }))).toBe(
      true,
    );
    expect(needsApproval({ kind: 'dialog', text: 'Delete 3 files?' })).toBe(true);
    expect(needsApproval({ kind: 'key', text: 'Enter', target: { role: 'textbox', name: 'Send a message' } })).toBe(
      true,
    );
  });

  it('lets places, reversible acts and keys that submit nothing through', () => {
    for (const name of ['Deleted items', 'Orders', 'Save', 'Cancel', 'Payment methods'])
      expect(needsApproval(click('link', name)), name).toBe(false);
    expect(needsApproval(click('heading', 'Delete your account'))).toBe(false);
    // A click into a field of a checkout form submits nothing; Enter there does.
    const card = { role: 'textbox', name: 'Card', submits: { name: 'Checkout', action: 'http://shop.test/next' } };
    expect(needsApproval({ kind: 'click', target: card })).toBe(false);
    expect(needsApproval({ kind: 'key', text: 'Enter', target: card })).toBe(true);
    expect(needsApproval({ kind: 'key', text: 'a', target: { role: 'button', name: 'Delete' } })).toBe(false);
    expect(needsApproval({ kind: 'dialog', text: 'Leave this page?' })).toBe(false);
  });

  it("takes the user's rules, and judges a key it cannot see the target of as needing one", () => {
    expect(needsApproval(click('button', 'Archive'), [{ role: 'button', name: /^archive/i }])).toBe(true);
    expect(needsApproval(click('link', 'Archive'), [{ role: 'button', name: /^archive/i }])).toBe(false);
    expect(needsApproval({ kind: 'key', text: 'Control+Enter' })).toBe(true);
  });
});

describe('the gate without a person to ask', () => {
  it('refuses, saying how to get a live view, and lets the rest through', async () => {
    const lines: string[] = [];
    const approve = approverOf(
      {
        options: { requireApproval: [] },
        human: undefined,
        intent: undefined,
        signal: new AbortController().signal,
        progress: () => {},
      },
      'page',
      (line) => lines.push(line),
    );
    await expect(approve?.(click('button', 'Delete account'))).rejects.toThrow(NotApprovedError);
    await expect(approve?.(click('button', 'Delete account'))).rejects.toThrow(/--port|firefox-bidi show/);
    await approve?.(click('button', 'Save'));
    expect(lines).toEqual([]);
  });

  it('is no gate at all without --require-approval', () => {
    const options = {};
    expect(
      approverOf(
        { options, human: undefined, intent: undefined, signal: new AbortController().signal, progress: () => {} },
        'page',
        () => {},
      ),
    ).toBeUndefined();
  });
});
