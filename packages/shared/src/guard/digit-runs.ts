/**
 * Runs of digits as people write them to slip past a filter: "five one two, eight six seven",
 * "512 eight six seven 2291", "oh" for zero. A run is digit tokens (figures or number words) with at
 * most a few separators between them; the detectors read its digits and decide what it is.
 */
export type DigitRun = { start: number; end: number; digits: string; spelled: boolean };

const WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

/** Figures, number words (also glued to figures: "22seven4") and a letter O between figures ("3O3"). */
const TOKEN = /\d+|(?<![a-z])(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)(?![a-z])|(?<=\d)o|o(?=\d)/gi;
const GAP = /^[\s,.\-–—()/•·|]{0,3}$/;

let lastSource: string | undefined;
let lastRuns: DigitRun[] = [];

/** The runs of a text; the phone and SSN detectors both ask for the same text's, so the last is kept. */
export function digitRuns(source: string): DigitRun[] {
  if (source !== lastSource) {
    lastRuns = readDigitRuns(source);
    lastSource = source;
  }
  return lastRuns;
}

function readDigitRuns(source: string): DigitRun[] {
  const runs: DigitRun[] = [];
  let current: DigitRun | undefined;
  for (const match of source.matchAll(TOKEN)) {
    const start = match.index;
    const word = WORDS[match[0].toLowerCase()] ?? (/^o$/i.test(match[0]) ? '0' : undefined);
    const digits = word ?? match[0];
    if (current && GAP.test(source.slice(current.end, start))) {
      current.end = start + match[0].length;
      current.digits += digits;
      current.spelled ||= word !== undefined;
    } else {
      if (current) runs.push(current);
      current = { start, end: start + match[0].length, digits, spelled: word !== undefined };
    }
  }
  if (current) runs.push(current);
  // "oh" alone, or a single number word, is speech, not a number someone is spelling out.
  return runs.filter((run) => !run.spelled || run.digits.length >= 3);
}

/**
 * A run and, when commas split it, each part on its own: "call 415 555 0123, 512 867 2291" is two
 * numbers, while "five one two, eight six seven, two two nine one" is one.
 */
export function digitRunsAndParts(source: string): DigitRun[] {
  const all: DigitRun[] = [];
  for (const run of digitRuns(source)) {
    all.push(run);
    const text = source.slice(run.start, run.end);
    if (!text.includes(',')) continue;
    let offset = run.start;
    for (const piece of text.split(',')) {
      const start = offset + (piece.length - piece.trimStart().length);
      offset += piece.length + 1;
      const part = readDigitRuns(piece.trim())[0];
      if (part && part.start === 0) all.push({ ...part, start: start + part.start, end: start + part.end });
    }
  }
  return all;
}
