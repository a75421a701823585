#!/usr/bin/env python3
"""Every relative link in README.md and docs/*.md names a file or folder that exists, and every
#anchor names a heading of the Markdown file it points into (GitHub's heading ids).

Usage: check_links.py SOURCE_DIR. Links to other sites (http:, https:, mailto:) are not followed.
Links inside code spans and fenced code blocks are not links and are left alone. Prints one line per
broken link (FILE:LINE: TARGET: why) and exits 1 when there is any, 0 when every link resolves.
"""
import pathlib
import re
import sys

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def outside_fences(text):
    """(line number, line) for each line outside fenced code blocks."""
    fenced = None
    for number, line in enumerate(text.splitlines(), 1):
        fence = FENCE.match(line)
        if fence:
            if fenced is None:
                fenced = fence.group(1)
            elif fence.group(1) == fenced:
                fenced = None
            continue
        if fenced is None:
            yield number, line


def slug(heading):
    """GitHub's id for a heading: lower case, punctuation (backticks too) dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def heading_ids(path, cache={}):
    """The ids of a Markdown file's headings; a repeated heading gets -1, -2, ... as on GitHub."""
    if path not in cache:
        ids, seen = set(), {}
        for _, line in outside_fences(path.read_text(encoding="utf-8")):
            m = HEADING.match(line)
            if m:
                base = slug(m.group(1))
                n = seen.get(base, 0)
                seen[base] = n + 1
                ids.add(base if n == 0 else f"{base}-{n}")
        cache[path] = ids
    return cache[path]


def broken_links(source, page):
    problems = []
    for number, line in outside_fences(page.read_text(encoding="utf-8")):
        prose = CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)
        for m in LINK.finditer(prose):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue
            file_part, _, anchor = target.partition("#")
            where = (page.parent / file_part).resolve() if file_part else page.resolve()
            name = f"{page.relative_to(source)}:{number}: {target}"
            if not where.exists():
                problems.append(f"{name}: no such file or folder")
            elif anchor and where.suffix == ".md" and anchor not in heading_ids(where):
                problems.append(f"{name}: no heading with id '{anchor}' in {where.name}")
    return problems


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    source = pathlib.Path(sys.argv[1]).resolve()
    pages = [source / "README.md"] + sorted((source / "docs").glob("*.md"))
    problems = [p for page in pages for p in broken_links(source, page)]
    for p in problems:
        print(p)
    print(f"{len(pages)} pages, {len(problems)} broken links")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
