#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus into OUTPUT_DIR: every schema the repository holds, in the input format
FuzzSchema reads (see Fuzz/Sources/FuzzSchema/FuzzInput.swift).

Seeds: each tracked *.yaml / *.yml file alone; each folder of several schema files as one multi-file input
(`#== file` lines); the migration fixtures as current + `#== previous` + previous; the multi-line YAML literals
of Tests/ORMGenCoreTests/*.swift (those without interpolation or escapes); and the kept fuzz regressions.

Usage: python3 Fuzz/collect-seeds.py OUTPUT_DIR   (prints the number of seeds written)
"""
import hashlib
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGRESSIONS = "Tests/ORMGenCoreTests/FuzzRegressions"
# Schema versions the repository upgrades between: (current folder or file, previous folder or file).
MIGRATION_PAIRS = [
    ("Tests/MigrationTests/Fixtures/schema-v2", "Tests/MigrationTests/Fixtures/schema-v1"),
    ("Examples/LibraryApp/schema", "scripts/fixtures/library-app-v1.yaml"),
]


def schema_files():
    """Tracked YAML files (every YAML file outside build folders when this is not a git checkout)."""
    try:
        listed = subprocess.run(["git", "-C", ROOT, "ls-files", "*.yaml", "*.yml"], check=True,
                                capture_output=True, text=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        listed = []
        for folder, dirs, files in os.walk(ROOT):
            dirs[:] = [d for d in dirs if not d.startswith(".build") and d != ".git"]
            listed += [os.path.relpath(os.path.join(folder, f), ROOT) for f in files if f.endswith((".yaml", ".yml"))]
    return sorted(p for p in listed if not p.startswith(REGRESSIONS))


def read(path):
    with open(os.path.join(ROOT, path), "rb") as handle:
        return handle.read()


def files_of(path):
    """A folder's YAML files (sorted), or the file itself."""
    full = os.path.join(ROOT, path)
    if os.path.isdir(full):
        return [os.path.join(path, f) for f in sorted(os.listdir(full)) if f.endswith((".yaml", ".yml"))]
    return [path]


def joined(paths):
    return b"\n#== file\n".join(read(p).rstrip(b"\n") for p in paths) + b"\n"


def swift_yaml_literals(path):
    """Multi-line string literals that look like YAML, dedented as Swift does."""
    text = read(path).decode("utf-8")
    for match in re.finditer(r'"""\n(.*?)\n([ \t]*)"""', text, re.S):
        body, indent = match.group(1), match.group(2)
        if "\\" in body or ":" not in body:
            continue
        lines = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in body.split("\n")]
        yield ("\n".join(lines) + "\n").encode("utf-8")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    output = sys.argv[1]
    os.makedirs(output, exist_ok=True)
    seeds = {}

    def add(name, data):
        digest = hashlib.sha1(data).hexdigest()[:12]
        seeds.setdefault(digest, (re.sub(r"[^A-Za-z0-9.-]+", "_", name) + "-" + digest, data))

    files = schema_files()
    for path in files:
        add(path, read(path))
    folders = sorted({os.path.dirname(p) for p in files})
    for folder in folders:
        members = [p for p in files if os.path.dirname(p) == folder]
        if len(members) > 1:
            add(folder + "-all", joined(members))
    for current, previous in MIGRATION_PAIRS:
        if all(os.path.exists(os.path.join(ROOT, p)) for p in (current, previous)):
            add(current + "-from-previous", joined(files_of(current)) + b"#== previous\n" + joined(files_of(previous)))
    tests = os.path.join(ROOT, "Tests/ORMGenCoreTests")
    for name in sorted(os.listdir(tests)):
        if name.endswith(".swift"):
            for index, literal in enumerate(swift_yaml_literals(os.path.join("Tests/ORMGenCoreTests", name))):
                add("%s-%d" % (name[:-len(".swift")], index), literal)
    regressions = os.path.join(ROOT, REGRESSIONS)
    if os.path.isdir(regressions):
        for name in sorted(os.listdir(regressions)):
            add("regression-" + name, read(os.path.join(REGRESSIONS, name)))

    for name, data in seeds.values():
        with open(os.path.join(output, name), "wb") as handle:
            handle.write(data)
    print(len(seeds))


if __name__ == "__main__":
    main()
