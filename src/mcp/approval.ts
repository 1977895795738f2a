/**
 * Approval gates (--require-approval): an action that reads as irreversible (the client's needsApproval), and every
 * call that runs code the agent wrote in the page, waits for a person to approve it in the live view; where no person
 * can see the session (stdio), it is refused with how to get one. The agent has no tool that approves and a page
 * cannot: only the view's input, behind its key, does (live-view.ts), and with gates on the session's pages may not
 * load the server's own origin, where the view is.
 */
import { networkInterfaces } from 'node:os';
import {
  CancelledError,
  FirefoxClientError,
  needsApproval,
  TimeoutError,
  type Approver,
  type Page,
  type PendingAction,
  type PendingTarget,
  type ViewportBox,
} from '../firefox/index.js';
import { lineWriter } from './answer-frame.js';
import type { ServerOptions } from './options.js';
import type { ToolResponse } from './response.js';
import { PERSON_WAIT, type HumanDesk } from './view/desk.js';
import { loopbackHosts, originOf } from './view/view-server.js';

/** A person refused, or no person could be asked: nothing was done. */
export class NotApprovedError extends FirefoxClientError {}

/** The answer's line for an approved action: `A person approved click on button "Delete account" in the live view.` */
export const approvedLine = lineWriter(
  'approval',
  'A person approved ',
  (what: string) => `${what} in the live view.`,
  ['click on button "Delete account"'],
);

/** What a gated call has of its session: the gates, the person's desk, the call's cancellation and progress. */
export interface GateCall {
  options: Pick<ServerOptions, 'requireApproval'>;
  human: HumanDesk | undefined;
  /** Why the agent says it makes the call, shown beside the action. */
  intent: string | undefined;
  signal: AbortSignal;
  progress: (message: string) => void;
}

/** `action` said as the person and the agent read it: `click on button "Delete account"`. */
export function describeAction(action: PendingAction): string {
  const target = action.target && saidTarget(action.target);
  switch (action.kind) {
    case 'click':
      return `click on ${target ?? 'an element'}`;
    case 'key':
      return `${JSON.stringify(action.text ?? '')} pressed on ${target ?? 'what has focus in a frame'}`;
    case 'dialog':
      return `accepting the dialog ${JSON.stringify(action.text ?? '')}`;
  }
}

/** `button "Continue" (submits form "Checkout")`: a form without a name is said by where it is sent. */
function saidTarget(target: PendingTarget): string {
  const form = target.submits && ` (submits form ${JSON.stringify(target.submits.name || target.submits.action)})`;
  return `${target.role} ${JSON.stringify(target.name)}${form ?? ''}`;
}

/**
 * The approver of a page's actions under the session's gates (undefined without gates): an action that needs approval
 * waits for the person's answer; `approved` hears the line that says they gave it.
 */
export function approverOf(call: GateCall, page: string, approved: (line: string) => void): Approver | undefined {
  const rules = call.options.requireApproval;
  if (!rules) return undefined;
  return async (action) => {
    if (needsApproval(action, rules)) approved(await askPerson(call, page, describeAction(action), action.box));
  };
}

/** The approve option of a page's action under the session's gates: none without them. */
export function gateOf(call: GateCall & { page: Page }, response: ToolResponse): { approve?: Approver } {
  const approve = approverOf(call, call.page.id, (line) => response.line(line));
  return approve ? { approve } : {};
}

/**
 * Asks the person watching the session to approve `what` on page `page`; resolves with the answer's line once they
 * do, throws NotApprovedError when they refuse or no one can see the session.
 */
export async function askPerson(call: GateCall, page: string, what: string, box?: ViewportBox): Promise<string> {
  if (!call.human)
    throw new NotApprovedError(
      `${what} needs a person's approval (--require-approval), and no person can see this session, so it was not done. Serve over HTTP (--port) or use the CLI (firefox-bidi show), where a person approves in the live view; or tell your user what you want to do.`,
    );
  if (call.signal.aborted)
    throw new CancelledError(`The call was cancelled before ${what} was asked about; nothing was done.`);
  const request = call.human.approve(page, {
    action: what,
    ...(box ? { box } : {}),
    ...(call.intent ? { intent: call.intent } : {}),
  });
  const started = Date.now();
  const ticker = setInterval(
    () => call.progress(`Waiting for a person to approve ${what} (${Math.round((Date.now() - started) / 1000)} s).`),
    PERSON_WAIT.progressMs,
  );
  let timer: NodeJS.Timeout | undefined;
  let onAbort = (): void => undefined;
  try {
    const decision = await Promise.race([
      request.decided,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new TimeoutError(
                `No person answered within ${PERSON_WAIT.timeoutMs / 60_000} minutes, so ${what} was not done; the request is gone from the live view.`,
              ),
            ),
          PERSON_WAIT.timeoutMs,
        );
        onAbort = () =>
          reject(new CancelledError(`The call was cancelled while ${what} waited for approval; nothing was done.`));
        call.signal.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
    if (decision === 'refused')
      throw new NotApprovedError(
        `A person refused ${what} in the live view, so it was not done: the page is as it was.`,
      );
    return approvedLine(what);
  } finally {
    clearInterval(ticker);
    clearTimeout(timer);
    call.signal.removeEventListener('abort', onAbort);
    request.end();
  }
}

/**
 * With gates on, the session's pages may not load the server's own port, where the live view is, by any name of this
 * machine: an agent there would approve its own action with the link it was given.
 */
export function keepPagesFromView(options: Pick<ServerOptions, 'requireApproval' | 'urlPolicy'>, port: number): void {
  if (!options.requireApproval) return;
  const addresses = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((entry) => entry.address));
  const hosts = [
    ...loopbackHosts('127.0.0.1', port).map((host) => `http://${host}`),
    ...addresses.map((host) => originOf(host, port)),
  ];
  options.urlPolicy.blockedOrigins.push(...new Set(hosts));
}
