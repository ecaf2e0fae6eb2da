/** Where the reader's light/dark choice is kept (local storage). */
export const THEME_STORAGE_KEY = 'kettle-theme';

/**
 * Runs in index.html's head, before the first paint, so a dark-theme reader never sees a light
 * flash. Inline (goal F2: a separate file was a render-blocking request on the first load's
 * critical path); the CSP allows exactly this text by its hash (`THEME_INIT_SCRIPT_HASH` on the
 * server), so no other inline script can run.
 */
export const THEME_INIT_SCRIPT =
  `(function(){var d=false;try{var s=localStorage.getItem('${THEME_STORAGE_KEY}');` +
  `d=s?s==='dark':matchMedia('(prefers-color-scheme: dark)').matches}catch(e){}` +
  `if(d)document.documentElement.classList.add('dark')})()`;
