// The CLI's option flags, made from the engine's declarations (pkg/schema.js, generated from
// src/schema.rs): every number, yes/no and choice option of CheckerOptions, CheckOptions and
// PairsOptions, nested groups included, is a flag named after it (`align.minWords` is
// `--min-words`), with its doc, default and range in the help. A new option in Rust is a new flag
// here with no edit.
import schema from '../../pkg/schema.js';
import { t } from '../words/i18n.js';

/** Which command each options type serves. */
const COMMANDS = {
  CheckerOptions: ['check', 'pairs', 'index'],
  CheckOptions: ['check'],
  PairsOptions: ['pairs'],
};

const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const refName = (property) => property.$ref?.replace('#/$defs/', '');

/** The flag of every scalar option reachable from `type`, with its path from `root`. */
function collect(api, root, type, path, flags) {
  for (const [name, property] of Object.entries(api.$defs[type].properties)) {
    const ref = refName(property);
    const target = ref ? api.$defs[ref] : property;
    if (target.type === 'object') {
      collect(api, root, ref, [...path, name], flags);
      continue;
    }
    const choices = target.enum ?? target.oneOf?.map((choice) => choice.const);
    const kind = choices ? 'choice' : [target.type].flat().find((t) => t !== 'null');
    if (!['boolean', 'integer', 'number', 'choice'].includes(kind)) continue; // lists and metadata
    const flag = kebab(name);
    const known = flags.get(flag);
    if (known && known.path.join('.') !== [...path, name].join('.')) {
      throw new Error(`two options make the flag --${flag}: ${known.path.join('.')} and ${[...path, name].join('.')}`);
    }
    const entry = known ?? {
      flag,
      path: [...path, name],
      kind,
      choices,
      default: property.default,
      min: target.minimum,
      max: property.maximum ?? target.maximum,
      description: property.description ?? target.description ?? '',
      types: [],
    };
    if (kind !== 'choice') entry.min = property.minimum;
    entry.types.push(root);
    flags.set(flag, entry);
  }
}

/** Every option flag: `{ flag, path, kind, default, min, max, choices, description, types }`. */
export function optionFlags(api = schema) {
  const flags = new Map();
  for (const type of Object.keys(COMMANDS)) collect(api, type, type, [], flags);
  return [...flags.values()];
}

/** parseArgs' declarations of the flags (`--no-NAME` too for yes/no options). */
export function parseArgsOptions(flags = optionFlags()) {
  const options = {};
  for (const { flag, kind } of flags) {
    options[flag] = { type: kind === 'boolean' ? 'boolean' : 'string' };
    if (kind === 'boolean') options[`no-${flag}`] = { type: 'boolean' };
  }
  return options;
}

/**
 * The help lines of the flags, one option a line: name, argument, first sentence (the engine's own
 * doc, in English), default and range (in the catalogue's words).
 */
export function flagHelp(flags = optionFlags()) {
  const argument = { integer: ' N', number: ' X', choice: ' NAME', boolean: '' };
  return flags.map((f) => {
    const name = f.kind === 'boolean' ? `--[no-]${f.flag}` : `--${f.flag}${argument[f.kind]}`;
    const sentence = f.description.replace(/\s+/g, ' ').split(/(?<=[.;:])\s/)[0].replace(/[.;:]$/, '');
    const facts = [
      f.kind === 'boolean' ? t(f.default ? 'cli.on' : 'cli.off') : t('cli.default', { value: f.default ?? t('cli.none') }),
      f.max !== undefined ? `${f.min}..${f.max}` : f.choices ? f.choices.join(' | ') : null,
      f.types.includes('CheckerOptions') ? null : t('cli.only', { commands: f.types.map((type) => COMMANDS[type]).flat().join(', ') }),
    ].filter(Boolean);
    return `  ${name.padEnd(30)} ${sentence} ${t('cli.facts', { facts: facts.join(t('near.separator')) })}`;
  });
}

/** A flag's value checked against its declaration; throws `makeError(message)` when it is not. */
function parseValue(flag, raw, makeError) {
  if (flag.kind === 'choice') {
    if (!flag.choices.includes(raw)) throw makeError(`--${flag.flag} must be one of ${flag.choices.join(', ')}, got ${raw}`);
    return raw;
  }
  const n = Number(raw);
  const integer = flag.kind === 'integer';
  if (raw === '' || !Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < flag.min || n > flag.max) {
    throw makeError(`--${flag.flag} must be ${integer ? 'an integer' : 'a number'} in ${flag.min}..${flag.max}, got ${raw}`);
  }
  return n;
}

/**
 * The engine options the parsed flags `values` give for `command`: `{ checker, check, pairs }`,
 * each holding only what was given. A flag that does not serve `command` is refused.
 */
export function optionsFromFlags(values, command, makeError = (m) => new Error(m), flags = optionFlags()) {
  const out = { checker: {}, check: {}, pairs: {} };
  const key = { CheckerOptions: 'checker', CheckOptions: 'check', PairsOptions: 'pairs' };
  for (const flag of flags) {
    const given = values[flag.flag] !== undefined ? values[flag.flag] : values[`no-${flag.flag}`] ? false : undefined;
    if (given === undefined) continue;
    const types = flag.types.filter((type) => COMMANDS[type].includes(command));
    if (!types.length) throw makeError(`--${flag.flag} does not apply to ${command}`);
    const value = flag.kind === 'boolean' ? given : parseValue(flag, given, makeError);
    for (const type of types) {
      let target = out[key[type]];
      for (const part of flag.path.slice(0, -1)) target = target[part] ??= {};
      target[flag.path.at(-1)] = value;
    }
  }
  return out;
}

/** A mistake in how the CLI was called: exit code 2 and a pointer to --help. */
export class UsageError extends Error {}

/**
 * Whether `error` is a mistake in how the CLI was called (exit 2, "see plagscope --help") rather
 * than a failure (exit 1): the CLI's own usage errors, Node's argument parser's, and an option the
 * engine refused (its code PLAGSCOPE_INVALID_OPTION: the options are the user's flags). By code,
 * never by wording.
 */
export function isUsageError(error) {
  return error instanceof UsageError || Boolean(error?.code?.startsWith?.('ERR_PARSE_ARGS')) || error?.code === 'PLAGSCOPE_INVALID_OPTION';
}
