// Applies the stored theme and language before the first paint (no inline scripts under the CSP),
// and, once that paint is drawn, starts fetching the messages of that language (decision 040) and the
// chunks of the screen being opened (decision 044) while the app's entry is still arriving.
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
  // The chunks are asked for once the first frame (the stylesheet and the page's own art) is drawn:
  // before it, they only share the connection with what that frame waits for; the app's entry,
  // already on its way, needs them later than that (decision 105).
  function afterFirstPaint(fn) {
    if (typeof window.requestAnimationFrame !== 'function') return fn();
    window.requestAnimationFrame(function () {
      window.setTimeout(fn, 0);
    });
  }
  function preload(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
  function metaJson(name, fallback) {
    var meta = document.querySelector('meta[name="' + name + '"]');
    return meta ? JSON.parse(meta.getAttribute('content')) : fallback;
  }
  afterFirstPaint(function () {
    try {
      var href = metaJson('portal-messages', {})[lang];
      if (href) preload(href);
    } catch {
      // Without the hint the app fetches its language itself, a moment later.
    }
    try {
      var path = window.location.pathname.replace(/(.)\/+$/, '$1');
      var screens = metaJson('portal-screens', []);
      for (var i = 0; i < screens.length; i++) {
        if (screens[i].paths.indexOf(path) >= 0) screens[i].files.forEach(preload);
      }
    } catch {
      // Without the hint the screen's chunks load when the router reaches it.
    }
  });
})();
