import type { GuardFinding } from '../privacy-guard.js';
import { matchAll, when } from './finding.js';
import { figuresIn, lowerOf, mentions, passes } from './gates.js';

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const AGE = String.raw`(\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;
const ageOf = (word: string): number => NUMBER_WORDS[word.toLowerCase()] ?? Number(word);
/** The age a pattern read (its first group that matched) is under 18. */
const underage = (match: RegExpMatchArray) => {
  const age = ageOf(match.slice(1).find((group) => group !== undefined) ?? '');
  return age >= 1 && age < 18;
};

/** "a 15-year-old", "9-year-olds", "my 12 yo", "age 11", "aged 14": an age under 18 said as an age. */
const AGE_PHRASE = new RegExp(
  String.raw`\b${AGE}(?:\s*-\s*|\s+)(?:years?|yrs?|yr)(?:\s*-\s*|\s+)olds?\b|\b${AGE}\s?(?:yo|y\/o|y\.o\.)(?!\w)|\bage[ds]?\s+${AGE}\b`,
  'gi',
);
/** Babies counted in months, weeks or days: "her 8 month old". */
const INFANT = /\b\d{1,2}[\s-]?(?:months?|weeks?|days?)[\s-]old\b/gi;
const PRONOUNS = 'she|he|they|who';
/** People a relative clause can stand between and their age: "the girl he's texting is 16". */
const PEOPLE =
  'kid|son|daughter|girl|boy|niece|nephew|babysitter|sitter|hire|cousin|brother|sister|one|child|student|intern|stepson|stepdaughter|boyfriend|girlfriend|bf|gf|friend|crush|date';
/** What a number after "is" counts when it is not an age: "she was 15 minutes late". */
const NOT_AN_AGE = String.raw`(?!\s*(?:%|percent|minutes?|mins?|hours?|hrs?|seconds?|secs?|days?|weeks?|months?|times?|dollars|bucks|coins|points|pts|people|miles|feet|ft|inches|lbs|pounds|kg|degrees|foot|inch|inches|o['’]clock|am\b|pm\b|['’"]|[:.,/]\d|\d|-\d|to\s+\d|out of))`;
const BARE_AGE = new RegExp(
  String.raw`\b(?:${PRONOUNS}|(?:${PEOPLE})(?:\s+[\w'’]+){0,3}?)(?:\s+is|'s|’s|\s+was|\s+are|\s+were)\s+(?:only\s+|like\s+|barely\s+|just\s+|about\s+|maybe\s+|around\s+)?${AGE}\b${NOT_AN_AGE}|\b(?:${PEOPLE})\s*\(\s*${AGE}\s*\)|\b(?:just\s+)?turn(?:ed|s|ing)\s+${AGE}\b(?!\s*%)`,
  'gi',
);

const ORDINAL_GRADE =
  'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|1st|2nd|3rd|[4-9]th|1[0-2]th';
/** School years and schools children go to. */
const SCHOOLING = new RegExp(
  String.raw`\b(?:${ORDINAL_GRADE})[\s-]+grade(?:rs?)?\b|\b(?:kindergarten(?:er)?s?|pre-?k|preschool(?:ers?)?|middle[\s-]schoolers?|high[\s-]?schoolers?|junior high|elementary school|middle school|grade school|primary school)\b|\b(?:high[\s-]?school\s+(?:freshman|sophomore|junior|senior|student|kid)s?)\b|\b(?:freshman|sophomore|junior|senior)s?\s+in\s+high[\s-]?school\b|\b(?:is|are|still|currently)\s+in\s+(?:high|middle|elementary|grade)\s+school\b|\bin\s+year\s+(?:[1-9]|1[0-3])\b|\b(?:jv|junior varsity)\s+(?:team|kids|players|squad|girls|boys)\b|\bU-?(?:[5-9]|1[0-7])s?\s+(?:team|girls|boys|squad|league|side|players)\b`,
  'gi',
);
/** "Lincoln Middle", "Westview High School", "goes to Roosevelt High": a named school for children. */
const NAMED_SCHOOL =
  /\b(?:(?:St\.|[A-Z][a-z]+(?:['’]s)?)\s+){1,2}(?:Elementary|Middle|Junior High|Intermediate|Primary|Montessori|Daycare|Preschool|Prep|High School)(?:\s+School)?\b|\b(?:goes to|attends|student at|enrolled at|freshman at|sophomore at|junior at|senior at|kids at|team at)\s+(?:[A-Z][a-z]+\s+){1,2}High\b/g;

const CHILD =
  'son|sons|daughter|daughters|kid|kids|kiddo|kiddos|child|children|toddler|toddlers|newborn|infant|stepson|stepdaughter|stepkid|stepkids|stepchild|grandson|granddaughter|grandkid|grandkids|grandchild|grandchildren|teenager|teen|niece|nephew';
/**
 * "her son", "my stepdaughter", "the kid": a child of someone. Adults have children too, but the rule
 * is absolute, so every one is read; an adult age said with it ("her 30-year-old son") is not this pattern.
 */
const RELATION = new RegExp(
  String.raw`\b(?:her|his|their|my|our|the|whose)\s+(?:(?:little|baby|younger|youngest|teenage|teen|infant|newborn|toddler|step|grand|twin|foster|adopted|two|three|\d)[\s-]?)?(?:${CHILD})\b(?!\s+(?:of a|support)|['’]?\s+table)|\b\w+['’]s\s+(?:${CHILD})\b|\b(?:her|his|their|my|our)\s+(?:(?:little|twin|baby|teenage|\d)[\s-]?)(?:boys?|girls?)\b|\b(?:her|his|their|my|our)\s+(?:youngest|eldest)\b(?!\s+(?:friend|sister|brother|colleague|coworker))|(?<!\b(?:basically|like|as|literally|fur)\s+)\b(?:her|his|their|the)\s+(?:baby|little boy|little girl|little ones?)\b(?!\s+(?:mama|momma|mommy|daddy|father|mother|shower|of the))`,
  'gi',
);
/** Words for a child; "a minor" only as a person ("a minor detail" is not one). */
const DESCRIBED =
  /\b(?:minors|underage|under-age|preteens?|pre-teens?|schoolgirls?|schoolboys?|tweens?|kiddos?)\b|\ba minor(?=\s*(?:[.,!?;)]|$|and\b|who\b|when\b|at the time\b|back then\b))|(?<!\blike\s)(?<!\bas\s)\ba\s+(?:teenager|teen|child|toddler)\b(?!\s+at heart)|(?<!\blike\s)\ba\s+kid\s+(?=from\b|who\b|at\b|down\b|next door\b|on my\b|in my\b)/gi;

/** An adult's age, or "grown", said in the same sentence: "she calls him her little boy and he is 45". */
const ADULT_AGE =
  /\b(?:is|was|'s|’s|turned|turns|now)\s+(?:like\s+|about\s+|almost\s+|nearly\s+)?(?:1[89]|[2-9]\d)\b(?!\s*(?:%|minutes|hours|dollars|coins))|\b(?:1[89]|[2-9]\d)[\s-]*(?:years?|yrs?)[\s-]*old\b|\b(?:grown|adult)\b/i;

const ENDS = ['.', '!', '?', '\n'];

/** The sentence holding `index`, found by the nearest sentence ends on either side (linear time). */
function sentenceAround(source: string, index: number): string {
  const start = Math.max(...ENDS.map((end) => source.lastIndexOf(end, index - 1))) + 1;
  const ends = ENDS.map((end) => source.indexOf(end, index)).filter((at) => at !== -1);
  return source.slice(start, ends.length > 0 ? Math.min(...ends) : source.length);
}

/** What a bare age and a child of someone must contain: a figure or a number word; a child's word. */
const AGE_HINT = new RegExp(String.raw`\d|\b(?:${Object.keys(NUMBER_WORDS).join('|')})\b`, 'i');
const RELATION_HINT = new RegExp(String.raw`\b(?:${CHILD}|baby|little|boys?|girls?|youngest|eldest)\b`, 'i');

/** The words each pattern above cannot match without (lower case; a named school's in its capitals). */
const AGE_WORDS = ['yr', 'year', 'yo', 'y/o', 'y.o', 'age'];
const BARE_AGE_WORDS = ['is', "'s", '’s', 'was', 'are', 'were', '(', 'turn'];
const SCHOOL_WORDS = [
  'grade',
  'kindergarten',
  'pre',
  'school',
  'junior',
  'freshman',
  'sophomore',
  'senior',
  'year',
  'jv',
  'varsity',
];
const TEAM_AGE = /u-?\d/;
const SCHOOL_NAMES = [
  'Elementary',
  'Middle',
  'High',
  'Intermediate',
  'Primary',
  'Montessori',
  'Daycare',
  'Preschool',
  'Prep',
];
const DESCRIBED_WORDS = ['minor', 'underage', 'under-age', 'teen', 'school', 'tween', 'child', 'toddler', 'kid'];

export function findMinors(source: string): GuardFinding[] {
  const schooling = mentions(source, SCHOOL_WORDS) || passes(TEAM_AGE.test(lowerOf(source)));
  return [
    ...(mentions(source, AGE_WORDS) ? matchAll('minor', source, AGE_PHRASE, underage) : []),
    ...(mentions(source, BARE_AGE_WORDS)
      ? when(AGE_HINT, source, () => matchAll('minor', source, BARE_AGE, underage))
      : []),
    ...(figuresIn(source) > 0 && mentions(source, ['month', 'week', 'day']) ? matchAll('minor', source, INFANT) : []),
    ...(schooling ? matchAll('minor', source, SCHOOLING) : []),
    ...(passes(SCHOOL_NAMES.some((name) => source.includes(name))) ? matchAll('minor', source, NAMED_SCHOOL) : []),
    ...when(RELATION_HINT, source, () =>
      matchAll('minor', source, RELATION, (match) => !ADULT_AGE.test(sentenceAround(source, match.index ?? 0))),
    ),
    ...(mentions(source, DESCRIBED_WORDS) ? matchAll('minor', source, DESCRIBED) : []),
  ];
}
