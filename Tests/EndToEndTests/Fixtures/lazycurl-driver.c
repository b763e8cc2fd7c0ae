/* Calls libcurl through bench/lazycurl.c's stubs the way FoundationNetworking's URLSession does (LazyCurlTests):
   the multi interface driven by socket and timer callbacks (curl_multi_socket_action), easy handles configured
   with long, pointer, callback and curl_off_t options, curl_easy_getinfo with long, pointer and curl_off_t
   results, the URL API, slists, pause, strerror. Linked WITHOUT -lcurl: every curl_* call goes through a stub.
     driver BASE_URL     (a loopback FakeImageHost: /cover.jpg answers the cover, /huge.jpg 40 MB)
   Prints what it saw, one fact per line, for the test to check; exits 0 when the requests ran at all. */
#include <curl/curl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Whether any mapping of the process is a libcurl (the loader maps it by name). */
static int libcurl_mapped(void) {
  FILE *maps = fopen("/proc/self/maps", "r");
  if (!maps) return -1;
  char line[4096];
  int found = 0;
  while (fgets(line, sizeof line, maps))
    if (strstr(line, "/libcurl")) found = 1;
  fclose(maps);
  return found;
}

struct body {
  char data[65536];
  size_t length;
};

static size_t on_write(char *data, size_t size, size_t count, void *user) {
  struct body *body = user;
  size_t bytes = size * count;
  size_t room = sizeof body->data - 1 - body->length;
  size_t kept = bytes < room ? bytes : room;
  memcpy(body->data + body->length, data, kept);
  body->length += kept;
  body->data[body->length] = 0;
  return bytes;
}

#define MAX_SOCKETS 16
static struct pollfd watched[MAX_SOCKETS];
static int watched_count;
static long timer_ms = -1;
static int socket_calls, timer_calls, assigned_seen;
static int socket_tag = 42;

static int on_socket(CURL *easy, curl_socket_t fd, int what, void *user, void *assigned) {
  (void)easy;
  CURLM *multi = *(CURLM **)user;
  socket_calls++;
  if (assigned == &socket_tag) assigned_seen++;
  int index = -1;
  for (int i = 0; i < watched_count; i++)
    if (watched[i].fd == fd) index = i;
  if (what == CURL_POLL_REMOVE) {
    if (index >= 0) watched[index] = watched[--watched_count];
    return 0;
  }
  if (index < 0) {
    if (watched_count == MAX_SOCKETS) return -1;
    index = watched_count++;
    watched[index].fd = fd;
    curl_multi_assign(multi, fd, &socket_tag);
  }
  watched[index].events = (short)(((what & CURL_POLL_IN) ? POLLIN : 0) | ((what & CURL_POLL_OUT) ? POLLOUT : 0));
  return 0;
}

static int on_timer(CURLM *multi, long timeout_ms, void *user) {
  (void)multi;
  (void)user;
  timer_calls++;
  timer_ms = timeout_ms;
  return 0;
}

static CURL *request(const char *url, curl_off_t max_size, struct body *body, const char *name,
                     struct curl_slist *headers) {
  CURL *easy = curl_easy_init();
  if (!easy) return NULL;
  curl_easy_setopt(easy, CURLOPT_URL, url);                          /* pointer */
  curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);                      /* long */
  curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, 20000L);
  curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_write);           /* callback */
  curl_easy_setopt(easy, CURLOPT_WRITEDATA, body);
  curl_easy_setopt(easy, CURLOPT_PRIVATE, (void *)name);
  curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(easy, CURLOPT_MAXFILESIZE_LARGE, max_size);       /* curl_off_t */
  curl_easy_setopt(easy, CURLOPT_PROXY, "");                         /* no proxy from the environment */
  return easy;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s BASE_URL\n", argv[0]);
    return 2;
  }
  printf("mapped before: %s\n", libcurl_mapped() == 0 ? "no" : "yes");
  fflush(stdout);

  curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
  printf("version: %s\n", info && info->version ? info->version : "?");
  printf("version string: %s\n", strncmp(curl_version(), "libcurl/", 8) == 0 ? "libcurl" : "other");
  if (curl_global_init(CURL_GLOBAL_ALL) != CURLE_OK) {
    printf("global init failed\n");
    return 1;
  }
  printf("strerror: %s\n", curl_easy_strerror(CURLE_FILESIZE_EXCEEDED));

  /* The URL API, as URLSession checks a request's URL. */
  CURLU *parsed = curl_url();
  char *cover_url = NULL, *host = NULL;
  char joined[1024];
  snprintf(joined, sizeof joined, "%s/cover.jpg", argv[1]);
  curl_url_set(parsed, CURLUPART_URL, joined, 0);
  curl_url_get(parsed, CURLUPART_URL, &cover_url, 0);
  curl_url_get(parsed, CURLUPART_HOST, &host, 0);
  printf("url host: %s\n", host ? host : "?");
  char huge_url[1024];
  snprintf(huge_url, sizeof huge_url, "%s/huge.jpg", argv[1]);

  CURLM *multi = curl_multi_init();
  curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, on_socket);
  curl_multi_setopt(multi, CURLMOPT_SOCKETDATA, &multi);
  curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, on_timer);
  curl_multi_setopt(multi, CURLMOPT_TIMERDATA, NULL);
  curl_multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 4L);

  struct curl_slist *headers = curl_slist_append(NULL, "Accept: */*");
  headers = curl_slist_append(headers, "X-Lazy-Curl: 1");
  static struct body cover_body, huge_body;
  /* The cover fits under its limit; /huge.jpg (40 MB announced) must hit its 1,000-byte curl_off_t limit. */
  CURL *cover = request(cover_url, (curl_off_t)1 << 20, &cover_body, "cover", headers);
  CURL *huge = request(huge_url, (curl_off_t)1000, &huge_body, "huge", headers);
  curl_free(cover_url);
  curl_free(host); /* no curl_url_cleanup: FoundationNetworking never calls it, so lazycurl.c has no stub */
  curl_multi_add_handle(multi, cover);
  curl_multi_add_handle(multi, huge);
  curl_easy_pause(cover, CURLPAUSE_CONT);

  int running = 0, done = 0;
  curl_multi_socket_action(multi, CURL_SOCKET_TIMEOUT, 0, &running);
  time_t deadline = time(NULL) + 30;
  while (done < 2 && time(NULL) < deadline) {
    int wait = timer_ms < 0 || timer_ms > 200 ? 200 : (int)timer_ms;
    int ready = poll(watched, (nfds_t)watched_count, wait);
    if (ready <= 0) {
      curl_multi_socket_action(multi, CURL_SOCKET_TIMEOUT, 0, &running);
    } else {
      struct pollfd now[MAX_SOCKETS];
      int count = watched_count;
      memcpy(now, watched, sizeof now);
      for (int i = 0; i < count; i++) {
        if (!now[i].revents) continue;
        int mask = ((now[i].revents & POLLIN) ? CURL_CSELECT_IN : 0) |
                   ((now[i].revents & POLLOUT) ? CURL_CSELECT_OUT : 0) |
                   ((now[i].revents & (POLLERR | POLLHUP)) ? CURL_CSELECT_ERR : 0);
        curl_multi_socket_action(multi, now[i].fd, mask, &running);
      }
    }
    CURLMsg *message;
    int left;
    while ((message = curl_multi_info_read(multi, &left))) {
      if (message->msg != CURLMSG_DONE) continue;
      CURL *easy = message->easy_handle;
      const char *name = NULL;
      long status = 0;
      curl_off_t downloaded = -1;
      curl_easy_getinfo(easy, CURLINFO_PRIVATE, &name);                 /* pointer */
      curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);         /* long */
      curl_easy_getinfo(easy, CURLINFO_SIZE_DOWNLOAD_T, &downloaded);   /* curl_off_t */
      printf("%s: result %d status %ld downloaded %lld\n", name ? name : "?", (int)message->data.result, status,
             (long long)downloaded);
      curl_multi_remove_handle(multi, easy);
      curl_easy_cleanup(easy);
      done++;
    }
  }
  printf("cover body: %s\n", cover_body.data);
  printf("callbacks: socket %d timer %d assigned %d\n", socket_calls, timer_calls, assigned_seen);
  printf("mapped after: %s\n", libcurl_mapped() == 1 ? "yes" : "no");
  curl_slist_free_all(headers);
  curl_multi_cleanup(multi);
  return done == 2 ? 0 : 1;
}
