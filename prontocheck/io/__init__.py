"""Reading inputs: native JSON Lines and the original PrOntoQA log and JSON formats, streamed.

:func:`read_records` opens a file or ``-`` (standard input), decompresses gzip/bzip2/xz, detects the
format from the content and yields one :class:`Record` or :class:`RecordError` at a time.
"""

import typing

from prontocheck.common import lazy

if typing.TYPE_CHECKING:
    from prontocheck.io.detect import FORMATS, detect_format, read_records
    from prontocheck.io.records import Origin, Record, RecordError

# Imported on first use: the readers import the checker's problems, which the writers (io.writing) do not need.
lazy.export_lazily("prontocheck.io", {
    "prontocheck.io.detect": "FORMATS detect_format read_records",
    "prontocheck.io.records": "Origin Record RecordError",
})

__all__ = ["FORMATS", "Origin", "Record", "RecordError", "detect_format", "read_records"]
