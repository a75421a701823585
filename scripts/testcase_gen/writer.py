"""Deterministic, compact JSON for case files: short values on one line, long arrays wrapped."""

import json

_WIDTH = 110


def _inline(v):
    return json.dumps(v, separators=(", ", ": "), ensure_ascii=False)


def _render(v, indent):
    text = _inline(v)
    pad = "  " * indent
    if len(text) + len(pad) <= _WIDTH or not isinstance(v, (dict, list)) or not v:
        return text
    inner = "  " * (indent + 1)
    if isinstance(v, dict):
        items = [f"{inner}{json.dumps(k)}: {_render(x, indent + 1)}" for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if all(not isinstance(x, (dict, list)) for x in v):
        # A flat array of scalars: wrap it into lines of several elements.
        lines, line = [], ""
        for x in v:
            piece = _inline(x)
            if line and len(inner) + len(line) + len(piece) + 2 > _WIDTH:
                lines.append(line.rstrip())
                line = ""
            line += piece + ", "
        lines.append(line[:-2])
        return "[\n" + "\n".join(inner + l for l in lines) + "\n" + pad + "]"
    return "[\n" + ",\n".join(inner + _render(x, indent + 1) for x in v) + "\n" + pad + "]"


def render_file(cases, schema_path):
    names = [c["name"] for c in cases]
    dupes = {n for n in names if names.count(n) > 1}
    if dupes:
        raise ValueError(f"duplicate case names: {sorted(dupes)}")
    return _render({"$schema": schema_path, "cases": cases}, 0) + "\n"
