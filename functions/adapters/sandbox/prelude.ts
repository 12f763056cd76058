// adapter: the JavaScript a code run evaluates inside its QuickJS context before the tenant's code. It
// installs `console` (formatting and bounding each line in the sandbox, so only short strings cross to
// the host) and returns `drive`, which calls the tenant's function and answers one string:
//   'R' + the result as JSON text  ·  'E' + what the code threw  ·  'N' + why the result is not JSON
// Built-ins are read once here, before the tenant's code can replace them. Whatever the tenant does to
// them afterwards changes only its own answer, which the host checks again (size, JSON.parse).

/** A function expression: `(hostLog, limits) => drive`. */
export const PRELUDE = String.raw`(function (hostLog, limits) {
  'use strict';
  const stringify = JSON.stringify;
  const isArray = Array.isArray;
  const prototypeOf = Object.getPrototypeOf;
  const ownKeys = Object.keys;
  const objectPrototype = Object.prototype;
  const isFiniteNumber = Number.isFinite;
  const text = String;
  let lines = 0;
  let chars = 0;
  let truncated = false;

  function format(value) {
    if (typeof value === 'string') return value;
    try {
      const json = stringify(value);
      return json === undefined ? text(value) : json;
    } catch (error) {
      return text(value);
    }
  }
  function log() {
    if (lines >= limits.lines || chars >= limits.chars) {
      if (!truncated)
        hostLog('… (console output truncated: ' + limits.lines + ' lines or ' + limits.chars + ' characters)');
      truncated = true;
      return;
    }
    let line = '';
    for (let i = 0; i < arguments.length; i++) line += (i === 0 ? '' : ' ') + format(arguments[i]);
    const room = limits.chars - chars;
    if (line.length > room) line = line.slice(0, room - 1) + '…';
    lines += 1;
    chars += line.length;
    hostLog(line);
  }
  globalThis.console = { log: log, info: log, warn: log, error: log, debug: log };

  function NotJson(path, what) {
    this.message = path + ' ' + what;
  }
  function kindOf(value) {
    const constructor = value.constructor;
    return constructor && typeof constructor.name === 'string' && constructor.name ? constructor.name : 'object';
  }
  function check(value, path, ancestors) {
    if (value !== null && typeof value === 'object' && typeof value.toJSON === 'function') value = value.toJSON();
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return;
      case 'number':
        if (!isFiniteNumber(value)) throw new NotJson(path, 'is ' + value + ', which JSON cannot hold');
        return;
      case 'undefined':
        throw new NotJson(path, 'is undefined (return a value, or null)');
      case 'function':
        throw new NotJson(path, 'is a function');
      case 'bigint':
        throw new NotJson(path, 'is a BigInt (convert it with Number() or String())');
      case 'symbol':
        throw new NotJson(path, 'is a symbol');
    }
    if (value === null) return;
    for (let i = 0; i < ancestors.length; i++)
      if (ancestors[i] === value)
        throw new NotJson(path, 'refers back to ' + (i === 0 ? 'the result' : 'a value that holds it') + ' (a cycle)');
    ancestors.push(value);
    if (isArray(value)) {
      for (let i = 0; i < value.length; i++) check(value[i], path + '[' + i + ']', ancestors);
    } else {
      const prototype = prototypeOf(value);
      if (prototype !== objectPrototype && prototype !== null)
        throw new NotJson(path, 'is a ' + kindOf(value) + ', not a plain object or array' +
          (kindOf(value) === 'Promise' ? ' (code runs synchronously: there is nothing to await)' : ''));
      const keys = ownKeys(value);
      for (let i = 0; i < keys.length; i++) check(value[keys[i]], path + '.' + keys[i], ancestors);
    }
    ancestors.pop();
  }
  function describe(error) {
    let message;
    try {
      message = error instanceof Error ? error.name + ': ' + error.message : 'threw ' + format(error);
      const at = error instanceof Error && typeof error.stack === 'string' ? /code\.js:(\d+)/.exec(error.stack) : null;
      if (at) message += ' (line ' + at[1] + ')';
    } catch (failure) {
      message = 'threw a value that cannot be described';
    }
    return message.length > 2000 ? message.slice(0, 2000) + '…' : message;
  }

  return function drive(code, args) {
    let result;
    try {
      result = code(args.input, args.inputs, args.run);
    } catch (error) {
      return 'E' + describe(error);
    }
    try {
      check(result, 'the result', []);
      return 'R' + stringify(result);
    } catch (error) {
      return error instanceof NotJson ? 'N' + error.message : 'E' + describe(error);
    }
  };
})`;

/**
 * The tenant's source as the body of a function of (input, inputs, run). The header shares the source's
 * first line, so a line number QuickJS reports is the line in the node's source.
 */
export function wrapSource(source: string): string {
  return `(function (input, inputs, run) {${source}\n})`;
}

/** The file name QuickJS gives the tenant's code in stack traces (prelude's `describe` looks for it). */
export const SOURCE_FILE = 'code.js';
