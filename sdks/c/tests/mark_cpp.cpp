// The same from C++: the slot keeps C linkage (one name for the linker to keep).
#include <cstdio>

#include "chaveiro/mark.h"

CHAVEIRO_DECLARE_MARK_SLOT();

int main() {
  char delivery[CHAVEIRO_MARK_ID_BUFFER_SIZE];
  int found = chaveiro_mark_read(chaveiro_mark_slot, delivery);
  std::puts(found == 1 ? delivery : found == 0 ? "blank" : "altered");
  return 0;
}
