// The contract checked by a second, independent validator (Redocly's openapi-core, pinned in package-lock.json):
// the OpenAPI 3.1 structure, and every example against its schema. Exits 1 on any error or warning.
import { createConfig, lint } from "@redocly/openapi-core";

const spec = process.argv[2] ?? "../../openapi.yaml";
const config = await createConfig({
  extends: ["recommended"],
  rules: {
    // Examples document the fields a caller reads; the schemas leave objects open to additions.
    "no-invalid-media-type-examples": { severity: "error", allowAdditionalProperties: true },
    "no-invalid-parameter-examples": { severity: "error", allowAdditionalProperties: true },
    // The operational endpoints (health, readiness, the contract, the docs) answer no client errors of their own.
    "operation-4xx-response": "off",
    // The bare address answers a redirect to /docs/ and nothing else.
    "operation-2xx-response": "off",
  },
});
const problems = await lint({ ref: spec, config });
for (const problem of problems) {
  const where = problem.location.map((location) => location.pointer).join(", ");
  console.log(`${problem.severity} ${problem.ruleId} ${where}: ${problem.message}`);
}
console.log(`${spec}: ${problems.length} problem(s)`);
process.exit(problems.length === 0 ? 0 : 1);
