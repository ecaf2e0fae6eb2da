import type { Report, ReportList } from '@kettle/shared';
import { json } from '@/testing';

let counter = 0;
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A pending post report as an admin reads it (its tea's author known); `overrides` change any field. */
export function makeReport(overrides: Partial<Report> = {}): Report {
  counter += 1;
  const id = uuid('7a7a7a7a', counter);
  return {
    id,
    reportId: id,
    kind: 'post',
    reference: `R-${String(counter).padStart(6, '0')}`,
    post_id: uuid('3e3e3e3e', counter),
    comment_id: null,
    comment_excerpt: null,
    content_url: null,
    tea_title: null,
    tea_handle: null,
    contact_email: null,
    reporter_username: 'ben',
    content_author_id: uuid('5a5a5a5a', counter),
    reason: 'harassment',
    description: 'This post keeps naming a private person.',
    status: 'pending',
    admin_notes: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A ReportList page: `total` across all pages of `limit`, this page starting at `skip`. */
export function reportPage(reports: Report[], { total = reports.length, skip = 0, limit = 9 } = {}): ReportList {
  const totalPages = Math.ceil(total / limit);
  return {
    reports,
    total,
    total_pages: totalPages,
    has_next: skip + limit < total,
    has_previous: skip > 0,
  };
}

export const reportPageResponse = (...args: Parameters<typeof reportPage>) => json(reportPage(...args));
