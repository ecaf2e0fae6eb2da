import nlp from 'compromise';
import type { GuardFinding } from '../privacy-guard.js';
import { matchAll } from './finding.js';
import { mentions, passes } from './gates.js';

/** Two or three capitalised words, the shape of a full name; compromise decides whether it is one. */
const CAPITAL_WORD = String.raw`\p{Lu}(?:['’]\p{Lu}|c\p{Lu})?\p{Ll}+`;
const NAME_SHAPE = new RegExp(
  String.raw`(?<![\p{L}'’])${CAPITAL_WORD}(?:\s+\p{Lu}\.)?\s+${CAPITAL_WORD}(?:-${CAPITAL_WORD})?(?![\p{L}'’])`,
  'gu',
);
const known = new Map<string, boolean>();

/** compromise's lexicon knows first and last names; a hint only, as it also knows places by those names. */
function isFullName(candidate: string): boolean {
  let answer = known.get(candidate);
  if (answer === undefined) {
    const doc = nlp(candidate);
    answer = (doc.has('^#FirstName') || doc.has('#LastName$')) && !doc.has('(#Place|#Organization)');
    if (known.size >= 2000) known.clear();
    known.set(candidate, answer);
  }
  return answer;
}

export const findNames = (source: string): GuardFinding[] =>
  matchAll('name', source, NAME_SHAPE, (match) => isFullName(match[0]));

const JOB_WORDS =
  'works?|working|worked|employed|hired|interns?|interning|manages?|manager|boss|shift|cashier|waitress|waiter|barista|bartends?|bartender|teller|receptionist|hostess|host|clerk|teacher|nurse|job|drives|picks|overnights|tables|hair|desk|employee|staff';
/** "works at Lincoln Dental", "waits tables at Olive Garden", "employed by Halvorsen Roofing": a named employer. */
const WORKPLACE = new RegExp(
  String.raw`\b(?:${JOB_WORDS})(?:\s+[a-z]+){0,2}?\s+(?:at|for|by)\s+(?:the\s+)?([A-Z][\w&'’.-]*(?:\s+(?:[A-Z][\w&'’.-]*|of|&))*)`,
  'dg',
);
/** Employers named so often in jokes that they say nothing about where someone works. */
const NOT_WORKPLACES =
  /^(?:the\s+)?(?:I|Kettle|Christmas|Thanksgiving|Halloween|Easter|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/;

/** "works at", "hired by", "shift for": a workplace follows one of these words. */
const BEFORE_WORKPLACE = /\s(?:at|for|by)\s/;

export const findWorkplaces = (source: string): GuardFinding[] =>
  !passes(BEFORE_WORKPLACE.test(source))
    ? []
    : matchAll('workplace', source, WORKPLACE, (match) => !NOT_WORKPLACES.test(match[1] ?? ''), 1);

const HEALTH = new RegExp(
  String.raw`\b(?:${[
    'cancer|chemo|chemotherapy|tumou?r|diabetes|diabetic|hiv|aids|herpes|hpv|chlamydia|gonorrh?ea|syphilis|std|stds|sti|stis',
    'pregnant|pregnancy|miscarriage|miscarried|abortion|ivf|infertile|infertility',
    'depression|depressed|bipolar|schizophrenia|schizophrenic|adhd|autism|autistic|ptsd|ocd|anorexia|anorexic|bulimia|bulimic|eating disorder',
    'rehab|relapse|relapsed|overdose|overdosed|psych ward|psychiatric|therapist|antidepressants?|suicidal|suicide attempt',
    'dementia|alzheimer’?s|alzheimers|epilepsy|seizures?|dialysis|hospitali[sz]ed|diagnosis|diagnosed',
    'panic attacks?|nervous breakdown|mental breakdown|aa meetings?|vasectomy|hysterectomy|in therapy',
  ].join('|')})\b`,
  'gi',
);

const HEALTH_WORDS = [
  'cancer',
  'chemo',
  'tumo',
  'diabet',
  'hiv',
  'aids',
  'herpes',
  'hpv',
  'chlamydia',
  'gonorr',
  'syphilis',
  'std',
  'sti',
  'pregnan',
  'miscarr',
  'abortion',
  'ivf',
  'infertil',
  'depress',
  'bipolar',
  'schizo',
  'adhd',
  'autis',
  'ptsd',
  'ocd',
  'anorexi',
  'bulimi',
  'eating disorder',
  'rehab',
  'relapse',
  'overdose',
  'psych',
  'therapist',
  'antidepressant',
  'suicid',
  'dementia',
  'alzheimer',
  'epilepsy',
  'seizure',
  'dialysis',
  'hospitali',
  'diagnos',
  'panic attack',
  'breakdown',
  'aa meeting',
  'vasectomy',
  'hysterectomy',
  'in therapy',
];

export const findHealth = (source: string): GuardFinding[] =>
  mentions(source, HEALTH_WORDS) ? matchAll('health', source, HEALTH) : [];

/** Someone's money troubles or income; prices and coin amounts are not private. */
const MONEY =
  /\b(?:in debt|drowning in debt|owes?\s+(?:\$[\d,.]+k?|money|thousands|the bank|the irs|back taxes)|bankrupt(?:cy)?|filed for bankruptcy|(?:her|his|their) salary|(?:her|his|their) paycheck|credit score|net worth|evicted|eviction|foreclos(?:ed|ure)|child support|food stamps|behind on (?:rent|payments|the mortgage)|makes?\s+\$[\d,.]+k?\s*(?:a|per|an)\s+(?:year|yr|month|hour)|maxed out (?:\w+\s+)?credit cards?|repossessed|student loans?|(?:went|sent|is) (?:to|in) collections|borrowed \$[\d,.]+k?)\b/gi;

const MONEY_WORDS = [
  'debt',
  'owe',
  'bankrupt',
  'salary',
  'paycheck',
  'credit',
  'net worth',
  'evict',
  'foreclos',
  'child support',
  'food stamps',
  'behind on',
  'make',
  'maxed out',
  'repossess',
  'loan',
  'collections',
  'borrowed',
];

export const findMoney = (source: string): GuardFinding[] =>
  mentions(source, MONEY_WORDS) ? matchAll('money', source, MONEY) : [];
