/**
 * An agent's hands, as the corpus tasks use them: it reads the text a server answers, takes a
 * reference (our uid, Playwright MCP's ref) from the last answers it has seen, and calls the
 * server's tools. It does what a careful model does with the same text: it looks for the element
 * in the answers since the page was opened, newest first, and takes a snapshot only when the
 * element is not there or the reference it used is refused. It counts every call it makes and
 * keeps every answer, so a bench can count tokens; `inspect` is the grader's look at the app and is
 * not counted.
 */

/** An element as a task describes it: its role (any of these) and its accessible name or shown text. */
export interface Target {
  role?: string | readonly string[];
  name: string | RegExp;
  /** An element this one is inside of (a row, a dialog). */
  within?: Target;
}

/** One or more descriptions of the same element; the first found wins. */
export type Targets = Target | readonly Target[];

export interface Agent {
  /**
   * Opens a page and reads it (a snapshot when the answer shows none); `{ read: false }` when the agent will search it
   * instead.
   */
  open(path: string, options?: { read?: boolean }): Promise<void>;
  /** Clicks; `via`: what to click first when the target is not on the page (the opener of a list). */
  click(target: Targets, options?: { via?: Targets }): Promise<void>;
  /** Types a value into a text field, replacing what is there. */
  fill(target: Targets, value: string): Promise<void>;
  /** Picks an option of a native select by its label. */
  select(target: Targets, option: string): Promise<void>;
  press(key: string): Promise<void>;
  /** Types text key by key into the element that has the focus (the agent clicked it). */
  type(target: Targets, text: string): Promise<void>;
  /** Drags an element onto another (a card onto a list, an item onto the one it goes before). */
  drag(source: Targets, target: Targets): Promise<void>;
  /** Selects words inside an element (a paragraph of an editor), so the next key or button acts on them. */
  selectText(target: Targets, text: string): Promise<void>;
  waitFor(text: string): Promise<void>;
  /** A fresh snapshot (an agent that wants to read the page again). */
  snapshot(): Promise<string>;
  /** Searches the page for text with the server's own search, as an agent does on a long page; returns the answer. */
  find(text: string): Promise<string>;
  /** The last answer the agent read. */
  readonly lastAnswer: string;
  /** Runs a function in the page and returns its JSON value: the grader's check, not counted. */
  inspect<T = unknown>(fn: string): Promise<T>;
}

/** A task the agent could not finish, with what went wrong. */
export class TaskFailed extends Error {}

/** A line of a snapshot text, as a dialect reads it. */
export interface SnapshotLine {
  ref: string;
  role: string;
  /** The accessible name, or the shown text when there is no name. */
  names: string[];
  /** How deeply the line is indented: the lines after it that are deeper are inside it. */
  depth: number;
}

/** What differs between servers: tool names, argument shapes and the snapshot text's lines. */
export interface Dialect {
  readonly name: string;
  navigate(url: string): ToolCall;
  snapshot(): ToolCall;
  click(ref: string, element: string): ToolCall;
  fill(ref: string, element: string, value: string): ToolCall;
  select(ref: string, element: string, option: string): ToolCall;
  press(key: string): ToolCall;
  type(ref: string, element: string, text: string): ToolCall;
  drag(fromRef: string, fromElement: string, toRef: string, toElement: string): ToolCall;
  selectText(ref: string, element: string, text: string): ToolCall;
  waitFor(text: string): ToolCall;
  find(text: string): ToolCall;
  evaluate(fn: string): ToolCall;
  /** The JSON value in an evaluate answer. */
  evaluated(answer: string): unknown;
  /** The snapshot lines of an answer that carry a reference. */
  lines(answer: string): SnapshotLine[];
}

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
}

export interface ToolAnswer {
  text: string;
  isError: boolean;
}

/** Calls one tool on a server (an MCP client's callTool, flattened to text). */
export type CallTool = (call: ToolCall) => Promise<ToolAnswer>;

/** What an agent spent on the tasks it ran. */
export interface Spending {
  calls: number;
  /** Every answer it read, in order (for token counts). */
  answers: string[];
}

function describe(targets: readonly Target[]): string {
  return targets.map((target) => `${[target.role ?? 'element'].flat().join('/')} ${String(target.name)}`).join(' or ');
}

function matches(line: SnapshotLine, target: Target): boolean {
  const roles = target.role === undefined ? undefined : [target.role].flat();
  if (roles && !roles.includes(line.role)) return false;
  const names = line.names.length > 0 ? line.names : [''];
  // Letter case is not a difference a reader makes (CSS may show a name in capitals).
  return names.some((name) =>
    typeof target.name === 'string' ? name.toLowerCase() === target.name.toLowerCase() : target.name.test(name),
  );
}

/** The first line matching the target (inside its `within` element when it has one). */
function lineFor(lines: readonly SnapshotLine[], target: Target): SnapshotLine | undefined {
  if (target.within === undefined) return lines.find((line) => matches(line, target));
  const { within, ...rest } = target;
  for (let start = 0; start < lines.length; start += 1) {
    const container = lines[start];
    if (container === undefined || !matches(container, within)) continue;
    for (const line of lines.slice(start + 1)) {
      if (line.depth <= container.depth) break;
      if (matches(line, rest)) return line;
    }
  }
  return undefined;
}

/** The agent over one MCP server, speaking its dialect. */
export class McpAgent implements Agent {
  readonly spent: Spending = { calls: 0, answers: [] };
  #seen: string[] = [];
  #origin: string;

  constructor(
    readonly dialect: Dialect,
    private readonly callTool: CallTool,
    origin: string,
  ) {
    this.#origin = origin;
  }

  get lastAnswer(): string {
    return this.#seen.at(-1) ?? '';
  }

  async #call(call: ToolCall): Promise<ToolAnswer> {
    const answer = await this.callTool(call);
    this.spent.calls += 1;
    this.spent.answers.push(answer.text);
    this.#seen.push(answer.text);
    return answer;
  }

  async #must(call: ToolCall): Promise<string> {
    const answer = await this.#call(call);
    if (answer.isError) throw new TaskFailed(`${call.name} ${JSON.stringify(call.args)} failed: ${answer.text}`);
    return answer.text;
  }

  async open(path: string, options: { read?: boolean } = {}): Promise<void> {
    this.#seen = [];
    await this.#must(this.dialect.navigate(new URL(path, this.#origin).href));
    if (options.read !== false && this.#seen.every((answer) => this.dialect.lines(answer).length === 0))
      await this.snapshot();
  }

  async snapshot(): Promise<string> {
    return this.#must(this.dialect.snapshot());
  }

  async find(text: string): Promise<string> {
    return this.#must(this.dialect.find(text));
  }

  /**
   * Every line matching the targets, newest answer first, in the targets' order, in the answers seen since opening (or
   * in the last `newest`).
   */
  #find(targets: readonly Target[], newest = Infinity): { ref: string; element: string }[] {
    const found: { ref: string; element: string }[] = [];
    for (let index = this.#seen.length - 1; index >= Math.max(0, this.#seen.length - newest); index -= 1) {
      const lines = this.dialect.lines(this.#seen[index] ?? '');
      for (const target of targets) {
        const line = lineFor(lines, target);
        if (line && !found.some((other) => other.ref === line.ref))
          found.push({ ref: line.ref, element: `${line.role} ${JSON.stringify(line.names[0] ?? '')}` });
      }
    }
    return found;
  }

  /**
   * Finds the element and acts on it, as a model would: with the newest reference it has read;
   * when that is refused or missing, after a fresh snapshot; when the action still fails, on the
   * next description that fits (another element that may do it). With `via`, an element that
   * shows the target (a list's opener) is clicked first when the target is not on the page.
   */
  async #act(targets: Targets, make: (ref: string, element: string) => ToolCall, via?: Targets): Promise<void> {
    const list: readonly Target[] = Array.isArray(targets) ? targets : [targets as Target];
    const first = this.#find(list)[0];
    if (first && !(await this.#call(make(first.ref, first.element))).isError) return;
    await this.snapshot();
    let fresh = this.#find(list, 1);
    if (fresh.length === 0 && via !== undefined) {
      await this.click(via);
      await this.snapshot();
      fresh = this.#find(list, 1);
    }
    if (fresh.length === 0) throw new TaskFailed(`no ${describe(list)} in the snapshot:\n${this.lastAnswer}`);
    let failure = '';
    for (const candidate of fresh.slice(0, 2)) {
      const answer = await this.#call(make(candidate.ref, candidate.element));
      if (!answer.isError) return;
      failure = answer.text;
    }
    throw new TaskFailed(`${describe(list)}: ${failure}`);
  }

  click(target: Targets, options: { via?: Targets } = {}): Promise<void> {
    return this.#act(target, (ref, element) => this.dialect.click(ref, element), options.via);
  }

  fill(target: Targets, value: string): Promise<void> {
    return this.#act(target, (ref, element) => this.dialect.fill(ref, element, value));
  }

  select(target: Targets, option: string): Promise<void> {
    return this.#act(target, (ref, element) => this.dialect.select(ref, element, option));
  }

  async press(key: string): Promise<void> {
    await this.#must(this.dialect.press(key));
  }

  type(target: Targets, text: string): Promise<void> {
    return this.#act(target, (ref, element) => this.dialect.type(ref, element, text));
  }

  selectText(target: Targets, text: string): Promise<void> {
    return this.#act(target, (ref, element) => this.dialect.selectText(ref, element, text));
  }

  /**
   * Drags with the newest references it has read for both ends; when they are missing or refused, after a fresh
   * snapshot.
   */
  async drag(source: Targets, target: Targets): Promise<void> {
    const from: readonly Target[] = Array.isArray(source) ? source : [source as Target];
    const to: readonly Target[] = Array.isArray(target) ? target : [target as Target];
    const make = (a: { ref: string; element: string }, b: { ref: string; element: string }): ToolCall =>
      this.dialect.drag(a.ref, a.element, b.ref, b.element);
    const [start, end] = [this.#find(from)[0], this.#find(to)[0]];
    if (start && end) {
      const answer = await this.#call(make(start, end));
      // An answer that says the page did not move what was dragged: a model drops it on the next place that fits.
      if (!answer.isError && /the page showed no change/.test(answer.text) && to.length > 1)
        return this.drag(source, to.slice(1));
      if (!answer.isError) return;
    }
    await this.snapshot();
    const [freshStart, freshEnd] = [this.#find(from, 1)[0], this.#find(to, 1)[0]];
    if (!freshStart || !freshEnd)
      throw new TaskFailed(`no ${describe(freshStart ? to : from)} in the snapshot:\n${this.lastAnswer}`);
    const answer = await this.#call(make(freshStart, freshEnd));
    if (answer.isError) throw new TaskFailed(`drag ${describe(from)} onto ${describe(to)}: ${answer.text}`);
  }

  /** Waits for text to show; a wait that fails is read and the agent goes on, as a model would. */
  async waitFor(text: string): Promise<void> {
    await this.#call(this.dialect.waitFor(text));
  }

  async inspect<T = unknown>(fn: string): Promise<T> {
    const answer = await this.callTool(this.dialect.evaluate(fn));
    if (answer.isError) throw new Error(`The grader's evaluate failed: ${answer.text}`);
    return this.dialect.evaluated(answer.text) as T;
  }
}
