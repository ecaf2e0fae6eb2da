import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { GuardFinding } from '../privacy-guard.js';
import { digitRunsAndParts } from './digit-runs.js';
import { finding, matchAll } from './finding.js';
import { mayHoldDigits, mentions } from './gates.js';

/** Words that make seven digits a phone number rather than a count or a code. */
const PHONE_CONTEXT =
  /\b(?:call|calls|called|calling|text|texts|texted|txt|number|num|cell|phone|digits|dial|reach|whatsapp|signal|hit (?:her|him|them|me) up)\b/i;

/** Ten digits shaped like a North American number, even one the numbering plan would not issue. */
const TEN_DIGITS = /(?<![\w$.,])(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?!\w|[.,]\d)/g;

/**
 * An international number: eight to fifteen digits after "+" are one whatever the plan; after "00"
 * (how Europe dials out) libphonenumber's numbering plans decide, for only the digits a run read.
 */
function isInternational(source: string, start: number, digits: string): boolean {
  if (source[start - 1] === '+') return digits.length >= 8 && digits.length <= 15;
  return (
    digits.startsWith('00') &&
    digits.length >= 10 &&
    parsePhoneNumberFromString(`+${digits.slice(2)}`)?.isValid() === true
  );
}

export function findPhones(source: string): GuardFinding[] {
  // Every phone number read here has seven digits at least.
  if (!mayHoldDigits(source, 7)) return [];
  const found = matchAll('phone', source, TEN_DIGITS);
  for (const run of digitRunsAndParts(source)) {
    const count = run.digits.length;
    // The plus of an international number goes with it, so a removal leaves no stray "+".
    const start = source[run.start - 1] === '+' ? run.start - 1 : run.start;
    // Ten or eleven digits in one run are a phone number at home or abroad ("0161 496 0732").
    const tenDigits = count === 10 || count === 11;
    const sevenNearContext = count === 7 && PHONE_CONTEXT.test(source.slice(Math.max(0, run.start - 40), run.start));
    if (tenDigits || sevenNearContext || isInternational(source, run.start, run.digits)) {
      found.push(finding('phone', source, start, run.end));
    }
  }
  return found;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const PROVIDERS = 'g\\s?mail|googlemail|yahoo|hotmail|outlook|icloud|aol|protonmail|proton|live|msn|me|ymail';
const TLDS = 'com|net|org|edu|io|co|us|me|info';
const LOCAL = String.raw`[A-Za-z0-9_+-]+(?:\s*(?:\.|\bdot\b|\(dot\)|\[dot\]|_|\bunderscore\b)\s*[A-Za-z0-9_+-]+)*`;
const AT = String.raw`\s*(?:\(at\)|\[at\]|\{at\}|\bat\b|@)\s*`;
const DOT = String.raw`\s*(?:\.|\bdot\b|\(dot\)|\[dot\]|\{dot\})\s*`;
/** "jess dot m at gmail", "jess.m [at] gmail [dot] com": an address spelled out to dodge a filter. */
const SPELLED_EMAIL = new RegExp(
  String.raw`\b${LOCAL}${AT}(?:(?:${PROVIDERS})\b(?:${DOT}(?:${TLDS})\b)?|[A-Za-z0-9-]+${DOT}(?:${TLDS})\b)`,
  'gi',
);
/** Plain words before " at gmail" are a sentence ("she is at gmail"), not the address's first part. */
const NOT_LOCAL =
  /(?:^|\s)(?:is|was|are|were|be|works?|worked|her|him|me|us|them|job|interview|email|mail|message|dm)$/i;

export function findEmails(source: string): GuardFinding[] {
  // An address has its "@", or its "at" spelled out.
  if (!mentions(source, ['@', 'at'])) return [];
  return [
    ...matchAll('email', source, EMAIL),
    ...matchAll('email', source, SPELLED_EMAIL, (match) => {
      const local = match[0].split(new RegExp(AT, 'i'))[0] ?? '';
      return !NOT_LOCAL.test(local.trim()) || /[._]|\bdot\b/i.test(local);
    }),
  ];
}

/** "her snap is ty.bone22", "insta: jess_m": an account named after the platform's name. */
const PLATFORM_ACCOUNT =
  /\b(?:snap|snapchat|insta|ig|instagram|tiktok|tt|twitter|venmo|cashapp|cash app|onlyfans|of|discord|telegram)\s*(?:is|:|=|handle is|name is|@)\s*(@?(?=[A-Za-z0-9_.]*[\d._])[A-Za-z][A-Za-z0-9_.]{2,29})(?<!\.)/dgi;
const HANDLE = /(?<![\w@.$])@([A-Za-z0-9_][A-Za-z0-9_.]{1,29})(?![\w@])/g;
const PROFILE_URL =
  /\b(?:https?:\/\/)?(?:www\.|m\.)?(?:instagram\.com|tiktok\.com|twitter\.com|x\.com|facebook\.com|fb\.com|snapchat\.com\/add|youtube\.com|linkedin\.com\/in|threads\.net|venmo\.com|cash\.app|onlyfans\.com)\/(@?[$A-Za-z0-9_.-]+)/gi;

const PROFILE_WORDS = ['@', '.com', '.net', '.app', ':', '=', 'is'];

const same = (name: string, subject: string | undefined) =>
  subject !== undefined && name.replace(/^[@$]/, '').toLowerCase() === subject.replace(/^@/, '').toLowerCase();

/** Other people's accounts: an @handle or a profile link that is not the tagged subject's own. */
export function findOtherProfiles(source: string, subjectHandle?: string): GuardFinding[] {
  // A handle has its "@", a link its domain, a platform's account its "is", ":" or "=" after the name.
  if (!mentions(source, PROFILE_WORDS)) return [];
  return [
    ...matchAll('handle', source, HANDLE, (match) => {
      const name = (match[1] ?? '').replace(/\.+$/, '');
      return /[A-Za-z]/.test(name) && !/^\d+(?:am|pm)$/i.test(name) && !same(name, subjectHandle);
    }).map((hit) => (hit.text.endsWith('.') ? finding('handle', source, hit.start, hit.end - 1) : hit)),
    ...matchAll('handle', source, PROFILE_URL, (match) => !same(match[1] ?? '', subjectHandle)),
    ...matchAll('handle', source, PLATFORM_ACCOUNT, (match) => !same(match[1] ?? '', subjectHandle), 1),
  ];
}
