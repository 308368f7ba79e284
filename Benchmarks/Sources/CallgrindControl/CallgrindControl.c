#include "CallgrindControl.h"

// callgrind's client requests are a special instruction sequence (a no-op outside valgrind), only spelled as C macros.
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>

void callgrind_start_counting(void) { CALLGRIND_START_INSTRUMENTATION; }
void callgrind_stop_counting(void) { CALLGRIND_STOP_INSTRUMENTATION; }
int callgrind_control_is_available(void) { return 1; }
#else
void callgrind_start_counting(void) {}
void callgrind_stop_counting(void) {}
int callgrind_control_is_available(void) { return 0; }
#endif
