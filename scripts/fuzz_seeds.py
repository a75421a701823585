#!/usr/bin/env python3
"""Splits the case corpus into fuzzer seeds, one case per file, so that each fits libFuzzer's length
limit, and copies the data files they read.

  fuzz_seeds.py CORPUS_DIR OUT_DIR

Writes OUT_DIR/seeds/<file id>__<n>.json (a case object, compact) and OUT_DIR/cases/data/<name> for
every `sourcePath` (.npy, .bin), rewritten to "data/<name>": the fuzzer writes its input into
OUT_DIR/cases/, so the seeds' paths resolve inside its folder, as sourcePaths must. `random`
initializers are plain JSON and carry over as they are."""
import json
import os
import shutil
import sys


def rewrite_sources(value, case_dir, data_dir):
    """Copies each sourcePath's file into data_dir and points the path at the copy."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "sourcePath" and isinstance(item, str):
                source = os.path.normpath(os.path.join(case_dir, item))
                if os.path.isfile(source):
                    shutil.copyfile(source, os.path.join(data_dir, os.path.basename(source)))
                    value[key] = "data/" + os.path.basename(source)
            else:
                rewrite_sources(item, case_dir, data_dir)
    elif isinstance(value, list):
        for item in value:
            rewrite_sources(item, case_dir, data_dir)


def main():
    corpus, out = sys.argv[1], sys.argv[2]
    seeds, data = os.path.join(out, "seeds"), os.path.join(out, "cases", "data")
    shutil.rmtree(seeds, ignore_errors=True)
    os.makedirs(seeds)
    os.makedirs(data, exist_ok=True)
    count, largest = 0, 0
    for folder, _, names in sorted(os.walk(corpus)):
        for name in sorted(n for n in names if n.endswith(".json") and n != "schema.json"):
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
            file_id = os.path.relpath(path, corpus)[:-len(".json")].replace(os.sep, "_")
            for n, case in enumerate(document.get("cases", [document])):
                rewrite_sources(case, folder, data)
                text = json.dumps(case, separators=(",", ":"))
                with open(os.path.join(seeds, f"{file_id}__{n}.json"), "w", encoding="utf-8") as f:
                    f.write(text)
                count, largest = count + 1, max(largest, len(text))
    print(f"{count} seeds in {seeds}, the largest {largest} bytes; data files in {data}")


if __name__ == "__main__":
    main()
