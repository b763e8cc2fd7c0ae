/* libcurl loaded on first use (a measured prototype, Docs/performance.md "What runs before main"; linked only
   by `make release LAZY_CURL=1`). Every curl_* function a static FoundationNetworking calls
   (`nm -D --undefined-only vibes | grep curl_`: 23 with Swift 6.3.1) is a stub here that dlopens libcurl.so.4 the
   first time any of them runs and jumps to the real one. The stubs are hidden (not exported), so the executable's
   own calls bind to them at link time; with libcurl's DT_NEEDED then removed (patchelf, or --as-needed placed
   before the libraries as bench/relink.py can), the loader maps neither libcurl nor its ~30 libraries at start.
   Every one of these functions takes at most 6 integer/pointer arguments and returns an integer or a pointer, so
   one x86-64 SysV signature forwards all of them, the variadic setopt/getinfo included (their one variadic
   argument is a long, a pointer or a curl_off_t). Checked on x86-64 only.
     cc -O2 -fPIC -c bench/lazycurl.c -o /tmp/lazycurl.o
     python3 bench/relink.py --log RELEASE_LOG --product vibes --out /tmp/variants \
       lazycurl="^-Xlinker --as-needed /tmp/lazycurl.o"        */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef long (*curl_any)(long, long, long, long, long, long, ...);
static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    fprintf(stderr, "vibes: cannot load libcurl: %s\n", dlerror());
    abort();
  }
}

static curl_any resolve(const char *name, curl_any *slot) {
  pthread_once(&once, load);
  curl_any found = (curl_any)dlsym(library, name);
  if (!found) {
    fprintf(stderr, "vibes: libcurl has no %s\n", name);
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
