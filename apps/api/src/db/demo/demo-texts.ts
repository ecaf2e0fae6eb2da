import { QUEUE, REPORTS, TEAS } from './teas.js';

/**
 * Every sentence a member wrote in the demo community (titles, teas, comments, reports), each with
 * the tea's subject: ordinary teas, the set the privacy guard's false positives are counted on.
 */
export function demoCommunityTexts(): Array<{ text: string; subject: string }> {
  const texts: Array<{ text: string; subject: string }> = [];
  for (const tea of [...TEAS, ...QUEUE]) {
    texts.push({ text: tea.title, subject: tea.handle }, { text: tea.content, subject: tea.handle });
    for (const comment of 'comments' in tea ? (tea.comments ?? []) : []) {
      texts.push({ text: comment.text, subject: tea.handle });
    }
  }
  for (const report of REPORTS) {
    const tea = TEAS.find((candidate) => candidate.key === report.tea);
    texts.push({ text: report.description, subject: tea?.handle ?? '' });
  }
  return texts;
}
