import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { truncate } from '../utils/truncate';

/** Long text collapses past `limit` characters, with 'Read More' / 'Show Less'. */
export function CollapsibleText({ text, limit }: { text: string; limit: number }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = text.length > limit;
  return (
    <div className="grid justify-items-start gap-2">
      <p id={id} className="whitespace-pre-line break-words leading-relaxed">
        {long && !expanded ? truncate(text, limit) : text}
      </p>
      {long ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Show Less' : 'Read More'}
        </Button>
      ) : null}
    </div>
  );
}
