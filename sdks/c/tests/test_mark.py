#!/usr/bin/python3
"""The mark slot (include/chaveiro/mark.h) in a built binary: present exactly once after an
optimised build that drops unused sections; a mark record written there as the server writes it
is read back at run time as the delivery id; an edited record reads as altered.

Usage: test_mark.py BINARY... [-- WRAPPER...]     e.g. `mark_c.exe mark_cpp.exe -- wine`
"""
import hashlib
import hmac
import os
import shutil
import subprocess
import sys
import tempfile
import uuid

SLOT = b"CHVSLOT1" + b"Z" * 56


def record(delivery, original_sha256):
    """docs/sdk.md: CHVMARK1 | 0x01 | 7 zero bytes | delivery id | HMAC-SHA256 (a test key)."""
    mac = hmac.new(b"test-mark-key", b"chaveiro-mark-v1" + original_sha256 + delivery.bytes,
                   hashlib.sha256).digest()
    return b"CHVMARK1" + b"\x01" + b"\0" * 7 + delivery.bytes + mac


def run(wrapper, path):
    out = subprocess.run(wrapper + [path], capture_output=True, timeout=120)
    return out.stdout.decode().strip()


def main():
    args = sys.argv[1:]
    wrapper = []
    if "--" in args:
        wrapper = [part for part in args[args.index("--") + 1:] if part]
        args = args[:args.index("--")]
    failures = 0
    work = tempfile.mkdtemp(prefix="chaveiro-mark-")
    try:
        for binary in args:
            name = os.path.basename(binary)
            data = open(binary, "rb").read()
            problems = []
            if data.count(SLOT) != 1:
                problems.append(f"the slot appears {data.count(SLOT)} times")
            if run(wrapper, binary) != "blank":
                problems.append("the blank slot does not read as blank")
            delivery = uuid.UUID("0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b")
            marked_path = os.path.join(work, "marked-" + name)
            at = data.find(SLOT)
            marked = data[:at] + record(delivery, hashlib.sha256(data).digest()) + data[at + 64:]
            with open(marked_path, "wb") as f:
                f.write(marked)
            shutil.copymode(binary, marked_path)
            got = run(wrapper, marked_path)
            if got != str(delivery):
                problems.append(f"the marked copy reads {got!r}")
            altered = bytearray(marked)
            altered[at + 8] = 0x02
            altered_path = os.path.join(work, "altered-" + name)
            with open(altered_path, "wb") as f:
                f.write(altered)
            shutil.copymode(binary, altered_path)
            if run(wrapper, altered_path) != "altered":
                problems.append("an edited record does not read as altered")
            if problems:
                failures += 1
                print(f"FAIL {name}: {'; '.join(problems)}")
            else:
                print(f"ok   {name}: one slot, the mark read back as {delivery}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
