"""The Deck panel's checks (POST /v1/deck/report), imported by
test_playground.py. The page's numbers are held to the API's own answer to
the same request, sent directly.

The deck is tests/http/test_report.c's: catalogue lands and spells of
tests/data/cards-report.json, which the server is started with (--cards).
"""

import json
import os
import tempfile

from browser import By, Failed, HERE, ok, one, open_page, screenshot, text, until

CARDS_FILE = os.path.join(HERE, '..', 'data', 'cards-report.json')

# 60 cards, blue-red; red is one source short of Aladdin's needs.
DECK = """Deck
8 Fire // Ice
4 Alter Reality
4 Active Volcano
3 Aladdin
2 Aetherling
4 Amoeboid Changeling
4 Agility
4 Akki Rockspeaker
3 Abstruse Interference
10 Island
10 Mountain
4 Steam Vents

Sideboard
2 Aeolipile"""

# Far short of red: 4 red sources for 36 red spells.
SHORT_OF_RED = "20 Island\n4 Mountain\n36 Active Volcano\n"


def pct(p):
    """The page's pct(): 0.948509 is 94.9%."""
    return '\u2014' if p is None else '%.1f%%' % (p * 100)


def api(server, decklist=None, cards=None):
    body = {'decklist': decklist} if cards is None else {'cards': cards}
    body.update({'on': 'play', 'policy': 'karsten2022', 'method': 'exact'})
    return server.post_json('/v1/deck/report', body)


def answered(driver):
    return driver.find_element(By.CSS_SELECTOR, '#deck-form').get_attribute('data-answered')


def submit(driver, before=None):
    """Clicks the button and waits for the answer to be drawn."""
    before = answered(driver) if before is None else before
    one(driver, 'button#deck-submit').click()
    wait_answer(driver, before)


def wait_answer(driver, before):
    until(driver, 'deck: the answer is drawn (#deck-form[data-answered] moves on)',
          lambda d: answered(d) not in (None, before) and d.find_element(
              By.CSS_SELECTOR, '#deck-form').get_attribute('aria-busy') == 'false')


def fill(driver, server, decklist):
    open_page(driver, server)
    box = one(driver, 'textarea#deck-list')
    box.clear()
    # send_keys types newlines as Enter, which a textarea takes as newlines.
    box.send_keys(decklist)
    one(driver, 'select#deck-calc option[value="exact"]').click()


def rendered_spells(driver):
    rows = driver.find_elements(By.CSS_SELECTOR, 'table#deck-spells tr.deck-spell')
    return [(r.get_attribute('data-name'), text(r.find_element(By.CSS_SELECTOR, 'td.count')),
             text(r.find_element(By.CSS_SELECTOR, 'td.cost')), text(r.find_element(By.CSS_SELECTOR, 'td.turn')),
             text(r.find_element(By.CSS_SELECTOR, 'td.p-castable .p')),
             text(r.find_element(By.CSS_SELECTOR, 'td.mean-delay')),
             text(r.find_element(By.CSS_SELECTOR, 'td.p-given-lands .p'))) for r in rows]


def turns(t):
    """The page's turnsText(): 0.3214 is 0.32 turns."""
    return '%.2f turn%s' % (t, '' if t == 1 else 's')


def expected_spells(answer):
    return [(s['name'], str(s['count']), s['cost'], str(s['turn']), pct(s['p_castable']),
             turns(s['mean_delay']), pct(s['p_castable_given_lands'])) for s in answer['spells']]


def check_deck(driver, server, shots):
    fill(driver, server, DECK)
    for css in ('textarea#deck-list', 'input#deck-file[type="file"]', 'select#deck-on', 'select#deck-policy'):
        el = driver.find_elements(By.CSS_SELECTOR, css)
        labelled = el and driver.find_elements(By.CSS_SELECTOR, 'label[for="%s"]' % el[0].get_attribute('id'))
        ok(bool(labelled), 'deck: %s has a label' % css)
    submit(driver, before=None)
    status, want = api(server, one(driver, 'textarea#deck-list').get_attribute('value'))
    if status != 200:
        raise Failed('deck: the API answered %d to the deck: %r' % (status, want))
    got = rendered_spells(driver)
    ok(got == expected_spells(want), 'deck: the spells table is the API\'s (%d spells: name, count, cost, '
       'turn, castable, mean delay, given lands)' % len(want['spells']),
       '%r\nvs %r' % (got, expected_spells(want)))
    summary = text(one(driver, '#deck-summary'))
    ok(('mean delay ' + turns(want['deck']['mean_delay'])) in summary,
       'deck: the summary gives the deck\'s mean delay', repr(summary))
    shown = [(li.get_attribute('data-code'), text(li))
             for li in driver.find_elements(By.CSS_SELECTOR, '#deck-warnings li.deck-warning')]
    ok(shown == [(w['code'], w['message']) for w in want['warnings']] and
       one(driver, '#deck-warnings-block').is_displayed() == bool(want['warnings']),
       'deck: the warnings shown are the API\'s (%d)' % len(want['warnings']), repr(shown))

    n = len(want['spells'])
    lines = driver.find_elements(By.CSS_SELECTOR, 'svg#deck-chart path.odds-line')
    points = driver.find_elements(By.CSS_SELECTOR, 'svg#deck-chart circle.odds-point')
    ok(len(lines) == n and len(points) == 10 * n,
       'deck: svg#deck-chart draws one line of 10 points (turns 1-10) per spell',
       '%d lines, %d points for %d spells' % (len(lines), len(points), n))
    ok(all((l.get_attribute('d') or '').startswith('M') for l in lines), 'deck: every line has a path')

    rows = driver.find_elements(By.CSS_SELECTOR, 'table#deck-colors tr.deck-color')
    got = [(r.get_attribute('data-color'), text(r.find_element(By.CSS_SELECTOR, 'td.sources')),
            text(r.find_element(By.CSS_SELECTOR, 'td.short-by')), 'short' in r.get_attribute('class').split())
           for r in rows]
    exp = [(c['color'], str(c['sources']), str(c['short']), c['short'] > 0) for c in want['colors']]
    ok(got == exp, 'deck: the colour table is the API\'s, rows with short > 0 have class "short"',
       '%r vs %r' % (got, exp))
    screenshot(driver, '#panel-deck', shots, 'deck.png')

    # The first advice applied: the text edited as it says, and reported again.
    buttons = driver.find_elements(By.CSS_SELECTOR, '#deck-advice li.deck-advice button.deck-apply')
    ok(len(buttons) == len(want['advice']) + bool(want['more_land']) + bool(want['fewer_land']),
       'deck: one Apply button per advice line', '%d buttons' % len(buttons))
    if not want['advice']:
        raise Failed('deck: the API gave no advice for the deck: %r' % want)
    swap = want['advice'][0]
    before = answered(driver)
    buttons[0].click()
    wait_answer(driver, before)
    edited = one(driver, 'textarea#deck-list').get_attribute('value')
    counts = {}
    for line in edited.split('\n'):
        if line == 'Sideboard':
            break
        parts = line.split(' ', 1)
        if parts[0].isdigit():
            counts[parts[1]] = counts.get(parts[1], 0) + int(parts[0])
    orig = {}
    for line in DECK.split('\n')[1:13]:
        c, name = line.split(' ', 1)
        orig[name] = int(c)
    expect = dict(orig)
    expect[swap['out']['name']] -= swap['out']['count']
    expect[swap['in']['name']] = expect.get(swap['in']['name'], 0) + swap['in']['count']
    expect = {k: v for k, v in expect.items() if v}
    ok(counts == expect, 'deck: Apply moved %d %s out and %d %s in, in the textarea'
       % (swap['out']['count'], swap['out']['name'], swap['in']['count'], swap['in']['name']),
       '%r vs %r' % (counts, expect))
    status, again = api(server, edited)
    ok(status == 200 and rendered_spells(driver) == expected_spells(again),
       'deck: after Apply the table is the API\'s answer to the edited list',
       '%d %r' % (status, rendered_spells(driver)))
    ok(status == 200 and again['deck']['mean_p_castable'] != want['deck']['mean_p_castable']
       and expected_spells(again) != expected_spells(want),
       'deck: the edited list\'s answer differs, as the advice said (mean %s -> %s)'
       % (want['deck']['mean_p_castable'], again['deck'].get('mean_p_castable') if status == 200 else '?'))

    # Five of a card: the API's warning is shown.
    fill(driver, server, DECK.replace('10 Island', '9 Island').replace('4 Steam Vents', '5 Steam Vents'))
    submit(driver)
    shown = [(li.get_attribute('data-code'), text(li))
             for li in driver.find_elements(By.CSS_SELECTOR, '#deck-warnings li.deck-warning')]
    ok(one(driver, '#deck-warnings-block').is_displayed() and len(shown) == 1 and
       shown[0][0] == 'too-many-copies' and 'Steam Vents (5)' in shown[0][1] and
       'Fire // Ice (8)' in shown[0][1],
       'deck: five Steam Vents: the warning is shown, with its code and message', repr(shown))

    # A deck far short of red: its red row is highlighted.
    fill(driver, server, SHORT_OF_RED)
    submit(driver)
    red = driver.find_elements(By.CSS_SELECTOR, 'table#deck-colors tr.deck-color[data-color="R"]')
    ok(red and 'short' in red[0].get_attribute('class').split() and int(text(
        red[0].find_element(By.CSS_SELECTOR, 'td.short-by'))) > 0,
       'deck: 4 red sources for 36 red spells: the R row has class "short"',
       red and red[0].get_attribute('outerHTML')[:300])


def check_deck_unknown(driver, server):
    fill(driver, server, DECK.replace('3 Abstruse Interference', '3 Abstruse Interferance'))
    submit(driver)
    items = driver.find_elements(By.CSS_SELECTOR, '#deck-unknown li.deck-unknown')
    ok(len(items) == 1 and items[0].get_attribute('data-name') == 'Abstruse Interferance'
       and items[0].get_attribute('data-line') == '10',
       'deck: the unknown "Abstruse Interferance" is listed with its line 10', repr([text(i) for i in items]))
    ok(items and 'did you mean Abstruse Interference' in text(items[0]),
       'deck: ... and "did you mean Abstruse Interference"', items and repr(text(items[0])))
    err = driver.find_elements(By.CSS_SELECTOR, '#panel-deck .field-error[data-pointer="/decklist"]')
    ok(err and 'Abstruse Interferance' in text(err[0]), 'deck: the problem\'s detail is shown at the deck list',
       err and repr(text(err[0])))
    ok(not one(driver, '#deck-nodb').is_displayed(), 'deck: with a card database, no "no card database" note')


def check_deck_file(driver, server):
    """The deck as a JSON file of card objects: the same spells as the list;
    an advice bringing in a land the file lacks says it cannot."""
    db = {c['name']: c for c in json.load(open(CARDS_FILE))}
    cards = []
    for line in DECK.split('\n')[1:]:
        if not line or line == 'Sideboard':
            continue
        c, name = line.split(' ', 1)
        obj = dict(db[name])
        obj.update({'count': int(c), 'zone': 'sideboard' if name == 'Aeolipile' else 'main'})
        cards.append(obj)
    fd, path = tempfile.mkstemp(suffix='.json')
    with os.fdopen(fd, 'w') as f:
        json.dump({'cards': cards}, f)
    try:
        open_page(driver, server)
        one(driver, 'select#deck-calc option[value="exact"]').click()
        one(driver, 'input#deck-file').send_keys(os.path.abspath(path))
        until(driver, 'deck: the file is read (#deck-file-status)',
              lambda d: 'card objects' in text(one(d, '#deck-file-status')))
        submit(driver)
    finally:
        os.remove(path)
    status, want = api(server, cards=cards)
    ok(status == 200 and rendered_spells(driver) == expected_spells(want),
       'deck: a JSON file of card objects gives the API\'s spells table', repr(rendered_spells(driver)))
    missing = [b for b in driver.find_elements(By.CSS_SELECTOR, 'button.deck-apply')
               if b.get_attribute('data-in') not in db]
    if missing:
        before = answered(driver)
        missing[0].click()
        err = until(driver, 'deck: Apply of a land the file lacks explains itself',
                    lambda d: d.find_elements(By.CSS_SELECTOR, '#deck-advice .field-error'))
        ok('paste the deck as a list' in text(err[0]) and answered(driver) == before,
           'deck: a land not in the file is not added; the button says to paste a list', repr(text(err[0])))


def check_deck_no_database(driver, server):
    """A server started without --cards: the page says how to load one."""
    fill(driver, server, DECK)
    submit(driver)
    note = one(driver, '#deck-nodb')
    ok(note.is_displayed(), 'deck: without a card database, #deck-nodb is shown')
    words = text(note)
    ok('manaflow serve --cards oracle-cards.json' in words and 'MANAFLOW_CARDS' in words,
       'deck: it explains --cards oracle-cards.json and MANAFLOW_CARDS', repr(words))
    items = driver.find_elements(By.CSS_SELECTOR, '#deck-unknown li.deck-unknown')
    ok(len(items) >= 9, 'deck: ... and lists the unknown names', '%d' % len(items))
