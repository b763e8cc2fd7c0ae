#ifndef VIBES_IMAGE_H
#define VIBES_IMAGE_H

#include <stddef.h>
#include <stdint.h>

/// Reads a JPEG or PNG header: 1 and the size on success, 0 when the bytes are not an image stb_image can read.
int vibes_image_info(const uint8_t *data, size_t length, int *width, int *height);

/// Decodes a JPEG or PNG into 8-bit RGB (3 bytes per pixel, rows top to bottom). Refuses (returns NULL) when the
/// header's width × height is over max_pixels, before any pixel memory is allocated. Free with vibes_image_free.
uint8_t *vibes_image_decode_rgb(const uint8_t *data, size_t length, long max_pixels, int *width, int *height);

void vibes_image_free(uint8_t *pixels);

#endif
