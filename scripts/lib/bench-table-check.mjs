// What a bench run must have written, whatever its figures: the goal table with a status for every
// goal, no failed part, and rows. CI's smoke run (scripts/bench-smoke.mjs) checks a tiny run with it.

/** The goals every run's table has had since the table began; a run may carry more (G1 since issue 73). */
export const GOALS = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8'];
const STATUSES = ['held', 'not held', 'not measured'];

/**
 * The problems with a run's written table (its .md) and data (its .json); none when it is whole.
 * @param {string} md
 * @param {string} json
 * @returns {string[]}
 */
export function benchTableProblems(md, json) {
  const problems = [];
  /** @type {{ rows?: unknown[], goals?: Array<{ goal?: unknown }> }} */
  let data = {};
  try {
    data = JSON.parse(json);
  } catch {
    problems.push('the .json is not JSON');
  }
  const named = Array.isArray(data.goals) ? data.goals.map((g) => String(g?.goal)) : [];
  const goals = [...GOALS, ...named.filter((goal) => !GOALS.includes(goal))];
  for (const goal of goals) {
    const row = md.split('\n').find((line) => line.replace(/\s+/g, ' ').startsWith(`| ${goal} |`));
    const status = row?.split('|')[2]?.trim();
    if (!status) problems.push(`no row for ${goal} in the goal table`);
    else if (!STATUSES.includes(status)) problems.push(`${goal}'s status is "${status}"`);
  }
  if (/\(failed\)/.test(md)) problems.push('a part failed (see "Parts" at the end of the table)');
  if (!Array.isArray(data.rows) || data.rows.length === 0) problems.push('the .json holds no rows');
  if (!GOALS.every((goal) => named.includes(goal))) problems.push('the .json does not hold every goal');
  return problems;
}
