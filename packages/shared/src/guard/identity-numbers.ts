import type { GuardFinding } from '../privacy-guard.js';
import { digitRuns } from './digit-runs.js';
import { finding, matchAll } from './finding.js';
import { figuresIn, mayHoldDigits, mentions } from './gates.js';

/** Area 000, 666 and 900-999, group 00 and serial 0000 are never issued. */
const SSN = /(?<![\w$.-])(?!000|666|9\d\d)\d{3}(\s*[-–—]\s*|[ .])(?!00)\d{2}\1(?!0000)\d{4}(?![\w-]|\.\d)/g;
const SSN_CONTEXT = /(?:\bssn|\bss#|\bsocial security|\bsocial sec|\bsoc sec|\bsocials?)(?:\b|(?<=#))[^.!?\n]{0,20}$/i;

export function findSsns(source: string): GuardFinding[] {
  if (!mayHoldDigits(source, 9)) return [];
  const found = matchAll('ssn', source, SSN);
  for (const run of digitRuns(source)) {
    if (run.digits.length === 9 && SSN_CONTEXT.test(source.slice(Math.max(0, run.start - 40), run.start)))
      found.push(finding('ssn', source, run.start, run.end));
  }
  return found;
}

const CARD = /(?<![\w$.])(?:\d[ .-]?){12,18}\d(?![\w]|\.\d)/g;
/** Visa, Mastercard (both ranges), American Express, Discover. */
const ISSUER = /^(?:4|5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)|3[47]|6(?:011|5))/;

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function findCards(source: string): GuardFinding[] {
  if (figuresIn(source) < 13) return [];
  return matchAll('card', source, CARD, (match) => {
    const digits = match[0].replace(/\D/g, '');
    return digits.length >= 13 && digits.length <= 19 && ISSUER.test(digits) && luhn(digits);
  });
}

/** A plate is letters and figures in capitals, read only near a word that says it is a plate. */
const PLATE =
  /\b(?:plates?|licen[cs]e(?: plate)?|tags?|registration|reg)\b(?:no\.|[^.!?\n]){0,24}?(?<![\w-])((?=[A-Z0-9 -]*\d)(?=[A-Z0-9 -]*[A-Z])[A-Z0-9]{1,4}[ -]?[A-Z0-9]{2,5})(?![\w-])/dg;

export const findPlates = (source: string): GuardFinding[] =>
  mentions(source, ['plate', 'licen', 'tag', 'reg']) ? matchAll('plate', source, PLATE, undefined, 1) : [];

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DAY = String.raw`(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?`;
const DATE = String.raw`(?:(?:${MONTHS})\.?\s+${DAY}(?:,?\s+(?:19|20)\d{2})?|(?:the\s+)?${DAY}\s+(?:of\s+)?(?:${MONTHS})(?:,?\s+(?:19|20)\d{2})?|(?:0?[1-9]|1[0-2])[/.-](?:0?[1-9]|[12]\d|3[01])(?:[/.-](?:19|20)?\d{2})?|(?:19|20)\d{2}-[01]\d-[0-3]\d)`;
/** A whole date (day and month at least) after words that say it is when someone was born. */
const BIRTH_DATE = new RegExp(
  String.raw`\b(?:born|dob|d\.o\.b\.?|date of birth|birthday|bday|b-day|birth date)(?:['’]s)?(?:\s+(?:is|was|on|:))*[\s:,-]*(${DATE})(?![\w/])`,
  'dgi',
);

export const findBirthDates = (source: string): GuardFinding[] =>
  mentions(source, ['born', 'dob', 'd.o.b', 'birth', 'bday', 'b-day'])
    ? matchAll('birth_date', source, BIRTH_DATE, undefined, 1)
    : [];
