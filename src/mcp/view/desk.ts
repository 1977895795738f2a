/**
 * What a session's agent asks of the person watching it: a hand on a page (request_human) or the approval of an action
 * that cannot be undone (--require-approval). Each session has at most one of each open, by its view key, shown in
 * its view until the person answers or the tool that asked ends it.
 */
import type { ViewportBox } from '../../firefox/index.js';

/**
 * How a call that waits for a person waits, whatever it waits for (a hand, an approval): it tells its client every few
 * seconds that it still waits, and gives up after ten minutes unless told otherwise.
 */
export const PERSON_WAIT = { progressMs: 3000, timeoutMs: 600_000 } as const;

/** A request for a person's hand, open in the view until the tool that made it ends it. */
export interface HumanRequest {
  /** Resolves when the person presses Done. */
  done: Promise<void>;
  end(): void;
}

export type Decision = 'approved' | 'refused';

/** A request for a person's approval of an action (approval.ts), open in the view until decided or ended. */
export interface ApprovalRequest {
  decided: Promise<Decision>;
  end(): void;
}

/**
 * Where an agent asks a person for a hand (request_human), and where a gated action waits for approval: the session's
 * view shows the reason, or the action.
 */
export interface HumanDesk {
  ask(page: string, reason: string): HumanRequest;
  approve(page: string, request: { action: string; box?: ViewportBox; intent?: string }): ApprovalRequest;
}

/** An open request: on which page (browsing context), what it says, since when, and what answers it. */
export interface OpenRequest<T> {
  page: string;
  what: string;
  since: string;
  /** Where it acts on the page, when known: outlined on the view's picture. */
  box?: ViewportBox;
  /** Why the agent says it acts. */
  intent?: string;
  answer(value: T): void;
}

/** One kind of request, open per session. */
class Requests<T> {
  readonly #open = new Map<string, OpenRequest<T>>();

  /** Opens a request in session `key`'s view; `ended` runs when its tool ends it. */
  open(
    key: string,
    request: Pick<OpenRequest<T>, 'page' | 'what' | 'box' | 'intent'>,
    ended: () => void,
  ): { answered: Promise<T>; end: () => void } {
    let answer = (_: T): void => undefined;
    const answered = new Promise<T>((resolve) => (answer = resolve));
    const open = { ...request, since: new Date().toISOString(), answer: (value: T) => answer(value) };
    this.#open.set(key, open);
    return {
      answered,
      end: () => {
        if (this.#open.get(key) === open) this.#open.delete(key);
        ended();
      },
    };
  }

  get(key: string): OpenRequest<T> | undefined {
    return this.#open.get(key);
  }

  /** Ends session `key`'s request with `value`, as its session goes. */
  close(key: string, value: T): void {
    this.#open.get(key)?.answer(value);
    this.#open.delete(key);
  }
}

/** What every session's agent asks of the person, by the session's view key: its hand, its approval. */
export class PersonDesk {
  readonly hands = new Requests<void>();
  readonly approvals = new Requests<Decision>();

  /** The desk of session `key`; `release` gives a page back to the agent once the hand asked for ends. */
  of(key: string, release: (page: string) => void): HumanDesk {
    return {
      ask: (page, reason) => {
        const { answered, end } = this.hands.open(key, { page, what: reason }, () => release(page));
        return { done: answered, end };
      },
      approve: (page, { action, ...about }) => {
        const { answered, end } = this.approvals.open(key, { page, what: action, ...about }, () => undefined);
        return { decided: answered, end };
      },
    };
  }

  /** Ends what session `key` asked, as it goes: a hand as done, an action as refused. */
  close(key: string): void {
    this.hands.close(key, undefined);
    this.approvals.close(key, 'refused');
  }
}
