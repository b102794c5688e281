"""Reading inputs: native JSON Lines and the original PrOntoQA log and JSON formats, streamed.

:func:`read_records` opens a file or ``-`` (standard input), decompresses gzip/bzip2/xz, detects the
format from the content and yields one :class:`Record` or :class:`RecordError` at a time.
"""

from prontocheck.io.detect import FORMATS, detect_format, read_records
from prontocheck.io.records import Origin, Record, RecordError

__all__ = ["FORMATS", "Origin", "Record", "RecordError", "detect_format", "read_records"]
