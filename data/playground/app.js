/* manaflow playground: four forms over the service's own JSON routes.
 * Plain ES2017, no modules, no framework; served under
 * Content-Security-Policy: default-src 'self', so nothing inline. */
'use strict';

(function () {
  var SVG_NS = 'http://www.w3.org/2000/svg';

  /* ------------------------------------------------------------ helpers */

  function $(id) { return document.getElementById(id); }

  /* Builds an element: h('li', {class: 'x', 'data-land': n}, [child, 'text']). */
  function h(tag, attrs, children) {
    var node = document.createElement(tag);
    setAttrs(node, attrs);
    appendAll(node, children);
    return node;
  }

  function s(tag, attrs, children) {
    var node = document.createElementNS(SVG_NS, tag);
    setAttrs(node, attrs);
    appendAll(node, children);
    return node;
  }

  function setAttrs(node, attrs) {
    if (!attrs) return;
    Object.keys(attrs).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k === 'text') node.textContent = String(v);
      else node.setAttribute(k, v === true ? '' : String(v));
    });
  }

  function appendAll(node, children) {
    if (children === null || children === undefined) return;
    if (!Array.isArray(children)) children = [children];
    children.forEach(function (c) {
      if (c === null || c === undefined || c === false) return;
      node.appendChild(typeof c === 'string' || typeof c === 'number'
        ? document.createTextNode(String(c)) : c);
    });
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function pct(p) {
    if (p === null || p === undefined || typeof p !== 'number') return '\u2014';
    return (p * 100).toFixed(1) + '%';
  }

  /* A number input's value: the integer when it is one, else the text as
   * typed (or null when empty), so that the server names the problem. */
  function intOrRaw(input) {
    var raw = input.value.trim();
    if (raw === '') return null;
    if (/^-?\d+$/.test(raw)) return parseInt(raw, 10);
    return raw;
  }

  /* POSTs (or GETs) JSON; resolves to {ok, data} or {ok: false, problem}. */
  function callJSON(method, url, body) {
    var init = { method: method, headers: { 'Accept': 'application/json, application/problem+json' } };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(url, init).then(function (res) {
      var type = res.headers.get('Content-Type') || '';
      return res.text().then(function (text) {
        var data = null;
        if (/json/i.test(type)) {
          try { data = JSON.parse(text); } catch (e) { data = null; }
        }
        if (res.ok && data !== null && !/problem\+json/i.test(type)) return { ok: true, data: data };
        if (data && typeof data === 'object' && typeof data.detail === 'string') {
          return { ok: false, problem: data };
        }
        return {
          ok: false,
          problem: { title: res.statusText || 'Error', status: res.status,
                     detail: 'the server answered ' + res.status + ' ' + (res.statusText || '') }
        };
      });
    }, function (err) {
      return { ok: false, problem: { title: 'Network error', status: 0,
        detail: 'could not reach the server: ' + (err && err.message ? err.message : String(err)) } };
    });
  }

  function makeError(problem, pointer) {
    var box = h('div', { class: 'field-error', role: 'alert' });
    box.setAttribute('data-pointer', pointer === undefined ? (problem.pointer || '') : pointer);
    var text = problem.detail || problem.title || 'error';
    if (problem.title && problem.detail && problem.status >= 500) text = problem.title + ': ' + problem.detail;
    box.textContent = text;
    return box;
  }

  function clearErrors(panel) {
    Array.prototype.slice.call(panel.querySelectorAll('.field-error')).forEach(function (e) {
      e.parentNode.removeChild(e);
    });
    Array.prototype.slice.call(panel.querySelectorAll('[aria-invalid="true"]')).forEach(function (e) {
      e.removeAttribute('aria-invalid');
    });
    Array.prototype.slice.call(panel.querySelectorAll('.has-error')).forEach(function (e) {
      e.classList.remove('has-error');
    });
  }

  function panelTop(panel) {
    return panel.querySelector('.panel-errors');
  }

  /* Places an error box right after an input (and marks the input). */
  function errorAfter(input, box) {
    input.setAttribute('aria-invalid', 'true');
    var next = input.nextSibling;
    while (next && next.nodeType === 1 && next.classList.contains('field-error')) next = next.nextSibling;
    input.parentNode.insertBefore(box, next);
  }

  function setBusy(form, button, busy) {
    form.setAttribute('aria-busy', busy ? 'true' : 'false');
    button.disabled = busy;
  }

  /* ------------------------------------------------------------ land catalogue */

  var lands = [];          // [{name, kind}], catalogue order
  var landsLoaded = null;  // the promise of the catalogue

  function loadLands() {
    landsLoaded = callJSON('GET', '/v1/lands').then(function (r) {
      if (!r.ok || !r.data || !Array.isArray(r.data.lands)) return;
      lands = r.data.lands.map(function (l) { return { name: l.name, kind: l.kind }; });
      var dl = $('land-names');
      if (dl) {
        clear(dl);
        lands.forEach(function (l) { dl.appendChild(h('option', { value: l.name })); });
      }
      // Refresh any list already open (typing before the catalogue came).
      combos.forEach(function (c) { if (document.activeElement === c.input) c.update(); });
    });
  }

  /* Case-insensitive substring matches, names starting with the text first. */
  function matchLands(text, limit) {
    var q = text.trim().toLowerCase();
    if (!q) return [];
    var starts = [], inside = [];
    for (var i = 0; i < lands.length; i++) {
      var n = lands[i].name.toLowerCase();
      var at = n.indexOf(q);
      if (at === 0) starts.push(lands[i]);
      else if (at > 0) inside.push(lands[i]);
    }
    return starts.concat(inside).slice(0, limit);
  }

  /* ------------------------------------------------------------ autocomplete */

  var combos = [];

  /* input: the text box; suggest: its ul listbox; onPick(name) adds the land. */
  function Combo(input, suggest, onPick) {
    var self = this;
    this.input = input;
    this.suggest = suggest;
    this.items = [];
    this.active = -1;
    this.onPick = onPick;

    input.addEventListener('input', function () { self.update(); });
    input.addEventListener('focus', function () { if (input.value.trim()) self.update(); });
    input.addEventListener('blur', function () { self.close(); });
    input.addEventListener('keydown', function (ev) { self.key(ev); });
    // Keep the focus in the input when a suggestion is pressed.
    suggest.addEventListener('mousedown', function (ev) { ev.preventDefault(); });
    suggest.addEventListener('click', function (ev) {
      var li = ev.target.closest ? ev.target.closest('li.suggestion') : null;
      if (!li || !suggest.contains(li)) return;
      self.pick(li.getAttribute('data-land'));
    });
    combos.push(this);
  }

  Combo.prototype.update = function () {
    var self = this;
    var found = matchLands(this.input.value, 8);
    this.items = found;
    this.active = -1;
    clear(this.suggest);
    found.forEach(function (l, i) {
      var li = h('li', {
        class: 'suggestion', role: 'option', id: self.suggest.id + '-' + i,
        'data-land': l.name, 'aria-selected': 'false'
      }, [l.name, ' ', h('span', { class: 'kind', text: l.kind })]);
      self.suggest.appendChild(li);
    });
    var open = found.length > 0;
    this.suggest.hidden = !open;
    this.input.setAttribute('aria-expanded', open ? 'true' : 'false');
    this.input.removeAttribute('aria-activedescendant');
  };

  Combo.prototype.close = function () {
    this.items = [];
    this.active = -1;
    clear(this.suggest);
    this.suggest.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  };

  Combo.prototype.highlight = function (i) {
    var lis = this.suggest.querySelectorAll('li.suggestion');
    this.active = i;
    for (var k = 0; k < lis.length; k++) {
      var on = k === i;
      lis[k].classList.toggle('active', on);
      lis[k].setAttribute('aria-selected', on ? 'true' : 'false');
    }
    if (i >= 0 && lis[i]) {
      this.input.setAttribute('aria-activedescendant', lis[i].id);
      if (lis[i].scrollIntoView) lis[i].scrollIntoView({ block: 'nearest' });
    } else {
      this.input.removeAttribute('aria-activedescendant');
    }
  };

  Combo.prototype.key = function (ev) {
    var n = this.items.length;
    if (ev.key === 'ArrowDown') {
      if (!n) { this.update(); n = this.items.length; if (!n) return; }
      ev.preventDefault();
      this.highlight(this.active + 1 >= n ? 0 : this.active + 1);
    } else if (ev.key === 'ArrowUp') {
      if (!n) return;
      ev.preventDefault();
      this.highlight(this.active <= 0 ? n - 1 : this.active - 1);
    } else if (ev.key === 'Enter') {
      if (this.active >= 0 && this.active < n) {
        ev.preventDefault();
        this.pick(this.items[this.active].name);
      } else if (this.input.value.trim() !== '') {
        ev.preventDefault();
        this.pick(this.input.value.trim());
      }
      // An empty input: Enter submits the form as usual.
    } else if (ev.key === 'Escape') {
      if (!this.suggest.hidden) { ev.preventDefault(); this.close(); }
    }
  };

  Combo.prototype.pick = function (name) {
    if (!name) return;
    this.onPick(name);
    this.input.value = '';
    this.close();
    this.input.focus();
  };

  /* ------------------------------------------------------------ mana panel */

  function landItem(list, name) {
    var button = h('button', { type: 'button', class: 'remove', 'aria-label': 'Remove ' + name });
    var li = h('li', { class: 'land-item', 'data-land': name }, [h('span', { class: 'land-name', text: name }), button]);
    button.addEventListener('click', function () {
      var next = li.nextElementSibling || li.previousElementSibling;
      list.removeChild(li);
      var focus = next ? next.querySelector('button.remove') : null;
      (focus || $(list.id + '-input')).focus();
    });
    list.appendChild(li);
    return li;
  }

  function listNames(list) {
    return Array.prototype.map.call(list.querySelectorAll('li.land-item'), function (li) {
      return li.getAttribute('data-land');
    });
  }

  function costHasX(cost) { return /X/i.test(cost); }

  function syncManaX() {
    $('mana-x-field').hidden = !costHasX($('mana-cost').value);
  }

  function manaPlace(panel, problem) {
    var p = problem.pointer || '';
    var box = makeError(problem);
    var m = /^\/(battlefield|library)\/(\d+)(\/.*)?$/.exec(p);
    if (m) {
      var items = $('mana-' + m[1]).querySelectorAll('li.land-item');
      var li = items[parseInt(m[2], 10)];
      if (li) {
        li.classList.add('has-error');
        li.appendChild(box);
        return;
      }
    }
    var field = { '/life': 'mana-life', '/cost': 'mana-cost', '/x': 'mana-x' }[p];
    if (field) {
      if (field === 'mana-x') $('mana-x-field').hidden = false;
      errorAfter($(field), box);
      return;
    }
    panelTop(panel).appendChild(box);
  }

  function manaSymbols(letters) {
    var span = h('span', { class: 'step-mana' });
    for (var i = 0; i < letters.length; i++) {
      var c = letters[i];
      span.appendChild(h('span', { class: 'mana mana-' + c, title: manaName(c), text: c }));
    }
    return span;
  }

  function manaName(c) {
    return { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green', C: 'colourless' }[c] || c;
  }

  function lifeText(n) { return n + ' life'; }

  function renderMana(data) {
    var castable = data.castable === true;
    var verdict = $('mana-verdict');
    verdict.textContent = castable ? 'Castable' : 'Not castable';
    verdict.className = castable ? 'verdict-yes' : 'verdict-no';
    $('mana-min-life').textContent = data.min_life_paid === null || data.min_life_paid === undefined
      ? 'none' : String(data.min_life_paid);
    $('mana-life-left').textContent = castable && typeof data.life_left === 'number' ? String(data.life_left) : '';
    var reason = $('mana-reason');
    reason.textContent = !castable && data.reason ? data.reason : '';
    reason.hidden = castable || !data.reason;

    var plan = $('mana-plan');
    clear(plan);
    (data.plan || []).forEach(function (step) {
      var li;
      if (step.symbol !== undefined) {
        li = h('li', { class: 'plan-step plan-symbol' }, [
          h('span', { class: 'step-land', text: step.symbol }),
          h('span', { class: 'step-mana' }),
          h('span', { class: 'step-life', text: lifeText(step.life) })
        ]);
      } else {
        li = h('li', { class: 'plan-step' + (step.fetch !== undefined ? ' plan-fetch' : '') }, [
          h('span', { class: 'step-land', text: step.land }),
          step.from === 'library' ? h('span', { class: 'step-from', text: '(from the library)' }) : null,
          manaSymbols(step.fetch !== undefined ? '' : (step.mana || '')),
          h('span', { class: 'step-life', text: lifeText(step.life) }),
          step.fetch !== undefined ? h('span', { class: 'step-fetch', text: '\u2192 ' + step.fetch }) : null
        ]);
      }
      plan.appendChild(li);
    });
    plan.previousElementSibling.hidden = !castable;
    plan.hidden = !castable;

    var ignored = $('mana-ignored');
    clear(ignored);
    var ig = Array.isArray(data.ignored) ? data.ignored : [];
    ig.forEach(function (e) {
      ignored.appendChild(h('li', null, [
        h('strong', { text: e.land }), ': \u201c' + e.clause + '\u201d (' + e.why + ')'
      ]));
    });
    $('mana-ignored-block').hidden = ig.length === 0;
    $('mana-result').hidden = false;
  }

  function resetManaResult() {
    $('mana-result').hidden = true;
    $('mana-verdict').textContent = '';
    $('mana-verdict').className = '';
    $('mana-min-life').textContent = '';
    $('mana-life-left').textContent = '';
    $('mana-reason').textContent = '';
    $('mana-reason').hidden = true;
    clear($('mana-plan'));
    clear($('mana-ignored'));
    $('mana-ignored-block').hidden = true;
  }

  function initMana() {
    var panel = $('panel-mana');
    var form = $('mana-form');
    var bf = $('mana-battlefield');
    var lib = $('mana-library');
    new Combo($('mana-battlefield-input'), $('mana-battlefield-suggest'), function (n) { landItem(bf, n); });
    new Combo($('mana-library-input'), $('mana-library-suggest'), function (n) { landItem(lib, n); });
    $('mana-cost').addEventListener('input', syncManaX);
    syncManaX();

    var seq = 0;
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      clearErrors(panel);
      resetManaResult();
      var body = {
        battlefield: listNames(bf),
        library: listNames(lib),
        life: intOrRaw($('mana-life')),
        cost: $('mana-cost').value.trim()
      };
      if (costHasX(body.cost)) body.x = intOrRaw($('mana-x'));
      var mine = ++seq;
      var button = $('mana-submit');
      setBusy(form, button, true);
      callJSON('POST', '/v1/mana/solve', body).then(function (r) {
        if (mine !== seq) return;
        setBusy(form, button, false);
        if (r.ok) renderMana(r.data);
        else manaPlace(panel, r.problem);
      });
    });
  }

  /* ------------------------------------------------------------ odds panel */

  var COLOURS = ['#0e68ab', '#d3202a', '#00733e', '#e69f00', '#7b3fa0', '#2a9fd6', '#6b4f2a', '#cc5a9c',
                 '#1b9e77', '#444444', '#b8860b', '#5b5bd6', '#8c2d04', '#3f7f3f', '#a50f5a', '#2f4f4f'];
  var DASHES = [null, '6 3'];

  function spellColour(i) { return COLOURS[i % COLOURS.length]; }
  function spellDash(i) { return DASHES[Math.floor(i / COLOURS.length) % DASHES.length]; }

  var oddsRowSerial = 0;

  function addLandRow(name, count) {
    var tbody = $('odds-lands').tBodies[0];
    var k = ++oddsRowSerial;
    var nameId = 'odds-land-name-' + k, countId = 'odds-land-count-' + k;
    var nameInput = h('input', { type: 'text', id: nameId, class: 'odds-land-name', list: 'land-names',
                                 autocomplete: 'off', spellcheck: 'false', value: name || '' });
    var countInput = h('input', { type: 'number', id: countId, class: 'odds-land-count', min: '1', max: '250',
                                  step: '1', inputmode: 'numeric', value: count === undefined ? '1' : String(count) });
    var remove = h('button', { type: 'button', class: 'remove', 'aria-label': 'Remove this land row' });
    var tr = h('tr', { class: 'odds-land' }, [
      h('td', null, [h('label', { for: nameId, class: 'sr-only', text: 'Land name' }), nameInput]),
      h('td', null, [h('label', { for: countId, class: 'sr-only', text: 'Copies' }), countInput]),
      h('td', null, [remove])
    ]);
    remove.addEventListener('click', function () {
      var next = tr.nextElementSibling || tr.previousElementSibling;
      tbody.removeChild(tr);
      (next ? next.querySelector('input.odds-land-name') : $('odds-add-land')).focus();
    });
    tbody.appendChild(tr);
    return tr;
  }

  function addSpellRow(cost) {
    var list = $('odds-spells');
    var k = ++oddsRowSerial;
    var id = 'odds-spell-cost-' + k;
    var input = h('input', { type: 'text', id: id, class: 'odds-spell-cost', autocomplete: 'off',
                             spellcheck: 'false', placeholder: '{1}{R}{R}', value: cost || '' });
    var swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
    var label = h('label', { for: id });
    var remove = h('button', { type: 'button', class: 'remove', 'aria-label': 'Remove this spell' });
    var li = h('li', { class: 'odds-spell' }, [swatch, label, input, remove]);
    remove.addEventListener('click', function () {
      var next = li.nextElementSibling || li.previousElementSibling;
      list.removeChild(li);
      renumberSpells();
      (next ? next.querySelector('input.odds-spell-cost') : $('odds-add-spell')).focus();
    });
    list.appendChild(li);
    renumberSpells();
    return li;
  }

  function renumberSpells() {
    var rows = $('odds-spells').querySelectorAll('.odds-spell');
    for (var i = 0; i < rows.length; i++) {
      rows[i].querySelector('label').textContent = 'Spell ' + (i + 1);
      rows[i].querySelector('.swatch').style.background = spellColour(i);
    }
  }

  /* The mana value of a cost in brace or contest notation ({X} counts 0). */
  function manaValue(cost) {
    var mv = 0, m;
    if (cost.indexOf('{') >= 0) {
      var re = /\{([^}]*)\}/g;
      while ((m = re.exec(cost)) !== null) {
        var sym = m[1].toUpperCase();
        if (/^\d+$/.test(sym)) mv += parseInt(sym, 10);
        else if (sym === 'X') mv += 0;
        else if (/^2\//.test(sym)) mv += 2;
        else mv += 1;
      }
    } else {
      for (var i = 0; i < cost.length; i++) {
        var c = cost[i];
        if (c >= '0' && c <= '9') mv += c.charCodeAt(0) - 48;
        else if (c !== 'X' && c !== 'x') mv += 1;
      }
    }
    return mv;
  }

  function oddsPlace(panel, problem, spellIndex, seen) {
    var p = problem.pointer || '';
    var shown = p;
    var target = null, inside = null;
    var m;
    if ((m = /^\/spells\/\d+(\/.*)?$/.exec(p)) && spellIndex !== null) {
      // Each odds request holds one spell seven times: name the page's spell.
      shown = '/spells/' + spellIndex + (m[1] || '');
      var row = $('odds-spells').querySelectorAll('.odds-spell')[spellIndex];
      if (row) target = row.querySelector('input.odds-spell-cost');
    } else if ((m = /^\/lands\/(\d+)(\/.*)?$/.exec(p))) {
      var tr = $('odds-lands').tBodies[0].querySelectorAll('tr.odds-land')[parseInt(m[1], 10)];
      if (tr) target = tr.querySelector(m[2] === '/count' ? 'input.odds-land-count' : 'input.odds-land-name');
    } else if (p === '/lands') {
      inside = $('odds-lands');
    } else if (p === '/size') {
      target = $('odds-size');
    } else if (p === '/on') {
      target = $('odds-on');
    } else if (p === '/policy' || p.indexOf('/policy/') === 0) {
      target = $('odds-policy');
    } else if (p === '/method' || p === '/games' || p === '/seed') {
      target = $('odds-calc');
    }
    var key = shown + '\n' + problem.detail;
    if (seen[key]) return;
    seen[key] = true;
    var box = makeError(problem, shown);
    if (target) errorAfter(target, box);
    else if (inside) inside.parentNode.insertBefore(box, inside.nextSibling);
    else panelTop(panel).appendChild(box);
  }

  function resetOddsResult() {
    $('odds-result').hidden = true;
    $('odds-method').textContent = '';
    clear($('odds-table').tBodies[0]);
    clear($('sources-table').tBodies[0]);
    clear($('odds-legend'));
    var svg = $('odds-chart');
    Array.prototype.slice.call(svg.childNodes).forEach(function (n) {
      if (!(n.nodeName && n.nodeName.toLowerCase() === 'title')) svg.removeChild(n);
    });
  }

  function initOdds() {
    var panel = $('panel-odds');
    var form = $('odds-form');
    [['Steam Vents', 4], ['Spirebluff Canal', 4], ['Island', 8], ['Mountain', 8]].forEach(function (l) {
      addLandRow(l[0], l[1]);
    });
    ['{1}{R}{R}', '{U}{U}'].forEach(function (c) { addSpellRow(c); });
    $('odds-add-land').addEventListener('click', function () {
      addLandRow('', 1).querySelector('input.odds-land-name').focus();
    });
    $('odds-add-spell').addEventListener('click', function () {
      addSpellRow('').querySelector('input.odds-spell-cost').focus();
    });

    var seq = 0;
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      clearErrors(panel);
      resetOddsResult();

      var size = intOrRaw($('odds-size'));
      var landRows = $('odds-lands').tBodies[0].querySelectorAll('tr.odds-land');
      var landList = [], total = 0;
      Array.prototype.forEach.call(landRows, function (tr) {
        var count = intOrRaw(tr.querySelector('input.odds-land-count'));
        landList.push({ name: tr.querySelector('input.odds-land-name').value.trim(), count: count });
        if (typeof count === 'number') total += count;
      });
      var costs = Array.prototype.map.call($('odds-spells').querySelectorAll('input.odds-spell-cost'),
        function (i) { return i.value.trim(); });
      if (costs.length === 0) {
        panelTop(panel).appendChild(makeError({ detail: 'add a spell to compute its odds' }, '/spells'));
        return;
      }
      var on = $('odds-on').value, policy = $('odds-policy').value, method = $('odds-calc').value;

      var requests = costs.map(function (cost) {
        var spells = [];
        for (var t = 1; t <= 7; t++) spells.push({ cost: cost, turn: t });
        var body = { size: size, lands: landList, spells: spells, on: on, policy: policy };
        if (method !== 'auto') body.method = method;
        return callJSON('POST', '/v1/mana/odds', body);
      });
      var sources = callJSON('POST', '/v1/mana/sources', { size: size, lands: total, policy: policy, on: on });

      var mine = ++seq;
      var button = $('odds-submit');
      setBusy(form, button, true);
      Promise.all([Promise.all(requests), sources]).then(function (all) {
        if (mine !== seq) return;
        setBusy(form, button, false);
        var odds = all[0], src = all[1];
        var seen = {};
        var failed = false;
        odds.forEach(function (r, i) {
          if (!r.ok) { failed = true; oddsPlace(panel, r.problem, i, seen); }
        });
        if (!src.ok) {
          // The total of the lands is ours: name the lands table for it.
          var sp = src.problem;
          if (sp.pointer === '/lands') {
            sp = Object.assign({}, sp, { detail: 'lands in all (' + total + '): ' + sp.detail });
          }
          oddsPlace(panel, sp, null, seen);
        }
        if (failed && !src.ok) return;
        renderOdds(failed ? null : odds.map(function (r) { return r.data; }), costs,
                   src.ok ? src.data : null);
      });
    });
  }

  function renderOdds(answers, costs, sourcesData) {
    var result = $('odds-result');
    result.hidden = false;  // shown first: the chart measures its room
    var tableWrap = $('odds-table').parentNode;
    var chart = $('odds-chart').parentNode;
    tableWrap.hidden = !answers;
    chart.hidden = !answers;
    $('odds-method').hidden = !answers;
    if (answers) {
      var sampled = 0, total = 0, games = null;
      answers.forEach(function (a) {
        a.results.forEach(function (r) {
          total++;
          if (r.method === 'sample') { sampled++; games = r.games; }
        });
      });
      $('odds-method').textContent = sampled === 0
        ? 'Exact: every probability was computed by enumeration.'
        : 'Sampled: ' + sampled + ' of ' + total + ' figures were estimated from ' +
          (games ? games.toLocaleString('en') + ' ' : '') + 'sampled games; the bars show their 95% intervals.';

      var tbody = $('odds-table').tBodies[0];
      answers.forEach(function (a, i) {
        var cost = a.results.length ? a.results[0].cost : costs[i];
        var turn = Math.min(7, Math.max(1, manaValue(cost)));
        var r = a.results.filter(function (x) { return x.turn === turn; })[0] || a.results[0];
        var swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
        swatch.style.background = spellColour(i);
        tbody.appendChild(h('tr', { class: 'odds-row', 'data-spell': i }, [
          h('td', null, [swatch, h('span', { class: 'mono', text: cost })]),
          h('td', { text: String(r.turn) }),
          h('td', { class: 'p-castable', text: pct(r.p_castable) }),
          h('td', { class: 'p-given-lands', text: pct(r.p_castable_given_lands) })
        ]));
      });
      drawOddsChart(answers, costs, sampled > 0);
    }

    var stable = $('sources-table');
    stable.parentNode.hidden = !sourcesData;
    if (sourcesData) {
      $('sources-caption').textContent = 'Coloured sources needed (Karsten): ' + sourcesData.lands +
        ' lands in ' + sourcesData.size + ' cards, on the ' + sourcesData.on + ', ' + sourcesData.policy;
      var sb = stable.tBodies[0];
      (sourcesData.rows || []).forEach(function (row) {
        sb.appendChild(h('tr', { class: 'sources-row' }, [
          h('td', { class: 'mono', text: row.pattern }),
          h('td', { text: String(row.turn) }),
          h('td', { text: row.sources === null ? 'out of reach' : String(row.sources) }),
          h('td', { text: pct(row.p) })
        ]));
      });
    }
    result.hidden = false;
  }

  function drawOddsChart(answers, costs, sampled) {
    var svg = $('odds-chart');
    // The drawing's own size follows the space it has, so that its text
    // stays legible when a phone scales the viewBox down.
    var room = svg.parentNode.clientWidth || 640;
    var W = Math.round(Math.max(320, Math.min(640, room)));
    var H = Math.max(240, Math.round(W * 0.56)), L = 58, R = 18, T = 16, B = 52;
    svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    var pw = W - L - R, ph = H - T - B;
    function x(turn) { return L + (turn - 1) * pw / 6; }
    function y(p) { return T + (1 - p) * ph; }

    var grid = s('g', { class: 'grid' });
    var axis = s('g', { class: 'axis' });
    [0, 0.25, 0.5, 0.75, 1].forEach(function (p) {
      grid.appendChild(s('line', { x1: L, x2: W - R, y1: y(p), y2: y(p) }));
      axis.appendChild(s('text', { x: L - 8, y: y(p) + 4, 'text-anchor': 'end', text: Math.round(p * 100) + '%' }));
    });
    for (var t = 1; t <= 7; t++) {
      axis.appendChild(s('line', { x1: x(t), x2: x(t), y1: H - B, y2: H - B + 5 }));
      axis.appendChild(s('text', { x: x(t), y: H - B + 19, 'text-anchor': 'middle', text: String(t) }));
    }
    axis.appendChild(s('line', { x1: L, x2: W - R, y1: H - B, y2: H - B }));
    axis.appendChild(s('line', { x1: L, x2: L, y1: T, y2: H - B }));
    svg.appendChild(grid);
    svg.appendChild(axis);
    svg.appendChild(s('text', { class: 'axis-label', x: L + pw / 2, y: H - 10, 'text-anchor': 'middle', text: 'Turn' }));
    svg.appendChild(s('text', { class: 'axis-label', x: 14, y: T + ph / 2, 'text-anchor': 'middle',
                                transform: 'rotate(-90 14 ' + (T + ph / 2) + ')', text: 'P(castable)' }));

    var legend = $('odds-legend');
    answers.forEach(function (a, i) {
      var colour = spellColour(i), dash = spellDash(i);
      var cost = a.results.length ? a.results[0].cost : costs[i];
      var pts = a.results.slice().sort(function (p, q) { return p.turn - q.turn; });
      var g = s('g', { class: 'odds-series', 'data-spell': i });
      if (sampled) {
        pts.forEach(function (r) {
          var iv = r.interval95 && r.interval95.p_castable;
          if (r.method !== 'sample' || !Array.isArray(iv)) return;
          g.appendChild(s('line', { class: 'odds-errorbar', 'data-turn': r.turn, 'data-spell': i,
            x1: x(r.turn), x2: x(r.turn), y1: y(iv[0]), y2: y(iv[1]), stroke: colour }));
        });
      }
      var d = pts.map(function (r, k) {
        return (k ? 'L' : 'M') + x(r.turn).toFixed(1) + ',' + y(r.p_castable).toFixed(1);
      }).join(' ');
      g.appendChild(s('path', { class: 'odds-line', d: d, stroke: colour, 'stroke-dasharray': dash,
                                'data-spell': i }));
      pts.forEach(function (r) {
        g.appendChild(s('circle', { class: 'odds-point', cx: x(r.turn), cy: y(r.p_castable), r: 4.5,
          fill: colour, 'data-turn': r.turn, 'data-spell': i },
          s('title', { text: cost + ', turn ' + r.turn + ': ' + pct(r.p_castable) })));
      });
      svg.appendChild(g);
      var sw = h('span', { class: 'swatch', 'aria-hidden': 'true' });
      sw.style.background = colour;
      legend.appendChild(h('li', { 'data-spell': i }, [sw, h('span', { class: 'mono', text: cost })]));
    });
  }

  /* ------------------------------------------------------------ combat panel */

  /* "3/3, 2/1" -> [[3,3],[2,1]]; a piece that is no P/T pair is sent as
   * typed, so that the server's problem names it. */
  function parseCreatures(text) {
    var out = [];
    text.split(/[,;]+/).forEach(function (part) {
      part = part.trim();
      if (!part) return;
      var one = /^(\d+)\s*\/\s*(\d+)$/.exec(part);
      if (one) { out.push([parseInt(one[1], 10), parseInt(one[2], 10)]); return; }
      var words = part.split(/\s+/);
      if (words.length > 1 && words.every(function (w) { return /^\d+\/\d+$/.test(w); })) {
        words.forEach(function (w) { var pq = w.split('/'); out.push([parseInt(pq[0], 10), parseInt(pq[1], 10)]); });
        return;
      }
      out.push(part);
    });
    return out;
  }

  function creatureText(c) { return Array.isArray(c) ? c[0] + '/' + c[1] : String(c); }

  function initCombat() {
    var panel = $('panel-combat');
    var form = $('combat-form');
    var seq = 0;
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      clearErrors(panel);
      $('combat-result').hidden = true;
      clearCombat();
      var body = {
        attackers: parseCreatures($('combat-attackers').value),
        defenders: parseCreatures($('combat-defenders').value)
      };
      var mine = ++seq;
      var button = $('combat-submit');
      setBusy(form, button, true);
      callJSON('POST', '/v1/combat/blocks', body).then(function (r) {
        if (mine !== seq) return;
        setBusy(form, button, false);
        if (r.ok) { renderCombat(body, r.data); return; }
        var p = r.problem.pointer || '';
        var box = makeError(r.problem);
        if (/^\/attackers(\/|$)/.test(p)) errorAfter($('combat-attackers'), box);
        else if (/^\/defenders(\/|$)/.test(p)) errorAfter($('combat-defenders'), box);
        else panelTop(panel).appendChild(box);
      });
    });
  }

  function clearCombat() {
    $('combat-score').textContent = '';
    $('combat-dies').textContent = '';
    clear($('combat-blocks'));
    var svg = $('combat-diagram');
    Array.prototype.slice.call(svg.childNodes).forEach(function (n) {
      var tag = n.nodeName ? n.nodeName.toLowerCase() : '';
      if (tag !== 'defs' && tag !== 'title') svg.removeChild(n);
    });
  }

  function fmtScore(x) { return (x < 0 ? '-' : '') + String(Math.abs(x)); }

  function renderCombat(req, data) {
    var atk = req.attackers, def = req.defenders;
    var deadA = {}, deadD = {};
    (data.destroyed.attackers || []).forEach(function (i) { deadA[i] = true; });
    (data.destroyed.defenders || []).forEach(function (i) { deadD[i] = true; });

    $('combat-score').textContent = 'Score ' + fmtScore(data.score) + ' for the defender; ' +
      data.damage_to_player + ' damage to the defending player.';
    var parts = [];
    var da = data.destroyed.attackers || [], dd = data.destroyed.defenders || [];
    if (da.length) parts.push((da.length > 1 ? 'attackers ' : 'attacker ') +
      da.map(function (i) { return 'A' + (i + 1) + ' (' + creatureText(atk[i]) + ')'; }).join(', '));
    if (dd.length) parts.push((dd.length > 1 ? 'defenders ' : 'defender ') +
      dd.map(function (i) { return 'D' + (i + 1) + ' (' + creatureText(def[i]) + ')'; }).join(', '));
    $('combat-dies').textContent = parts.length ? 'Dies: ' + parts.join('; ') + '.' : 'Nothing dies.';

    var blocksList = $('combat-blocks');
    if (!data.blocks.length) blocksList.appendChild(h('li', { text: 'No blocks.' }));
    data.blocks.forEach(function (b) {
      blocksList.appendChild(h('li', { text: 'D' + (b[0] + 1) + ' (' + creatureText(def[b[0]]) + ') blocks A' +
        (b[1] + 1) + ' (' + creatureText(atk[b[1]]) + ')' }));
    });

    var svg = $('combat-diagram');
    var n = Math.max(atk.length, def.length, 1);
    var CW = 84, BW = 64, BH = 54, PAD = 44;
    var W = PAD + n * CW + 8, H = 250;
    var AY = 22, DY = H - 22 - BH;
    svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    svg.style.maxWidth = Math.round(W * 1.25) + 'px';
    function cx(i, count) { return PAD + (n - count) * CW / 2 + i * CW + CW / 2; }

    svg.appendChild(s('text', { class: 'row-label', x: 4, y: AY + BH / 2 + 4, text: 'Atk' }));
    svg.appendChild(s('text', { class: 'row-label', x: 4, y: DY + BH / 2 + 4, text: 'Def' }));

    // Arrows first, under the creatures; blockers of one attacker fan out.
    var perAttacker = {};
    data.blocks.forEach(function (b) { (perAttacker[b[1]] = perAttacker[b[1]] || []).push(b[0]); });
    var arrows = s('g', { class: 'arrows' });
    data.blocks.forEach(function (b) {
      var d = b[0], a = b[1];
      var group = perAttacker[a], k = group.indexOf(d), m = group.length;
      var off = m > 1 ? (k - (m - 1) / 2) * Math.min(14, (BW - 12) / (m - 1)) : 0;
      arrows.appendChild(s('line', {
        class: 'block-arrow', 'data-defender': d, 'data-attacker': a,
        x1: cx(d, def.length), y1: DY - 2, x2: cx(a, atk.length) + off, y2: AY + BH + 4,
        'marker-end': 'url(#combat-arrowhead)'
      }, s('title', { text: 'D' + (d + 1) + ' blocks A' + (a + 1) })));
    });
    svg.appendChild(arrows);

    function creature(side, i, c, y, dies) {
      var x0 = cx(i, side === 'attacker' ? atk.length : def.length) - BW / 2;
      var tag = (side === 'attacker' ? 'A' : 'D') + (i + 1);
      var g = s('g', { class: 'creature' + (dies ? ' dies' : ''), 'data-side': side, 'data-index': i,
                       transform: 'translate(' + x0 + ',' + y + ')' });
      g.appendChild(s('title', { text: (side === 'attacker' ? 'Attacker ' : 'Defender ') + (i + 1) + ', ' +
        creatureText(c) + (dies ? ', dies' : '') }));
      g.appendChild(s('rect', { width: BW, height: BH, rx: 6 }));
      g.appendChild(s('text', { class: 'tag', x: BW / 2, y: 14, text: tag }));
      g.appendChild(s('text', { class: 'pt', x: BW / 2, y: 38, text: creatureText(c) }));
      if (dies) {
        g.appendChild(s('line', { class: 'die-mark', x1: BW - 16, y1: 5, x2: BW - 5, y2: 16 }));
        g.appendChild(s('line', { class: 'die-mark', x1: BW - 5, y1: 5, x2: BW - 16, y2: 16 }));
        g.appendChild(s('text', { class: 'die-text', x: BW / 2, y: BH - 4, text: 'dies' }));
      }
      svg.appendChild(g);
    }
    atk.forEach(function (c, i) { creature('attacker', i, c, AY, !!deadA[i]); });
    def.forEach(function (c, i) { creature('defender', i, c, DY, !!deadD[i]); });
    $('combat-result').hidden = false;
  }

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

  function describeStep(st) {
    if (st.remove) {
      return 'Removed ' + st.remove.length + (st.remove.length === 1 ? ' card' : ' cards') + '.';
    }
    return 'Dealt ' + (st.card === '0' ? '10' : st.card) + ' to row ' + (st.slot[0] + 1) + ', column ' + (st.slot[1] + 1) + '.';
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

  /* ------------------------------------------------------------ start */

  function start() {
    loadLands();
    initMana();
    initOdds();
    initCombat();
    initCamelot();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
