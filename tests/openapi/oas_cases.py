"""The requests tests/openapi sends beyond the spec's own examples: valid ones
at the edges of the limits and one of each kind of error, per domain.

Used by check_openapi.py. Invalid requests whose error example lives in
components/responses name it here, so that every such example is reproduced.
"""
import json
import random

JSON = {'Content-Type': 'application/json'}


def body_of(value):
    return json.dumps(value).encode()


# A Camelot deal: four of each card, in order.
DEAL = 'AAAA222233334444555566667777888899990000JJJJQQQQKKKK'


def error_cases():
    """(label, method, path, headers, body, status, response example name)."""
    q = {'battlefield': ['Forest'], 'life': 20, 'cost': 'G'}
    cut = b'{"battlefield":["Forest"],"life":20,'
    return [
        ('unknown path', 'GET', '/nope', {}, None, 404, 'not-found'),
        ('trailing slash', 'GET', '/v1/lands/', {}, None, 404, None),
        ('unknown path POST', 'POST', '/v1/mana/solv', JSON, body_of(q), 404, None),
        ('GET on a POST route', 'GET', '/v1/mana/solve', {}, None, 405, 'get-on-solve'),
        ('not JSON', 'POST', '/v1/mana/solve', {'Content-Type': 'text/plain'}, body_of(q), 415, 'text-plain'),
        ('no content type', 'POST', '/v1/mana/solve/batch', {}, b'{"queries":[]}', 415, None),
        ('JSON cut short', 'POST', '/v1/mana/solve', JSON, cut, 400, 'malformed-json'),
        ('empty body', 'POST', '/v1/mana/solve', JSON, b'', 400, None),
        ('trailing garbage', 'POST', '/v1/mana/solve/batch', JSON, b'{"queries":[]} x', 400, None),
        ('not an object', 'POST', '/v1/mana/solve', JSON, b'[1,2]', 400, None),
        ('missing life', 'POST', '/v1/mana/solve', JSON, body_of({'battlefield': [], 'cost': 'G'}), 400, None),
        ('life a string', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, life='20')), 400, None),
        ('life a fraction', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, life=2.5)), 400, None),
        ('life too large', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, life=1000001)), 400, None),
        ('life too small', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, life=0)), 400, 'life-out-of-range'),
        ('unknown field', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, colour='G')), 400, 'unknown-field'),
        ('bad cost symbol', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='GX')), 400, 'bad-cost'),
        ('HEAD on a POST route', 'HEAD', '/v1/mana/solve', {}, None, 405, None),
        ('battlefield a string', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, battlefield='Forest')), 400, None),
        ('land a number', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, battlefield=[1])), 400, None),
        ('unknown land, no hint', 'POST', '/v1/mana/solve', JSON,
         body_of(dict(q, library=['Xyzzy Qwerty Plugh'])), 400, None),
        ('cost null', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost=None)), 400, None),
        ('cost empty', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='')), 400, None),
        ('cost too long', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='G' * 1025)), 400, None),
        ('cost too much mana', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='{1000001}')), 400, None),
        ('cost bad braces', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='{2}{W')), 400, None),
        ('batch not a list', 'POST', '/v1/mana/solve/batch', JSON, body_of({'queries': {}}), 400, None),
        ('batch missing', 'POST', '/v1/mana/solve/batch', JSON, b'{}', 400, None),
        ('batch unknown field', 'POST', '/v1/mana/solve/batch', JSON, body_of({'queries': [], 'q': 1}), 400, None),
        ('batch query unknown field', 'POST', '/v1/mana/solve/batch', JSON,
         body_of({'queries': [q, dict(q, colour='G')]}), 400, None),
        ('batch query not an object', 'POST', '/v1/mana/solve/batch', JSON, body_of({'queries': [5]}), 400, None),
        ('batch with one bad query', 'POST', '/v1/mana/solve/batch', JSON,
         body_of({'queries': [q, dict(q, cost='GQ')]}), 400, 'one-bad-query'),
        ('batch too many', 'POST', '/v1/mana/solve/batch', JSON,
         body_of({'queries': [{}] * 10001}), 413, 'batch'),
        ('too many lands', 'POST', '/v1/mana/solve', JSON,
         body_of(dict(q, battlefield=['Forest'] * 100001)), 413, None),
        ('too many lands together', 'POST', '/v1/mana/solve', JSON,
         body_of(dict(q, battlefield=['Forest'] * 60000, library=['Forest'] * 40001)), 413, None),
        ('body over the limit, chunked', 'POST', '/v1/mana/solve', dict(JSON, **{'Transfer-Encoding': 'chunked'}),
         (b' ' * 65536 for _ in range(17)), 413, 'body'),
        # mana: the symbols of real cards' costs (hybrid, Phyrexian, {2/C}, {X}) and x
        ('x missing', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='{X}{G}')), 400, 'x-missing'),
        ('x null with {X}', 'POST', '/v1/mana/solve/batch', JSON,
         body_of({'queries': [dict(q, cost='{G}{X}', x=None)]}), 400, None),
        ('x too large for the cost', 'POST', '/v1/mana/solve', JSON,
         body_of(dict(q, cost='{X}{X}', x=600000)), 400, 'x-too-large'),
        ('x out of range', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, x=1000001)), 400, None),
        ('x negative', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='{X}', x=-1)), 400, None),
        ('x a string', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='{X}', x='2')), 400, None),
        ('hybrid of one colour', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='{W/W}')), 400, None),
        ('colourless Phyrexian', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='{C/P}')), 400, None),
        ('colourless two-brid', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='{2/C}')), 400, None),
        ('X in the contest notation', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='XG', x=1)), 400, None),
        ('generic of 8 digits', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='{00000001}')), 400, None),
        ('101 {X}', 'POST', '/v1/mana/solve', JSON, body_of(dict(q, cost='{X}' * 101, x=0)), 400, None),
        ('two-brid choices over 4096', 'POST', '/v1/mana/solve', JSON,
         body_of(dict(q, cost='{2/W}{2/U}{2/B}{2/R}' * 8)), 400, 'twobrid-choices'),
        # deck
        ('deck cards missing', 'POST', '/v1/deck/colors', JSON, b'{}', 400, None),
        ('deck cards null', 'POST', '/v1/deck/colors', JSON, b'{"cards":null}', 400, None),
        ('deck unknown field', 'POST', '/v1/deck/colors', JSON, body_of({'cards': [], 'deck': 'x'}), 400, None),
        ('deck card not an object', 'POST', '/v1/deck/colors', JSON, body_of({'cards': ['Forest']}), 400, None),
        ('deck name missing', 'POST', '/v1/deck/colors', JSON, body_of({'cards': [{'type_line': 'Land'}]}), 400, None),
        ('deck name null', 'POST', '/v1/deck/colors', JSON, body_of({'cards': [{'name': None}]}), 400, None),
        ('deck cost a number', 'POST', '/v1/deck/colors', JSON, body_of({'cards': [{'name': 'A', 'mana_cost': 2}]}),
         400, None),
        ('deck count 0', 'POST', '/v1/deck/colors', JSON, body_of({'cards': [{'name': 'A', 'count': 0}]}), 400, None),
        ('deck count a fraction', 'POST', '/v1/deck/colors', JSON,
         body_of({'cards': [{'name': 'A', 'count': 1.5}]}), 400, None),
        ('deck zone unknown', 'POST', '/v1/deck/colors', JSON,
         body_of({'cards': [{'name': 'Island', 'zone': 'commander'}]}), 400, 'bad-zone'),
        # the deck report: the server here has no card database
        ('report unknown cards', 'POST', '/v1/deck/report', JSON,
         body_of({'decklist': '20 Island\n4 Sol Rong\n36 Alter Reality\n'}), 422, 'unknown-cards'),
        ('report bad line', 'POST', '/v1/deck/report', JSON,
         body_of({'decklist': '20 Island\nIsland, forty of them\n'}), 400, None),
        ('report zone unknown', 'POST', '/v1/deck/report', JSON,
         body_of({'cards': [{'name': 'Island', 'zone': 'graveyard'}]}), 400, None),
        ('report both forms', 'POST', '/v1/deck/report', JSON,
         body_of({'cards': [], 'decklist': '4 Island'}), 400, None),
        ('report too many cards', 'POST', '/v1/deck/report', JSON,
         body_of({'decklist': '250 Island\n1 Mountain\n'}), 413, None),
        ('deck zone wrong case', 'POST', '/v1/deck/colors', JSON,
         body_of({'cards': [{'name': 'A', 'zone': 'Main'}]}), 400, None),
        ('deck face not an object', 'POST', '/v1/deck/colors', JSON,
         body_of({'cards': [{'name': 'A', 'card_faces': ['A']}]}), 400, None),
        ('deck face cost a list', 'POST', '/v1/deck/colors', JSON,
         body_of({'cards': [{'name': 'A', 'card_faces': [{'mana_cost': ['{W}']}]}]}), 400, None),
        ('deck text over 4096 bytes', 'POST', '/v1/deck/colors', JSON,
         body_of({'cards': [{'name': 'A', 'oracle_text': 'x' * 4097}]}), 400, None),
        ('deck text over 4096 bytes, not characters', 'POST', '/v1/deck/colors', JSON,
         body_of({'cards': [{'name': '\u00e9' * 2049}]}), 400, None),
        ('deck too many faces', 'POST', '/v1/deck/colors', JSON,
         body_of({'cards': [{'name': 'A', 'card_faces': [{}] * 9}]}), 413, 'faces'),
        ('deck too many cards', 'POST', '/v1/deck/colors', JSON,
         body_of({'cards': [{'name': 'A'}] * 1001}), 413, None),
        # combat
        ('combat defenders missing', 'POST', '/v1/combat/blocks', JSON, body_of({'attackers': []}), 400, None),
        ('combat unknown field', 'POST', '/v1/combat/blocks', JSON,
         body_of({'attackers': [], 'defenders': [], 'mode': 1}), 400, None),
        ('combat toughness 0', 'POST', '/v1/combat/blocks', JSON,
         body_of({'attackers': [[2, 2]], 'defenders': [[1, 4], [0, 0]]}), 400, 'toughness-zero'),
        ('combat neither list nor object', 'POST', '/v1/combat/blocks', JSON,
         body_of({'attackers': [[2, 2, 2]], 'defenders': []}), 400, 'not-a-creature'),
        ('combat power over 1000', 'POST', '/v1/combat/blocks', JSON,
         body_of({'attackers': [[1001, 1]], 'defenders': []}), 400, None),
        ('combat power negative', 'POST', '/v1/combat/blocks', JSON,
         body_of({'attackers': [], 'defenders': [{'power': -1, 'toughness': 1}]}), 400, None),
        ('combat toughness a fraction', 'POST', '/v1/combat/blocks', JSON,
         body_of({'attackers': [[1, 1.5]], 'defenders': []}), 400, None),
        ('combat creature null', 'POST', '/v1/combat/blocks', JSON,
         body_of({'attackers': [None], 'defenders': []}), 400, None),
        ('combat creature of one number', 'POST', '/v1/combat/blocks', JSON,
         body_of({'attackers': [[1]], 'defenders': []}), 400, None),
        ('combat object without toughness', 'POST', '/v1/combat/blocks', JSON,
         body_of({'attackers': [{'power': 1}], 'defenders': []}), 400, None),
        ('combat object unknown key', 'POST', '/v1/combat/blocks', JSON,
         body_of({'attackers': [{'power': 1, 'toughness': 1, 'name': 'Bear'}], 'defenders': []}), 400, None),
        ('combat too many attackers', 'POST', '/v1/combat/blocks', JSON,
         body_of({'attackers': [[1, 1]] * 17, 'defenders': []}), 413, 'combat'),
        ('combat too many defenders', 'POST', '/v1/combat/blocks', JSON,
         body_of({'attackers': [], 'defenders': [[1, 1]] * 17}), 413, None),
        ('combat GET', 'GET', '/v1/combat/blocks', {}, None, 405, None),
        # camelot
        ('camelot five aces', 'POST', '/v1/camelot/solve', JSON, body_of({'deck': 'A' + DEAL[1:4] + 'A' + DEAL[5:]}),
         400, 'fifth-copy'),
        ('camelot 51 cards', 'POST', '/v1/camelot/solve', JSON, body_of({'deck': DEAL[:51]}), 400, None),
        ('camelot 53 cards', 'POST', '/v1/camelot/solve', JSON, body_of({'deck': DEAL + 'K'}), 400, None),
        ('camelot far too long', 'POST', '/v1/camelot/solve', JSON, body_of({'deck': 'A' * 5000}), 400, None),
        ('camelot lower case', 'POST', '/v1/camelot/solve', JSON, body_of({'deck': 'a' + DEAL[1:]}), 400, None),
        ('camelot 10 for 0', 'POST', '/v1/camelot/solve', JSON, body_of({'deck': DEAL.replace('0', '10', 1)[:52]}),
         400, None),
        ('camelot not ASCII', 'POST', '/v1/camelot/solve', JSON, body_of({'deck': DEAL[:51] + '\u00e9'}), 400, None),
        ('camelot deck null', 'POST', '/v1/camelot/solve', JSON, body_of({'deck': None}), 400, None),
        ('camelot deck a list', 'POST', '/v1/camelot/solve', JSON, body_of({'deck': list(DEAL)}), 400, None),
        ('camelot unknown field', 'POST', '/v1/camelot/solve', JSON, body_of({'deck': DEAL, 'seed': 1}), 400, None),
        ('camelot batch missing', 'POST', '/v1/camelot/solve/batch', JSON, b'{}', 400, None),
        ('camelot batch one bad deck', 'POST', '/v1/camelot/solve/batch', JSON, body_of({'decks': [DEAL, 'x']}),
         400, None),
        ('camelot batch too many', 'POST', '/v1/camelot/solve/batch', JSON, body_of({'decks': [DEAL] * 101}),
         413, None),
        ('deck not JSON', 'POST', '/v1/deck/colors', {'Content-Type': 'text/plain'}, b'{"cards":[]}', 415, None),
        ('charset not UTF-8', 'POST', '/v1/mana/solve', {'Content-Type': 'application/json; charset=latin1'},
         body_of(q), 415, None),
        # framing a proxy could read otherwise. The header is spelt 'transfer-encoding' so that
        # check_openapi.py sends it as it is: 'Transfer-Encoding' is the one it
        # takes out, to chunk the body itself.
        ('Content-Length and Transfer-Encoding', 'POST', '/v1/mana/solve',
         dict(JSON, **{'Content-Length': '5', 'transfer-encoding': 'chunked'}), b'0\r\n\r\n', 400,
         'ambiguous-length'),
        ('Content-Length and Transfer-Encoding on a GET', 'GET', '/v1/lands',
         {'Content-Length': '5', 'transfer-encoding': 'chunked'}, b'0\r\n\r\n', 400, None),
        ('unknown transfer coding', 'POST', '/v1/mana/solve', dict(JSON, **{'transfer-encoding': 'gzip, chunked'}),
         b'0\r\n\r\n', 501, 'unknown-transfer-coding'),
        ('unknown transfer coding on a GET', 'GET', '/healthz', {'transfer-encoding': 'gzip'}, b'', 501, None),
        ('encoded slash', 'GET', '/v1%2Flands', {}, None, 404, None),
    ]


# Response examples no request can reproduce: (status, name, content type).
NOT_REPRODUCIBLE = {('500', 'out-of-memory', 'application/problem+json'),  # needs malloc to fail
                    ('422', 'search-budget', 'application/problem+json'),  # no known deal does it
                    ('200', 'excerpt', 'text/plain'),                        # counters change
                    ('503', 'overloaded', 'application/problem+json')}       # tests/http/memory_ceiling.py

# Invalid bodies only the server can tell: land names are checked against the
# catalogue, the land cap is on both lists together, the mana cap on the sum
# (x included), {X} and {2/C} counts, texts in bytes rather than characters,
# four copies of each Camelot card.
SCHEMA_CANNOT_TELL = {'unknown land, no hint', 'too many lands together', 'cost too much mana',
                      'x too large for the cost', '101 {X}', 'two-brid choices over 4096',
                      'deck text over 4096 bytes, not characters', 'camelot five aces',
                      'report bad line', 'report too many cards'}

# 400 answers that have no pointer: the body is not JSON or not an object, or
# the query is refused by the solver, not by a field's check.
NO_POINTER = {'JSON cut short', 'empty body', 'trailing garbage', 'not an object',
              'Content-Length and Transfer-Encoding',
              'Content-Length and Transfer-Encoding on a GET', 'report both forms'}


def shuffled_deal(seed):
    """DEAL shuffled by a fixed seed (random.Random's shuffle is stable
    across Python versions)."""
    cards = list(DEAL)
    random.Random(seed).shuffle(cards)
    return ''.join(cards)


def valid_cases():
    """(label, path, body): valid requests at the edges of the limits, beyond
    the examples; each must get 200 and satisfy the request schema."""
    return [
        ('cost 0, empty plan', '/v1/mana/solve', {'battlefield': [], 'life': 1, 'cost': '0'}),
        ('library null', '/v1/mana/solve', {'battlefield': ['Forest'], 'library': None, 'life': 20, 'cost': 'G'}),
        ('life at the maximum', '/v1/mana/solve', {'battlefield': ['City of Brass'], 'life': 1000000, 'cost': 'W'}),
        ('pain land for colour', '/v1/mana/solve', {'battlefield': ['Battlefield Forge'], 'life': 2, 'cost': 'R'}),
        ('cost of 1024 bytes', '/v1/mana/solve', {'battlefield': ['Forest'], 'life': 20, 'cost': '9' * 1024}),
        ('brace cost at the mana cap', '/v1/mana/solve', {'battlefield': ['Forest'], 'life': 20, 'cost': '{1000000}'}),
        ('empty batch', '/v1/mana/solve/batch', {'queries': []}),
        ('x at the maximum', '/v1/mana/solve', {'battlefield': ['Forest'], 'life': 20, 'cost': '{X}', 'x': 1000000}),
        ('x without {X}', '/v1/mana/solve', {'battlefield': ['Forest'], 'life': 20, 'cost': 'G', 'x': 7}),
        ('x null without {X}', '/v1/mana/solve', {'battlefield': ['Forest'], 'life': 20, 'cost': 'G', 'x': None}),
        ('{0}', '/v1/mana/solve', {'battlefield': [], 'life': 1, 'cost': '{0}'}),
        ('every kind of symbol', '/v1/mana/solve',
         {'battlefield': ['City of Brass'] * 6 + ['Wooded Foothills'], 'library': ['Steam Vents'], 'life': 9,
          'cost': '{1}{W}{C}{X}{U/W}{G/U}{B/P}{R/G/P}{W/B/P}{2/R}{0}', 'x': 1}),
        ('Phyrexian paid only with life', '/v1/mana/solve',
         {'battlefield': [], 'life': 31, 'cost': ''.join('{%s/P}' % c for c in 'WUBRG')
          + ''.join('{%s/P}' % p for p in ('W/U', 'U/B', 'B/R', 'R/G', 'G/W', 'U/W', 'B/W', 'R/U', 'G/B', 'W/R'))}),
        ('batch with x', '/v1/mana/solve/batch',
         {'queries': [{'battlefield': ['Forest'] * 3, 'life': 20, 'cost': '{X}{G/P}', 'x': n} for n in range(5)]}),
        ('deck empty', '/v1/deck/colors', {'cards': []}),
        ('deck nulls and Scryfall fields', '/v1/deck/colors',
         {'cards': [{'name': 'Plains', 'mana_cost': None, 'type_line': 'Basic Land \u2014 Plains', 'oracle_text': None,
                     'card_faces': None, 'count': None, 'zone': None, 'id': '6a6b', 'colors': [], 'prices': {'usd': '0.1'}},
                    {'name': 'Bonecrusher Giant // Stomp', 'count': 10000, 'zone': 'main', 'layout': 'adventure',
                     'card_faces': [{'name': 'Bonecrusher Giant', 'mana_cost': '{2}{R}', 'object': 'card_face'},
                                    {'name': None, 'mana_cost': '{1}{R}', 'oracle_text': 'Damage can\'t be prevented.'}]},
                    {'name': '', 'oracle_text': '{T}: Add {C}{C}.', 'card_faces': [{}] * 8}]}),
        ('deck text of 4096 bytes', '/v1/deck/colors', {'cards': [{'name': 'A', 'oracle_text': 'x' * 4096}]}),
        ('deck of 1000 cards', '/v1/deck/colors',
         {'cards': [{'name': 'Card %d' % i, 'mana_cost': '{W/U}', 'type_line': 'Basic Land \u2014 Swamp'}
                    for i in range(1000)]}),
        ('combat, nobody', '/v1/combat/blocks', {'attackers': [], 'defenders': []}),
        ('camelot, numbers first', '/v1/camelot/solve', {'deck': 'A9A9A9A928282828373737374646464655550000JJJJQQQQKKKK'}),
        ('camelot, faces first', '/v1/camelot/solve', {'deck': 'KKKKQQQQJJJJ55550000A9A9A9A9282828283737373746464646'}),
        ('camelot empty batch', '/v1/camelot/solve/batch', {'decks': []}),
        ('camelot batch of 100', '/v1/camelot/solve/batch',
         {'decks': [shuffled_deal(seed) for seed in range(100)]}),
        ('combat, no defenders', '/v1/combat/blocks', {'attackers': [[0, 1], [1000, 1000]], 'defenders': []}),
        ('combat, the limits', '/v1/combat/blocks',
         {'attackers': [[1000, 1000]], 'defenders': [{'power': 0, 'toughness': 1}] * 15 + [[1000, 1000]]}),
        ('combat, 16 a side', '/v1/combat/blocks', {'attackers': [[1000, 1000]] * 16, 'defenders': [[0, 1]] * 16}),
        ('batch of 200', '/v1/mana/solve/batch',
         {'queries': [{'battlefield': ['Wooded Foothills', 'Forest'], 'library': ['Steam Vents'],
                       'life': 1 + i % 8, 'cost': 'RG'} for i in range(200)]}),
    ]
