  /* deck.js: one part of /playground/app.js, which the build concatenates from
   * data/playground/js/ in the order of src/http/meson.build (common.js opens the
   * closure that start.js closes). The Deck panel: POST /v1/deck/report on a
   * pasted deck list or a JSON file of card objects; the advice's buttons edit
   * the deck and ask again. The chart is the odds panel's drawCurveChart. */

  /* ------------------------------------------------------------ deck panel */

  var DECK_TURNS = 10;      // the report's by_turn holds turns 1 to 10
  var deckCards = null;     // the card objects of a loaded file, or null: the deck list
  var deckFileName = '';

  /* A name as the service matches it (mf_card_name_key): lower case, blanks
   * squeezed, " // ", " /// " and "/" all " // ". */
  function nameKey(name) {
    return String(name).toLowerCase().replace(/\s*\/+\s*/g, ' // ').replace(/\s+/g, ' ').trim();
  }

  /* Whether a name as written (in the list or a card object) names the card
   * the report calls `full`: its whole name or its front face. */
  function sameCard(written, full) {
    var w = nameKey(written), f = nameKey(full);
    return w === f || w === f.split(' // ')[0];
  }

  var SECTIONS = { deck: 'main', main: 'main', maindeck: 'main', 'main deck': 'main', mainboard: 'main',
                   sideboard: 'sideboard', commander: 'commander', commanders: 'commander',
                   companion: 'companion', maybeboard: 'maybeboard', about: 'about' };
  var CARD_LINE = /^(\s*(?:SB:\s*)?)(\d+)(x?\s+)(.*?)\s*$/i;

  /* The card lines of a text deck list, as the service reads them
   * (docs/internals.md, "The deck list"): [{index, count, name, zone}], index
   * being the line's in text.split('\n'). */
  function readDeckLines(text) {
    var lines = text.split('\n');
    var out = [], section = 'main', headed = false, blankAfterCard = false;
    lines.forEach(function (raw, i) {
      var line = raw.replace(/\r$/, '');
      if (/^[ \t]*$/.test(line)) {
        if (out.length) blankAfterCard = true;
        if (section === 'about') section = 'main';
        return;
      }
      var head = line.trim().toLowerCase().replace(/:$/, '');
      if (SECTIONS[head]) { section = SECTIONS[head]; headed = true; return; }
      var m = CARD_LINE.exec(line);
      if (!m) return;
      var sb = /SB:/i.test(m[1]);
      if (sb) headed = true;
      var name = m[4], prev;
      var cat = null;
      do {  // the trailing parts come off the end in any order
        prev = name;
        name = name.replace(/\s+\^[^^]*\^$/, '').replace(/\s+\*[FE]\*$/i, '');
        var c = /\s+\[([^\]]*)\]$/.exec(name);
        if (c) { cat = cat || c[1]; name = name.slice(0, c.index); }
        name = name.replace(/\s+\([A-Za-z0-9]{1,8}\)(\s+\S+)?$/, '');
      } while (name !== prev);
      var zone = section === 'about' ? 'main' : section;
      if (sb) zone = 'sideboard';
      var cm = cat && /(sideboard|maybeboard|commander)/i.exec(cat);
      if (cm) zone = cm[1].toLowerCase();
      out.push({ index: i, count: parseInt(m[2], 10), name: name, zone: zone, after: blankAfterCard, sb: sb });
    });
    // MTGO's text: no header and no SB: anywhere, the cards after a blank line are the sideboard.
    if (!headed) out.forEach(function (e) { if (e.after) e.zone = 'sideboard'; });
    return { lines: lines, cards: out };
  }

  /* The deck list with `n` copies of `name` moved out (out) or in: counts
   * change in place, a line going to 0 is dropped, a new card is a new line
   * after the main deck's last card. Returns the new text, or null with
   * why when it cannot. */
  function editDeckList(text, outName, outCount, inName, inCount) {
    var read = readDeckLines(text);
    var lines = read.lines.slice(), drop = {};
    var main = read.cards.filter(function (e) { return e.zone === 'main'; });
    var left = outCount;
    main.forEach(function (e) {
      if (left <= 0 || !sameCard(e.name, outName)) return;
      var take = Math.min(left, e.count);
      left -= take;
      var m = CARD_LINE.exec(lines[e.index]);
      if (e.count - take === 0) drop[e.index] = true;
      else lines[e.index] = m[1] + (e.count - take) + lines[e.index].slice(m[1].length + m[2].length);
    });
    if (left > 0) return { error: 'the deck list has not ' + outCount + ' ' + outName + ' in its main deck' };
    var into = main.filter(function (e) { return !drop[e.index] && sameCard(e.name, inName); })[0];
    if (into) {
      var m2 = CARD_LINE.exec(lines[into.index]);
      lines[into.index] = m2[1] + (into.count + inCount) + lines[into.index].slice(m2[1].length + m2[2].length);
    } else {
      var last = main.length ? main[main.length - 1].index : lines.length - 1;
      lines.splice(last + 1, 0, inCount + ' ' + inName);
      // indices after `last` moved one down: shift the drops with them
      var moved = {};
      Object.keys(drop).forEach(function (k) { moved[+k > last ? +k + 1 : +k] = true; });
      drop = moved;
    }
    return { text: lines.filter(function (l, i) { return !drop[i]; }).join('\n') };
  }

  /* The same edit on the loaded card objects. A card that is not among them
   * cannot be added: the route reads only whole card objects (a bare
   * {"name"} is no land it can use). */
  function editDeckCards(cards, outName, outCount, inName, inCount) {
    var isMain = function (c) { return !c.zone || c.zone === 'main'; };
    var into = cards.filter(function (c) { return isMain(c) && sameCard(c.name || '', inName); })[0];
    if (!into) {
      return { error: inName + ' is not among the file\u2019s cards, and the service needs a whole Scryfall ' +
                      'card object to add it: paste the deck as a list to apply this' };
    }
    var copy = cards.map(function (c) { return Object.assign({}, c); });
    var left = outCount;
    copy.forEach(function (c) {
      if (left <= 0 || !isMain(c) || !sameCard(c.name || '', outName)) return;
      var n = c.count === undefined ? 1 : c.count, take = Math.min(left, n);
      left -= take;
      c.count = n - take;
    });
    if (left > 0) return { error: 'the file has not ' + outCount + ' ' + outName + ' in its main deck' };
    var target = copy[cards.indexOf(into)];
    target.count = (target.count === undefined ? 1 : target.count) + inCount;
    return { cards: copy.filter(function (c) { return c.count !== 0; }) };
  }

  function deckFileStatus() {
    var status = $('deck-file-status');
    var forget = $('deck-file-forget');
    if (deckCards) {
      status.textContent = 'Sending the ' + deckCards.length + ' card objects of ' + deckFileName +
        ', not the deck list.';
      forget.hidden = false;
    } else {
      status.textContent = '';
      forget.hidden = true;
    }
  }

  function readDeckFile(file) {
    var reader = new FileReader();
    var panel = $('panel-deck');
    reader.onload = function () {
      clearErrors(panel);
      var doc;
      try { doc = JSON.parse(String(reader.result)); } catch (e) {
        errorAfter($('deck-file'), makeError({ detail: file.name + ' is not JSON: ' + e.message }, ''));
        return;
      }
      var cards = Array.isArray(doc) ? doc : (doc && Array.isArray(doc.cards) ? doc.cards : null);
      if (!cards) {
        errorAfter($('deck-file'), makeError({ detail: file.name + ' holds neither an array of card objects ' +
                                                 'nor {"cards": [...]}' }, ''));
        return;
      }
      deckCards = cards;
      deckFileName = file.name;
      deckFileStatus();
    };
    reader.onerror = function () {
      errorAfter($('deck-file'), makeError({ detail: 'could not read ' + file.name }, ''));
    };
    reader.readAsText(file);
  }

  function resetDeckResult() {
    $('deck-result').hidden = true;
    $('deck-unknown-block').hidden = true;
    $('deck-nodb').hidden = true;
    clear($('deck-unknown'));
    ['deck-spells', 'deck-colors'].forEach(function (id) { clear($(id).tBodies[0]); });
    clear($('deck-advice'));
    clear($('deck-ignored'));
    clear($('deck-warnings'));
    $('deck-warnings-block').hidden = true;
    clearChart($('deck-chart'));
    clear($('deck-legend'));
  }

  var deckSeq = 0;

  function submitDeck() {
    var panel = $('panel-deck');
    var form = $('deck-form');
    clearErrors(panel);
    resetDeckResult();
    var body = deckCards ? { cards: deckCards } : { decklist: $('deck-list').value };
    body.on = $('deck-on').value;
    body.policy = $('deck-policy').value;
    if ($('deck-calc').value !== 'auto') body.method = $('deck-calc').value;
    var mine = ++deckSeq;
    var button = $('deck-submit');
    setBusy(form, button, true);
    return callJSON('POST', '/v1/deck/report', body).then(function (r) {
      if (mine !== deckSeq) return;
      setBusy(form, button, false);
      if (!r.ok) deckProblem(panel, r.problem);
      else renderDeck(r.data);
      form.setAttribute('data-answered', String(mine));
    });
  }

  function deckProblem(panel, problem) {
    var p = problem.pointer || '';
    var box = makeError(problem);
    var unknown = /unknown-cards$/.test(problem.type || '') && Array.isArray(problem.cards);
    if (unknown && /no card database/.test(problem.detail || '')) $('deck-nodb').hidden = false;
    if (p === '/decklist' && !deckCards) errorAfter($('deck-list'), box);
    else if (/^\/cards(\/|$)/.test(p) && deckCards) errorAfter($('deck-file'), box);
    else if (p === '/on') errorAfter($('deck-on'), box);
    else if (p === '/policy' || p.indexOf('/policy/') === 0) errorAfter($('deck-policy'), box);
    else if (p === '/method' || p === '/seed') errorAfter($('deck-calc'), box);
    else panelTop(panel).appendChild(box);
    if (!unknown) return;
    var list = $('deck-unknown');
    problem.cards.forEach(function (c) {
      list.appendChild(h('li', { class: 'deck-unknown', 'data-line': c.line, 'data-name': c.name }, [
        h('span', { class: 'unknown-line', text: 'line ' + c.line + ': ' }),
        h('strong', { class: 'unknown-name', text: c.name }),
        c.did_you_mean ? h('span', { class: 'did-you-mean', text: ' \u2014 did you mean ' + c.did_you_mean + '?' })
                       : h('span', { class: 'did-you-mean none', text: ' \u2014 no close name' })
      ]));
    });
    if (problem.cards_not_listed) {
      list.appendChild(h('li', { text: 'and ' + problem.cards_not_listed + ' more not listed' }));
    }
    $('deck-unknown-block').hidden = false;
  }

  // A number of turns as the deck panel writes it: "0.32 turns".
  function turnsText(t) {
    return typeof t === 'number' ? t.toFixed(2) + (t === 1 ? ' turn' : ' turns') : '\u2014';
  }

  function pctWithError(p, se) {
    var main = h('span', { class: 'p', text: pct(p) });
    if (typeof se !== 'number' || typeof p !== 'number') return main;
    return h('span', null, [main, h('span', { class: 'ci', text: ' \u00b1' + (1.96 * se * 100).toFixed(1) })]);
  }

  function renderDeck(a) {
    var d = a.deck;
    $('deck-result').hidden = false;  // shown first: the chart measures its room
    var sampled = a.spells.filter(function (sp) { return sp.method === 'sample'; }).length;
    $('deck-summary').textContent = d.size + ' cards: ' + d.lands + ' lands, ' + d.spells + ' spells' +
      (d.commanders ? ', ' + d.commanders + ' commander' + (d.commanders > 1 ? 's' : '') : '') +
      '; on the ' + d.on + ', ' + d.policy + '. Mean chance to cast a spell on curve: ' +
      pct(d.mean_p_castable) + (sampled ? ' (' + sampled + ' sampled: \u00b1 is the 95% interval)' : '') +
      '; mean delay ' + turnsText(d.mean_delay) + '.';

    var warnings = a.warnings || [];
    $('deck-warnings-block').hidden = warnings.length === 0;
    warnings.forEach(function (w) {
      $('deck-warnings').appendChild(h('li', { class: 'deck-warning', 'data-code': w.code, text: w.message }));
    });

    var tbody = $('deck-spells').tBodies[0];
    a.spells.forEach(function (sp, i) {
      var swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
      swatch.style.background = spellColour(i);
      var se = sp.standard_error || {};
      tbody.appendChild(h('tr', { class: 'deck-spell', 'data-spell': i, 'data-name': sp.name }, [
        h('td', null, [swatch, sp.name + (sp.commander ? ' (commander)' : '')]),
        h('td', { class: 'count', text: String(sp.count) }),
        h('td', { class: 'mono cost', text: sp.cost }),
        h('td', { class: 'turn', text: String(sp.turn) }),
        h('td', { class: 'p-castable' }, pctWithError(sp.p_castable, se.p_castable)),
        h('td', { class: 'mean-delay', text: turnsText(sp.mean_delay) }),
        h('td', { class: 'p-given-lands' }, pctWithError(sp.p_castable_given_lands, se.p_castable_given_lands))
      ]));
    });
    drawCurveChart($('deck-chart'), $('deck-legend'), DECK_TURNS, a.spells.map(function (sp) {
      return { label: sp.name, by_turn: sp.by_turn, sampled: sp.method === 'sample', mono: false };
    }));

    var cbody = $('deck-colors').tBodies[0];
    (a.colors || []).forEach(function (c) {
      cbody.appendChild(h('tr', { class: 'deck-color' + (c.short > 0 ? ' short' : ''), 'data-color': c.color }, [
        h('td', null, [h('span', { class: 'mana mana-' + c.color, 'aria-hidden': 'true', text: c.color }),
                       h('span', { class: 'sr-only', text: c.color })]),
        h('td', { class: 'sources', text: String(c.sources) }),
        h('td', { class: 'needed', text: c.needed === null ? 'out of reach' : String(c.needed) }),
        h('td', { class: 'short-by', text: String(c.short) }),
        h('td', { class: 'demand', text: c.demand || '\u2014' }),
        h('td', { class: 'p', text: pct(c.p) })
      ]));
    });

    var list = $('deck-advice');
    var lines = (a.advice || []).map(function (x) { return ['swap', x]; });
    if (a.more_land) lines.push(['more_land', a.more_land]);
    if (a.fewer_land) lines.push(['fewer_land', a.fewer_land]);
    lines.forEach(function (pair, i) { list.appendChild(adviceItem(pair[0], pair[1], i)); });
    $('deck-advice-note').textContent = lines.length === 0 ? 'No land swap helps this deck.'
      : (a.advice_complete === false && a.advice_note ? a.advice_note + ' ' : '') +
        'Apply edits the deck and reports again.';

    var ignored = d.ignored || [];
    $('deck-ignored-block').hidden = ignored.length === 0;
    ignored.forEach(function (x) {
      $('deck-ignored').appendChild(h('li', { text: x.count + ' ' + x.name + ' (' + x.zone + '): ' + x.reason }));
    });
  }

  var ADVICE_KIND = { swap: 'Swap', more_land: 'One more land', fewer_land: 'One land fewer' };

  function adviceItem(kind, x, i) {
    var gain = (x.gain >= 0 ? '+' : '') + x.gain.toFixed(2);
    var what = x.out.count + ' ' + x.out.name + ' out, ' + x.in.count + ' ' + x.in.name + ' in';
    var button = h('button', { type: 'button', class: 'secondary deck-apply', 'data-kind': kind,
                               'data-out': x.out.name, 'data-out-count': x.out.count,
                               'data-in': x.in.name, 'data-in-count': x.in.count,
                               'aria-label': 'Apply: ' + what, text: 'Apply' });
    var li = h('li', { class: 'deck-advice', 'data-kind': kind, 'data-index': i }, [
      h('span', { class: 'advice-kind', text: ADVICE_KIND[kind] + ': ' }),
      h('span', { class: 'advice-what', text: what }),
      h('span', { class: 'advice-gain', text: ' (' + gain + ' points of the mean)' }),
      ' ', button
    ]);
    button.addEventListener('click', function () { applyAdvice(li, x); });
    return li;
  }

  function applyAdvice(li, x) {
    var edit = deckCards ? editDeckCards(deckCards, x.out.name, x.out.count, x.in.name, x.in.count)
                         : editDeckList($('deck-list').value, x.out.name, x.out.count, x.in.name, x.in.count);
    if (edit.error) {
      Array.prototype.slice.call(li.querySelectorAll('.field-error')).forEach(function (e) { li.removeChild(e); });
      li.appendChild(makeError({ detail: 'cannot apply this: ' + edit.error }, ''));
      return;
    }
    if (deckCards) { deckCards = edit.cards; deckFileStatus(); }
    else $('deck-list').value = edit.text;
    submitDeck().then(function () { $('deck-submit').focus(); });
  }

  function initDeck() {
    $('deck-form').addEventListener('submit', function (ev) {
      ev.preventDefault();
      submitDeck();
    });
    $('deck-file').addEventListener('change', function () {
      var f = this.files && this.files[0];
      if (f) readDeckFile(f);
    });
    $('deck-file-forget').addEventListener('click', function () {
      deckCards = null;
      $('deck-file').value = '';
      deckFileStatus();
      $('deck-list').focus();
    });
  }
