"""The server under test and the check of one answer against the spec.

Server starts `manaflow serve --port 0`, reads the port it prints and sends
requests, restarting it after a crash (a failed check); check_answer holds
one answer to the response openapi.yaml lists for its route and status.
Used by check_openapi.py.
"""
import http.client
import json
import signal
import socket
import subprocess
import tempfile
import time

from oas_spec import CHECKS, describe, resolve

HOST = '127.0.0.1'


class Server:
    def __init__(self, binary, args=()):
        self.binary, self.args = binary, list(args)
        self.start()

    def start(self):
        binary, args = self.binary, self.args
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([binary, 'serve', '--host', HOST, '--port', '0'] + list(args),
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self.log)
        self.port = None
        self.version = None
        deadline = time.monotonic() + 15
        while self.port is None and time.monotonic() < deadline and self.proc.poll() is None:
            time.sleep(0.05)
            self.log.seek(0)
            for line in self.log.read().decode(errors='replace').splitlines():
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                if isinstance(msg, dict) and msg.get('msg') == 'listening':
                    self.port = int(msg['port'])
                    self.version = msg.get('version')
        if self.port is None:
            self.stop()
            raise RuntimeError('manaflow serve did not print its port')

    def request(self, method, path, body=None, headers=None, chunked=False):
        """One request on a new connection: (status, lower-cased headers,
        body); (0, {}, b'') after a failed check when the connection broke."""
        conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=headers or {}, encode_chunked=chunked)
            resp = conn.getresponse()
            data = resp.read()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, data
        except (OSError, http.client.HTTPException) as e:
            CHECKS.ok(False, '%s %s: an answer' % (method, path), repr(e))
            self.restart_if_dead('%s %s' % (method, path))
            return 0, {}, b''
        finally:
            conn.close()

    def request_expect_continue(self, path, headers, length):
        """Sends only the headers of a body of `length` bytes, with Expect:
        100-continue, and reads the answer the server gives before the body."""
        with socket.create_connection((HOST, self.port), timeout=30) as s:
            head = 'POST %s HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\nExpect: 100-continue\r\n' % (
                path, HOST, length)
            head += ''.join('%s: %s\r\n' % kv for kv in headers.items()) + '\r\n'
            s.sendall(head.encode())
            resp = http.client.HTTPResponse(s, method='POST')
            resp.begin()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()

    def restart_if_dead(self, what):
        """A crash is a failure; the checks after it get a new server."""
        rc = self.proc.poll()
        if rc is None:
            return
        CHECKS.ok(False, 'the server survives %s' % what, 'exit %d%s; stderr tail: %s' % (
            rc, ' (signal %s)' % signal.Signals(-rc).name if rc < 0 else '',
            '\n'.join(l for l in self.stderr().splitlines() if '"method"' not in l)[-600:]))
        self.start()

    def stop(self, sig=signal.SIGTERM, timeout=20):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            rc = None
        # In a sanitizer build a report does not always change the exit code
        # (UBSan goes on by default): read what the server printed.
        reports = [l for l in self.stderr().splitlines()
                   if 'runtime error:' in l or 'Sanitizer' in l]
        CHECKS.ok(not reports, 'the server printed no sanitizer report', '\n'.join(reports[:5]))
        return rc

    def stderr(self):
        self.log.seek(0)
        return self.log.read().decode(errors='replace')


def media_base(ctype):
    return (ctype or '').split(';')[0].strip().lower()


def check_answer(spec, method, path, status, headers, body, what=None):
    """The answer must be listed for its route and status, with that content
    type, those headers and a body valid against that schema (strictly)."""
    what = what or '%s %s -> %d' % (method, path, status)
    if status == 0:  # no answer: already a failed check
        return None
    r = spec.response(path, method, status)
    if not CHECKS.ok(r is not None, what + ': status listed in the spec'):
        return None
    for name, h in resolve(spec.doc, r.get('headers', {})).items():
        h = resolve(spec.doc, h)
        value = headers.get(name.lower())
        if CHECKS.ok(value is not None or not h.get('required'), what + ': header ' + name):
            if value is not None and 'schema' in h:
                errs = list(spec.validator(h['schema']).iter_errors(value))
                CHECKS.ok(not errs, what + ': header %s: %s valid' % (name, value),
                          '; '.join(e.message for e in errs))
    content = r.get('content', {})
    if not content:
        CHECKS.ok(not body, what + ': no body')
        return None
    ctype = media_base(headers.get('content-type'))
    if method == 'HEAD':
        return None
    if not CHECKS.ok(ctype in content, what + ': content type %s listed' % ctype,
                     'spec lists %s' % ', '.join(content)):
        return None
    if ctype.endswith('json'):
        try:
            value = json.loads(body)
        except ValueError as e:
            CHECKS.ok(False, what + ': body is JSON', str(e))
            return None
    else:
        value = body.decode('utf-8')
    v = spec.validator(content[ctype].get('schema', {}), strict_objects=True)
    errs = list(v.iter_errors(value))
    CHECKS.ok(not errs, what + ': body matches the schema', describe(errs))
    if ctype == 'application/problem+json' and isinstance(value, dict):
        CHECKS.ok(value.get('status') == status, what + ': problem status is the HTTP status')
    return value
