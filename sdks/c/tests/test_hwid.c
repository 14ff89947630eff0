/* chaveiro_hwid: the format, the salt, the Linux sources (in a directory tree standing in for
 * the root) and the SMBIOS walk. */
#include <stdlib.h>

#include <sodium.h>

#include "hwid.h"
#include "support.h"

#ifdef _WIN32
#  include <direct.h>
#  define make_dir(path) _mkdir(path)
#else
#  include <sys/stat.h>
#  define make_dir(path) mkdir(path, 0755)
#endif

static int matches_pattern(const char *hwid) {
  size_t len = strlen(hwid);
  return len >= 8 && len <= 128 &&
         strspn(hwid, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-") == len;
}

static void write_file(const char *root, const char *path, const char *text) {
  char full[256];
  snprintf(full, sizeof full, "%s", root);
  make_dir(full);
  /* Create each directory of `path` under root. */
  const char *p = path;
  while ((p = strchr(p + 1, '/')) != NULL) {
    snprintf(full, sizeof full, "%s%.*s", root, (int)(p - path), path);
    make_dir(full);
  }
  snprintf(full, sizeof full, "%s%s", root, path);
  FILE *f = fopen(full, "wb");
  if (!f) {
    CHECK(f != NULL);
    return;
  }
  fputs(text, f);
  fclose(f);
}

static void remove_file(const char *root, const char *path) {
  char full[256];
  snprintf(full, sizeof full, "%s%s", root, path);
  remove(full);
}

/* The files the tests write: removed first, so that a run does not see the last one's. */
static void clear_root(const char *root) {
  static const char *const files[] = {
      "/etc/machine-id", "/var/lib/dbus/machine-id", "/sys/class/dmi/id/sys_vendor",
      "/sys/class/dmi/id/product_name", "/sys/class/dmi/id/board_vendor",
      "/sys/class/dmi/id/board_name", "/sys/class/dmi/id/product_uuid"};
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) remove_file(root, files[i]);
}

static const char *linux_hwid(const char *root, const char *product) {
  static char id[CHAVEIRO_HWID_BUFFER_SIZE];
  chaveiro_status status = chv_hwid_linux(root, product, id, sizeof id);
  return status == CHAVEIRO_OK ? id : chaveiro_status_name(status);
}

static void test_the_id_is_salted_hashed_parts(void) {
  chv_hwid_component parts[] = {{"machine-id", "0123456789abcdef0123456789abcdef"},
                                {"dmi-model", NULL}};
  char a[CHAVEIRO_HWID_BUFFER_SIZE], b[CHAVEIRO_HWID_BUFFER_SIZE];
  CHECK_INT(chv_hwid_compose("prod_1", "l1", parts, 2, a, sizeof a), CHAVEIRO_OK);
  CHECK_INT(strlen(a), 3 + 20 + 2);
  CHECK(strncmp(a, "l1.", 3) == 0 && strcmp(a + 23, ".0") == 0);
  CHECK(matches_pattern(a));
  CHECK(strstr(a, "0123456789abcdef") == NULL);
  /* Another product sees an unrelated id for the same machine. */
  CHECK_INT(chv_hwid_compose("prod_2", "l1", parts, 2, b, sizeof b), CHAVEIRO_OK);
  CHECK(strcmp(a, b) != 0);
  /* The component's name is part of the hash: a value moved to another slot differs. */
  chv_hwid_component renamed[] = {{"dmi-product-uuid", "0123456789abcdef0123456789abcdef"},
                                  {"dmi-model", NULL}};
  CHECK_INT(chv_hwid_compose("prod_1", "l1", renamed, 2, b, sizeof b), CHAVEIRO_OK);
  CHECK(strcmp(a, b) != 0);
  CHECK_INT(chv_hwid_compose("prod_1", "l1", parts, 2, b, 10), CHAVEIRO_E_BUFFER_TOO_SMALL);
}

static void test_linux_reads_machine_id_and_the_dmi_model(void) {
  const char *root = "hwid-root-a";
  clear_root(root);
  write_file(root, "/etc/machine-id", "4c4c4544004a3510804cb2c04f4e5931\n");
  char first[CHAVEIRO_HWID_BUFFER_SIZE];
  snprintf(first, sizeof first, "%s", linux_hwid(root, "prod_1"));
  CHECK(strncmp(first, "l1.", 3) == 0 && matches_pattern(first));
  CHECK(strcmp(first + strlen(first) - 2, ".0") == 0); /* no DMI in this tree */
  CHECK_STR(linux_hwid(root, "prod_1"), first);     /* stable */
  CHECK(strcmp(linux_hwid(root, "prod_2"), first) != 0);

  /* The DMI model changes the second part only. */
  write_file(root, "/sys/class/dmi/id/sys_vendor", "Dell Inc.\n");
  write_file(root, "/sys/class/dmi/id/product_name", "Latitude 7420\n");
  write_file(root, "/sys/class/dmi/id/board_vendor", "Dell Inc.\n");
  write_file(root, "/sys/class/dmi/id/board_name", "07MHG4\n");
  char with_model[CHAVEIRO_HWID_BUFFER_SIZE];
  snprintf(with_model, sizeof with_model, "%s", linux_hwid(root, "prod_1"));
  CHECK(strncmp(with_model, first, 23) == 0 && strcmp(with_model, first) != 0);
  CHECK(strstr(with_model, "Dell") == NULL);

  /* The root-only product_uuid is not mixed in beside a machine-id (sudo or not: one id). */
  write_file(root, "/sys/class/dmi/id/product_uuid", "4c4c4544-004a-3510-804c-b2c04f4e5931\n");
  CHECK_STR(linux_hwid(root, "prod_1"), with_model);

  /* Whitespace around the value is not part of it. */
  write_file(root, "/etc/machine-id", "  4c4c4544004a3510804cb2c04f4e5931  \r\n");
  CHECK_STR(linux_hwid(root, "prod_1"), with_model);
}

static void test_linux_falls_back_to_dbus_then_to_the_product_uuid(void) {
  const char *root = "hwid-root-b";
  clear_root(root);
  write_file(root, "/var/lib/dbus/machine-id", "4c4c4544004a3510804cb2c04f4e5931\n");
  char dbus[CHAVEIRO_HWID_BUFFER_SIZE];
  snprintf(dbus, sizeof dbus, "%s", linux_hwid(root, "prod_1"));
  CHECK(matches_pattern(dbus));
  remove_file(root, "/var/lib/dbus/machine-id");
  CHECK_STR(linux_hwid(root, "prod_1"), "CHAVEIRO_E_UNAVAILABLE");
  write_file(root, "/sys/class/dmi/id/product_uuid", "00000000-0000-0000-0000-000000000000\n");
  CHECK_STR(linux_hwid(root, "prod_1"), "CHAVEIRO_E_UNAVAILABLE");
  write_file(root, "/sys/class/dmi/id/product_uuid", "4c4c4544-004a-3510-804c-b2c04f4e5931\n");
  const char *from_uuid = linux_hwid(root, "prod_1");
  CHECK(matches_pattern(from_uuid));
  CHECK(strcmp(from_uuid, dbus) != 0);
  write_file(root, "/etc/machine-id", "\n");
  CHECK(matches_pattern(linux_hwid(root, "prod_1"))); /* an empty machine-id counts as none */
}

/* An SMBIOS table: a type-0 structure with strings, a type-1 with `uuid`, the end marker. */
static size_t smbios_table(uint8_t *t, const uint8_t uuid[16]) {
  size_t n = 0;
  uint8_t bios[] = {0, 0x18, 0x00, 0x00, 1, 2, 0x00, 0xF0, 3, 0, 0, 0, 0, 0, 0, 0,
                    0, 0,    0,    0,    0, 0, 0,    0};
  memcpy(t + n, bios, sizeof bios);
  n += sizeof bios;
  memcpy(t + n, "Vendor\0Version 1.0\0\0", 20);
  n += 20;
  uint8_t system[0x1B] = {1, 0x1B, 0x01, 0x00, 1, 2, 0, 0};
  memcpy(system + 8, uuid, 16);
  memcpy(t + n, system, sizeof system);
  n += sizeof system;
  memcpy(t + n, "Maker\0Model\0\0", 13);
  n += 13;
  uint8_t end[] = {127, 4, 0x02, 0x00, 0, 0};
  memcpy(t + n, end, sizeof end);
  return n + sizeof end;
}

static void test_the_smbios_walk_finds_the_system_uuid(void) {
  uint8_t table[256], found[16];
  const uint8_t uuid[16] = {0x44, 0x45, 0x4c, 0x4c, 0x4a, 0x00, 0x10, 0x35,
                            0x80, 0x4c, 0xb2, 0xc0, 0x4f, 0x4e, 0x59, 0x31};
  size_t len = smbios_table(table, uuid);
  CHECK_INT(chv_smbios_system_uuid(table, len, found), 0);
  CHECK(memcmp(found, uuid, 16) == 0);
  /* Cut anywhere, the walk stops without reading past the end. */
  int found_in_prefix = 0;
  for (size_t cut = 0; cut < len; cut++) {
    uint8_t *copy = malloc(cut ? cut : 1);
    memcpy(copy, table, cut);
    found_in_prefix += chv_smbios_system_uuid(copy, cut, found) == 0;
    free(copy);
  }
  CHECK(found_in_prefix > 0);
  uint8_t unset[16];
  memset(unset, 0xFF, sizeof unset);
  len = smbios_table(table, unset);
  CHECK_INT(chv_smbios_system_uuid(table, len, found), -1);
  memset(unset, 0, sizeof unset);
  len = smbios_table(table, unset);
  CHECK_INT(chv_smbios_system_uuid(table, len, found), -1);
  table[1] = 2; /* a structure shorter than its header */
  CHECK_INT(chv_smbios_system_uuid(table, len, found), -1);
}

static void test_this_machine_has_a_stable_id_in_the_pattern(void) {
  char a[CHAVEIRO_HWID_BUFFER_SIZE], b[CHAVEIRO_HWID_BUFFER_SIZE];
  chaveiro_status status = chaveiro_hwid("prod_1", a, sizeof a);
  if (status == CHAVEIRO_E_UNAVAILABLE) {
    printf("  (no machine identifier readable here)\n");
  } else {
    CHECK_INT(status, CHAVEIRO_OK);
    CHECK(matches_pattern(a));
    CHECK_INT(chaveiro_hwid("prod_1", b, sizeof b), CHAVEIRO_OK);
    CHECK_STR(b, a);
    printf("  this machine: %s\n", a);
  }
  CHECK_INT(chaveiro_hwid("prod_1", a, 64), CHAVEIRO_E_BUFFER_TOO_SMALL);
  CHECK_INT(chaveiro_hwid(NULL, a, sizeof a), CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(chaveiro_hwid("", a, sizeof a), CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(chaveiro_hwid("prod_1", NULL, 0), CHAVEIRO_E_INVALID_ARGUMENT);
}

int main(void) {
  if (sodium_init() < 0) return 1;
  RUN(test_the_id_is_salted_hashed_parts);
  RUN(test_linux_reads_machine_id_and_the_dmi_model);
  RUN(test_linux_falls_back_to_dbus_then_to_the_product_uuid);
  RUN(test_the_smbios_walk_finds_the_system_uuid);
  RUN(test_this_machine_has_a_stable_id_in_the_pattern);
  return test_summary("test_hwid");
}
