/**
 * What a replay will run, checked before it runs anything: a recording is a stranger's file, so
 * each step must name a tool that makes sense to replay (one that changed the page or the
 * session when it was recorded; never one that only looks), with arguments its own schema takes,
 * secrets the recording's session was given, and no file unless the user named a folder for them.
 */
import { InvalidArgumentError, referencedSecretNames, TYPED_SECRET } from '../../firefox/index.js';
import type { RecordedStep, Recording } from '../recording/format.js';
import { parseArguments, type ToolDefinition } from '../tool.js';
import { ALL_TOOLS } from '../tools/index.js';

/** A step as the replay runs it: its tool and its arguments as that tool's schema read them. */
export interface CheckedStep {
  step: RecordedStep;
  tool: ToolDefinition;
  args: Record<string, unknown>;
}

/** The secrets `step`'s arguments name. */
export function secretsNamed(step: RecordedStep): string[] {
  return referencedSecretNames(JSON.stringify(step.args));
}

/**
 * Each step with its tool and parsed arguments; an InvalidArgumentError naming the first step that cannot be replayed,
 * and how to go on.
 */
export function checkedSteps(recording: Recording, filesAllowed: boolean): CheckedStep[] {
  const given = new Set(recording.secrets ?? []);
  return recording.steps.map((step, index) => {
    const where = `Step ${index + 1} (${step.tool})`;
    const refuse = (why: string): never => {
      throw new InvalidArgumentError(`${where} ${why}. Nothing was replayed.`);
    };
    const tool = ALL_TOOLS.find((candidate) => candidate.name === step.tool);
    if (!tool) return refuse('names a tool this version of firefox-bidi-mcp does not have');
    if (!tool.recorded)
      return refuse(
        'is a tool that only looks, which no session records and a replay does not run; the recording was not written by firefox-bidi-mcp',
      );
    const parsed = parseArguments(tool, step.args);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      return refuse(
        `has arguments its tool does not take (${issue?.path.join('.') || 'args'}: ${issue?.message ?? 'invalid'})`,
      );
    }
    const files = tool.fileArgs.filter((name) => step.args[name] !== undefined);
    if (files.length && !filesAllowed) {
      return refuse(
        `reads or writes files (${files.join(', ')}); a replay runs such steps only in a folder you name for them: --files <dir> (the library: filesDir), with the files it needs copied there`,
      );
    }
    const named = secretsNamed(step);
    if (named.includes(TYPED_SECRET))
      return refuse(
        'types what a person typed into a secret-looking field in the live view, which a recording never keeps; give that value to the session as a secret (--secrets NAME=…) and type it so, or replay up to this step and type it yourself',
      );
    const unknown = named.filter((name) => !given.has(name));
    if (unknown.length)
      return refuse(
        `types the secret ${unknown.join(', ')}, which the recording's session was not given (its secrets: ${[...given].join(', ') || 'none'})`,
      );
    if (named.length && step.secretOrigin === undefined)
      return refuse(
        'types a secret, and the recording does not say into which origin (secretOrigin); a secret is typed only where it was recorded',
      );
    return { step, tool, args: parsed.data };
  });
}
