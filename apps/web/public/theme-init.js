/* global localStorage, window, document */
// Runs before first paint so a dark-theme reader never sees a light flash. External file: the CSP forbids inline scripts.
(function () {
  var dark = false;
  try {
    var stored = localStorage.getItem('kettle-theme');
    dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    dark = false;
  }
  if (dark) document.documentElement.classList.add('dark');
})();
