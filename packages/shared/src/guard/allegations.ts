import type { GuardFinding } from '../privacy-guard.js';
import { finding } from './finding.js';
import { mentions } from './gates.js';
import { sentenceEnd, sentenceStart } from './sentences.js';

const LABELS =
  'thief|liar|cheat|cheater|fraud|fraudster|scammer|con artist|criminal|felon|rapist|predator|pedophile|paedophile|abuser|wife[- ]beater|drug dealer|dealer|junkie|crackhead|addict|alcoholic|murderer|killer|stalker|prostitute|hooker|escort|racist|groomer|sex offender|deadbeat';
/** "she is a thief", "he's basically a predator": a crime or vice stated as who someone is. */
const LABELLED = new RegExp(
  String.raw`\b(?:is|'s|’s|are|was|were)\s+(?:(?:a|an|such a|basically a|literally a|a total|a known|a serial|the biggest)\s+)?(?:[a-z]+\s+)?(?:${LABELS})s?\b`,
  'gi',
);
/** Acts stated as done: theft, fraud, violence, infidelity, drugs. */
const DEEDS =
  /\b(?:stole|steals|stealing|embezzl(?:ed|es|ing)|scammed|scams|defrauded|cheated on|cheats on|cheating on|raped|rapes|assaulted|abused|abuses|abusing|beats (?:his|her|their)|hits (?:his|her|their)|molested|groomed|grooming|sells drugs|deals drugs|dealing drugs|does drugs|is on (?:drugs|meth|coke|heroin)|drives drunk|arrested for|slept with|sleeps with|sleeping with|hooked up with|(?:has|had|is having) an affair|committed (?:\w+\s+)?fraud|forged|forges|deals? (?:coke|drugs|weed|meth|pills)|shoplifts?|shoplifted|cooked the books|burned down|stalks|stalked|lies on (?:his|her|their) taxes|poisoned|catfish(?:es|ed)|laundered|launders|did time|served time)\b/gi;
/** Health stated as a fact about someone: "has herpes", "gave him chlamydia", "is pregnant". */
const CONDITIONS =
  /\b(?:has|had|have|got|gave (?:him|her|them|me|everyone)|spreading)\s+(?:an?\s+)?(?:herpes|hiv|aids|chlamydia|gonorrh?ea|syphilis|hpv|std|stds|sti|stis|crabs|cancer)\b|\bis\s+(?:secretly\s+)?(?:pregnant|bipolar|schizophrenic|psychotic|mentally ill|anorexic|bulimic|hiv positive)\b/gi;

/**
 * A sentence that says who is speaking and how they know: the first person ("I saw", "my
 * experience", "we were there") or an opinion said as one. Claims in it are the poster's own account.
 */
const FIRST_HAND =
  /\b(?:I|I'm|I’m|I've|I’ve|I'd|I’d|me|my|mine|we|us|our|imo|imho|in my opinion|i think|i believe|i feel)\b/i;

/** Words each pattern cannot match without, in lower case. */
const LABEL_WORDS = [
  'thief',
  'liar',
  'cheat',
  'fraud',
  'scam',
  'con artist',
  'criminal',
  'felon',
  'rapist',
  'predator',
  'phile',
  'abuser',
  'beater',
  'dealer',
  'junkie',
  'crackhead',
  'addict',
  'alcoholic',
  'murder',
  'killer',
  'stalker',
  'prostitute',
  'hooker',
  'escort',
  'racist',
  'groomer',
  'offender',
  'deadbeat',
];
const DEED_WORDS = [
  'stole',
  'steal',
  'embezzl',
  'scam',
  'defraud',
  'cheat',
  'rape',
  'assault',
  'abuse',
  'abusing',
  'beats',
  'hits',
  'molest',
  'groom',
  'drug',
  'is on',
  'drunk',
  'arrested',
  'slept with',
  'sleeps with',
  'sleeping with',
  'hooked up',
  'affair',
  'fraud',
  'forge',
  'deal',
  'shoplift',
  'cooked the books',
  'burned down',
  'stalk',
  'lies on',
  'poison',
  'catfish',
  'launder',
  'did time',
  'served time',
];
const CONDITION_WORDS = [
  'herpes',
  'hiv',
  'aids',
  'chlamydia',
  'gonorr',
  'syphilis',
  'hpv',
  'std',
  'sti',
  'crabs',
  'cancer',
  'pregnant',
  'bipolar',
  'schizophrenic',
  'psychotic',
  'mentally ill',
  'anorexic',
  'bulimic',
];
const GATED: Array<[RegExp, string[]]> = [
  [LABELLED, LABEL_WORDS],
  [DEEDS, DEED_WORDS],
  [CONDITIONS, CONDITION_WORDS],
];

export function findAllegations(source: string): GuardFinding[] {
  const found: GuardFinding[] = [];
  // Claims are rare: find them in the whole text, then read only their sentences for a first person.
  for (const [pattern, words] of GATED) {
    if (!mentions(source, words)) continue;
    for (const claim of source.matchAll(pattern)) {
      const start = claim.index;
      if (FIRST_HAND.test(source.slice(sentenceStart(source, start), sentenceEnd(source, start)))) continue;
      found.push(finding('allegation', source, start, start + claim[0].length));
    }
  }
  return found;
}
