#!/usr/bin/env node
// Fills the npm packages of mcp-elicit from built binaries.
//
//   node npm/build.mjs --out DIR [--pack] TRIPLE=PATH [TRIPLE=PATH ...]
//
// Writes DIR/mcp-elicit/ (the launcher package, at the version of
// Cargo.toml, with every platform of npm/platforms.json as an optional
// dependency pinned to that version) and, for each TRIPLE=PATH, the platform
// package DIR/cli-<os>-<cpu>[-<libc>]/ holding the binary at PATH. With
// --pack it runs `npm pack` in each and prints the tarballs' paths, one a
// line, on stdout. Bad input exits with 2 before anything is written.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(HERE);
const USAGE = 'usage: node npm/build.mjs --out DIR [--pack] TRIPLE=PATH [TRIPLE=PATH ...]';

class BadInput extends Error {}

function bad(message) {
  throw new BadInput(message);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    return bad(`cannot read ${file}: ${e.message}`);
  }
}

/** The `version` of the `[package]` table of Cargo.toml. */
function cargoVersion() {
  const manifest = path.join(ROOT, 'Cargo.toml');
  let text;
  try {
    text = fs.readFileSync(manifest, 'utf8');
  } catch (e) {
    return bad(`cannot read ${manifest}: ${e.message}`);
  }
  let inPackage = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inPackage = line === '[package]';
      continue;
    }
    const m = inPackage && /^version\s*=\s*(?:"([^"]*)"|'([^']*)')\s*(?:#.*)?$/.exec(line);
    if (m) {
      const version = m[1] ?? m[2];
      if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.test(version)) {
        bad(`the version in ${manifest} is \`${version}\`, which is not a semantic version`);
      }
      return version;
    }
  }
  return bad(`${manifest} has no \`version = "..."\` in its [package] table`);
}

function parseArgs(argv, platforms) {
  let out = null;
  let pack = false;
  const binaries = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--out') {
      if (i + 1 >= argv.length) {
        bad('`--out` needs a directory');
      }
      out = argv[++i];
    } else if (arg.startsWith('--out=')) {
      out = arg.slice('--out='.length);
    } else if (arg === '--pack') {
      pack = true;
    } else if (arg.startsWith('-')) {
      bad(`unknown option \`${arg}\``);
    } else {
      const eq = arg.indexOf('=');
      if (eq <= 0 || eq === arg.length - 1) {
        bad(`\`${arg}\` is not TRIPLE=PATH`);
      }
      const target = arg.slice(0, eq);
      const file = arg.slice(eq + 1);
      const platform = platforms.find((p) => p.target === target);
      if (!platform) {
        bad(
          `\`${arg}\`: unknown target \`${target}\`; npm/platforms.json has ` +
            platforms.map((p) => p.target).join(', '),
        );
      }
      if (binaries.some((b) => b.platform === platform)) {
        bad(`\`${arg}\`: a binary for ${target} is given twice`);
      }
      let stat = null;
      try {
        stat = fs.statSync(file);
      } catch (e) {
        bad(`\`${arg}\`: no binary at ${file} (${e.code})`);
      }
      if (!stat.isFile()) {
        bad(`\`${arg}\`: ${file} is not a file`);
      }
      binaries.push({ platform, file: path.resolve(file) });
    }
  }
  if (out === null || out === '') {
    bad('`--out DIR` is required');
  }
  if (binaries.length === 0) {
    bad('no TRIPLE=PATH given: name at least one binary');
  }
  return { out: path.resolve(out), pack, binaries };
}

/** The directory of a package under the output directory: its name without the scope. */
function dirName(name) {
  return name.split('/').pop();
}

function writeJson(file, value) {
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

/** Empties (or creates) one package's directory under the output. */
function fresh(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
}

const OS_NAMES = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };

/** The licence texts of the repository, which `files` lists. */
function copyLicences(dir) {
  for (const name of ['LICENSE-MIT', 'LICENSE-APACHE']) {
    fs.copyFileSync(path.join(HERE, '..', name), path.join(dir, name));
  }
}

function mainPackage(out, version, platforms) {
  const source = path.join(HERE, 'mcp-elicit');
  const manifest = readJson(path.join(source, 'package.json'));
  const dir = path.join(out, dirName(manifest.name));
  fresh(dir);
  fs.mkdirSync(path.join(dir, 'bin'));
  const launcher = path.join(dir, 'bin', 'mcp-elicit.js');
  fs.copyFileSync(path.join(source, 'bin', 'mcp-elicit.js'), launcher);
  fs.chmodSync(launcher, 0o755);
  fs.copyFileSync(path.join(source, 'README.md'), path.join(dir, 'README.md'));
  copyLicences(dir);
  // The launcher's list: which package, and which file in it, for each
  // os, cpu and libc.
  writeJson(
    path.join(dir, 'platforms.json'),
    platforms.map(({ package: pkg, os, cpu, libc, bin }) => ({ package: pkg, os, cpu, libc, bin })),
  );
  const optionalDependencies = Object.fromEntries(platforms.map((p) => [p.package, version]));
  const { name, ...rest } = manifest;
  writeJson(path.join(dir, 'package.json'), { name, version, ...rest, optionalDependencies });
  return { dir, manifest };
}

function platformPackage(out, version, main, { platform, file }) {
  const dir = path.join(out, dirName(platform.package));
  fresh(dir);
  fs.mkdirSync(path.join(dir, 'bin'));
  const binary = path.join(dir, 'bin', platform.bin);
  fs.copyFileSync(file, binary);
  fs.chmodSync(binary, 0o755);
  const machine =
    `${OS_NAMES[platform.os] ?? platform.os} ${platform.cpu}` + (platform.libc ? ` (${platform.libc})` : '');
  const manifest = {
    name: platform.package,
    version,
    description: `The mcp-elicit binary for ${machine}`,
    license: main.license,
    repository: main.repository,
    homepage: main.homepage,
    os: [platform.os],
    cpu: [platform.cpu],
    ...(platform.libc ? { libc: [platform.libc] } : {}),
    files: [`bin/${platform.bin}`, 'LICENSE-MIT', 'LICENSE-APACHE'],
    preferUnplugged: true,
  };
  writeJson(path.join(dir, 'package.json'), manifest);
  copyLicences(dir);
  fs.writeFileSync(
    path.join(dir, 'README.md'),
    `# ${platform.package}\n\n` +
      `The \`mcp-elicit\` binary for ${machine} (Rust target \`${platform.target}\`).\n\n` +
      'Do not install this package yourself: install `mcp-elicit`, which has it as an optional\n' +
      'dependency and runs it; npm installs only the platform package that fits the machine.\n',
  );
  return dir;
}

/** Runs `npm pack` in `dir` with the tarball going to `dest`; returns its path. */
function pack(dir, dest) {
  const args = ['pack', '--json', '--pack-destination', dest];
  // npm is a .cmd script on Windows, which only a shell runs; the shell
  // gets one line, so the arguments are quoted.
  const windows = process.platform === 'win32';
  const result = spawnSync('npm', windows ? args.map((a) => `"${a}"`) : args, {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: windows,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) {
    throw new Error(`cannot run npm pack: ${result.error.message}`);
  }
  if (result.status !== 0) {
    throw new Error(`npm pack failed in ${dir} (exit ${result.status}):\n${result.stderr.trim()}`);
  }
  const [info] = JSON.parse(result.stdout);
  const tarball = path.join(dest, info.filename);
  process.stderr.write(
    `packed ${info.name}@${info.version}: ${tarball} (${size(info.size)}, ${size(info.unpackedSize)} unpacked)\n`,
  );
  return tarball;
}

function size(bytes) {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** npm/platforms.json, checked for the fields every entry needs. */
function readPlatforms() {
  const file = path.join(HERE, 'platforms.json');
  const platforms = readJson(file);
  if (!Array.isArray(platforms)) {
    bad(`${file} is not a list`);
  }
  for (const p of platforms) {
    for (const field of ['target', 'package', 'os', 'cpu', 'bin']) {
      if (typeof p[field] !== 'string' || p[field] === '') {
        bad(`${file}: the entry ${JSON.stringify(p)} has no \`${field}\``);
      }
    }
  }
  return platforms;
}

function main() {
  const platforms = readPlatforms();
  const { out, pack: packing, binaries } = parseArgs(process.argv.slice(2), platforms);
  const version = cargoVersion();
  const launcher = mainPackage(out, version, platforms);
  const dirs = [launcher.dir];
  for (const binary of binaries) {
    dirs.push(platformPackage(out, version, launcher.manifest, binary));
  }
  if (packing) {
    for (const dir of dirs) {
      process.stdout.write(pack(dir, out) + '\n');
    }
  } else {
    for (const dir of dirs) {
      process.stderr.write(`wrote ${dir}\n`);
    }
  }
}

try {
  main();
} catch (e) {
  if (e instanceof BadInput) {
    process.stderr.write(`build.mjs: ${e.message}\n${USAGE}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`build.mjs: ${e.message}\n`);
    process.exitCode = 1;
  }
}
