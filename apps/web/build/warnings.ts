import { createLogger, type Logger, type Plugin, type Rollup } from 'vite';

/**
 * Zod 4.6 (its newest release) keeps prose comments that mention `@__PURE__` beside the
 * annotations its own build relies on; Rollup cannot place them and drops each comment with an
 * INVALID_ANNOTATION warning. Only the comment goes (the annotations that tree-shake zod still
 * work), so that warning, for zod's own files only, is not shown. Every other goes to Vite.
 */
export function quietZodAnnotations(warning: Rollup.RollupLog, warn: Rollup.LoggingFunction): void {
  const fromZod = /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? '');
  if (warning.code === 'INVALID_ANNOTATION' && fromZod) return;
  warn(warning);
}

/**
 * A logger that counts what Vite warns of, and a plugin that fails the build after writing it
 * when anything was: a new warning (a library's, a chunk grown too big) is read, not scrolled past.
 */
export function failOnWarnings(): { logger: Logger; plugin: Plugin } {
  const logger = createLogger();
  const warnings: string[] = [];
  const { warn, warnOnce } = logger;
  logger.warn = (message, options) => {
    warnings.push(message);
    warn(message, options);
  };
  logger.warnOnce = (message, options) => {
    warnings.push(message);
    warnOnce(message, options);
  };
  const plugin: Plugin = {
    name: 'kettle:fail-on-warnings',
    apply: 'build',
    closeBundle() {
      if (warnings.length > 0)
        throw new Error(`the build warned ${warnings.length} time(s), above; fix or filter each`);
    },
  };
  return { logger, plugin };
}
