  /* camelot.js: one part of /playground/app.js, which the build concatenates from
   * data/playground/js/ in the order of src/http/meson.build (common.js opens the
   * closure that start.js closes). */

  /* ------------------------------------------------------------ camelot panel */

  var DEAL_CARDS = 'A234567890JQK';
  var camelot = { line: [], pos: 0 };

  function randomDeal() {
    var cards = [];
    for (var c = 0; c < DEAL_CARDS.length; c++) for (var k = 0; k < 4; k++) cards.push(DEAL_CARDS[c]);
    var buf = new Uint32Array(1);
    for (var i = cards.length - 1; i > 0; i--) {
      // Unbiased index in 0..i: reject the top partial range of 2^32.
      var range = i + 1, limit = Math.floor(4294967296 / range) * range, r;
      do { crypto.getRandomValues(buf); r = buf[0]; } while (r >= limit);
      var j = r % range;
      var tmp = cards[i]; cards[i] = cards[j]; cards[j] = tmp;
    }
    return cards.join('');
  }

  function slotEl(rc) {
    return $('camelot-board').querySelector('.slot[data-slot="' + (rc[0] * 4 + rc[1]) + '"]');
  }

  function setCard(slot, card) {
    var span = slot.querySelector('.card');
    span.textContent = card ? (card === '0' ? '10' : card) : '';
    if (card) span.setAttribute('data-card', card); else span.removeAttribute('data-card');
    span.classList.toggle('face', card === 'J' || card === 'Q' || card === 'K');
  }

  function clearBoard() {
    Array.prototype.forEach.call($('camelot-board').querySelectorAll('.slot'), function (slot) {
      setCard(slot, '');
      slot.classList.remove('last', 'removed');
    });
  }

  /* A slot as the API writes it, [row, column] counted from 0, with the
   * row and column a person counts from 1. */
  function slotText(rc) {
    return '[' + rc[0] + ',' + rc[1] + '] (row ' + (rc[0] + 1) + ', column ' + (rc[1] + 1) + ')';
  }

  function describeStep(st) {
    if (st.remove) {
      return 'Removed ' + st.remove.length + (st.remove.length === 1 ? ' card' : ' cards') + ': ' +
        st.remove.map(function (rc) { return '[' + rc[0] + ',' + rc[1] + ']'; }).join(' ') + '.';
    }
    return 'Dealt ' + (st.card === '0' ? '10' : st.card) + ' to slot ' + slotText(st.slot) + '.';
  }

  function applyStep(st) {
    Array.prototype.forEach.call($('camelot-board').querySelectorAll('.slot.last, .slot.removed'), function (el) {
      el.classList.remove('last', 'removed');
    });
    if (st.remove) {
      st.remove.forEach(function (rc) {
        var slot = slotEl(rc);
        if (slot) { setCard(slot, ''); slot.classList.add('removed'); }
      });
    } else {
      var slot = slotEl(st.slot);
      if (slot) { setCard(slot, st.card); slot.classList.add('last'); }
    }
  }

  function camelotProgress() {
    var n = camelot.line.length, i = camelot.pos;
    $('camelot-progress').textContent = 'step ' + i + ' of ' + n;
    $('camelot-last').textContent = i > 0 ? describeStep(camelot.line[i - 1]) : 'The board is empty.';
    var done = i >= n;
    $('camelot-board').setAttribute('data-done', done && n > 0 ? 'true' : 'false');
    $('camelot-step').disabled = done;
    $('camelot-play').disabled = done;
    $('camelot-reset').disabled = i === 0;
  }

  function camelotStep() {
    if (camelot.pos >= camelot.line.length) return;
    applyStep(camelot.line[camelot.pos]);
    camelot.pos++;
    camelotProgress();
  }

  function camelotReset() {
    clearBoard();
    camelot.pos = 0;
    camelotProgress();
  }

  function updateDealCount() {
    var n = $('camelot-deal').value.length;
    $('camelot-deal-count').textContent = n + ' of 52 cards';
  }

  function initCamelot() {
    var panel = $('panel-camelot');
    var form = $('camelot-form');
    var input = $('camelot-deal');
    var board = $('camelot-board');
    board.setAttribute('data-done', 'false');
    input.addEventListener('input', updateDealCount);
    updateDealCount();
    $('camelot-random').addEventListener('click', function () {
      input.value = randomDeal();
      updateDealCount();
      input.focus();
    });
    $('camelot-step').addEventListener('click', function () {
      camelotStep();
      if (camelot.pos >= camelot.line.length) $('camelot-reset').focus();
    });
    $('camelot-play').addEventListener('click', function () {
      while (camelot.pos < camelot.line.length) {
        applyStep(camelot.line[camelot.pos]);
        camelot.pos++;
      }
      camelotProgress();
      $('camelot-reset').focus();
    });
    $('camelot-reset').addEventListener('click', function () {
      camelotReset();
      $('camelot-step').focus();
    });

    var seq = 0;
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      clearErrors(panel);
      $('camelot-result').hidden = true;
      $('camelot-controls').hidden = true;
      $('camelot-verdict').textContent = '';
      $('camelot-note').textContent = '';
      camelot = { line: [], pos: 0 };
      clearBoard();
      board.setAttribute('data-done', 'false');
      var deck = input.value.trim().toUpperCase();
      if (deck !== input.value) input.value = deck;
      updateDealCount();
      var mine = ++seq;
      var button = $('camelot-submit');
      setBusy(form, button, true);
      callJSON('POST', '/v1/camelot/solve', { deck: deck }).then(function (r) {
        if (mine !== seq) return;
        setBusy(form, button, false);
        if (!r.ok) {
          var box = makeError(r.problem);
          if (r.problem.pointer === '/deck') errorAfter(input, box);
          else panelTop(panel).appendChild(box);
          return;
        }
        var win = r.data.winnable === true;
        var verdict = $('camelot-verdict');
        verdict.textContent = win ? 'Winnable' : 'Not winnable';
        verdict.className = win ? 'verdict-yes' : 'verdict-no';
        if (win) {
          camelot = { line: r.data.line || [], pos: 0 };
          var deals = camelot.line.filter(function (st) { return !st.remove; }).length;
          $('camelot-note').textContent = 'A winning line of ' + camelot.line.length + ' steps: ' + deals +
            ' cards dealt and ' + (camelot.line.length - deals) + ' removal phases.';
          $('camelot-controls').hidden = false;
          camelotProgress();
        } else {
          $('camelot-note').textContent = 'No order of play wins this deal.';
        }
        $('camelot-result').hidden = false;
      });
    });
  }

