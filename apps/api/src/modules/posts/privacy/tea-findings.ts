import { GUARDED_POST_FIELDS, type StoredFinding } from '@kettle/shared';
import { findPrivateData } from '@kettle/shared/guard';

type TeaFields = { title: string; content: string; evidence_link?: string | null; tagged_handle: string };

/** Every finding in a tea's fields, each naming its field; offsets are into that field's text. */
export function findingsOfTea(tea: TeaFields): StoredFinding[] {
  return GUARDED_POST_FIELDS.flatMap((field) => {
    const text = tea[field];
    if (!text) return [];
    return findPrivateData(text, { subjectHandle: tea.tagged_handle }).map((found) => ({ ...found, field }));
  });
}
