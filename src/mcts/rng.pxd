# The search RNG: xoshiro256** seeded through splitmix64, carried as a plain struct so that every
# thread and every game function can own one without the GIL. Reference: Blackman and Vigna,
# "Scrambled linear pseudorandom number generators" (2018).
from libc.stdint cimport uint64_t, uint32_t


ctypedef struct Rng:
    uint64_t s0
    uint64_t s1
    uint64_t s2
    uint64_t s3


cdef inline uint64_t splitmix64(uint64_t* x) noexcept nogil:
    x[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline void rng_seed(Rng* r, uint64_t seed) noexcept nogil:
    cdef uint64_t x = seed
    r.s0 = splitmix64(&x)
    r.s1 = splitmix64(&x)
    r.s2 = splitmix64(&x)
    r.s3 = splitmix64(&x)


cdef inline uint64_t rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t rng_next(Rng* r) noexcept nogil:
    cdef uint64_t result = rotl(r.s1 * 5, 7) * 9
    cdef uint64_t t = r.s1 << 17
    r.s2 ^= r.s0
    r.s3 ^= r.s1
    r.s1 ^= r.s2
    r.s0 ^= r.s3
    r.s2 ^= t
    r.s3 = rotl(r.s3, 45)
    return result


cdef inline double rng_uniform(Rng* r) noexcept nogil:
    """A double in [0, 1) with 53 random bits."""
    return <double>(rng_next(r) >> 11) * (1.0 / 9007199254740992.0)


cdef inline uint32_t rng_below(Rng* r, uint32_t n) noexcept nogil:
    """An integer in [0, n), unbiased enough for n far below 2**32 (Lemire's multiply-shift)."""
    return <uint32_t>(((rng_next(r) >> 32) * <uint64_t>n) >> 32)
