// Applies the stored theme and language before the first paint (no inline scripts under the CSP),
// and starts fetching the messages of that language beside the app's code (decision 040).
(function () {
  var root = document.documentElement;
  var lang = root.getAttribute('lang');
  try {
    var theme = window.localStorage.getItem('portal.theme');
    root.setAttribute('data-theme', theme === 'light' ? 'light' : 'dark');
    var stored = window.localStorage.getItem('portal.lang');
    if (stored && /^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(stored)) {
      root.setAttribute('lang', stored);
      lang = stored;
    }
  } catch {
    root.setAttribute('data-theme', 'dark');
  }
  try {
    var meta = document.querySelector('meta[name="portal-messages"]');
    var chunks = meta ? JSON.parse(meta.getAttribute('content')) : {};
    var href = chunks[lang];
    if (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // Without the hint the app fetches its language itself, a moment later.
  }
})();
