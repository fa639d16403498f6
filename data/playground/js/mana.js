  /* mana.js: one part of /playground/app.js, which the build concatenates from
   * data/playground/js/ in the order of src/http/meson.build (common.js opens the
   * closure that start.js closes). */

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

