/**
 * The tools a script can do again, and a recorded step of one as its tool's own schema types it:
 * `StepArgs<'fill_form'>` is what fill_form takes, so an exporter that reads an argument its tool
 * no longer has (renamed or removed in the tool's declaration) does not compile. A recording is a
 * stranger's file: a step is typed only once its arguments passed that schema (scriptedStep).
 */
import type { z } from 'zod';
import { parseArguments, type ToolDefinition } from '../tool.js';
import { inputTools } from '../tools/input.js';
import { closePage, navigatePage, newPage, resizePage, selectPage, waitFor } from '../tools/pages.js';
import { evaluateScript } from '../tools/script.js';
import type { RecordedStep } from './format.js';

/** Every input tool, and the page tools that move between pages and wait, and scripts. */
const SCRIPTED_TOOLS = [
  navigatePage,
  ...inputTools,
  newPage,
  selectPage,
  closePage,
  waitFor,
  resizePage,
  evaluateScript,
] as const;

type Scripted = (typeof SCRIPTED_TOOLS)[number];

/** The name of a tool a script can do again. */
export type ScriptedTool = Scripted['name'];

/** The arguments of a step of `Name`, as its tool's schema types them. */
export type StepArgs<Name extends ScriptedTool> = z.infer<z.ZodObject<Extract<Scripted, { name: Name }>['schema']>>;

/** Any argument some scripted tool takes, by name. */
export type ArgName = { [Name in ScriptedTool]: keyof StepArgs<Name> & string }[ScriptedTool];

/** A recorded step of a scripted tool, its arguments typed: a switch on `tool` narrows them. */
export type ScriptedStep = {
  [Name in ScriptedTool]: Omit<RecordedStep, 'tool' | 'args'> & { tool: Name; args: StepArgs<Name> };
}[ScriptedTool];

/** The tools a script can do again (each format says which of them it cannot). */
export const SCRIPTABLE: ReadonlySet<string> = new Set<string>(SCRIPTED_TOOLS.map((tool) => tool.name));

const TOOLS = new Map<string, ToolDefinition>(SCRIPTED_TOOLS.map((tool) => [tool.name, tool]));

/** Each step's reading, once per step: an export reads a step's arguments in several places. */
const READ = new WeakMap<RecordedStep, { step: ScriptedStep } | { problem: string }>();

function read(step: RecordedStep): { step: ScriptedStep } | { problem: string } {
  let found = READ.get(step);
  if (!found) {
    const tool = TOOLS.get(step.tool);
    const parsed = tool && parseArguments(tool, step.args);
    if (!tool) found = { problem: 'it is not a tool a script does' };
    else if (parsed?.success) found = { step: { ...step, args: parsed.data } as ScriptedStep };
    else {
      const [issue] = parsed?.error.issues ?? [];
      found = {
        problem: `it has arguments its tool does not take (${issue?.path.join('.') || 'args'}: ${issue?.message ?? 'invalid'})`,
      };
    }
    READ.set(step, found);
  }
  return found;
}

/** `step` typed by its tool's schema; undefined when it is not a scripted tool's, or its arguments are not ones. */
export function scriptedStep(step: RecordedStep | undefined): ScriptedStep | undefined {
  if (!step) return undefined;
  const found = read(step);
  return 'step' in found ? found.step : undefined;
}

/** Why `step` cannot be typed (see scriptedStep), or undefined when it can. */
export function argumentsProblem(step: RecordedStep): string | undefined {
  const found = read(step);
  return 'problem' in found ? found.problem : undefined;
}

/** Step `index` typed: for a writer, which sees only steps whose arguments were read (export.ts, writeStep). */
export function scriptedAt(steps: readonly RecordedStep[], index: number): ScriptedStep {
  const step = scriptedStep(steps[index]);
  if (!step) throw new Error(`Step ${index + 1} reached a script writer unread.`);
  return step;
}
