/* A product DLL's part, built as a program: the slot declared as docs/sdk.md shows, read back
 * at run time. Prints "blank", "altered" or the delivery id. Built -O2 with unused sections
 * collected, so the slot must survive on its own. */
#include <stdio.h>

#include "chaveiro/mark.h"

CHAVEIRO_DECLARE_MARK_SLOT();

int main(void) {
  char delivery[CHAVEIRO_MARK_ID_BUFFER_SIZE];
  int found = chaveiro_mark_read(chaveiro_mark_slot, delivery);
  puts(found == 1 ? delivery : found == 0 ? "blank" : "altered");
  return 0;
}
