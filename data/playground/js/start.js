  /* start.js: one part of /playground/app.js, which the build concatenates from
   * data/playground/js/ in the order of src/http/meson.build (common.js opens the
   * closure that start.js closes). */

  /* ------------------------------------------------------------ start */

  function start() {
    loadLands();
    initMana();
    initOdds();
    initDeck();
    initCombat();
    initCamelot();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
