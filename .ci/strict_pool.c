/*
 * Preloaded into `swift test` by `.ci/run strictpool`: Dispatch's thread pools stop growing.
 *
 * On Linux, libdispatch has no kernel workqueue. Once a second its monitor reads
 * /proc/<tid>/stat for each worker thread, and when too few are running it adds a thread. That
 * rescues a program whose threads all wait for work queued behind them, after a pause, and only
 * when the monitor sees them as waiting. Swift's cooperative pool on Apple platforms never
 * grows at all. So a test or an example that blocks a pool thread until other pool work runs
 * may pass on one machine and hang on another.
 *
 * This shim answers every read of a /proc/<number>/stat file with a thread in state R
 * (running). The monitor then never adds a thread, and such a wait hangs on every run, where
 * CI can see it.
 *
 * Upstream: not a bug but libdispatch's design on Linux, the /proc-reading monitor of
 * https://github.com/swiftlang/swift-corelibs-libdispatch/pull/206; the cooperative pool's width
 * on Linux was set in https://github.com/swiftlang/swift/pull/39732, and it still shares those
 * threads. Seen on Swift 6.3.1, Linux (libdispatch of that toolchain). The shim can go when
 * Dispatch on Linux stops adding threads for blocked workers: .ci/strict_pool_probe.swift then
 * reports a pool that stopped growing without LD_PRELOAD.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Whether `path` is /proc/<digits>/stat. */
static int is_thread_stat(const char *path) {
  if (strncmp(path, "/proc/", 6) != 0) return 0;
  const char *cursor = path + 6;
  const char *digits = cursor;
  while (*cursor >= '0' && *cursor <= '9') cursor++;
  return cursor > digits && strcmp(cursor, "/stat") == 0;
}

/* A file whose contents are a stat line of a running thread. The monitor reads only the state,
 * the third field. */
static int running_thread_stat(void) {
  static const char line[] = "1 (worker) R 0\n";
  int descriptor = memfd_create("stat", MFD_CLOEXEC);
  if (descriptor < 0) return -1;
  if (write(descriptor, line, sizeof line - 1) != (ssize_t)(sizeof line - 1)) {
    close(descriptor);
    return -1;
  }
  lseek(descriptor, 0, SEEK_SET);
  return descriptor;
}

/* Whether open's variadic `mode` argument was passed: only with O_CREAT or O_TMPFILE, as
 * glibc's own __OPEN_NEEDS_MODE says; reading it otherwise reads an argument nobody passed. */
static int needs_mode(int flags) {
  return (flags & O_CREAT) != 0 || (flags & O_TMPFILE) == O_TMPFILE;
}

/* The real function is looked up once; threads may race to store the same pointer, so the
 * store and the load are atomic. */
#define PASS_THROUGH(name)                                                        \
  int name(const char *path, int flags, ...) {                                    \
    typedef int (*open_function)(const char *, int, ...);                         \
    static open_function real;                                                    \
    if (is_thread_stat(path)) return running_thread_stat();                       \
    open_function found = __atomic_load_n(&real, __ATOMIC_ACQUIRE);               \
    if (!found) {                                                                 \
      found = (open_function)dlsym(RTLD_NEXT, #name);                             \
      __atomic_store_n(&real, found, __ATOMIC_RELEASE);                           \
    }                                                                             \
    if (!needs_mode(flags)) return found(path, flags);                            \
    va_list arguments;                                                            \
    va_start(arguments, flags);                                                   \
    mode_t mode = va_arg(arguments, mode_t);                                      \
    va_end(arguments);                                                            \
    return found(path, flags, mode);                                              \
  }

PASS_THROUGH(open)
PASS_THROUGH(open64)
