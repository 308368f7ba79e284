#ifndef CALLGRIND_CONTROL_H
#define CALLGRIND_CONTROL_H

/// Switches callgrind's instrumentation on (valgrind --tool=callgrind --instr-atstart=no): from here on instructions
/// are counted. Does nothing outside callgrind, or when the build had no valgrind/callgrind.h.
void callgrind_start_counting(void);

/// Switches callgrind's instrumentation off again: what follows runs at valgrind's uninstrumented speed and is not
/// counted.
void callgrind_stop_counting(void);

/// 1 when the build had valgrind/callgrind.h (the two calls above work under callgrind), 0 otherwise.
int callgrind_control_is_available(void);

#endif
