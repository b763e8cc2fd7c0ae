// stb_image compiled into vibes (JPEG and PNG only): no shared library is loaded at start-up for images.
// The header comes from Debian's libstb-dev (/usr/include/stb/stb_image.h; public domain or MIT).
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_JPEG
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include <stb/stb_image.h>
#pragma GCC diagnostic pop

#include "vibes_image.h"

int vibes_image_info(const uint8_t *data, size_t length, int *width, int *height) {
  int components = 0;
  if (length == 0 || length > 0x7fffffff) return 0;
  return stbi_info_from_memory(data, (int)length, width, height, &components);
}

uint8_t *vibes_image_decode_rgb(const uint8_t *data, size_t length, long max_pixels, int *width, int *height) {
  int w = 0, h = 0, components = 0;
  if (!vibes_image_info(data, length, &w, &h)) return NULL;
  if (w <= 0 || h <= 0 || (long)w * (long)h > max_pixels) return NULL;
  uint8_t *pixels = stbi_load_from_memory(data, (int)length, &w, &h, &components, 3);
  if (pixels == NULL) return NULL;
  *width = w;
  *height = h;
  return pixels;
}

void vibes_image_free(uint8_t *pixels) { stbi_image_free(pixels); }
