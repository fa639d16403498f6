#!/usr/bin/env python3
"""The README keeps its promises.

usage: check_readme.py README.md .ci/run LIST_ROUTES [CI_SCRIPT...]

- It has the two first-run commands, and .ci/run runs the test command
  exactly as the README writes it; so does each CI_SCRIPT (the same
  command on another Debian release), which .ci/run runs.
- Every route of the server's routing table (printed by LIST_ROUTES) has a
  curl example.
- Every relative link points at a file of the repository.
"""
import os
import re
import subprocess
import sys

CHECKS = [0, 0]


def ok(cond, what):
    CHECKS[0 if cond else 1] += 1
    print(('ok: ' if cond else 'FAIL: ') + what)


def sh_block_after(text, heading):
    """The first ```sh block after the line that starts with heading."""
    at = text.find('\n' + heading)
    if at < 0:
        return None
    m = re.search(r'```sh\n(.*?)\n```', text[at:], re.S)
    return m.group(1).strip() if m else None


def main():
    readme_path, ci_path, list_routes = sys.argv[1:4]
    readme = open(readme_path, encoding='utf-8').read()
    ci = open(ci_path, encoding='utf-8').read()
    scripts = {path: open(path, encoding='utf-8').read() for path in sys.argv[4:]}

    run = sh_block_after(readme, 'Run the service')
    test = sh_block_after(readme, 'Run the tests')
    ok(run is not None and 'manaflow serve' in run, 'the README has the command that runs the service')
    ok(test is not None and 'meson test' in test, 'the README has the command that runs the tests')
    if run and test:
        ok('\n' not in run and '\n' not in test, 'each command is one line')
        ok(test in ci.splitlines(), '.ci/run runs the README\'s test command exactly')
        for path, text in scripts.items():
            name = os.path.relpath(path, os.path.dirname(os.path.dirname(os.path.abspath(ci_path))))
            ok(test in text.splitlines(), '%s runs the README\'s test command exactly' % name)
            ok(re.search(r'(?m)^[^#\n]*' + re.escape(name) + r'(?![\w.])', ci) is not None,
               '.ci/run runs %s' % name)
        ok('check ' not in run + ' ' and 'npm' not in run,
           'the run command installs no test package')
        called = re.compile(r'(^|[;&|{(]\s*)sudo\s')
        ok(not called.search(run) and not called.search(test),
           'neither command runs sudo by name (a root machine may have none)')

    routes = subprocess.run([list_routes], check=True, capture_output=True,
                            text=True).stdout.split('\n')
    curls = [line for line in readme.splitlines() if line.lstrip().startswith('curl ')]
    for line in filter(None, routes):
        method, path = line.split(' ', 1)
        pat = re.compile(r'localhost:8080' + re.escape(path) + r'(?=[\s\'"]|$)')
        ok(any(pat.search(c) for c in curls), 'a curl example for %s %s' % (method, path))

    base = os.path.dirname(os.path.abspath(readme_path))
    for target in re.findall(r'\]\(([^)#:]+)(?:#[^)]*)?\)', readme):
        ok(os.path.exists(os.path.join(base, target)), 'link %s exists' % target)
    outside = re.findall(r'(?:\]\(|`|\s)(\.\./[^)`\s]*)', readme)
    ok(not outside, 'the README points at nothing outside the repository'
       + (': ' + ', '.join(outside) if outside else ''))

    print('%d passed, %d failed' % tuple(CHECKS))
    sys.exit(1 if CHECKS[1] else 0)


if __name__ == '__main__':
    main()
