"""A Python reproduction of the case format's {"random": {"seed", "min", "max"}} initializer, written from
the definition in app/case/random.h (SplitMix64 bits, then per-type mapping to [min, max]). Cases whose
expected values are computed from these arrays cross-check the C++ generator: any difference in the
bits, the mapping or the rounding shows up as a failing case.
"""

import numpy as np

from .common import DTYPES, is_float, scalar

_MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & _MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)


def _draw(bits, dt, lo, hi):
    if dt == "FLOAT64":
        u = (bits.next() >> 11) * 2.0**-53
        return lo + u * (hi - lo)
    if is_float(dt):
        u = (bits.next() >> 40) * 2.0**-24
        return lo + u * (hi - lo)  # a double; the caller rounds it once to the element type
    span = (hi - lo + 1) & _MASK
    draw = bits.next()
    if span == 0:  # the whole 64-bit range: the raw bits, wrapping
        v = (lo + draw) & _MASK
        return v - (1 << 64) if lo < 0 and v >= 1 << 63 else v  # lo < 0: a signed type
    threshold = ((1 << 64) - span) % span
    while draw < threshold:
        draw = bits.next()
    return lo + draw % span


def random_values(dt, shape, seed, lo, hi):
    """The logical tensor the initializer gives: elements drawn in row-major order of `shape`."""
    bits = SplitMix64(seed)
    n = int(np.prod(shape, dtype=np.int64))
    if is_float(dt):
        lo, hi = float(lo), float(hi)
        vals = [_draw(bits, dt, lo, hi) for _ in range(n)]
        return np.array(vals, dtype=np.float64).astype(DTYPES[dt]).reshape(shape)
    vals = [_draw(bits, dt, int(lo), int(hi)) for _ in range(n)]
    return np.array(vals, dtype=object).astype(DTYPES[dt]).reshape(shape)


def random_init(dt, seed, lo, hi):
    """The initializer object for random_values(dt, shape, seed, lo, hi)."""
    return {"random": {"seed": seed, "min": scalar(lo, dt), "max": scalar(hi, dt)}}


def self_check():
    """The values tests/app/case/random_test.cpp pins, so a slip here is caught before any case is written."""
    bits = SplitMix64(0)
    assert [bits.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert random_values("FLOAT64", [1], 0, -1.0, 1.0)[0] == 0.7666216164272852
    assert random_values("FLOAT32", [1], 0, 0, 8)[0] == np.float32(7.066486358642578)
    assert list(random_values("INT32", [3], 0, -5, 4)) == [0, -5, 4]
    assert list(random_values("UINT8", [4], 7, 0, 255)) == [215, 28, 2, 203]
    assert int(random_values("UINT64", [1], 0, 0, 2**64 - 1)[0]) == 0xE220A8397B1DCDAF
