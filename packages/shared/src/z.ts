import { z } from 'zod';

// In a browser the CSP (script-src 'self') forbids eval. zod decides whether to compile a schema's
// parser with `new Function` when the schema is built, and its probe alone is reported as a
// policy violation. Every shared schema takes `z` from here, so zod is told first and does
// neither (package.json marks this file's side effect, or the bundle would drop it). The server
// keeps the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
