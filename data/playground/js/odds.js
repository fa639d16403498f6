  /* odds.js: one part of /playground/app.js, which the build concatenates from
   * data/playground/js/ in the order of src/http/meson.build (common.js opens the
   * closure that start.js closes). */

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

  function addSpellRow(cost, turn) {
    var list = $('odds-spells');
    var k = ++oddsRowSerial;
    var id = 'odds-spell-cost-' + k, turnId = 'odds-spell-turn-' + k;
    var input = h('input', { type: 'text', id: id, class: 'odds-spell-cost', autocomplete: 'off',
                             spellcheck: 'false', placeholder: '{1}{R}{R}', value: cost || '' });
    var turnInput = h('input', { type: 'number', id: turnId, class: 'odds-spell-turn', min: '1', max: '20',
                                 step: '1', inputmode: 'numeric', placeholder: 'MV',
                                 value: turn === undefined ? '' : String(turn) });
    var swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
    var label = h('label', { for: id });
    var turnLabel = h('label', { for: turnId, class: 'turn-label', text: 'on turn' });
    var remove = h('button', { type: 'button', class: 'remove', 'aria-label': 'Remove this spell' });
    var li = h('li', { class: 'odds-spell' }, [swatch, label, input, turnLabel, turnInput, remove]);
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

  function oddsPlace(panel, problem, seen) {
    var p = problem.pointer || '';
    var shown = p;
    var target = null, inside = null;
    var m;
    if ((m = /^\/spells\/(\d+)(\/.*)?$/.exec(p))) {
      var row = $('odds-spells').querySelectorAll('.odds-spell')[parseInt(m[1], 10)];
      if (row) target = row.querySelector(m[2] === '/turn' ? 'input.odds-spell-turn' : 'input.odds-spell-cost');
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
    } else if (p === '/method' || p === '/games' || p === '/seed' || p === '/curve') {
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
    clearChart($('odds-chart'));
  }

  /* Empties a chart drawn by drawCurveChart, keeping its <title>. */
  function clearChart(svg) {
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
      var spellRows = $('odds-spells').querySelectorAll('.odds-spell');
      var costs = [];
      var spells = Array.prototype.map.call(spellRows, function (li) {
        var cost = li.querySelector('input.odds-spell-cost').value.trim();
        var turnInput = li.querySelector('input.odds-spell-turn');
        var spell = { cost: cost };
        costs.push(cost);
        if (turnInput.value.trim() !== '') spell.turn = intOrRaw(turnInput);
        return spell;
      });
      if (spells.length === 0) {
        panelTop(panel).appendChild(makeError({ detail: 'add a spell to compute its odds' }, '/spells'));
        return;
      }
      var on = $('odds-on').value, policy = $('odds-policy').value, method = $('odds-calc').value;

      // One request: every spell on its turn, and each one's curve over turns 1 to 7.
      var body = { size: size, lands: landList, spells: spells, on: on, policy: policy, curve: 7 };
      if (method !== 'auto') body.method = method;
      var odds = callJSON('POST', '/v1/mana/odds', body);
      var sources = callJSON('POST', '/v1/mana/sources', { size: size, lands: total, policy: policy, on: on });

      var mine = ++seq;
      var button = $('odds-submit');
      setBusy(form, button, true);
      Promise.all([odds, sources]).then(function (all) {
        if (mine !== seq) return;
        setBusy(form, button, false);
        var r = all[0], src = all[1];
        var seen = {};
        if (!r.ok) oddsPlace(panel, r.problem, seen);
        if (!src.ok) {
          // The total of the lands is ours: name the lands table for it.
          var sp = src.problem;
          if (sp.pointer === '/lands') {
            sp = Object.assign({}, sp, { detail: 'lands in all (' + total + '): ' + sp.detail });
          }
          oddsPlace(panel, sp, seen);
        }
        if (!r.ok && !src.ok) return;
        renderOdds(r.ok ? r.data : null, costs, src.ok ? src.data : null);
      });
    });
  }

  function renderOdds(answer, costs, sourcesData) {
    var result = $('odds-result');
    result.hidden = false;  // shown first: the chart measures its room
    var tableWrap = $('odds-table').parentNode;
    var chart = $('odds-chart').parentNode;
    tableWrap.hidden = !answer;
    chart.hidden = !answer;
    $('odds-method').hidden = !answer;
    if (answer) {
      var results = answer.results;
      var sampled = results.filter(function (r) { return r.method === 'sample'; });
      $('odds-method').textContent = sampled.length === 0
        ? 'Exact: every probability was computed by enumeration, playing one land a turn.'
        : 'Sampled: ' + sampled.length + ' of ' + results.length + ' spells were estimated from ' +
          sampled[0].games.toLocaleString('en') + ' sampled games; the bars show their 95% intervals.';

      var tbody = $('odds-table').tBodies[0];
      results.forEach(function (r, i) {
        var swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' });
        swatch.style.background = spellColour(i);
        tbody.appendChild(h('tr', { class: 'odds-row', 'data-spell': i }, [
          h('td', null, [swatch, h('span', { class: 'mono', text: r.cost || costs[i] })]),
          h('td', { text: String(r.turn) }),
          h('td', { class: 'p-castable', text: pct(r.p_castable) }),
          h('td', { class: 'p-given-lands', text: pct(r.p_castable_given_lands) })
        ]));
      });
      drawOddsChart(results, costs);
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

  function drawOddsChart(results, costs) {
    drawCurveChart($('odds-chart'), $('odds-legend'), 7, results.map(function (r, i) {
      return { label: r.cost || costs[i], by_turn: r.by_turn, sampled: r.method === 'sample' };
    }));
  }

  /* P(castable) by turn, turns 1 to `turns`, into svg (emptied first but for
   * its <title>) and its legend (a ul): series are [{label, by_turn,
   * sampled}], by_turn as the API gives it; sampled ones get 95% bars.
   * The odds panel and the deck panel share it. */
  function drawCurveChart(svg, legend, turns, series) {
    clearChart(svg);
    clear(legend);
    // The drawing's own size follows the space it has, so that its text
    // stays legible when a phone scales the viewBox down.
    var room = svg.parentNode.clientWidth || 640;
    var W = Math.round(Math.max(320, Math.min(640, room)));
    var H = Math.max(240, Math.round(W * 0.56)), L = 58, R = 18, T = 16, B = 52;
    svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    var pw = W - L - R, ph = H - T - B;
    function x(turn) { return L + (turn - 1) * pw / (turns - 1); }
    function y(p) { return T + (1 - p) * ph; }

    var grid = s('g', { class: 'grid' });
    var axis = s('g', { class: 'axis' });
    [0, 0.25, 0.5, 0.75, 1].forEach(function (p) {
      grid.appendChild(s('line', { x1: L, x2: W - R, y1: y(p), y2: y(p) }));
      axis.appendChild(s('text', { x: L - 8, y: y(p) + 4, 'text-anchor': 'end', text: Math.round(p * 100) + '%' }));
    });
    for (var t = 1; t <= turns; t++) {
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

    series.forEach(function (r, i) {
      var colour = spellColour(i), dash = spellDash(i);
      var label = r.label;
      var pts = (r.by_turn || []).filter(function (b) { return b.turn >= 1 && b.turn <= turns; });
      var g = s('g', { class: 'odds-series', 'data-spell': i });
      if (r.sampled) {
        pts.forEach(function (b) {
          var half = 1.96 * (b.standard_error || 0);
          g.appendChild(s('line', { class: 'odds-errorbar', 'data-turn': b.turn, 'data-spell': i,
            x1: x(b.turn), x2: x(b.turn), y1: y(Math.max(0, b.p_castable - half)),
            y2: y(Math.min(1, b.p_castable + half)), stroke: colour }));
        });
      }
      var d = pts.map(function (b, k) {
        return (k ? 'L' : 'M') + x(b.turn).toFixed(1) + ',' + y(b.p_castable).toFixed(1);
      }).join(' ');
      g.appendChild(s('path', { class: 'odds-line', d: d, stroke: colour, 'stroke-dasharray': dash,
                                'data-spell': i }));
      pts.forEach(function (b) {
        g.appendChild(s('circle', { class: 'odds-point', cx: x(b.turn), cy: y(b.p_castable), r: 4.5,
          fill: colour, 'data-turn': b.turn, 'data-spell': i },
          s('title', { text: label + ', turn ' + b.turn + ': ' + pct(b.p_castable) })));
      });
      svg.appendChild(g);
      var sw = h('span', { class: 'swatch', 'aria-hidden': 'true' });
      sw.style.background = colour;
      legend.appendChild(h('li', { 'data-spell': i }, [sw, h('span', { class: r.mono === false ? null : 'mono', text: label })]));
    });
  }
