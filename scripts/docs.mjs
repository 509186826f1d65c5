// The README's option tables and its table of error codes, generated from the engine's
// declarations (pkg/schema.json, from src/schema.rs). Each option table sits between
// `<!-- options: TYPE -->` and `<!-- /options -->`, the error codes between `<!-- errors -->`
// and `<!-- /errors -->`.
//   node scripts/docs.mjs          rewrites the tables in README.md
//   node scripts/docs.mjs --check  exits 1 if README.md is not what the declarations give
// tests/js/generated.test.mjs runs the check, so a changed option fails a test until the README
// follows.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const README = new URL('../README.md', import.meta.url);
const MARKER = /(<!-- options: (\w+)(?: (\w+(?:,\w+)*))? -->\n)[\s\S]*?(<!-- \/options -->)/g;
const ERRORS = /(<!-- errors -->\n)[\s\S]*?(<!-- \/errors -->)/;

const refName = (property) => property.$ref?.replace('#/$defs/', '');
const choicesOf = (schema) => schema.enum ?? schema.oneOf?.map((choice) => choice.const) ?? [];
const code = (value) => (value === null ? '`null`' : `\`${JSON.stringify(value)}\``);

/** Rows `[path, default, range, meaning]` of every option of `type`; `collapse` groups stay one row. */
function rows(schema, type, collapse, prefix = '') {
  const out = [];
  for (const [name, property] of Object.entries(schema.$defs[type].properties)) {
    const ref = refName(property);
    const target = ref ? schema.$defs[ref] : property;
    const path = `${prefix}${name}`;
    if (target.type === 'object' && !collapse.includes(ref) && target.properties) {
      out.push(...rows(schema, ref, collapse, `${path}.`));
      continue;
    }
    const range = property.maximum !== undefined ? `${property.minimum}..=${property.maximum}` : choicesOf(target).map(code).join(', ');
    const isDefaultObject = property.default && typeof property.default === 'object' && !Array.isArray(property.default);
    const fallback = isDefaultObject ? `see \`${ref}\`` : code(property.default);
    const meaning = (property.description ?? target.description ?? '').replace(/\s*\n\s*/g, ' ').replace(/\[(`[^`]+`)\](\([^)]*\))?/g, '$1');
    out.push([`\`${path}\``, property.default === undefined ? '' : fallback, range, meaning.replace(/\|/g, '\\|')]);
  }
  return out;
}

/** The Markdown table of `type`'s options. */
export function optionTable(schema, type, collapse = []) {
  const lines = ['| option | default | range | meaning |', '|---|---|---|---|'];
  for (const row of rows(schema, type, collapse)) lines.push(`| ${row.join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}

/** The Markdown table of the engine's error codes, each with what it means. */
export function errorTable(schema) {
  const lines = ['| `code` | meaning |', '|---|---|'];
  for (const choice of schema.$defs.ErrorCode.oneOf) {
    lines.push(`| \`${choice.const}\` | ${choice.description.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|')} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** `readme` with every marked table made anew from `schema`. */
export function withTables(readme, schema) {
  return readme
    .replace(MARKER, (_, open, type, collapse) => `${open}${optionTable(schema, type, collapse?.split(',') ?? [])}${'<!-- /options -->'}`)
    .replace(ERRORS, (_, open, close) => `${open}${errorTable(schema)}${close}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const schema = JSON.parse(readFileSync(new URL('../pkg/schema.json', import.meta.url), 'utf8'));
  const readme = readFileSync(README, 'utf8');
  const made = withTables(readme, schema);
  if (process.argv.includes('--check')) {
    if (made !== readme) {
      console.error('README.md option or error tables differ from the Rust declarations: run `node scripts/docs.mjs`');
      process.exit(1);
    }
  } else if (made !== readme) {
    writeFileSync(README, made);
    console.log('README.md: option and error tables rewritten from pkg/schema.json');
  }
}
