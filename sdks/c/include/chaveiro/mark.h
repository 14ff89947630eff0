/*
 * Chaveiro delivery mark: the slot a seller reserves in the product DLL (the file being sold),
 * where the server writes, for each delivery, a record naming that delivery (docs/sdk.md,
 * "Marking the product file"). Header-only C/C++: the product DLL does not link the SDK.
 *
 * In ONE source file of the DLL, at file scope:
 *
 *     #include <chaveiro/mark.h>
 *     CHAVEIRO_DECLARE_MARK_SLOT();
 *
 * and, where the DLL wants its delivery id (a log line, a watermark on screen, a support
 * dialog):
 *
 *     char delivery[CHAVEIRO_MARK_ID_BUFFER_SIZE];
 *     if (chaveiro_mark_read(chaveiro_mark_slot, delivery) == 1) { ... }
 *
 * The slot is 64 bytes: ASCII "CHVSLOT1" then 56 'Z'. The server looks for the first
 * occurrence of exactly those 64 bytes and replaces them with the mark record: "CHVMARK1",
 * version 0x01, 7 zero bytes, the delivery id (16 raw UUID bytes), an HMAC-SHA256 (32 bytes)
 * that only the server can compute. Nothing else in the DLL may hold those 64 bytes: this
 * header never spells them out anywhere but in the slot's initializer.
 *
 * What keeps the slot in the binary: it is a volatile const object with external linkage (no
 * compiler may fold or drop what it might be asked to read at run time); GCC and Clang mark it
 * `used` (and `retain` on ELF, against the linker's --gc-sections); MSVC is told to keep the
 * symbol (/INCLUDE), which /OPT:REF then honours.
 */
#ifndef CHAVEIRO_MARK_H
#define CHAVEIRO_MARK_H

/** The slot's size, and the mark record's. */
#define CHAVEIRO_MARK_SLOT_SIZE 64
/** A delivery id as text: 36 characters (8-4-4-4-12 lower-case hex) and the NUL. */
#define CHAVEIRO_MARK_ID_BUFFER_SIZE 37

/* The initializer, written character by character so that the 64-byte pattern exists once in
 * the compiled DLL: in the slot. */
#define CHAVEIRO_MARK_Z8_ 'Z', 'Z', 'Z', 'Z', 'Z', 'Z', 'Z', 'Z'
#define CHAVEIRO_MARK_SLOT_INITIALIZER                                                          \
  {'C', 'H', 'V', 'S', 'L', 'O', 'T', '1', CHAVEIRO_MARK_Z8_, CHAVEIRO_MARK_Z8_,               \
   CHAVEIRO_MARK_Z8_, CHAVEIRO_MARK_Z8_, CHAVEIRO_MARK_Z8_, CHAVEIRO_MARK_Z8_, CHAVEIRO_MARK_Z8_}

#ifdef __cplusplus
#  define CHAVEIRO_MARK_LINKAGE_ extern "C"
#  define CHAVEIRO_MARK_DEFINITION_ extern "C"
#else
#  define CHAVEIRO_MARK_LINKAGE_ extern
#  define CHAVEIRO_MARK_DEFINITION_
#endif

#if defined(_MSC_VER)
#  if defined(_M_IX86)
#    define CHAVEIRO_MARK_KEEP_ __pragma(comment(linker, "/INCLUDE:_chaveiro_mark_slot"))
#  else
#    define CHAVEIRO_MARK_KEEP_ __pragma(comment(linker, "/INCLUDE:chaveiro_mark_slot"))
#  endif
#  define CHAVEIRO_MARK_ATTRIBUTES_
#elif defined(__GNUC__) || defined(__clang__)
#  define CHAVEIRO_MARK_KEEP_
#  if defined(__ELF__) && defined(__has_attribute)
#    if __has_attribute(retain)
#      define CHAVEIRO_MARK_ATTRIBUTES_ __attribute__((used, retain))
#    endif
#  endif
#  ifndef CHAVEIRO_MARK_ATTRIBUTES_
#    define CHAVEIRO_MARK_ATTRIBUTES_ __attribute__((used))
#  endif
#else
#  define CHAVEIRO_MARK_KEEP_
#  define CHAVEIRO_MARK_ATTRIBUTES_
#endif

/** Declares the slot (for files other than the one that defines it). */
CHAVEIRO_MARK_LINKAGE_ volatile const unsigned char chaveiro_mark_slot[CHAVEIRO_MARK_SLOT_SIZE];

/** Defines the slot: once per DLL, at file scope. */
#define CHAVEIRO_DECLARE_MARK_SLOT()                                                            \
  CHAVEIRO_MARK_KEEP_                                                                           \
  CHAVEIRO_MARK_DEFINITION_ CHAVEIRO_MARK_ATTRIBUTES_ volatile const unsigned char              \
      chaveiro_mark_slot[CHAVEIRO_MARK_SLOT_SIZE] = CHAVEIRO_MARK_SLOT_INITIALIZER

/**
 * Reads the slot at run time: 1 when it holds a mark record (`out` receives the delivery id,
 * "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"), 0 when it is still the blank slot (a build that was
 * never delivered, e.g. the seller's own), -1 when it holds anything else (altered). The MAC is
 * the server's to check ("Rastrear vazamento"); the DLL cannot, and need not.
 */
static inline int chaveiro_mark_read(const volatile unsigned char *slot,
                                     char out[CHAVEIRO_MARK_ID_BUFFER_SIZE]) {
  static const char magic[8] = {'C', 'H', 'V', 'M', 'A', 'R', 'K', '1'};
  static const char blank[8] = {'C', 'H', 'V', 'S', 'L', 'O', 'T', '1'};
  static const char digits[] = "0123456789abcdef";
  unsigned char copy[CHAVEIRO_MARK_SLOT_SIZE];
  int i, is_blank = 1, is_mark = 1, at = 0;
  for (i = 0; i < CHAVEIRO_MARK_SLOT_SIZE; i++) copy[i] = slot[i];
  out[0] = '\0';
  for (i = 0; i < 8; i++) {
    is_blank &= copy[i] == (unsigned char)blank[i];
    is_mark &= copy[i] == (unsigned char)magic[i];
  }
  for (i = 8; i < CHAVEIRO_MARK_SLOT_SIZE; i++) is_blank &= copy[i] == 'Z';
  if (is_blank) return 0;
  is_mark &= copy[8] == 0x01;
  for (i = 9; i < 16; i++) is_mark &= copy[i] == 0;
  if (!is_mark) return -1;
  for (i = 0; i < 16; i++) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out[at++] = '-';
    out[at++] = digits[copy[16 + i] >> 4];
    out[at++] = digits[copy[16 + i] & 15];
  }
  out[at] = '\0';
  return 1;
}

#endif /* CHAVEIRO_MARK_H */
