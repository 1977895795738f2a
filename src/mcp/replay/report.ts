/** What a replay reports: each step as it went, and where and why it stopped when it did. */

export interface StepReport {
  /** From 1, as the recording lists it. */
  step: number;
  tool: string;
  /** `healed`: the recorded locator missed a target, and role and name found it (how: `healed`). */
  status: 'passed' | 'healed' | 'failed';
  healed?: string[];
  ms: number;
}

/** The step where a replay stopped: what it expected, what the page showed instead, and the page around the target. */
export interface ReplayFailure {
  step: number;
  tool: string;
  expected: string;
  seen: string;
  /** The snapshot lines around the target (its recorded container, or the start of the page). */
  around: string;
}

export interface ReplayReport {
  passed: boolean;
  steps: StepReport[];
  failure?: ReplayFailure;
  ms: number;
}

/** A step's line: ✓ passed, ~ healed (and how), ✗ failed. */
export function stepLine(step: StepReport): string {
  return `${step.status === 'failed' ? '✗' : step.status === 'healed' ? '~' : '✓'} step ${step.step} ${step.tool} (${step.ms} ms)${step.healed ? `: healed — ${step.healed.join('; ')}` : ''}`;
}

/** How the replay ended: where it stopped and why, with the page around the target, or that every step passed. */
export function replayEnding(report: ReplayReport, steps: number): string {
  const { failure } = report;
  if (!failure) {
    const healed = report.steps.filter((step) => step.status === 'healed').length;
    return `Replayed all ${steps} steps in ${report.ms} ms${healed ? `, ${healed} healed` : ''}; every effect checked.`;
  }
  const lines = [
    `Stopped at step ${failure.step} (${failure.tool}) of ${steps}.`,
    `Expected: ${failure.expected}`,
    `Seen: ${failure.seen}`,
  ];
  if (failure.around)
    lines.push('The page around the target:', ...failure.around.split('\n').map((line) => `  ${line}`));
  return lines.join('\n');
}

/** The report as text: a line per step, then how it ended. */
export function formatReplayReport(report: ReplayReport, steps: number): string {
  return [...report.steps.map(stepLine), '', replayEnding(report, steps)].join('\n');
}
