"""Short, distinct labels for group names: file paths without the folders and suffix they all share.

``--group-by file`` names groups by their paths, which often share a long prefix
(``/data/runs/model-a/run_1hop.log.gz``, ``/data/runs/model-b/run_1hop.log.gz``): cut to a width, they would all
read alike. :func:`short_labels` keeps what tells them apart.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

MAX_CHARS = 40
"""The longest label; a longer one keeps its start and end around an ellipsis."""


def _common_suffix(names: Sequence[str]) -> str:
    """The longest file suffix (from a dot in the last path component, ``.log.gz``) that every name ends with."""
    first = names[0].rsplit("/", 1)[-1]
    for i, char in enumerate(first):
        if char == "." and i > 0:
            suffix = first[i:]
            if all(n.endswith(suffix) and len(n.rsplit("/", 1)[-1]) > len(suffix) for n in names):
                return suffix
    return ""


def _cut(label: str, width: int) -> str:
    if len(label) <= width:
        return label
    keep = width - 1
    return label[: keep - keep // 2] + "…" + label[len(label) - keep // 2:]


def short_labels(names: Sequence[str], *, width: int = MAX_CHARS) -> dict[str, str]:
    """Each name's label: for paths, without the leading folders and the file suffix all of them share; cut to
    ``width`` characters in the middle; the names themselves wherever that would make two labels alike.

    >>> short_labels(["/d/runs/a/x_1hop.log.gz", "/d/runs/b/x_1hop.log.gz", "/d/runs/b/x_2hop.log.gz"])
    {'/d/runs/a/x_1hop.log.gz': 'a/x_1hop', '/d/runs/b/x_1hop.log.gz': 'b/x_1hop', '/d/runs/b/x_2hop.log.gz': \
'b/x_2hop'}
    >>> short_labels(["model-a", "(none)"])
    {'model-a': 'model-a', '(none)': '(none)'}
    >>> short_labels(["run.jsonl", "/data/other/run.jsonl.gz"])
    {'run.jsonl': 'run.jsonl', '/data/other/run.jsonl.gz': 'run.jsonl.gz'}
    """
    paths = [n for n in names if "/" in n or os.sep in n]
    labels = {n: n for n in names}
    if paths:
        parts = [p.replace(os.sep, "/").split("/") for p in paths]
        shared = 0
        while all(len(p) > shared + 1 for p in parts) and len({p[shared] for p in parts}) == 1:
            shared += 1
        suffix = _common_suffix(paths) if len(paths) > 1 else ""
        for path, p in zip(paths, parts):
            label = "/".join(p[shared:])
            labels[path] = label[: len(label) - len(suffix)] if suffix else label
    labels = {n: _cut(label, width) for n, label in labels.items()}
    if len(set(labels.values())) < len(labels):
        return {n: n for n in names}
    return labels
