import { useId } from 'react';
import { EligibleAppealsList } from './eligible-appeals-list';
import { MyAppealsList } from './my-appeals-list';

const heading = 'font-display text-lg font-semibold';

/** Account standing's appeals: what can still be appealed, and the appeals already sent. */
export function StandingAppeals() {
  const eligibleId = useId();
  const mineId = useId();
  return (
    <div className="grid gap-6">
      <section aria-labelledby={eligibleId} className="grid gap-2">
        <h3 id={eligibleId} className={heading}>
          Decisions you can appeal
        </h3>
        <EligibleAppealsList label="Decisions you can appeal" />
      </section>
      <section aria-labelledby={mineId} className="grid gap-3">
        <h3 id={mineId} className={heading}>
          Your appeals
        </h3>
        <MyAppealsList />
      </section>
    </div>
  );
}
