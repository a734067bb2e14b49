// Italian texts write the apostrophe one way, the typographic ’ ("l’attestato", "un’app"), never
// the straight ' of a keyboard: the two side by side on one page read as a slip. This finds the
// Italian texts of the web's catalogues, the domain's and the API's (mails, messages, PDFs) in
// their sources, and names each text that holds a straight one.
// `node scripts/italian-apostrophes.mjs` prints how many of each the texts hold and every text
// with a straight one, and exits 1 if there is one (the test is italian-apostrophes.test.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCES = ['packages/domain/src', 'apps/api/src', 'apps/web/src'];
/**
 * Left out: the migrations, never changed once released (migration 106 writes its FAQ sentences as
 * they were). The CMS's seeded pages (the FAQ, the country tips) are in: a database seeded before
 * they wrote ’ gets it from migration 117, in the pages its administrators left as seeded.
 */
const LEFT_OUT = /^apps\/api\/src\/platform\/db\/migrations\//;

/** Files that hold Italian texts only: the web's `it-IT.ts` and `*.it-IT.ts` catalogues, the domain's `*-it.ts`. */
const isItalianFile = (path) =>
  /[/.]it-IT\.ts$/.test(path) || /^packages\/domain\/src\/.*-it\.ts$/.test(path);

function sourceFiles(root) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) && !LEFT_OUT.test(path))
        found.push(path);
    }
  };
  for (const folder of SOURCES) walk(folder);
  return found;
}

/** `locale === 'it-IT'` (the Italian side is the true one) or `locale !== 'it-IT'` (the false one). */
function italianSide(condition) {
  if (!ts.isBinaryExpression(condition)) return undefined;
  const sides = [condition.left, condition.right];
  if (!sides.some((side) => ts.isStringLiteral(side) && side.text === 'it-IT')) return undefined;
  const operator = condition.operatorToken.kind;
  if (operator === ts.SyntaxKind.EqualsEqualsEqualsToken) return 'true';
  if (operator === ts.SyntaxKind.ExclamationEqualsEqualsToken) return 'false';
  return undefined;
}

/** The parts of a file that are Italian texts: the `'it-IT'` side of a catalogue, an Italian branch. */
function italianParts(file) {
  const declarations = new Map();
  const collect = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      declarations.set(node.name.text, node.initializer);
    ts.forEachChild(node, collect);
  };
  collect(file);
  const parts = [];
  const visit = (node) => {
    if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.name) && node.name.text === 'it-IT') {
      const value = node.initializer;
      parts.push(ts.isIdentifier(value) ? (declarations.get(value.text) ?? value) : value);
    } else if (ts.isConditionalExpression(node) && italianSide(node.condition)) {
      parts.push(italianSide(node.condition) === 'true' ? node.whenTrue : node.whenFalse);
    } else if (ts.isIfStatement(node) && italianSide(node.expression)) {
      const branch = italianSide(node.expression) === 'true' ? node.thenStatement : node.elseStatement;
      if (branch) parts.push(branch);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return parts;
}

/** The words a part holds: its strings and template texts, not the names of keys or modules. */
function textsOf(node, file, texts) {
  const isName =
    node.parent &&
    ((ts.isPropertyAssignment(node.parent) && node.parent.name === node) ||
      ts.isImportDeclaration(node.parent) ||
      ts.isExportDeclaration(node.parent) ||
      ts.isLiteralTypeNode(node.parent));
  const text =
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)
      ? node.text
      : ts.isJsxText(node)
        ? node.text
        : undefined;
  if (text !== undefined && !isName) {
    const start = node.getStart(file);
    texts.push({ line: file.getLineAndCharacterOfPosition(start).line + 1, start, end: node.end, text });
  }
  ts.forEachChild(node, (child) => textsOf(child, file, texts));
}

/** Every Italian text of the sources under `root`, with its file, line and place, once each. */
export function italianTexts(root) {
  const found = new Map();
  for (const path of sourceFiles(root)) {
    const source = readFileSync(join(root, path), 'utf8');
    if (!isItalianFile(path) && !source.includes('it-IT')) continue;
    const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
    const parts = isItalianFile(path) ? [file] : italianParts(file);
    for (const part of parts) {
      const texts = [];
      textsOf(part, file, texts);
      for (const text of texts) found.set(`${path}:${text.start}`, { path, ...text });
    }
  }
  return [...found.values()];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
  const texts = italianTexts(root);
  const count = (mark) => texts.reduce((sum, { text }) => sum + text.split(mark).length - 1, 0);
  console.log(`Italian texts: ${texts.length}; typographic ’: ${count('’')}; straight ': ${count("'")}`);
  const straight = texts.filter(({ text }) => text.includes("'"));
  for (const { path, line, text } of straight)
    console.log(`${relative(root, join(root, path))}:${line}: ${text}`);
  process.exitCode = straight.length > 0 ? 1 : 0;
}
