import type { GuardFinding } from '../privacy-guard.js';
import { anyCase, finding, matchAll, when } from './finding.js';
import { figuresIn, mentions } from './gates.js';

const SUFFIX_WORDS =
  'street|st|avenue|ave|av|road|rd|boulevard|blvd|drive|dr|lane|ln|court|ct|way|place|pl|terrace|ter|circle|cir|parkway|pkwy|highway|hwy|trail|trl|square|sq|loop|alley|crescent|pike|expressway|freeway|cove|cv|point|pt|ridge|run|plaza|plz|walk|quay|close|mews|gardens|grove|green|heights|row';
const SUFFIX = anyCase(SUFFIX_WORDS);
/** Every street the patterns below read names one of these words. */
const SUFFIX_HINT = new RegExp(String.raw`\b(?:${SUFFIX_WORDS})\b`, 'i');
/** Street names people write in lower case; a capitalised word or an ordinal is a name anyway. */
const COMMON_NAMES = anyCase(
  'main|oak|pine|maple|cedar|elm|walnut|willow|cherry|chestnut|birch|spruce|hickory|magnolia|dogwood|sycamore|park|lake|hill|river|spring|sunset|highland|church|mill|center|ridge|meadow|forest|washington|lincoln|jefferson|madison|franklin|jackson|adams|broad|market|water|high|college|school|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth',
);
const ORDINAL = String.raw`\d{1,3}(?:st|nd|rd|th)`;
/** Words that end a phrase like "20 minutes on the way" before it can look like "20 Rosewood Way". */
const NOT_A_NAME = String.raw`(?!(?:the|a|an|on|in|of|to|at|for|my|her|his|their|our|your|and|or|but|with|from|by|is|was|are|were|it|that|this|all|per|percent|minutes?|hours?|days?|weeks?|months?|years?|times?|people|dollars|bucks|coins|miles|blocks|feet|ft|inches|pounds|lbs|degrees|seconds?|likes|views|more|less|other|different)\b)`;
/** A street's name: Capitalised, an ordinal, a common street name, or (with a house number) any plain word. */
const NAME_WORD = String.raw`(?:[A-Z][a-zA-Z'’-]+|${ORDINAL}|(?:${COMMON_NAMES})\b|${NOT_A_NAME}[a-z][a-z'’-]+)`;
const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred';
/** A house number in figures: "19-B", "no. 56", "27,". */
const FIGURES = String.raw`(?:[Nn]o\.?\s*|#)?\d{1,6}(?:-?[A-Za-z])?,?`;
/** A house number in words ("three-twelve"), only before a Capitalised name: "a one way street" is not one. */
const WORDS_NUMBER = String.raw`(?:${anyCase(NUMBER_WORDS)})(?:[-\s](?:${NUMBER_WORDS}))*`;
const HOUSE_NUMBER = String.raw`(?:${FIGURES}|${WORDS_NUMBER})`;
const DIRECTION = String.raw`(?:(?:${anyCase('north|south|east|west')}|[NSEWnsew])\.?\s+)?`;
const UNIT = String.raw`(?:,?\s*(?:${anyCase('apt|apartment|unit|suite|ste')}|#)\.?\s*#?[A-Za-z0-9-]+)?`;
const STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
const CITY_STATE_ZIP = String.raw`(?:,?\s+[A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+)?,?\s+(?:${STATES})\b(?:\s+\d{5}(?:-\d{4})?)?)?`;

const CAPITALISED = String.raw`[A-Z][a-zA-Z'’-]+`;
/**
 * "1420 Maple Ave, Austin TX 78701", "22 w 5th st apt 3", "#1407 - 88 Queens Quay W": a number, a
 * name, a street word, and what follows.
 */
const STREET = new RegExp(
  String.raw`(?<![\w$.,])(?:#\w+\s*-\s*)?(?:${FIGURES}\s+${DIRECTION}(?:${NAME_WORD}\s+){1,3}|${WORDS_NUMBER}\s+${DIRECTION}(?:${CAPITALISED}\s+){1,3})(?:${SUFFIX})\b\.?(?:\s+[NSEW]\b)?${UNIT}${CITY_STATE_ZIP}`,
  'g',
);
/** A house on a numbered road: "1020 hwy 9", "4410 County Road 12". */
const ON_NUMBERED_ROAD =
  /(?<![\w$.,])\d{1,6}\s+(?:hwy|highway|route|rte|county road|state road|farm road|state route)\s*-?\s*\d{1,4}\b/gi;
/** Addresses abroad that put the street word first: "22 Rue des Lilas", "14 Calle del Sol". */
const STREET_WORD_FIRST =
  /(?<![\w$.,])\d{1,6},?\s+(?:[Rr]ue|[Cc]alle|[Vv]ia|[Aa]venida|[Rr]ua)\s+(?:[a-zà-ÿ]+\s+){0,2}[A-ZÀ-Þ][\wà-ÿ'’-]+/g;

const LIVING = String.raw`\b(?:[Ll]ives?|living|stays?|staying|moved|moving|house|home|apartment|apt|place|condo|crib|address)\s+(?:is\s+)?(?:right\s+)?(?:on|onto|at|off(?:\s+of)?|near|by)\s+(?:the\s+corner\s+of\s+)?`;
const KNOWN_NAME = String.raw`(?:${ORDINAL}|(?:${COMMON_NAMES})\b|${CAPITALISED}(?=\s+(?:${SUFFIX})\b))`;
/** Where someone lives without a whole address: "lives on maple by the school", "moved to 5th and Elm". */
const LIVES_ON = new RegExp(
  String.raw`${LIVING}((?:${HOUSE_NUMBER}\s+${CAPITALISED}|${KNOWN_NAME})(?:\s+(?:${SUFFIX})\b\.?)?(?:\s+(?:and|&)\s+(?:${ORDINAL}|${CAPITALISED}|(?:${COMMON_NAMES})\b))?)`,
  'dg',
);

const STREET_WORD = anyCase(
  'street|st|road|rd|avenue|ave|lane|ln|court|ct|drive|dr|boulevard|blvd|way|place|pl|circle|cir|terrace|ter|parkway|pkwy|plaza',
);
/** Streets known the world over, named for what they stand for ("a Wall Street bro"), not where someone lives. */
const FAMOUS =
  /^(?:Wall|Sesame|Easy|Bourbon|Beale|Abbey|Memory|Lovers|Electric|Rodeo|Mulholland|Hollywood|Sunset|Lombard|Penny|Downing|Fifth|Madison|Park|Main)\s/;
/** A street named after a place word without its number: "on Orchard St", "off Old Mill Rd", "on willow way". */
const NAMED_STREET = new RegExp(
  String.raw`\b(?:on|onto|off|of|along|down|at)\s+(?:the\s+)?((?:(?:[A-Z][a-zA-Z'’-]+|(?:${COMMON_NAMES}))\s+){1,3}(?:${STREET_WORD})\b\.?)`,
  'dg',
);
const CORNER_NAME = String.raw`(?:[NSEWnsew]\.?\s+)?(?:${ORDINAL}|${CAPITALISED}|(?:${COMMON_NAMES})\b)(?:\s+(?:${STREET_WORD})\b\.?)?`;
/** A crossing said as where someone is: "the corner of Lamar and 38th", "moved to 5th and Elm". */
const CROSSING = new RegExp(
  String.raw`\b(?:corner of|on|at|to|near|by|off)\s+(${CORNER_NAME}\s+(?:and|&)\s+${CORNER_NAME})`,
  'dg',
);
const isCrossing = (match: RegExpMatchArray) => {
  const [a, b] = (match[1] ?? '').split(/\s+(?:and|&)\s+/);
  // One side a numbered street, or a side that says it is a street: "5th and Elm", "2nd ave and e 9th",
  // not "Tom and Jerry" or "1st and 2nd".
  const numbered = (side = '') => /^(?:[NSEWnsew]\.?\s+)?\d/.test(side);
  const streetLike = (side = '') => new RegExp(String.raw`\s(?:${STREET_WORD})\.?$|^[NSEWnsew]\.?\s`).test(side);
  return (
    numbered(a) !== numbered(b) || streetLike(a) || streetLike(b) || (match[0].startsWith('corner') && !numbered(a))
  );
};

const PO_BOX = /\b(?:p\.?\s?o\.?\s*box|post\s+office\s+box|pob)\s*#?\s*\d+/gi;
/** A ZIP beside a state ("TX 78701") or named as one ("zip is 78701"); a bare five-digit number is not. */
const ZIP = new RegExp(
  String.raw`(?:\b(?:${STATES})\s+\d{5}(?:-\d{4})?\b|\b(?:zip|Zip|ZIP|postal code|Postal code)(?:\s*(?:code|Code))?\s*(?:is|:|#)?\s*\d{5}(?:-\d{4})?\b)`,
  'g',
);

const LIVING_HINT = new RegExp(LIVING);
const CROSSING_HINT = /\s(?:and|&)\s/;

export function findAddresses(source: string): GuardFinding[] {
  return [
    ...when(SUFFIX_HINT, source, () => [
      ...matchAll('address', source, STREET, (match) => !/^\d+\s+(?:st|nd|rd|th)\b/i.test(match[0])),
      ...matchAll('address', source, NAMED_STREET, (match) => !FAMOUS.test(match[1] ?? ''), 1),
    ]),
    ...when(LIVING_HINT, source, () => matchAll('address', source, LIVES_ON, undefined, 1)),
    ...(mentions(source, ['hwy', 'highway', 'route', 'rte', 'road'])
      ? matchAll('address', source, ON_NUMBERED_ROAD)
      : []),
    ...(mentions(source, ['rue', 'calle', 'via', 'avenida', 'rua'])
      ? matchAll('address', source, STREET_WORD_FIRST)
      : []),
    ...when(CROSSING_HINT, source, () => matchAll('address', source, CROSSING, isCrossing, 1)),
    ...(mentions(source, ['box', 'pob']) ? matchAll('po_box', source, PO_BOX) : []),
    ...(figuresIn(source) >= 5 ? matchAll('zip', source, ZIP) : []),
  ].map((hit) => (hit.text.endsWith(',') ? finding(hit.kind, source, hit.start, hit.end - 1) : hit));
}
