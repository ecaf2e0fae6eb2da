/** 'n/max characters' under a text field, in red once past the limit the schema enforces. */
export function StatementCounter({ length, max, lead }: { length: number; max: number; lead?: string }) {
  return (
    <span className={length > max ? 'text-destructive' : undefined}>
      {lead ? `${lead} ` : null}
      {length}/{max}
      <span className="sr-only"> characters</span>
    </span>
  );
}
