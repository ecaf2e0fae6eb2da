import type { BrowserContext, Page } from '@playwright/test';
import {
  apiCategories,
  apiCreateReversal,
  apiCreateTea,
  apiSetPostStatus,
  apiStates,
  type ApiPost,
} from '../support/api';
import { baseURL } from '../support/env';
import { account, adminToken, marker, type Account } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { bell } from '../support/teas';
import { expectToast } from '../support/ui';
import { signIn } from '../support/users';
import { XSS_PAYLOADS, type Payload } from '../support/xss-payloads';

/**
 * security.md W3, stored XSS: the corpus goes into every text field members and admins can write
 * (through the API, and through the comment and contact forms once each), and every page that
 * shows those fields is rendered in Chromium. On each page: no payload ran (`__xss` is a binding
 * that records a call; `alert` would open a dialog), no content-security-policy violation (an
 * injected element the policy had to stop), no `javascript:` address and no `on*` attribute in
 * the DOM, and the payload text is on the page as text (it was rendered, escaped).
 */

type Hit = { what: string; url: string };
type Seen = { page: string; url: string; texts: number };

const P = XSS_PAYLOADS;
const teaBody = (p: Payload, tag: string) => ({
  title: p.text.length >= 5 ? p.text : `${p.text} ....`,
  content: `${tag} ${p.text} (stored XSS probe ${p.n})`,
  tagged_handle: `@xss_${tag}_${p.n}`,
  evidence_link: `https://example.com/evidence/${tag}/${p.n}`,
  attested: true,
});

/** A raw API call; answers status and parsed body so refusals can be counted, not thrown. */
async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseURL()}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

async function apiOk(path: string, init: Parameters<typeof api>[1]): Promise<Record<string, unknown>> {
  const answer = await api(path, init);
  if (answer.status >= 300) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body ?? {};
}

/** Installs the tripwires on a context: the `__xss` binding, dialogs, CSP violations, page errors. */
async function armed(context: BrowserContext, hits: Hit[]): Promise<BrowserContext> {
  await context.exposeBinding('__xss', ({ page }, n: unknown) =>
    hits.push({ what: `__xss(${String(n)})`, url: page.url() }),
  );
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  context.on('page', (page) => {
    page.on('dialog', (dialog) => {
      hits.push({ what: `dialog ${dialog.type()}: ${dialog.message()}`, url: page.url() });
      void dialog.dismiss();
    });
    page.on('console', (message) => {
      if (message.text().startsWith('CSP violation')) hits.push({ what: message.text(), url: page.url() });
    });
  });
  return context;
}

/**
 * `javascript:` addresses in any URL attribute and `on*` attributes anywhere in the DOM (React
 * writes neither; a payload as a tooltip's text is fine).
 */
const domProblems = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        // Browsers ignore tabs, newlines and leading control characters in a scheme.
        const value = Array.from(attribute.value)
          .filter((c) => c.charCodeAt(0) > 0x20)
          .join('')
          .toLowerCase();
        const url = /^(href|xlink:href|src|srcdoc|action|formaction|data|poster|background|cite|ping)$/i;
        if (url.test(attribute.name) && value.startsWith('javascript:'))
          found.push(`${element.tagName} ${attribute.name}="${attribute.value}"`);
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
      }
    }
    return found;
  });

const missing = async (page: Page, texts: readonly string[]): Promise<string[]> => {
  // Runs of white space collapse on the page (white-space: normal), so they do in the check too.
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
  const shown = squash(await page.evaluate(() => document.body.innerText));
  return texts.filter((text) => !shown.includes(squash(text)));
};

/**
 * Renders `url` (and, for a list, its following pages through Pagination's Next) until every one
 * of `texts` has been seen as text; checks each page's DOM on the way.
 */
async function render(page: Page, label: string, url: string, texts: readonly string[], seen: Seen[]): Promise<void> {
  await page.goto(url);
  let left = [...texts];
  const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
  for (let n = 2; ; n += 1) {
    await expect(page.getByRole('main')).toBeVisible();
    // Wait for the page's data: lists drop aria-busy, and an expected text usually shows. A list
    // page may hold none of ours (other specs' rows first), so that wait is short and may end empty;
    // the check after the last page is the one that counts.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const progress = async () => (await missing(page, left)).length;
    if (left.length > 0)
      await expect
        .poll(progress, { timeout: 3_000 })
        .toBeLessThan(left.length)
        .catch(() => undefined);
    // Long texts are collapsed behind 'Read more': open them all, so the whole text is on the page.
    const more = page.getByRole('button', { name: 'Read more' });
    for (let open = await more.count(); open > 0; open -= 1) await more.first().click();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
    expect(await domProblems(page), `${label} (${page.url()})`).toEqual([]);
    const before = left.length;
    left = await missing(page, left);
    seen.push({ page: label, url: page.url(), texts: before - left.length });
    if (left.length === 0 || !(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
    await expect(page.getByText(new RegExp(`^Page ${n} of \\d+$`))).toBeVisible();
  }
  expect(left, `payload texts ${label} never showed as text`).toEqual([]);
}

test('stored XSS: the corpus in every text field, rendered on every page that shows it', async ({ browser }) => {
  test.setTimeout(240_000);
  const hits: Hit[] = [];
  const seen: Seen[] = [];
  const refused: string[] = [];
  const stored: Record<string, number> = {};
  const store = (field: string, count = 1) => (stored[field] = (stored[field] ?? 0) + count);
  const tag = marker('xss');
  const admin = await adminToken();
  const author: Account = await account(admin, 25 * (P.length + 3) + 15 * P.length + 100);
  const reader: Account = await account(admin, 40 + 20 + 10 * P.length + 15 * P.length + 100);

  // Teas: one per payload (title and content); a third approved, a third pending, a third
  // rejected with the payload as the admin's reason; and one carrier holding the whole corpus.
  const teas: Array<{ p: Payload; post: ApiPost; status: ApiPost['status'] }> = [];
  const linked: string[] = [];
  let reversalId = '';
  const carrier = await apiCreateTea(author.token, {
    title: `XSS carrier ${tag}`,
    content: `${tag} ${P.map((p) => p.text).join(' ')}`,
    tagged_handle: `@xss_${tag}`,
    evidence_link: `https://example.com/${tag}`,
  });
  await apiSetPostStatus(admin, carrier.id, 'approved');
  const taxonomy = { category_id: (await apiCategories())[0]?.id, state_id: (await apiStates())[0]?.id };
  store('tea content', P.length);
  await test.step('seed teas, reasons, handles, evidence links and a reversal', async () => {
    for (const p of P) {
      const body = teaBody(p, tag);
      // The subject's handle and the evidence link are validated narrowly: try the payload first.
      const handle = await api('/posts/', {
        token: author.token,
        body: { ...body, ...taxonomy, tagged_handle: p.text },
      });
      if (handle.status < 300) throw new Error(`a payload was accepted as a handle: ${p.text}`);
      if (handle.status !== 422) throw new Error(`handle refused with ${handle.status}`);
      const created = await apiCreateTea(author.token, body);
      store('tea title');
      store('tea content');
      const status = (['approved', 'pending', 'rejected'] as const)[p.n % 3] ?? 'pending';
      if (status !== 'pending')
        await apiSetPostStatus(admin, created.id, status, status === 'rejected' ? p.text : undefined);
      if (status === 'rejected') store('rejection reason');
      teas.push({ p, post: created, status });
    }
    for (const link of [`javascript:__xss(0)`, `https://example.com/"><img src=x onerror=__xss(0)>`]) {
      const answer = await api('/posts/', {
        token: author.token,
        body: { ...teaBody(P[0] as Payload, tag), ...taxonomy, evidence_link: link },
      });
      if (answer.status < 300) {
        store('evidence link');
        linked.push(String(answer.body?.id));
      } else refused.push(`evidence link ${link} (${answer.status})`);
    }
    const reversal = await apiCreateReversal(
      reader.token,
      {
        ...teaBody(P[1] as Payload, `${tag}r`),
        content: `${tag} reversal ${P.map((p) => p.text)
          .join(' ')
          .slice(0, 4000)}`,
      },
      carrier.id,
    );
    await apiSetPostStatus(admin, reversal.id, 'approved');
    reversalId = reversal.id;
    store('reversal title');
    store('reversal content', P.length);
  });

  await test.step('seed comments, reports, appeals, taxonomy, company, usernames', async () => {
    await apiOk(`/posts/${carrier.id}/unlock`, { method: 'POST', token: reader.token });
    const comments: string[] = [];
    for (const p of P.slice(1)) {
      const made = await apiOk(`/posts/${carrier.id}/comments`, { token: reader.token, body: { content: p.text } });
      comments.push(String(made.id ?? (made.comment as { id?: string } | undefined)?.id));
    }
    store('comment', P.length - 1);
    // Report details: on the approved teas and the comments, a payload each.
    const approved = teas.filter((t) => t.status === 'approved');
    // The reader reports the teas, the author the reader's comments (nobody may report their own).
    const targets = [
      ...approved.map((t) => ({ path: `/posts/${t.post.id}/report`, token: reader.token })),
      ...comments.map((id) => ({ path: `/comments/${id}/report`, token: author.token })),
    ];
    for (const [index, { path, token }] of targets.slice(0, P.length).entries()) {
      await apiOk(path, { token, body: { reason: 'harassment', description: P[index]?.text } });
    }
    store('report details', Math.min(targets.length, P.length));
    // Appeal statements: each rejected tea's appeal carries three payloads.
    const rejected = teas.filter((t) => t.status === 'rejected');
    for (const [index, t] of rejected.entries()) {
      const statement = P.slice(index * 3, index * 3 + 3)
        .map((p) => p.text)
        .join(' ');
      await apiOk('/appeals', { token: author.token, body: { target_type: 'post', target_id: t.post.id, statement } });
    }
    store('appeal statement', Math.min(rejected.length * 3, P.length));
    // Names with a narrow alphabet: usernames, category and state names. Refusals are counted.
    for (const p of P) {
      const asUsername = await api('/user/profile', {
        method: 'PATCH',
        token: reader.token,
        body: { username: p.text },
      });
      if (asUsername.status < 300) throw new Error(`a payload was accepted as a username: ${p.text}`);
      const asCategory = await api('/categories/admin/', {
        token: admin,
        body: { name: p.text, description: 'Probe for W3 only.' },
      });
      if (asCategory.status < 300) throw new Error(`a payload was accepted as a category name: ${p.text}`);
    }
    refused.push(`handle ×${P.length}`, `username ×${P.length}`, `category name ×${P.length}`);
    // Company profile: name and description are free text.
    await apiOk('/company/', {
      token: author.token,
      body: {
        name: (P[8] as Payload).text,
        handle: `@xssco_${tag}`,
        description: P.slice(0, 8)
          .map((p) => p.text)
          .join(' '),
      },
    });
    store('company name');
    store('company description', 8);
  });

  const contexts: BrowserContext[] = [];
  const open = async (who?: { email: string; password: string }, landing = '/my-teas') => {
    const context = await armed(await browser.newContext({ baseURL: baseURL() }), hits);
    contexts.push(context);
    const page = await context.newPage();
    if (who) await signIn(page, who, landing);
    return page;
  };
  try {
    const visitor = await open();
    const authorPage = await open(author.user);
    const readerPage = await open(reader.user);
    const adminPage = await open({ email: 'admin@kettle-e2e.test', password: 'E2eAdmin!2345' }, '/admin/');
    const titles = (status: ApiPost['status']) => teas.filter((t) => t.status === status).map((t) => t.p.text);
    const allTexts = P.map((p) => p.text);

    await test.step('control: the tripwires fire when something does run', async () => {
      // Markup put in raw (CSP blocks its handler: a violation), a direct call and a dialog.
      await visitor.goto('/');
      await visitor.evaluate(() => {
        const probe = document.createElement('div');
        probe.innerHTML = '<img src=x onerror=__xss(-1)>';
        document.body.append(probe);
        (window as unknown as { __xss: (n: number) => void }).__xss(-2);
        alert(-3);
      });
      await expect
        .poll(() => hits.map((h) => h.what.split(':')[0]).sort())
        .toEqual(['CSP violation', '__xss(-2)', 'dialog alert']);
      hits.length = 0;
    });

    await test.step('two form paths: a comment and a contact message typed in', async () => {
      const typed = `${(P[0] as Payload).text} typed`;
      await readerPage.goto(`/posts/${carrier.id}`);
      const box = readerPage.getByRole('region', { name: /^Comments/ });
      await box.getByPlaceholder('Add a comment...').fill(typed);
      await box.getByRole('button', { name: 'Comment', exact: true }).click();
      await expectToast(readerPage, 'Your comment was posted successfully.');
      await expect(box.getByText(typed)).toBeVisible();
      store('comment (form)');
      await visitor.goto('/contact');
      await visitor.getByLabel('Full Name', { exact: true }).fill('"><svg onload=__xss(0)>');
      await visitor.getByLabel('Email', { exact: true }).fill(`${tag}@example.test`);
      await visitor.getByLabel('Subject', { exact: true }).fill((P[8] as Payload).text);
      await visitor.getByLabel('Message', { exact: true }).fill(
        P.slice(0, 5)
          .map((p) => p.text)
          .join(' '),
      );
      await visitor.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(visitor, /sent|thank/i);
      store('contact name, subject, message', 7);
    });

    await test.step('public pages', async () => {
      await render(visitor, 'feed', `/?search=${tag}`, titles('approved'), seen);
      await render(visitor, 'post (visitor)', `/posts/${carrier.id}`, [`XSS carrier ${tag}`], seen);
      await render(visitor, 'reversal', `/posts/${reversalId}`, [(P[1] as Payload).text], seen);
      await render(visitor, 'categories', '/categories', [], seen);
    });
    await test.step('member pages', async () => {
      await render(authorPage, 'post (author)', `/posts/${carrier.id}`, allTexts, seen);
      await render(readerPage, 'post comments', `/posts/${carrier.id}`, allTexts.slice(1), seen);
      for (const t of teas.slice(0, 3))
        await render(authorPage, `post ${t.status}`, `/posts/${t.post.id}`, [t.p.text], seen);
      for (const id of linked) await render(authorPage, 'post (evidence link)', `/posts/${id}`, [], seen);
      await render(
        authorPage,
        'my teas',
        '/my-teas',
        [...titles('approved'), ...titles('pending'), ...titles('rejected')],
        seen,
      );
      await render(authorPage, 'report status', '/moderation?tab=status', [], seen);
      await render(authorPage, 'account', '/account', [(P[8] as Payload).text], seen);
      await bell(authorPage).click();
      await expect(authorPage.getByRole('menu')).toBeVisible();
      expect(await domProblems(authorPage), 'notifications').toEqual([]);
      seen.push({
        page: 'notifications',
        url: authorPage.url(),
        texts: P.length - (await missing(authorPage, allTexts)).length,
      });
      await authorPage.keyboard.press('Escape');
    });
    await test.step('admin pages', async () => {
      await render(adminPage, 'admin feed', `/admin/?search=${tag}`, titles('approved'), seen);
      await render(adminPage, 'admin queue', '/admin/moderation', titles('pending'), seen);
      await render(adminPage, 'admin post', `/admin/posts/${carrier.id}`, allTexts, seen);
      await render(adminPage, 'admin reports', '/admin/reports', allTexts, seen);
      await render(adminPage, 'admin appeals', '/admin/appeals', allTexts.slice(0, 66), seen);
      await render(adminPage, 'admin users', `/admin/users?search=${author.user.username}`, [], seen);
      await render(adminPage, 'admin companies', '/admin/companies', [(P[8] as Payload).text], seen);
      await render(adminPage, 'admin categories', '/admin/categories', [], seen);
      await adminPage.goto('/dev/mailbox');
      expect(await domProblems(adminPage), 'dev mailbox').toEqual([]);
      seen.push({ page: 'dev mailbox', url: adminPage.url(), texts: 0 });
    });
  } finally {
    for (const context of contexts) await context.close();
  }

  expect(hits, 'payloads that ran, dialogs and CSP violations').toEqual([]);
  const fields = Object.keys(stored).length;
  const rendered = seen.reduce((sum, s) => sum + s.texts, 0);
  console.info(
    `W3: ${P.length} payloads; ${Object.values(stored).reduce((a, b) => a + b, 0)} stored across ${fields} fields ` +
      `${JSON.stringify(stored)}; refused: ${refused.join(', ')}; ${seen.length} page renders, ` +
      `${rendered} payload texts seen as text (${seen.map((s) => `${s.page} ${s.texts}`).join(', ')}); 0 ran.`,
  );
});
