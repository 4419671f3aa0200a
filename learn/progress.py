"""The trainers' progress bars: tqdm's on a terminal; in a log (stderr not a terminal),
tqdm's line printed at each tenth of the work, as the tournament's bar does, in place of
the carriage-return frames that tqdm would write there."""
import sys
import time

from tqdm import tqdm


def progress_bar(iterable=None, total=None, desc=None, unit="it", initial=0, disable=False, stream=None):
    """A bar over ``iterable`` (or counting to ``total`` by ``update``) with tqdm's
    ``update``, ``set_postfix`` and ``close``."""
    stream = stream or sys.stderr
    if disable or stream.isatty():
        return tqdm(iterable, total=total, desc=desc, unit=unit, initial=initial, disable=disable, file=stream)
    return LogBar(iterable, total, desc, unit, initial, stream)


class LogBar:
    """tqdm's line, one at each tenth of ``total``, on ``stream``."""

    def __init__(self, iterable, total, desc, unit, initial, stream):
        self.iterable = iterable
        self.total = len(iterable) if total is None else total
        self.n = self.initial = initial
        self.desc, self.unit, self.stream = desc, unit, stream
        self.postfix = None
        self.started = time.monotonic()
        self.tenth = self._tenth()

    def _tenth(self):
        return self.n * 10 // self.total if self.total else 10

    def __iter__(self):
        for item in self.iterable:
            yield item
            self.update()

    def update(self, n=1):
        self.n += n
        if self._tenth() > self.tenth:
            self.tenth = self._tenth()
            print(tqdm.format_meter(self.n, self.total, time.monotonic() - self.started, ncols=100,
                                    prefix=self.desc or "", unit=self.unit, initial=self.initial,
                                    postfix=self.postfix), file=self.stream, flush=True)

    def set_postfix(self, **values):
        self.postfix = ", ".join(f"{key}={value}" for key, value in values.items())

    def close(self):
        pass
