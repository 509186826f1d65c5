// Generates the Python package's typed dicts from the engine's API schema (pkg/schema.json, written
// by `cargo run --example api-schema` from the Rust declarations, src/schema.rs), as scripts/types.mjs
// generates the TypeScript from it:
//   bindings/python/python/plagscope/types.py  a TypedDict per object type (options, reports,
//                                              references), a Literal per string enum
// The hand-written stubs of the extension (plagscope/_core.pyi) name these types; the python test
// layer holds the stubs to the module with mypy's stubtest and this file to the schema (--check).
//   node scripts/pytypes.mjs          rewrites types.py
//   node scripts/pytypes.mjs --check  exits 1 if types.py is not what the schema gives
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUT = new URL('../bindings/python/python/plagscope/types.py', import.meta.url);
const KEYWORDS = new Set(('False None True and as assert async await break class continue def del elif else except ' +
  'finally for from global if import in is lambda nonlocal not or pass raise return try while with yield').split(' '));

/** Rust doc comments as one paragraph: lines joined, rustdoc links as code. */
const unwrap = (text = '') => text.replace(/\s*\n\s*/g, ' ').replace(/\[(`[^`]+`)\](\([^)]*\))?/g, '$1').trim();

/** The Python type of a schema node. */
export function pyType(node) {
  if (node.$ref) return node.$ref.replace('#/$defs/', '');
  const union = node.anyOf ?? node.oneOf;
  if (union) {
    if (union.every((part) => 'const' in part)) return `Literal[${union.map((part) => JSON.stringify(part.const)).join(', ')}]`;
    const parts = union.filter((part) => part.type !== 'null').map(pyType);
    const single = parts.length === 1 ? parts[0] : `Union[${parts.join(', ')}]`;
    return union.some((part) => part.type === 'null') ? `Optional[${single}]` : single;
  }
  if (Array.isArray(node.type)) {
    const parts = node.type.filter((type) => type !== 'null').map((type) => pyType({ ...node, type }));
    const single = parts.length === 1 ? parts[0] : `Union[${parts.join(', ')}]`;
    return node.type.includes('null') ? `Optional[${single}]` : single;
  }
  switch (node.type) {
    case 'string': return 'str';
    case 'integer': return 'int';
    case 'number': return 'float';
    case 'boolean': return 'bool';
    case 'null': return 'None';
    case 'array': return `List[${node.items ? pyType(node.items) : 'Any'}]`;
    case 'object': return `Dict[str, ${typeof node.additionalProperties === 'object' ? pyType(node.additionalProperties) : 'Any'}]`;
    default: return 'Any';
  }
}

/** `text`'s words in lines that fit 96 columns after `prefix`. */
function wrap(text, prefix) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && prefix.length + line.length + word.length + 1 > 96) lines.push(line), (line = '');
    line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** A docstring indented by `indent`. */
function docstring(text, indent) {
  const lines = wrap(unwrap(text).replaceAll('\\', '\\\\').replaceAll('"""', '\\"\\"\\"'), `${indent}"""`);
  return lines.length === 1 ? `${indent}"""${lines[0]}"""` : `${indent}"""${lines.join(`\n${indent}`)}\n${indent}"""`;
}

/** `text` as comment lines indented by `indent`, wrapped near 100 columns. */
function comment(text, indent) {
  return wrap(unwrap(text), `${indent}# `).map((line) => `${indent}# ${line}`).join('\n');
}

/** One field of a TypedDict, its doc as comments above it (mypy allows no statement but fields). */
function field(name, property) {
  if (KEYWORDS.has(name) || !/^[A-Za-z_]\w*$/.test(name)) throw new Error(`${name} cannot be a TypedDict class field`);
  const doc = property.description ? `${comment(property.description, '    ')}\n` : '';
  return `${doc}    ${name}: ${pyType(property)}`;
}

/** A class of `fields`, or `pass` for none. */
const classBody = (fields) => (fields.length ? fields.join('\n') : '    pass');

/** The Python of one definition: a TypedDict (required keys in a base of their own), or a Literal. */
export function definition(name, node) {
  if (node.type !== 'object') {
    const line = `${name} = ${pyType(node)}`;
    // A long Literal one member a line, inside its brackets.
    const type = line.length <= 96 ? line : line.replace(/\[(.*)\]$/, (_, members) => `[\n    ${members.split(', ').join(',\n    ')},\n]`);
    return `${type}\n${docstring(node.description ?? name, '')}`;
  }
  const required = new Set(node.required ?? []);
  const entries = Object.entries(node.properties ?? {});
  const needed = entries.filter(([key]) => required.has(key)).map(([key, property]) => field(key, property));
  const optional = entries.filter(([key]) => !required.has(key)).map(([key, property]) => field(key, property));
  const doc = docstring(node.description ?? name, '    ');
  if (!optional.length) return `class ${name}(TypedDict):\n${doc}\n\n${classBody(needed)}`;
  if (!needed.length) return `class ${name}(TypedDict, total=False):\n${doc}\n\n${classBody(optional)}`;
  return `class _${name}Required(TypedDict):\n${classBody(needed)}\n\n\nclass ${name}(_${name}Required, total=False):\n${doc}\n\n${classBody(optional)}`;
}

/** types.py for `schema`. */
export function pythonTypes(schema) {
  const names = Object.keys(schema.$defs).sort();
  return [
    '# Generated by scripts/pytypes.mjs from the Rust declarations (src/schema.rs, through pkg/schema.json): do not edit.',
    '"""The shapes of plagscope\'s options and results: JSON names (camelCase), offsets in UTF-16 code',
    'units of the original text. Options are dicts of these shapes with any key left out (its default',
    'then applies); results have every key a type marks as required."""',
    '',
    'from __future__ import annotations',
    '',
    'from typing import Any, Dict, List, Literal, Optional, TypedDict, Union',
    '',
    '__all__ = [',
    ...names.map((name) => `    ${JSON.stringify(name)},`),
    ']',
    '',
    ...names.map((name) => `\n${definition(name, schema.$defs[name])}\n`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const schema = JSON.parse(readFileSync(new URL('../pkg/schema.json', import.meta.url), 'utf8'));
  const made = pythonTypes(schema);
  if (process.argv.includes('--check')) {
    if (readFileSync(OUT, 'utf8') !== made) {
      console.error('bindings/python/python/plagscope/types.py differs from the Rust declarations: run `node scripts/pytypes.mjs`');
      process.exit(1);
    }
  } else {
    writeFileSync(OUT, made);
    console.log(`bindings/python/python/plagscope/types.py: ${Object.keys(schema.$defs).length} types`);
  }
}
