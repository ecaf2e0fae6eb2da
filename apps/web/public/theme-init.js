// Runs before first paint so a dark-theme reader never sees a light flash. External file: the CSP forbids inline scripts.
(function () {
  try {
    var stored = localStorage.getItem('kettle-theme');
    var dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    if (dark) document.documentElement.classList.add('dark');
  } catch (e) {}
})();
