// Encodes a seeded pseudo-random RGB image with libjpeg (size, luma sampling, restart interval,
// gray, quality, progressive), then decodes it with libjpeg's default settings (as Pillow does)
// and writes the JPEG and the raw pixels: the reference for kiln's ImageDecoder JPEG decoder
// (tests/images/jpeg_vs_libjpeg.py).
// usage: libjpeg_encode_decode W H HSAMP VSAMP RESTART GRAY QUALITY OUT.jpg OUT.raw PROGRESSIVE
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
int main(int argc, char **argv) {
  int w = atoi(argv[1]), h = atoi(argv[2]), hs = atoi(argv[3]), vs = atoi(argv[4]);
  int restart = atoi(argv[5]), gray = atoi(argv[6]), quality = atoi(argv[7]);
  const char *out_jpg = argv[8], *out_raw = argv[9];
  int comps = gray ? 1 : 3;
  unsigned char *img = malloc(w * h * 3);
  unsigned s = 12345;
  for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) for (int c = 0; c < 3; c++) {
    s = s * 1103515245 + 12345;
    int smooth = (x * (c + 3) + y * (5 - c) * 2) % 256;
    img[(y * w + x) * 3 + c] = (unsigned char)((smooth + ((s >> 16) % 64)) % 256);
  }
  struct jpeg_compress_struct ci; struct jpeg_error_mgr je;
  ci.err = jpeg_std_error(&je); jpeg_create_compress(&ci);
  FILE *f = fopen(out_jpg, "wb"); jpeg_stdio_dest(&ci, f);
  ci.image_width = w; ci.image_height = h; ci.input_components = 3; ci.in_color_space = JCS_RGB;
  jpeg_set_defaults(&ci); jpeg_set_quality(&ci, quality, TRUE);
  if (gray) jpeg_set_colorspace(&ci, JCS_GRAYSCALE);
  else { ci.comp_info[0].h_samp_factor = hs; ci.comp_info[0].v_samp_factor = vs; }
  ci.restart_interval = restart;
  if (argc > 10 && atoi(argv[10])) jpeg_simple_progression(&ci);
  jpeg_start_compress(&ci, TRUE);
  while (ci.next_scanline < ci.image_height) { JSAMPROW r = img + ci.next_scanline * w * 3; jpeg_write_scanlines(&ci, &r, 1); }
  jpeg_finish_compress(&ci); fclose(f); jpeg_destroy_compress(&ci);
  struct jpeg_decompress_struct di; di.err = jpeg_std_error(&je); jpeg_create_decompress(&di);
  f = fopen(out_jpg, "rb"); jpeg_stdio_src(&di, f); jpeg_read_header(&di, TRUE);
  jpeg_start_decompress(&di);
  FILE *o = fopen(out_raw, "wb");
  unsigned char *row = malloc(di.output_width * di.output_components);
  while (di.output_scanline < di.output_height) { jpeg_read_scanlines(&di, &row, 1); fwrite(row, 1, di.output_width * di.output_components, o); }
  jpeg_finish_decompress(&di); fclose(o); fclose(f);
  printf("%d %d %d\n", di.output_width, di.output_height, di.output_components);
  return 0;
}
