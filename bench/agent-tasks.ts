/**
 * The corpus tasks as the benches run them: each through one server, played by the corpus agent,
 * checked in the app's own state, with the calls it made and the o200k tokens of every answer read.
 */
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { McpAgent } from '../tests/corpus/agent.js';
import { APPS, type AppTask, type CorpusApp } from '../tests/corpus/apps/index.js';
import type { RunningServer } from '../tests/corpus/servers.js';

const encoder = new Tiktoken(o200kBase);

/** o200k tokens of a text. */
export const tokensOf = (text: string): number => encoder.encode(text).length;

export interface Outcome {
  ok: boolean;
  why?: string;
  calls: number;
  tokens: number;
}

export interface KeyedTask {
  app: CorpusApp;
  task: AppTask;
  /** `<app page>/<task id>`, such as todomvc/todos. */
  key: string;
}

/** The corpus tasks whose key passes `keep`. */
export function corpusTasks(keep: (key: string) => boolean = () => true): KeyedTask[] {
  return APPS.flatMap((app) =>
    app.tasks.map((task) => ({ app, task, key: `${app.path.slice(1, -'.html'.length)}/${task.id}` })),
  ).filter(({ key }) => keep(key));
}

/** Runs `tasks` one after another through the server `start` gives, then closes it; `verbose` prints every answer. */
export async function runTasks(
  start: () => Promise<RunningServer>,
  origin: string,
  tasks: readonly KeyedTask[],
  verbose = false,
): Promise<Map<string, Outcome>> {
  const server = await start();
  const outcomes = new Map<string, Outcome>();
  try {
    for (const { task, key } of tasks) {
      const agent = new McpAgent(server.dialect, server.callTool, origin);
      let why: string | undefined;
      try {
        await task.run(agent);
        await task.check(agent);
      } catch (error) {
        why = (error as Error).message;
      }
      const tokens = agent.spent.answers.reduce((sum, answer) => sum + tokensOf(answer), 0);
      outcomes.set(key, {
        ok: why === undefined,
        calls: agent.spent.calls,
        tokens,
        ...(why === undefined ? {} : { why }),
      });
      console.error(
        `${server.dialect.name} ${key}: ${why === undefined ? 'done' : 'FAILED'} (${agent.spent.calls} calls, ${tokens} tokens)${why && verbose ? `\n  ${why.slice(0, 3000)}` : why ? ` ${why.split('\n')[0]?.slice(0, 200)}` : ''}`,
      );
      if (verbose) for (const answer of agent.spent.answers) console.error(`----\n${answer}`);
    }
  } finally {
    await server.close();
  }
  return outcomes;
}
