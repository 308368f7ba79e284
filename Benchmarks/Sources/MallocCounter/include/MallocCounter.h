#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// Starts counting allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign)
/// in this process, from zero.
void malloc_counter_start(void);

/// Stops counting and returns the number of allocation calls since `malloc_counter_start`.
uint64_t malloc_counter_stop(void);

/// Whether this platform's allocator is replaced (glibc); elsewhere counts stay zero.
int malloc_counter_is_supported(void);

#endif
