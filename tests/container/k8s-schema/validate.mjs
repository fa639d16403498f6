// Validates Kubernetes objects against the API schemas compiled into the
// kubernetes-models package (offline). Input: a JSON file holding
// [{"file": ..., "doc": {...}}, ...]. Output: one JSON line per object,
// {"file", "apiVersion", "kind", "ok", "error"}. Exit 1 if any is invalid.
// Run by tests/container/check_manifests.py from the directory npm ci used.
import { readFileSync } from "node:fs";

const objects = JSON.parse(readFileSync(process.argv[2], "utf8"));
let invalid = 0;
for (const { file, doc } of objects) {
	const { apiVersion, kind } = doc;
	const result = { file, apiVersion, kind, ok: false };
	try {
		// "v1" is the core group; "apps/v1" is group "apps", version "v1".
		const mod = await import(`kubernetes-models/${apiVersion}/${kind}`);
		const Model = mod[kind] ?? mod.default;
		if (typeof Model !== "function")
			throw new Error(`no model for ${apiVersion} ${kind}`);
		new Model(doc).validate();
		result.ok = true;
	} catch (err) {
		result.error = String(err && err.message ? err.message : err);
	}
	if (!result.ok)
		invalid++;
	console.log(JSON.stringify(result));
}
process.exit(invalid ? 1 : 0);
