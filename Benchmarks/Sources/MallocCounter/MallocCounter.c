// Counts heap allocations by replacing malloc & co. in the executable, as the glibc manual allows
// ("Replacing malloc"): a definition in the main program wins over libc's for every shared library,
// Swift's runtime included. Each replacement forwards to glibc's own entry points (__libc_*), so the
// allocator is unchanged; counting costs one predictable branch when off.
#include "MallocCounter.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static volatile int counting = 0;
static uint64_t allocations = 0;

static inline void count(void) {
    if (counting) {
        __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    }
}

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
        return EINVAL;
    }
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void malloc_counter_start(void) {
    __atomic_store_n(&allocations, 0, __ATOMIC_RELAXED);
    counting = 1;
}

uint64_t malloc_counter_stop(void) {
    counting = 0;
    return __atomic_load_n(&allocations, __ATOMIC_RELAXED);
}

int malloc_counter_is_supported(void) {
    return 1;
}

#else

void malloc_counter_start(void) {}

uint64_t malloc_counter_stop(void) {
    return 0;
}

int malloc_counter_is_supported(void) {
    return 0;
}

#endif
