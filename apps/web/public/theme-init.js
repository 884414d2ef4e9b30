// Applies the stored theme and language before the first paint (no inline scripts under the CSP).
(function () {
  var root = document.documentElement;
  try {
    var theme = window.localStorage.getItem('portal.theme');
    root.setAttribute('data-theme', theme === 'light' ? 'light' : 'dark');
    var lang = window.localStorage.getItem('portal.lang');
    if (lang && /^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(lang)) root.setAttribute('lang', lang);
  } catch {
    root.setAttribute('data-theme', 'dark');
  }
})();
