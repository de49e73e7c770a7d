#!/usr/bin/env node
// Runs the mcp-elicit binary for this machine: the one MCP_ELICIT_BINARY
// names, else the one in the platform package npm installed as an optional
// dependency of this package. Arguments, standard streams, the exit code and
// a terminating signal all pass through.
'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const OVERRIDE = 'MCP_ELICIT_BINARY';
const CARGO_INSTALL =
  'cargo install --locked --git https://github.com/mcp-elicit/mcp-elicit mcp-elicit';

/** Prints an error and sets exit code 2 (the binary could not be run). */
function fail(lines) {
  process.stderr.write('mcp-elicit: ' + lines.join('\n') + '\n');
  process.exitCode = 2;
}

/** The ways to get a binary when none is installed. */
function fixes() {
  return [
    'To fix it, do one of:',
    '  - reinstall without --omit=optional or --no-optional, so that the package is installed;',
    '  - set ' + OVERRIDE + ' to the path of an mcp-elicit binary;',
    '  - build the binary with `' + CARGO_INSTALL + '`',
    '    (it goes to ~/.cargo/bin) and run that.',
  ];
}

/**
 * The C library of this Linux machine, "glibc" or "musl" (the values of the
 * `libc` field of package.json), or null when it cannot be told.
 */
function linuxLibc() {
  let header;
  let sharedObjects;
  try {
    if ('excludeNetwork' in process.report) {
      process.report.excludeNetwork = true;
    }
    const report = process.report.getReport();
    header = report.header;
    sharedObjects = report.sharedObjects;
  } catch (_) {
    header = undefined;
  }
  if (header && header.glibcVersionRuntime) {
    return 'glibc';
  }
  if (
    Array.isArray(sharedObjects) &&
    sharedObjects.some((o) => o.includes('libc.musl-') || o.includes('ld-musl-'))
  ) {
    return 'musl';
  }
  let ldd = '';
  try {
    ldd = fs.readFileSync('/usr/bin/ldd', 'latin1');
  } catch (_) {
    ldd = '';
  }
  if (ldd.includes('musl')) {
    return 'musl';
  }
  if (ldd.includes('GNU C Library') || ldd.includes('GLIBC')) {
    return 'glibc';
  }
  // A report without a glibc runtime is a Node not linked against glibc.
  return header ? 'musl' : null;
}

/** The platforms this package was built for (written by npm/build.mjs). */
function platforms() {
  const file = path.join(__dirname, '..', 'platforms.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    fail([
      'cannot read ' + file + ' (' + e.message + ').',
      'This package is built by npm/build.mjs in the mcp-elicit repository; the source',
      'directory cannot run on its own.',
    ]);
    return null;
  }
}

/** The path of the binary to run, or null after reporting why there is none. */
function binary() {
  const override = process.env[OVERRIDE];
  if (override) {
    let stat;
    try {
      stat = fs.statSync(override);
    } catch (e) {
      stat = null;
    }
    if (!stat || !stat.isFile()) {
      fail([OVERRIDE + ' is set to ' + override + ', which is not a file; unset it or name a binary.']);
      return null;
    }
    return path.resolve(override);
  }

  const list = platforms();
  if (!list) {
    return null;
  }
  const libc = process.platform === 'linux' ? linuxLibc() : null;
  const detected =
    process.platform + ' ' + process.arch + (process.platform === 'linux' ? ', ' + (libc || 'unknown C library') : '');
  // Every package for this OS and CPU, the detected C library first: npm
  // installs the one whose `libc` it detects itself, and on Linux the two
  // ways of telling may disagree.
  const candidates = list
    .filter((p) => p.os === process.platform && p.cpu === process.arch)
    .filter((p) => !(libc === 'musl' && p.libc === 'glibc'))
    .sort((a, b) => (a.libc === libc ? 0 : 1) - (b.libc === libc ? 0 : 1));
  if (candidates.length === 0) {
    fail([
      'there is no prebuilt binary for this machine (' + detected + ').',
      'Set ' + OVERRIDE + ' to the path of an mcp-elicit binary, or build one with',
      '`' + CARGO_INSTALL + '`.',
    ]);
    return null;
  }
  for (const p of candidates) {
    try {
      return require.resolve(p.package + '/bin/' + p.bin);
    } catch (e) {
      if (e.code !== 'MODULE_NOT_FOUND') {
        throw e;
      }
    }
  }
  const wanted = candidates[0].package;
  fail(
    [
      'no binary for this machine (' + detected + '): the package ' + wanted + ' is not installed.',
      'npm installs it as an optional dependency of mcp-elicit, and leaves it out when optional',
      'dependencies are omitted or when it cannot fetch them.',
    ].concat(fixes()),
  );
  return null;
}

function main() {
  const program = binary();
  if (!program) {
    return;
  }
  const result = childProcess.spawnSync(program, process.argv.slice(2), { stdio: 'inherit' });
  if (result.error) {
    fail(['cannot run ' + program + ': ' + result.error.message]);
    return;
  }
  if (result.signal) {
    // End the same way, so that whoever started us sees the signal.
    process.kill(process.pid, result.signal);
    // Still here: the signal is ignored in this process; exit as a shell would.
    process.exit(128 + (os.constants.signals[result.signal] || 0));
  }
  process.exitCode = result.status === null ? 1 : result.status;
}

main();
