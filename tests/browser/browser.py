"""What the browser suite needs besides its checks: the server, the browser,
waits, small DOM helpers, screenshots and the ok/FAIL report.

Imported by test_playground.py. A missing python3-selenium is reported as a
failure (never a skip) and ends the run.
"""

import http.client
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

HOST = '127.0.0.1'
CHROMIUM = '/usr/bin/chromium'
CHROMEDRIVER = '/usr/bin/chromedriver'
WAIT = 10       # seconds, for anything the page does after a click
PLAY_WAIT = 60  # seconds, for the whole Camelot line to be played
MANA_VERDICTS = ('Castable', 'Not castable')
HERE = os.path.dirname(os.path.abspath(__file__))

CHECKS = [0, 0]


def ok(cond, what, detail=''):
    CHECKS[0 if cond else 1] += 1
    if cond:
        print('ok: ' + what)
    else:
        print('FAIL: ' + what + (': ' + detail if detail else ''))
    sys.stdout.flush()
    return cond


def finish():
    print('%d passed, %d failed' % tuple(CHECKS))
    sys.exit(1 if CHECKS[1] else 0)


try:
    from selenium import webdriver
    from selenium.common.exceptions import (StaleElementReferenceException, TimeoutException,
                                            WebDriverException)
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError as e:  # a missing package is a failure, never a skip
    ok(False, 'python selenium', '%s: install the Debian packages python3-selenium, '
       'chromium and chromium-driver' % e)
    finish()


class Failed(Exception):
    """A check that cannot go on; the section it is in stops there."""


# --------------------------------------------------------------------------
# The server

class Server:
    def __init__(self, binary, cards=None):
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [binary, 'serve', '--host', HOST, '--port', '0', '--drain-seconds', '1']
            + (['--cards', cards] if cards else []),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.log)
        self.port = None
        deadline = time.monotonic() + 15
        while self.port is None and time.monotonic() < deadline and self.proc.poll() is None:
            time.sleep(0.05)
            for line in self.stderr().splitlines():
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                if isinstance(msg, dict) and msg.get('msg') == 'listening':
                    self.port = int(msg['port'])
        if self.port is None:
            self.stop()
            raise Failed('manaflow serve did not print its port; stderr: ' + self.stderr()[-600:])
        while time.monotonic() < deadline:
            try:
                if self.request('GET', '/healthz')[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        raise Failed('/healthz did not answer 200 within 15 s')

    def url(self, path):
        return 'http://%s:%d%s' % (HOST, self.port, path)

    def request(self, method, path, headers=None):
        conn = http.client.HTTPConnection(HOST, self.port, timeout=10)
        try:
            conn.request(method, path, headers=headers or {})
            resp = conn.getresponse()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
        finally:
            conn.close()

    def post_json(self, path, body):
        """POSTs body as JSON: (status, the answer parsed)."""
        conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        try:
            conn.request('POST', path, body=json.dumps(body).encode(),
                         headers={'Content-Type': 'application/json'})
            resp = conn.getresponse()
            return resp.status, json.loads(resp.read().decode())
        finally:
            conn.close()

    def stderr(self):
        self.log.seek(0)
        return self.log.read().decode(errors='replace')

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


# --------------------------------------------------------------------------
# The browser

def start_browser():
    for path, pkg in ((CHROMIUM, 'chromium'), (CHROMEDRIVER, 'chromium-driver')):
        if not os.access(path, os.X_OK):
            raise Failed('%s not found: install the Debian package %s' % (path, pkg))
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ('--headless=new', '--window-size=1440,1000', '--disable-gpu',
                '--disable-dev-shm-usage', '--no-first-run', '--no-default-browser-check',
                '--disable-extensions', '--disable-background-networking'):
        options.add_argument(arg)
    if os.geteuid() == 0:
        options.add_argument('--no-sandbox')
    options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except WebDriverException as e:
        raise Failed('chromedriver could not start chromium: %s' % str(e).strip()[:600])
    driver.set_window_size(1440, 1000)
    driver.set_page_load_timeout(WAIT)
    driver.set_script_timeout(WAIT)
    return driver


def until(driver, what, cond, timeout=WAIT):
    """cond(driver) until it is truthy; a Failed naming `what` after timeout."""
    try:
        # The page rebuilds lists as it goes: an element gone stale is tried again.
        return WebDriverWait(driver, timeout, poll_frequency=0.05,
                             ignored_exceptions=(StaleElementReferenceException,)).until(cond)
    except TimeoutException:
        raise Failed('%s: not within %g s' % (what, timeout))


def verdict_of(driver, css, choices, what):
    """Waits for the text of `css` to be one of `choices`; on a timeout the
    failure says what it was."""
    try:
        return until(driver, what, lambda d: text(one(d, css)) in choices and text(one(d, css)))
    except Failed as e:
        raise Failed('%s (%s says %r; expected one of %s)'
                     % (e, css, text(one(driver, css)), ', '.join(choices)))


def one(driver, css):
    found = driver.find_elements(By.CSS_SELECTOR, css)
    if not found:
        raise Failed('the page has no %s' % css)
    return found[0]


def text(el):
    return (el.text or el.get_attribute('textContent') or '').strip()


def set_value(el, value):
    el.clear()
    if el.get_attribute('value'):  # clear() does not always empty a number input
        el.send_keys(Keys.CONTROL, 'a')
        el.send_keys(Keys.DELETE)
    el.send_keys(value)


def open_page(driver, server, path='/'):
    driver.get(server.url(path))
    until(driver, 'the page at %s shows its four panels' % path,
          lambda d: len(d.find_elements(By.CSS_SELECTOR,
                                        '#panel-mana, #panel-odds, #panel-combat, #panel-camelot')) == 4)


def names_land(li, name):
    """The suggestion is the land's: its text starts with the name (its
    data-land, when it has one, is the name)."""
    if li.get_attribute('data-land') is not None:
        return li.get_attribute('data-land') == name
    label = text(li)
    return label == name or (label.startswith(name) and not label[len(name)].isalnum())


def suggestions(driver, which):
    return driver.find_elements(By.CSS_SELECTOR, 'ul#mana-%s-suggest > li.suggestion' % which)


def suggestion_for(driver, which, typed, name):
    """Types `typed` into the #mana-WHICH-input and waits for the suggestion
    of `name`: (its index among the suggestions, the element)."""
    box = one(driver, '#mana-%s-input' % which)
    set_value(box, typed)

    def found(d):
        for i, li in enumerate(suggestions(d, which)):
            if li.is_displayed() and names_land(li, name) and text(li).startswith(name):
                return i, li
        return None
    return until(driver, 'typing "%s" suggests %s' % (typed, name), found)


def picked(driver, which, name):
    css = 'ul#mana-%s > li.land-item[data-land="%s"]' % (which, name)
    return until(driver, '%s is in #mana-%s' % (name, which),
                 lambda d: d.find_elements(By.CSS_SELECTOR, css))


# --------------------------------------------------------------------------
# 6. Headers

def screenshot(driver, css, shots, name):
    path = os.path.join(shots, name)
    try:
        os.remove(path)
    except OSError:
        pass
    el = one(driver, css)
    # A window as tall as the panel, so that the shot holds all of it (the
    # odds chart sits below the form); then back to the usual size.
    size = driver.get_window_size()
    height = driver.execute_script('return Math.ceil(arguments[0].getBoundingClientRect().height);', el)
    driver.set_window_size(size['width'], max(size['height'], height + 200))
    driver.execute_script('arguments[0].scrollIntoView();', el)
    el.screenshot(path)
    driver.set_window_size(size['width'], size['height'])
    try:
        with open(path, 'rb') as f:
            head = f.read(8)
        size = os.path.getsize(path)
    except OSError:
        head, size = b'', 0
    ok(head == b'\x89PNG\r\n\x1a\n' and size > 1000, 'screenshot %s (%d bytes)' % (path, size))


# --------------------------------------------------------------------------
# 7. The console
