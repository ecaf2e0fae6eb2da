import { REPORT_STATUSES, type ReportStatus } from '@kettle/shared';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { REPORT_STATUS_LABELS } from '@/lib/reports';

const isReportStatus = (value: string): value is ReportStatus => REPORT_STATUSES.some((status) => status === value);

/** The desk's only filter: All or one status, with 'Clear All Filters' while one is set. */
export function ReportStatusFilter({
  value,
  onChange,
}: {
  value: ReportStatus | undefined;
  onChange: (next: ReportStatus | undefined) => void;
}) {
  const id = useId();
  return (
    <section
      aria-label="Filters"
      className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm"
    >
      <div className="flex w-full flex-col gap-1.5 sm:w-56">
        <Label htmlFor={id}>Status</Label>
        <NativeSelect
          id={id}
          value={value ?? ''}
          onChange={(event) => onChange(isReportStatus(event.target.value) ? event.target.value : undefined)}
        >
          <option value="">All</option>
          {REPORT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {REPORT_STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {value ? (
        <Button variant="link" size="sm" className="h-10 px-1" onClick={() => onChange(undefined)}>
          Clear All Filters
        </Button>
      ) : null}
    </section>
  );
}
