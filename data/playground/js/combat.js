  /* combat.js: one part of /playground/app.js, which the build concatenates from
   * data/playground/js/ in the order of src/http/meson.build (common.js opens the
   * closure that start.js closes). */

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

