import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runRootScript, tempFolders } from './root-script.js';

// scripts/check-doc-names.mjs: a document that names a file or a function the code no longer has.
const check = (folder?: string) => runRootScript('check-doc-names.mjs', folder);
const newFolder = tempFolders('kettle-doc-names-');

/** A small repository: one source file exporting `spendCoins`, and the documents given. */
function repository(docs: Record<string, string>): string {
  const folder = newFolder();
  mkdirSync(path.join(folder, 'src', 'coins'), { recursive: true });
  mkdirSync(path.join(folder, 'docs'), { recursive: true });
  writeFileSync(path.join(folder, 'src', 'coins', 'spend.ts'), 'export function spendCoins() {}\n');
  for (const [name, text] of Object.entries(docs)) writeFileSync(path.join(folder, name), text);
  return folder;
}

describe('the doc-name check', () => {
  it("passes on the repository's own documents", async () => {
    const result = await check();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('passes when every name leads somewhere', async () => {
    const folder = repository({
      'docs/guide.md': 'A spend is `spendCoins` in `coins/spend.ts` ([source](../src/coins/spend.ts)).\n',
    });
    expect((await check(folder)).code).toBe(0);
  });

  it('fails on a file, a link or a function that no longer exists, naming the document and line', async () => {
    const folder = repository({
      'docs/guide.md': [
        'A spend is `spendCoins`.',
        'It lives in `coins/spend-old.ts`.',
        'See [the old notes](notes.md).',
        'It calls `chargeReader` first.',
      ].join('\n'),
    });
    const result = await check(folder);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('docs/guide.md:2: `coins/spend-old.ts`: no such file in the repository');
    expect(result.stderr).toContain('docs/guide.md:3: `notes.md`: the link leads nowhere');
    expect(result.stderr).toContain('docs/guide.md:4: `chargeReader`: no source file mentions it');
    expect(result.stderr).not.toContain('spendCoins');
  });
});
