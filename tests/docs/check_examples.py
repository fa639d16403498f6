#!/usr/bin/env python3
"""The README's answers are the server's answers.

usage: check_examples.py README.md MANAFLOW CARDS_FILE [DOCS_API_MD]

Starts `MANAFLOW serve --port 0 --cards CARDS_FILE` (with a long request
deadline, so that a sanitized build gives the same answers), sends every curl
example of the README that is followed by a ```json block, and holds the
block to the live answer:

- an object shown with no `...` among its members is shown in full: it must
  have exactly the live object's members (a member the README leaves out
  fails), each value matching;
- an object with `...` among its members shows some of them: each must be
  in the live object and match;
- an array with no `...` must match element for element; with `...`, its
  elements must match live elements in the same order (a subsequence);
- `...` as a value matches any value;
- numbers, strings, booleans and null must be equal.

With DOCS_API_MD, docs/api.md's command-line usage block must also be
`MANAFLOW --help`'s text.
"""
import http.client
import json
import re
import shlex
import subprocess
import sys
import tempfile
import time

CHECKS = [0, 0]
ELLIPSIS = object()  # `...` where a member, an element or a value stands


def ok(cond, what, why=''):
    CHECKS[0 if cond else 1] += 1
    print(('ok: ' if cond else 'FAIL: ') + what + ('' if cond or not why else ': ' + why))


class Shown:
    """The answer a README block shows: JSON with `...` (see above)."""

    def __init__(self, text):
        self.s, self.i = text, 0

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] in ' \t\r\n':
            self.i += 1

    def peek(self, lit):
        self.ws()
        return self.s.startswith(lit, self.i)

    def take(self, lit):
        if not self.peek(lit):
            raise ValueError('expected %r at %d: %r' % (lit, self.i, self.s[self.i:self.i + 30]))
        self.i += len(lit)

    def value(self):
        self.ws()
        if self.peek('...'):
            self.take('...')
            return ELLIPSIS
        c = self.s[self.i]
        if c == '{':
            return self.obj()
        if c == '[':
            return self.arr()
        dec = json.JSONDecoder()
        v, end = dec.raw_decode(self.s, self.i)
        self.i = end
        return v

    def obj(self):
        self.take('{')
        members, partial = {}, False
        if self.peek('}'):
            self.take('}')
            return (members, partial)
        while True:
            if self.peek('...'):
                self.take('...')
                partial = True
            else:
                self.ws()
                key, end = json.JSONDecoder().raw_decode(self.s, self.i)
                self.i = end
                self.take(':')
                members[key] = self.value()
            if self.peek(','):
                self.take(',')
                continue
            self.take('}')
            return (members, partial)

    def arr(self):
        self.take('[')
        items, partial = [], False
        if self.peek(']'):
            self.take(']')
            return [items, partial]
        while True:
            v = self.value()
            if v is ELLIPSIS:
                partial = True
            else:
                items.append(v)
            if self.peek(','):
                self.take(',')
                continue
            self.take(']')
            return [items, partial]

    def parse(self):
        v = self.value()
        self.ws()
        if self.i != len(self.s):
            raise ValueError('text after the answer at %d' % self.i)
        return v


def match(shown, live, where):
    """'' when shown matches live, else why not (at where)."""
    if shown is ELLIPSIS:
        return ''
    if isinstance(shown, tuple):
        members, partial = shown
        if not isinstance(live, dict):
            return '%s: an object is shown, the answer has %s' % (where, json.dumps(live)[:60])
        if not partial:
            left_out = sorted(set(live) - set(members))
            if left_out:
                return '%s: shown in full without %s' % (where, ', '.join(left_out))
        for k, v in members.items():
            if k not in live:
                return '%s: "%s" is not in the answer' % (where, k)
            why = match(v, live[k], '%s/%s' % (where, k))
            if why:
                return why
        return ''
    if isinstance(shown, list):
        items, partial = shown
        if not isinstance(live, list):
            return '%s: an array is shown, the answer has %s' % (where, json.dumps(live)[:60])
        if not partial:
            if len(items) != len(live):
                return '%s: %d elements shown, %d in the answer' % (where, len(items), len(live))
            for k, (a, b) in enumerate(zip(items, live)):
                why = match(a, b, '%s/%d' % (where, k))
                if why:
                    return why
            return ''
        at = 0
        for k, a in enumerate(items):
            while at < len(live) and match(a, live[at], ''):
                at += 1
            if at == len(live):
                near = match(a, live[k], '%s/%d' % (where, k)) if k < len(live) else ''
                return '%s: shown element %d is not in the answer in order%s' % (
                    where, k, ' (against element %d: %s)' % (k, near) if near else '')
            at += 1
        return ''
    if type(shown) is not type(live) and not (isinstance(shown, (int, float)) and
                                             isinstance(live, (int, float)) and
                                             not isinstance(shown, bool) and
                                             not isinstance(live, bool)):
        return '%s: %s shown, %s answered' % (where, json.dumps(shown), json.dumps(live)[:60])
    if shown != live:
        return '%s: %s shown, %s answered' % (where, json.dumps(shown), json.dumps(live)[:60])
    return ''


def examples(readme):
    """(curl command, shown answer) for each ```sh block with one curl
    command that a ```json block follows."""
    out = []
    block = r'((?:(?!```).)*?)'  # a block's text: no fence inside
    for m in re.finditer(r'```sh\n' + block + r'\n```\s*```json\n' + block + r'\n```', readme, re.S):
        cmd = m.group(1).replace('\\\n', ' ')
        starts = [k for k, l in enumerate(cmd.splitlines()) if l.strip().startswith('curl ')]
        if len(starts) == 1:  # the command and the lines its quotes span
            out.append(('\n'.join(cmd.splitlines()[starts[0]:]), m.group(2)))
    return out


def request_of(cmd):
    """(method, path, body) of a curl command line of the README."""
    words = shlex.split(cmd, comments=True)
    path, body = None, None
    for k, w in enumerate(words):
        if w.startswith('localhost:8080'):
            path = w[len('localhost:8080'):] or '/'
        if w in ('-d', '--data') and k + 1 < len(words):
            body = words[k + 1]
    return ('POST' if body is not None else 'GET'), path, body


def serve(binary, cards):
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([binary, 'serve', '--host', '127.0.0.1', '--port', '0', '--cards', cards,
                             # a sanitized build is several times slower: the
                             # deadline, a wall clock, must not cut an answer short
                             '--request-deadline', '600', '--no-access-log'], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
        log.seek(0)
        for line in log.read().decode(errors='replace').splitlines():
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if isinstance(msg, dict) and msg.get('msg') == 'listening':
                return proc, int(msg['port'])
    proc.kill()
    raise RuntimeError('manaflow serve did not print its port')


def check_usage(binary, api_md):
    """docs/api.md's usage block is `manaflow --help`."""
    text = open(api_md, encoding='utf-8').read()
    m = re.search(r'```text\n(usage: manaflow COMMAND.*?)\n```', text, re.S)
    helped = subprocess.run([binary, '--help'], capture_output=True, text=True).stdout.rstrip('\n')
    ok(m is not None and m.group(1).rstrip('\n') == helped,
       'docs/api.md\'s command-line usage is `manaflow --help`',
       'it differs' if m else 'no usage block')


def main():
    readme_path, binary, cards = sys.argv[1:4]
    readme = open(readme_path, encoding='utf-8').read()
    if len(sys.argv) > 4:
        check_usage(binary, sys.argv[4])
    proc, port = serve(binary, cards)
    try:
        pairs = examples(readme)
        ok(len(pairs) >= 10, 'the README shows at least ten answers (%d)' % len(pairs))
        for cmd, shown_text in pairs:
            method, path, body = request_of(cmd)
            what = '%s %s' % (method, path)
            try:
                shown = Shown(shown_text).parse()
            except ValueError as e:
                ok(False, what + ': the answer shown parses', str(e))
                continue
            conn = http.client.HTTPConnection('127.0.0.1', port, timeout=120)
            conn.request(method, path, body=body.encode() if body else None,
                         headers={'Content-Type': 'application/json'} if body else {})
            resp = conn.getresponse()
            data = resp.read()
            conn.close()
            try:
                live = json.loads(data)
            except ValueError:
                ok(False, what + ': a JSON answer', data[:80].decode(errors='replace'))
                continue
            why = match(shown, live, '')
            ok(not why, what + ': the README shows the answer', why)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    print('%d passed, %d failed' % tuple(CHECKS))
    sys.exit(1 if CHECKS[1] else 0)


if __name__ == '__main__':
    main()
