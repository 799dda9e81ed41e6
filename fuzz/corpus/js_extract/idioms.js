// Seed for js_extract_fuzz: throw forms, templates, wrappers and recursion.
class ConfigError extends Error {
  constructor(key, detail) {
    super(`config key ${key} is invalid: ${detail}`);
    this.name = 'ConfigError';
  }
}
function fail(msg) { throw new TypeError('widget: ' + msg); }
function again(msg) { return again(msg + '!'); }
function loop(a) { return loop2(a); }
function loop2(a) { return loop(a); }
const PREFIX = 'cannot open';
const SELF = SELF;
function describe(n) { return `${n} items`; }
export function open(path, n) {
  if (!path) fail(`missing path (${describe(n)})`);
  if (n > 3) throw new ConfigError('limit', 'must be at most 3');
  let m = PREFIX + ' ' + path;
  m += ': denied';
  if (n < 0) throw new RangeError(m);
  console.error('warning: %s is slow', path);
  return Promise.reject(new Error(`timed out after ${n}ms`));
}
