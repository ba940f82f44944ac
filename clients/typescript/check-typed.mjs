// Holds a source file to "the generated types, and nothing forced": with the project's own TypeScript (pinned in
// package-lock.json) and tsconfig.json, it fails on any type assertion (`x as T`, `<T>x`, `as const`), non-null
// assertion (`x!`), `any` written as a type, type predicate (`x is T`, `asserts x`: hand-written narrowing),
// `@ts-ignore`/`@ts-expect-error`/`@ts-nocheck`, and any expression whose type is `any` (what `JSON.parse` or
// `response.json()` answer), so that no value reaches a typed place unchecked.
//
//   node check-typed.mjs src/session-table.ts
import path from "node:path";
import ts from "typescript";

const files = process.argv.slice(2).map((file) => path.resolve(file));
const configPath = ts.findConfigFile(process.cwd(), ts.sys.fileExists, "tsconfig.json");
const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} };
const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, host);
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const checker = program.getTypeChecker();
const problems = [];

function report(source, node, what) {
  const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const where = `${path.relative(process.cwd(), source.fileName)}:${line + 1}:${character + 1}`;
  problems.push(`${where}: ${what}: ${node.getText(source).slice(0, 80)}`);
}

for (const file of files) {
  const source = program.getSourceFile(file);
  if (source === undefined) {
    problems.push(`${file}: not part of the tsconfig.json program`);
    continue;
  }
  for (const directive of source.text.matchAll(/@ts-(ignore|expect-error|nocheck)/g)) {
    problems.push(`${path.relative(process.cwd(), file)}: @ts-${directive[1]} at offset ${directive.index}`);
  }
  // inType: inside a type (its literals and names are types, not values).
  const visit = (node, inType) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return; // module names, not values
    if (ts.isAsExpression(node)) report(source, node, "type assertion (as)");
    else if (ts.isTypeAssertionExpression(node)) report(source, node, "type assertion (<T>)");
    else if (ts.isNonNullExpression(node)) report(source, node, "non-null assertion (!)");
    else if (node.kind === ts.SyntaxKind.AnyKeyword) report(source, node, "the type any");
    else if (ts.isTypePredicateNode(node)) report(source, node, "a hand-written type predicate");
    else if (!inType && ts.isExpression(node) && checker.getTypeAtLocation(node).flags & ts.TypeFlags.Any) {
      report(source, node, "an expression of type any");
      return; // its parts would repeat it
    }
    ts.forEachChild(node, (child) => visit(child, inType || ts.isTypeNode(node)));
  };
  visit(source, false);
}

for (const problem of problems) console.log(problem);
console.log(`${files.map((file) => path.relative(process.cwd(), file)).join(", ")}: ${problems.length} problem(s)`);
process.exit(problems.length === 0 ? 0 : 1);
