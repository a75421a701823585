#!/usr/bin/env python3
"""Hostile and large case files cost memory linear in their size (issue 15).

  loader_limits.py TOOL [--large]

Generates each file in a temporary folder, runs `TOOL validate FILE`, and checks the named error (or
success) and the child's peak resident memory: under 256 MiB for files nested 100,000 levels deep,
under 2 x the file's size + 64 MiB for large files of plain content (--large: a 200 MiB file of
newlines and one of 35 million numbers; about a minute, so ctest runs only the rest). `list` and
`validate` refuse a file over --max-file-size by name, as `run` does."""
import os
import resource
import subprocess
import sys
import tempfile

tool = sys.argv[1]
DEPTH = 100_000
MIB = 1024 * 1024
failed = False


def case(inputs='[1]', tags='[]'):
    return ('{"name": "c", "tags": %s, "operator": {"type": "JOIN", "desc": {"Axis": 3,\n'
            ' "InputTensors": [{"DataType": "FLOAT32", "Sizes": [1, 1, 1, 1]}],\n'
            ' "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 1, 1]}}},\n'
            ' "inputs": {"InputTensors": [%s]}}' % (tags, inputs))


def run(name, path, limit_mib, expect_rc, expect_text, command=('validate',)):
    global failed
    r = subprocess.run(['python3', '-c', 'import resource,subprocess,sys;'
                        'p=subprocess.run(sys.argv[1:],capture_output=True,text=True);'
                        'print(p.returncode);print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss);'
                        'print(p.stdout+p.stderr)', tool, *command, path], capture_output=True, text=True)
    rc, peak_kib, output = r.stdout.split('\n', 2)
    peak = int(peak_kib) / 1024
    ok = int(rc) == expect_rc and expect_text in output and peak <= limit_mib
    print(f"{'ok  ' if ok else 'FAIL'} {name}: exit {rc}, peak {peak:.0f} MiB (limit {limit_mib:.0f} MiB)")
    if not ok:
        print(output[-2000:])
        failed = True


with tempfile.TemporaryDirectory() as tmp:
    deep = {
        'deep_arrays': '[' * DEPTH + ']' * DEPTH,
        'deep_objects': '{"a":' * DEPTH + '1' + '}' * DEPTH,
        'deep_tags': case(tags='[' * DEPTH + ']' * DEPTH),
        'deep_initializer': case(inputs='[' * DEPTH + ']' * DEPTH),
        'deep_unclosed': '[' * DEPTH,
    }
    for name, text in deep.items():
        path = os.path.join(tmp, name + '.json')
        with open(path, 'w') as f:
            f.write(text)
        run(name, path, 256, 1, f"{path}:")
        run(name + ' (message)', path, 256, 1, "nesting deeper than 256 levels")

    small = os.path.join(tmp, 'small.json')
    with open(small, 'w') as f:
        f.write(case())
    for command in ('list', 'validate'):
        run(f'{command} --max-file-size 64', small, 64, 1, 'over --max-file-size 64 bytes',
            (command, '--max-file-size', '64'))
    run('list --max-file-size 1x', small, 64, 2, "--max-file-size", ('list', '--max-file-size', '1x'))

    if '--large' not in sys.argv:
        sys.exit(1 if failed else 0)
    newlines = os.path.join(tmp, 'newlines.json')
    with open(newlines, 'w') as f:
        f.write(case())
        f.write('\n' * (200 * MIB))
    run('200 MiB of newlines', newlines, 2 * os.path.getsize(newlines) / MIB + 64, 0, '0 invalid')

    count = 200 * MIB // 6
    values = os.path.join(tmp, 'values.json')
    with open(values, 'w') as f:
        f.write(case(inputs='[' + ', '.join(['0.125'] * count) + ']').replace('1, 1, 1, 1', f'1, 1, 1, {count}'))
    run(f'one input of {count} values', values, 2 * os.path.getsize(values) / MIB + 64, 0, '0 invalid')

sys.exit(1 if failed else 0)
