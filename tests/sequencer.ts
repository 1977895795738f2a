import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (as measured in CI). A fresh clone has no timings of its own, and vitest
 * then runs larger files first: the corpus's two small files, four minutes each, would start last and run on alone.
 */
const LONGEST_FIRST = [
  'tests/e2e/apps-1-of-2.test.ts',
  'tests/e2e/apps-2-of-2.test.ts',
  'tests/e2e/grid.test.ts',
  'tests/e2e/fuzz.test.ts',
  'tests/e2e/replay.test.ts',
  'tests/e2e/hostile-recordings.test.ts',
  'tests/e2e/cli-safety.test.ts',
  'tests/e2e/cli.test.ts',
  'tests/e2e/export.test.ts',
  'tests/e2e/live-view.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rest = await super.sort(files);
    const rank = (file: TestSpecification): number => {
      const index = LONGEST_FIRST.indexOf(relative(file.project.config.root, file.moduleId));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    return rest
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}
