#!/usr/bin/env python3
"""The ecosystem check: mcp-elicit on published MCP servers, as their authors
would meet it.

Each package of packages.tsv (npm, PyPI and crates.io servers that send
elicitations, at pinned versions) is downloaded into target/ecosystem/ the
first time, and every file pre-commit's `--all-files` would hand the hook
(the hook's `types_or`, chosen by extension or, for executables, by
shebang) is linted in one run of the binary, as the hook lints them.

What it says is compared with judgements.tsv, our reading of every finding
(true or false, and why; `at` is LINE:COLUMN) and of the defects it does not
report (missed; `at` is the LINE a finding belongs on):

- a finding judged false, a finding nobody has judged yet, a finding in a
  file that sends no elicitation, or a tool error fails the check;
- a true finding that is gone, or a missed one that is now found, is a
  change to read and record;
- precision and recall are printed per language, and how many of the
  files known to elicit the linter found an elicitation in.

  python3 tests/ecosystem/check.py                  # build, provision, check
  python3 tests/ecosystem/check.py --binary PATH    # another build
  python3 tests/ecosystem/check.py --only NAME      # one package
  python3 tests/ecosystem/check.py --unjudged F     # write what needs judging to F

Third-party code is downloaded at run time into target/ and never committed.
"""

import argparse
import collections
import concurrent.futures
import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
STORE = ROOT / "target" / "ecosystem"

# pre-commit's file classifier (identify) for the hook's types_or:
# [json, ts, tsx, javascript, jsx, python, go, rust, c#, java, kotlin].
EXTENSIONS = {
    ".json": "json",
    ".ts": "ts", ".mts": "ts", ".cts": "ts",
    ".tsx": "tsx",
    ".js": "javascript", ".mjs": "javascript", ".cjs": "javascript",
    ".jsx": "jsx",
    ".py": "python",
    ".go": "go",
    ".rs": "rust",
    ".cs": "c#",
    ".java": "java",
    ".kt": "kotlin", ".kts": "kotlin",
}
INTERPRETERS = {"node": "javascript", "nodejs": "javascript", "python": "python",
                "python3": "python", "python2": "python"}


def read_tsv(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        header = None
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cells = line.split("\t")
            if header is None:
                header = cells
                continue
            if len(cells) != len(header):
                sys.exit(f"{path}:{n}: {len(cells)} cells, the header has {len(header)}")
            rows.append(dict(zip(header, cells), _line=n))
    return rows


def key(p):
    return f"{p['registry']}:{p['name']}@{p['version']}"


def folder(p):
    safe = p["name"].replace("@", "").replace("/", "__")
    return STORE / p["registry"] / f"{safe}-{p['version']}"


def run(cmd, cwd=None):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {r.returncode}: {r.stderr.strip()[-600:]}")
    return r.stdout


def unpack_tar(archive, into, strip):
    with tarfile.open(archive) as t:
        for m in t.getmembers():
            parts = Path(m.name).parts
            if len(parts) <= strip or not (m.isfile() or m.isdir()):
                continue
            rel = Path(*parts[strip:])
            if rel.is_absolute() or ".." in rel.parts:
                continue
            target = into / rel
            if m.isdir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            with t.extractfile(m) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
            if m.mode & 0o111:
                target.chmod(target.stat().st_mode | stat.S_IXUSR)


def unpack_zip(archive, into):
    with zipfile.ZipFile(archive) as z:
        for info in z.infolist():
            rel = Path(info.filename)
            if info.is_dir() or rel.is_absolute() or ".." in rel.parts:
                continue
            target = into / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            with z.open(info) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)


def provision(p):
    """Downloads and unpacks one package, once."""
    dest = folder(p)
    if (dest / ".mcp-elicit-complete").exists():
        return dest
    if dest.exists():
        shutil.rmtree(dest)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        unpacked = tmp / "unpacked"
        unpacked.mkdir()
        if p["registry"] == "npm":
            out = run(["npm", "pack", f"{p['name']}@{p['version']}", "--silent",
                       "--pack-destination", str(tmp)], cwd=tmp)
            unpack_tar(tmp / out.strip().splitlines()[-1], unpacked, strip=1)
        elif p["registry"] == "pypi":
            run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                 "--disable-pip-version-check", "--ignore-requires-python",
                 "--only-binary", ":all:",
                 f"{p['name']}=={p['version']}", "-d", str(tmp)])
            wheel = next(tmp.glob("*.whl"))
            unpack_zip(wheel, unpacked)
        elif p["registry"] == "crates":
            crate = tmp / "crate.tar.gz"
            fetch_crate(p, tmp, crate)
            unpack_tar(crate, unpacked, strip=1)
        else:
            raise RuntimeError(f"unknown registry {p['registry']}")
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(unpacked), dest)
    (dest / ".mcp-elicit-complete").write_text("")
    return dest


def fetch_crate(p, tmp, crate):
    """A crate's source as cargo downloads it: the .crate file from
    crates.io's static host, checked against the checksum crates.io's
    sparse index records for that version."""
    name, version = p["name"].lower(), p["version"]
    if len(name) <= 2:
        prefix = str(len(name))
    elif len(name) == 3:
        prefix = f"3/{name[0]}"
    else:
        prefix = f"{name[:2]}/{name[2:4]}"
    index = fetch(f"https://index.crates.io/{prefix}/{name}").decode()
    entries = [json.loads(line) for line in index.splitlines() if line.strip()]
    entry = next((e for e in entries if e["vers"] == version), None)
    if entry is None:
        raise RuntimeError(f"crates.io's index has no {name} {version}")
    body = fetch(f"https://static.crates.io/crates/{name}/{name}-{version}.crate")
    if hashlib.sha256(body).hexdigest() != entry["cksum"]:
        raise RuntimeError(f"{name}-{version}.crate does not match the index's checksum")
    crate.write_bytes(body)


def fetch(url):
    with urllib.request.urlopen(url, timeout=60) as r:
        return r.read()


def hook_files(root):
    """What `pre-commit run --all-files` hands the hook in this tree."""
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if name == ".mcp-elicit-complete" or path.is_symlink():
                continue
            tag = EXTENSIONS.get(path.suffix)
            if tag is None and "." not in name and os.access(path, os.X_OK):
                tag = shebang_tag(path)
            if tag is not None:
                files.append(path.relative_to(root).as_posix())
    return files


def shebang_tag(path):
    try:
        with open(path, "rb") as f:
            first = f.readline(200)
    except OSError:
        return None
    if not first.startswith(b"#!"):
        return None
    words = first[2:].decode("utf-8", "replace").split()
    if words and words[0].endswith("/env"):
        words = [w for w in words[1:] if not w.startswith("-")]
    return INTERPRETERS.get(Path(words[0]).name) if words else None


def lint(binary, root, files, extra=()):
    """Every diagnostic of one run over `files`, and the elicitations found
    in source (`--show-source`)."""
    diagnostics, sources = [], []
    for i in range(0, len(files), 2000):
        chunk = files[i:i + 2000]
        r = subprocess.run([binary, "lint", "--format", "json", "--quiet", *extra, *chunk],
                           cwd=root, capture_output=True, text=True)
        if r.returncode not in (0, 1):
            raise RuntimeError(f"lint exited {r.returncode}: {r.stderr.strip()[-800:]}")
        diagnostics += json.loads(r.stdout)["diagnostics"]
        r = subprocess.run([binary, "lint", "--show-source", *chunk],
                           cwd=root, capture_output=True, text=True)
        if r.returncode not in (0, 1):
            raise RuntimeError(f"lint --show-source exited {r.returncode}: {r.stderr.strip()[-800:]}")
        sources += [json.loads(line) for line in r.stdout.splitlines() if line.strip()]
    return diagnostics, sources


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", help="the mcp-elicit to check [default: cargo build, target/debug]")
    ap.add_argument("--only", action="append", default=[], help="check only this package (name)")
    ap.add_argument("--unjudged", help="write the findings nobody has judged to this TSV")
    ap.add_argument("--jobs", type=int, default=4, help="downloads at once")
    ap.add_argument("--show-unknown", action="store_true",
                    help="lint with --show-unknown, and compare the N006 notes too")
    args = ap.parse_args()

    packages = read_tsv(HERE / "packages.tsv")
    if args.only:
        packages = [p for p in packages if p["name"] in args.only]
        if not packages:
            sys.exit(f"no package named {args.only} in packages.tsv")
    judged = {}
    for j in read_tsv(HERE / "judgements.tsv"):
        if j["verdict"] not in ("true", "false", "missed"):
            sys.exit(f"judgements.tsv:{j['_line']}: verdict `{j['verdict']}` is not true, false or missed")
        # N006 says what is known only at run time: shown, and judged,
        # with --show-unknown only (the hook's default run counts it).
        if j["code"] == "N006" and not args.show_unknown:
            continue
        judged[(j["package"], j["file"], j["at"], j["code"])] = j

    binary = args.binary
    if binary is None:
        run(["cargo", "build", "--locked", "--quiet"], cwd=ROOT)
        binary = str(ROOT / "target" / "debug" / "mcp-elicit")
    binary = str(Path(binary).resolve())

    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {key(p): pool.submit(provision, p) for p in packages}
    problems = []
    for k, f in futures.items():
        if f.exception() is not None:
            problems.append(f"{k}: cannot be provisioned: {f.exception()}")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        sys.exit(2)
    provisioned = time.monotonic() - started

    stats = collections.defaultdict(collections.Counter)
    seen = set()
    failures, changes, unjudged = [], [], []
    lint_seconds = 0.0
    for p in packages:
        k, lang = key(p), p["language"]
        root = folder(p)
        files = hook_files(root)
        eliciting = set(filter(None, p["files"].split(",")))
        t = time.monotonic()
        try:
            diagnostics, sources = lint(binary, root, files,
                                        ["--show-unknown"] if args.show_unknown else [])
        except RuntimeError as e:
            failures.append((k, f"{k}: {e}"))
            continue
        lint_seconds += time.monotonic() - t
        s = stats[lang]
        s["packages"] += 1
        s["files"] += len(files)
        s["eliciting files"] += len(eliciting)
        s["eliciting files read"] += len(eliciting & {x["path"] for x in sources})
        s["elicitations"] += len(sources)
        for d in diagnostics:
            at = f"{d['line']}:{d['column']}"
            where = f"{k} {d['path']}:{at}: {d['severity']}[{d['code']}] {d['message']}"
            s["findings"] += 1
            if d["path"] not in eliciting:
                failures.append((k, f"in a file that sends no elicitation: {where}"))
                s["false"] += 1
                continue
            j = judged.get((k, d["path"], at, d["code"])) or judged.get(
                (k, d["path"], str(d["line"]), d["code"]))
            if j is None:
                failures.append((k, f"not judged yet: {where}"))
                unjudged.append((k, d["path"], at, d["code"], d["severity"], d["message"]))
                continue
            seen.add((k, d["path"], j["at"], d["code"]))
            if j["verdict"] == "true":
                s["true"] += 1
            elif j["verdict"] == "false":
                s["false"] += 1
                failures.append((k, f"false ({j['why']}): {where}"))
            else:
                s["true"] += 1
                changes.append(f"now found, judged missed ({j['why']}); record it as true: {where}")
    for (k, path, at, code), j in judged.items():
        if not any(key(p) == k for p in packages) or (k, path, at, code) in seen:
            continue
        lang = next(p["language"] for p in packages if key(p) == k)
        if j["verdict"] in ("true", "missed"):
            stats[lang]["missed"] += 1
        if j["verdict"] == "true":
            changes.append(f"no longer found, judged true ({j['why']}): {k} {path}:{at} {code}")
        elif j["verdict"] == "false":
            changes.append(f"no longer found, judged false (good): {k} {path}:{at} {code}")

    print(f"{'language':10} {'pkgs':>4} {'files':>6} {'elicit':>6} {'found':>6} "
          f"{'finds':>6} {'true':>5} {'false':>5} {'missed':>6} {'precision':>9} {'recall':>6}")
    total = collections.Counter()
    for lang in sorted(stats):
        total.update(stats[lang])
    for lang, s in sorted(stats.items()) + [("all", total)]:
        judged_n = s["true"] + s["false"]
        precision = f"{s['true'] / judged_n:.2f}" if judged_n else "-"
        recall = (f"{s['true'] / (s['true'] + s['missed']):.2f}"
                  if s["true"] + s["missed"] else "-")
        print(f"{lang:10} {s['packages']:>4} {s['files']:>6} "
              f"{s['eliciting files']:>6} {s['eliciting files read']:>6} {s['findings']:>6} "
              f"{s['true']:>5} {s['false']:>5} {s['missed']:>6} {precision:>9} {recall:>6}")
    print("(elicit: files known to send an elicitation; found: those the linter found one in)")
    print(f"provisioned in {provisioned:.1f} s; linted {total['files']} files in {lint_seconds:.1f} s")
    for c in changes:
        print(f"changed: {c}")
    if args.unjudged and unjudged:
        with open(args.unjudged, "w", encoding="utf-8") as f:
            f.write("package\tfile\tat\tcode\tseverity\tmessage\n")
            for row in unjudged:
                f.write("\t".join(row) + "\n")
    for _, f in failures:
        print(f"FAIL {f}")
    bad = len({k for k, _ in failures})
    print(f"ecosystem: {len(packages) - bad} passed, {bad} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
