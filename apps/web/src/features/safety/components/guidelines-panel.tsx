import { Clock } from 'lucide-react';
import { COMMUNITY_RULES, ENFORCEMENT_STEPS } from '@/features/legal/data/community-guidelines';
import { APPEAL_RESPONSE_TIME, APPEALS_TEXT, RESPONSE_TIMES } from '../data/safety-content';

const sectionHeading = 'font-display text-xl font-semibold';

/** The Guidelines tab: the five rules (shared with the Terms), enforcement, appeals and response times. */
export function GuidelinesPanel() {
  return (
    <div className="grid gap-10">
      <section aria-labelledby="rules-heading" className="grid gap-4">
        <h3 id="rules-heading" className={sectionHeading}>
          Community rules
        </h3>
        <ol className="grid gap-3 sm:grid-cols-2">
          {COMMUNITY_RULES.map((rule, index) => (
            <li key={rule.title} className="flex gap-3 rounded-xl border border-border bg-card p-4">
              <span
                aria-hidden="true"
                className="grid size-7 shrink-0 place-items-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h4 className="font-semibold">{rule.title}</h4>
                <p className="mt-1 text-sm text-muted-foreground">{rule.detail}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="enforcement-heading" className="grid gap-4">
        <h3 id="enforcement-heading" className={sectionHeading}>
          What happens when a rule is broken
        </h3>
        <ul className="grid gap-3 sm:grid-cols-3">
          {ENFORCEMENT_STEPS.map((step) => (
            <li key={step.title} className="rounded-xl border border-border bg-card p-4">
              <h4 className="font-semibold">{step.title}</h4>
              <p className="mt-1 text-sm text-muted-foreground">{step.detail}</p>
            </li>
          ))}
        </ul>
        <div className="rounded-xl bg-secondary/60 p-4">
          <h4 className="font-semibold">Appeals</h4>
          <p className="mt-1 text-sm text-secondary-foreground">{APPEALS_TEXT}</p>
        </div>
      </section>

      <section aria-labelledby="response-times-heading" className="grid gap-4">
        <h3 id="response-times-heading" className={sectionHeading}>
          How fast we respond
        </h3>
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Target response time by kind of report</caption>
            <thead className="bg-muted/60 text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Response time
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  For
                </th>
              </tr>
            </thead>
            <tbody>
              {RESPONSE_TIMES.map((row) => (
                <tr key={row.time} className="border-t border-border">
                  <th scope="row" className="whitespace-nowrap px-4 py-3 font-semibold">
                    <span className="inline-flex items-center gap-1.5">
                      <Clock className="size-4 text-primary" aria-hidden="true" />
                      {row.time}
                    </span>
                  </th>
                  <td className="px-4 py-3">{row.what}</td>
                </tr>
              ))}
              <tr className="border-t border-border">
                <th scope="row" className="whitespace-nowrap px-4 py-3 font-semibold">
                  <span className="inline-flex items-center gap-1.5">
                    <Clock className="size-4 text-primary" aria-hidden="true" />
                    {APPEAL_RESPONSE_TIME}
                  </span>
                </th>
                <td className="px-4 py-3">Appeals against a moderation decision.</td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
