import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { playwrightFiles, slowestLines, vitestFiles } from '../../../scripts/lib/slowest.mjs';

// scripts/lib/slowest.mjs: the timing list `npm test` prints before its summary line.
const root = mkdtempSync(path.join(tmpdir(), 'kettle-slowest-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const report = (name: string, json: unknown) => {
  const file = path.join(root, name);
  writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json));
  return file;
};

describe('the slowest test files', () => {
  it('reads each vitest file from its start to its end, and each Playwright file as the sum of its tests', () => {
    const vitest = report('vitest.json', {
      testResults: [
        {
          name: path.join(root, 'apps/api/src/a.test.ts'),
          startTime: 1_000,
          endTime: 4_500,
          assertionResults: [{}, {}],
        },
        { name: path.join(root, 'apps/web/src/b.test.tsx'), startTime: 2_000, endTime: 2_250, assertionResults: [{}] },
      ],
    });
    const playwright = report('results.json', {
      config: { rootDir: path.join(root, 'e2e', 'tests') },
      suites: [
        {
          file: 'money.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 2_000 }, { duration: 1_000 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 500 }] }] }] }],
        },
      ],
    });
    const timings = [...vitestFiles(vitest, root), ...playwrightFiles(playwright, root)];
    expect(timings).toEqual(
      expect.arrayContaining([
        { file: 'apps/api/src/a.test.ts', seconds: 3.5, tests: 2, suite: 'vitest' },
        { file: 'apps/web/src/b.test.tsx', seconds: 0.25, tests: 1, suite: 'vitest' },
        { file: 'e2e/tests/money.spec.ts', seconds: 3.5, tests: 2, suite: 'playwright' },
      ]),
    );
    expect(slowestLines(timings, 2)).toEqual([
      '    3.5 s  apps/api/src/a.test.ts (2 tests)',
      '    3.5 s  e2e/tests/money.spec.ts (2 tests)',
    ]);
  });

  it('lists nothing for a report that is missing or unreadable', () => {
    expect(vitestFiles(path.join(root, 'absent.json'), root)).toEqual([]);
    expect(playwrightFiles(report('broken.json', '{'), root)).toEqual([]);
  });
});
