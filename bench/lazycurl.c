/* libcurl loaded on first use (Docs/performance.md "What runs before main", Docs/adr/0015): linked by
   `make release` on x86-64 Linux (LAZY_CURL=0 opts out). Every curl_* function a static FoundationNetworking calls
   (`nm -D --undefined-only vibes | grep curl_`: 23 with Swift 6.3.1) is a stub here that dlopens libcurl.so.4 the
   first time any of them runs and jumps to the real one. The stubs are hidden (not exported), so the executable's
   own calls bind to them at link time; with libcurl's DT_NEEDED then removed (patchelf, or --as-needed placed
   before the libraries as bench/relink.py can), the loader maps neither libcurl nor its ~30 libraries at start.
   Every one of these functions takes at most 6 integer/pointer arguments and returns an integer or a pointer, so
   one x86-64 SysV signature forwards all of them, the variadic setopt/getinfo included (their one variadic
   argument is a long, a pointer or a curl_off_t). Checked on x86-64 only.
   LazyCurlTests (Tests/EndToEndTests) compile this file with a C driver (Fixtures/lazycurl-driver.c) that calls
   libcurl through the stubs as FoundationNetworking does, check that every curl_* function the toolchain's
   static FoundationNetworking leaves undefined is defined here, and check the failure path below.
   When libcurl cannot be loaded (or lacks a function), the first network call prints one line naming the library,
   the loader's reason and the remedy on stderr and aborts: FoundationNetworking cannot go on without a handle (it
   `try!`s every curl call), and vibes' crash handler (FatalSignalHandler) restores the terminal on SIGABRT.
   LAZY_CURL_LIBRARY names another library (the tests use a missing one).
     cc -O2 -fPIC -c bench/lazycurl.c -o /tmp/lazycurl.o
     python3 bench/relink.py --log RELEASE_LOG --product vibes --out /tmp/variants \
       lazycurl="^-Xlinker --as-needed /tmp/lazycurl.o"        */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef LAZY_CURL_LIBRARY
#define LAZY_CURL_LIBRARY "libcurl.so.4"
#endif

typedef long (*curl_any)(long, long, long, long, long, long, ...);
static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  library = dlopen(LAZY_CURL_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    fprintf(stderr,
            "vibes: cannot load libcurl for the network (%s); install libcurl 4 "
            "(Debian/Ubuntu: apt-get install libcurl4)\n",
            dlerror());
    abort();
  }
}

static curl_any resolve(const char *name, curl_any *slot) {
  pthread_once(&once, load);
  curl_any found = (curl_any)dlsym(library, name);
  if (!found) {
    fprintf(stderr, "vibes: %s has no %s (libcurl too old?); build with `make release LAZY_CURL=0`\n",
            LAZY_CURL_LIBRARY, name);
    abort();
  }
  __atomic_store_n(slot, found, __ATOMIC_RELEASE);
  return found;
}

#define STUB(name)                                                                  \
  __attribute__((visibility("hidden"))) long name(long a, long b, long c, long d,  \
                                                  long e, long f) {                 \
    static curl_any real;                                                           \
    curl_any target = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                     \
    if (!target) target = resolve(#name, &real);                                    \
    return target(a, b, c, d, e, f);                                                \
  }

STUB(curl_easy_cleanup)
STUB(curl_easy_getinfo)
STUB(curl_easy_init)
STUB(curl_easy_pause)
STUB(curl_easy_setopt)
STUB(curl_easy_strerror)
STUB(curl_free)
STUB(curl_global_init)
STUB(curl_multi_add_handle)
STUB(curl_multi_assign)
STUB(curl_multi_cleanup)
STUB(curl_multi_info_read)
STUB(curl_multi_init)
STUB(curl_multi_remove_handle)
STUB(curl_multi_setopt)
STUB(curl_multi_socket_action)
STUB(curl_slist_append)
STUB(curl_slist_free_all)
STUB(curl_url)
STUB(curl_url_get)
STUB(curl_url_set)
STUB(curl_version)
STUB(curl_version_info)
