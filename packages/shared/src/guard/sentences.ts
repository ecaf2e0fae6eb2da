/** Where the sentence holding `offset` ends (its end mark included), or the text's end. */
export function sentenceEnd(source: string, offset: number): number {
  const ends = ['.', '!', '?', '\n'].map((end) => source.indexOf(end, offset)).filter((at) => at !== -1);
  return ends.length > 0 ? Math.min(...ends) + 1 : source.length;
}

/** Where the sentence holding a finding starts, so a rewording can open it ("In my opinion, she ..."). */
export function sentenceStart(source: string, offset: number): number {
  const before = source.slice(0, offset);
  const end = Math.max(
    before.lastIndexOf('.'),
    before.lastIndexOf('!'),
    before.lastIndexOf('?'),
    before.lastIndexOf('\n'),
  );
  let start = end + 1;
  while (start < offset && /\s/.test(source.charAt(start))) start += 1;
  return start;
}
