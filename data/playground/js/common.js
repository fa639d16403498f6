/* manaflow playground: five forms over the service's own JSON routes.
 * Plain ES2017, no modules, no framework; served under
 * Content-Security-Policy: default-src 'self', so nothing inline.
 *
 * /playground/app.js is this file and, in order, mana.js, odds.js,
 * deck.js, combat.js, camelot.js and start.js, concatenated by the build
 * (src/http/meson.build): this part opens the closure they all share, the
 * helpers, the land catalogue and the autocomplete; start.js closes it. */
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

