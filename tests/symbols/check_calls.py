#!/usr/bin/env python3
"""No two files of a room call each other, directly or round a loop.

usage: check_calls.py NM LIBRARY.a...

Each static library is one room (src/<room>). `nm` of its members says
which global symbols each file defines and which it uses; a file uses
another when it uses a symbol the other defines. The rooms' docs say each
file calls only those below it: the graph of uses within a library must
then have no cycle. Fails naming the files of each cycle found.
"""
import subprocess
import sys


def members(nm, lib):
    """{member: (defined, used)} of archive lib."""
    out = subprocess.run([nm, '-A', lib], check=True, capture_output=True, text=True).stdout
    files = {}
    for line in out.splitlines():
        # "LIB.a:MEMBER.o:VALUE TYPE NAME" (no VALUE for an undefined one)
        fields = line.split(':', 2)
        if len(fields) != 3:
            continue
        member, rest = fields[1], fields[2]
        parts = rest.split()
        defined, used = files.setdefault(member, (set(), set()))
        if len(parts) == 3 and parts[1] in 'TDBRV':
            defined.add(parts[2])
        elif len(parts) == 2 and parts[0] == 'U':
            used.add(parts[1])
    return files


def cycles(graph):
    """The strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def main():
    nm, libs = sys.argv[1], sys.argv[2:]
    bad = 0
    for lib in libs:
        files = members(nm, lib)
        owner = {}
        for f, (defined, _) in files.items():
            for s in defined:
                owner.setdefault(s, set()).add(f)
        graph = {f: set() for f in files}
        for f, (_, used) in files.items():
            for s in used:
                graph[f] |= owner.get(s, set()) - {f}
        found = cycles(graph)
        for comp in found:
            print(f'FAIL: {lib}: files that call each other: {", ".join(comp)}')
        if not found:
            print(f'ok: {lib}: {len(files)} files, no circle')
        bad += len(found)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
