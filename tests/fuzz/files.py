r"""Generated input files: real records in JSON Lines, original logs and whole-file JSON, mixed and damaged,
compressed (gzip, bzip2, xz) and truncated; and what a reader must report of them.

The expectation is computed from the bytes with the documented rules, not with the readers' code: text
is UTF-8 (an invalid byte is U+FFFD, a leading byte-order mark dropped), line ends are ``\r\n``, ``\r``
or ``\n``, a truncated compressed stream holds what its decompressor can give up to the break.

>>> import random
>>> f = make_file(random.Random(1), ['{"output": "x"}'], ['Q: a\nPredicted answer: b\nExpected answer: c\nn: 1\n'])
>>> isinstance(f.data, bytes) and f.kind in KINDS
True
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from tests.fuzz.mutate import MARKUP, Chooser, chance, mutate_bytes, mutate_text

KINDS = ("native", "log", "json", "mixed")
COMPRESSIONS = ("none", "gzip", "bzip2", "xz", "zstd", "zip")
_MAGIC = {"zstd": b"\x28\xb5\x2f\xfd", "zip": b"PK\x03\x04"}
_LINE_END = re.compile(r"\r\n|\r|\n")
JUNK_LINES = ("", "   ", "oops", "{", "}", "[1, 2]", "null", '"text"', '{"output": 5}', "{}", "\x00\x00",
              '{"context": "Fae is a cat.", "query": "Prove: Fae is a cat."}', "A:", "Expected answer: True",
              "n: 3, (beta prior) mean: 0.5", "n: x", "Predicted answer:", "Q: ", "\ufeff", "\x1c", "\u2028")


@dataclass(frozen=True)
class InputFile:
    """A generated file: its bytes, how it was made, and the text a reader can recover from it.

    Attributes:
        data: the file's bytes.
        kind: ``native``, ``log``, ``json`` (whole-file) or ``mixed`` (native and log lines).
        compression: one of :data:`COMPRESSIONS`.
        truncated: the compressed stream was cut short.
    """

    data: bytes
    kind: str
    compression: str
    truncated: bool

    def recoverable(self) -> tuple[str, bool]:
        """The text a reader can get, and whether the stream is whole (not cut, not refused)."""
        raw, whole = self.data, True
        if self.compression in ("zstd", "zip"):
            return "", False
        if self.compression != "none":
            decompressor = {"gzip": lambda: zlib.decompressobj(wbits=31), "bzip2": bz2.BZ2Decompressor,
                            "xz": lzma.LZMADecompressor}[self.compression]()
            try:
                raw = decompressor.decompress(self.data)
                whole = bool(decompressor.eof)
            except (OSError, EOFError, zlib.error, lzma.LZMAError, ValueError):
                raw, whole = b"", False
        text = raw.decode("utf-8", errors="replace")
        return text.removeprefix("\ufeff"), whole

    def lines(self) -> tuple[list[str], bool]:
        """The recoverable lines (line ends normalised) that are complete, and whether the stream is whole.

        A last line without a line end is complete only in a whole stream.
        """
        text, whole = self.recoverable()
        parts = _LINE_END.split(text)
        last = parts.pop()
        if whole and last:
            parts.append(last)
        return parts, whole


def _encode(text: str) -> bytes:
    return text.encode("utf-8", errors="surrogatepass")


def _native_lines(c: Chooser, native: Sequence[str], k: int) -> list[str]:
    lines = []
    for _ in range(k):
        line = c.choice(native)
        if chance(c, 0.3):
            line = _mutate_json(line, c, native)
        lines.append(line)
    return lines


def _mutate_json(line: str, c: Chooser, pool: Sequence[str]) -> str:
    """Mutate a record: its text as written (often breaking the JSON), or a string value inside it."""
    if chance(c, 0.5):
        return mutate_text(line, c, pool)
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):
        return line
    keys = [k for k, v in obj.items() if isinstance(v, str)] if isinstance(obj, dict) else []
    if not keys:
        return line
    key = c.choice(keys)
    obj[key] = mutate_text(obj[key], c, [v for v in obj.values() if isinstance(v, str)])
    if chance(c, 0.2):
        obj[c.choice(keys)] = c.choice((None, 5, [], {}, True, ["a", 1], {"x": [[[]]]}, ""))
    return json.dumps(obj, ensure_ascii=bool(c.randint(0, 1)))


def _log_text(c: Chooser, blocks: Sequence[str], k: int) -> list[str]:
    lines: list[str] = []
    for _ in range(k):
        block = c.choice(blocks)
        if chance(c, 0.3):
            block = mutate_text(block, c, blocks)
        lines += block.split("\n")
    return lines


def _json_text(c: Chooser, native: Sequence[str], k: int) -> str:
    """A whole-file original JSON: ``{"example1": {"test_example": {...}}, ...}`` from real records."""
    examples = {}
    for i in range(1, k + 1):
        rec = json.loads(c.choice(native))
        test = {"question": rec.get("context", ""), "query": rec.get("query", ""),
                "chain_of_thought": rec.get("gold_cot") or [], "answer": str(rec.get("gold_label", "True")),
                "model_output": rec.get("output", "")}
        if chance(c, 0.3):
            test["model_output"] = mutate_text(str(test["model_output"]), c, native)
        examples[f"example{i}"] = {"in_context_example0": {}, "test_example": test}
    text = json.dumps(examples, indent=c.choice((None, 1, 2)))
    return mutate_text(text, c, native) if chance(c, 0.15) else text


def make_file(c: Chooser, native: Sequence[str], blocks: Sequence[str]) -> InputFile:
    """A file of 1 to 8 real records, maybe mixed with another format or junk, damaged, compressed, truncated."""
    kind = c.choice(KINDS)
    k = c.randint(1, 8)
    if kind == "json":
        text = _json_text(c, native, k)
    else:
        lines = _native_lines(c, native, k) if kind == "native" else _log_text(c, blocks, k)
        if kind == "mixed":
            others = _native_lines(c, native, c.randint(1, 4))
            for line in others:
                lines.insert(c.randint(0, len(lines)), line)
        for _ in range(c.randint(0, 2) if chance(c, 0.3) else 0):
            lines.insert(c.randint(0, len(lines)), c.choice(JUNK_LINES + MARKUP))
        text = c.choice(("\n", "\n", "\r\n", "\r")).join(lines)
        if c.randint(0, 1):
            text += "\n"
    data = ("\ufeff" if chance(c, 0.05) else "") + text
    raw = _encode(data)
    if chance(c, 0.15):
        raw = mutate_bytes(raw, c)
    compression = c.choice(COMPRESSIONS[:4]) if chance(c, 0.45) else "none"
    if chance(c, 0.02):
        compression = c.choice(COMPRESSIONS[4:])
    truncated = False
    if compression in _MAGIC:
        raw = _MAGIC[compression] + raw
    elif compression != "none":
        raw = gzip.compress(raw, mtime=0) if compression == "gzip" else \
            {"bzip2": bz2.compress, "xz": lzma.compress}[compression](raw)
        if chance(c, 0.35):
            raw, truncated = raw[: c.randint(0, len(raw) - 1)], True
    return InputFile(raw, kind, compression, truncated)
