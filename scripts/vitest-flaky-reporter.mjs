// A Vitest reporter for `npm test` (scripts/test.mjs): with one retry per test, a test that
// passed only on its retry counts as passed, so its name is written to the file named by
// MUSTER_FLAKY_REPORT and the summary lists it, to be seen and fixed rather than hidden.
// Vitest loads a reporter by its default export.
import fs from 'node:fs';
import path from 'node:path';

export default class FlakyReporter {
  /** @type {string[]} */
  flaky = [];

  onTestCaseResult(testCase) {
    if (testCase.diagnostic()?.flaky) {
      this.flaky.push(`${path.relative(process.cwd(), testCase.module.moduleId)} › ${testCase.fullName}`);
    }
  }

  onTestRunEnd() {
    const file = process.env.MUSTER_FLAKY_REPORT;
    if (file) {
      fs.writeFileSync(file, JSON.stringify(this.flaky));
    }
  }
}
