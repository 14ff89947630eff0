#!/usr/bin/python3
"""The DESIGN budget of the native SDK: auth + download of a 1 MB file + 10 heartbeats against a
local server, in CPU time of the loader process (user + system), network waits excluded by
nature. Runs the example loader (a release build) against tests/fake_server.py.

Usage: measure-cpu.py path/to/chaveiro-console-loader [runs]
"""
import os
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
loader = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
env = dict(os.environ, CHAVEIRO_FAKE_FILE_BYTES=str(1024 * 1024))
server = subprocess.Popen([sys.executable, os.path.join(HERE, "..", "tests", "fake_server.py"),
                           "ok"], stdout=subprocess.PIPE, text=True, env=env)
port = int(server.stdout.readline())
out = os.path.join(tempfile.mkdtemp(), "aim.dll")
times = []
try:
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        run = subprocess.run([loader, "--server", f"http://127.0.0.1:{port}", "--product", "p",
                              "--public-key", "A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=",
                              "--key", "K", "--hwid", "test-machine-0001", "--out", out,
                              "--beats", "10"], capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if run.returncode != 0 or os.path.getsize(out) != 1024 * 1024:
            sys.exit(f"loader failed: {run.returncode}\n{run.stderr.decode()}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        times.append(cpu * 1000)
finally:
    server.kill()
times.sort()
print(f"auth + 1 MB download + 10 heartbeats, loader CPU over {runs} runs: "
      f"median {times[len(times) // 2]:.1f} ms, max {times[-1]:.1f} ms (budget 50 ms)")
