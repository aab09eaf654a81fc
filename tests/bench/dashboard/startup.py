#!/usr/bin/python3
"""One launch of `osprey dashboard` in a pseudo-terminal of 120x40, its output
fed to a terminal emulator (pyte) as it comes: prints the milliseconds from
the launch to each screen below, as "name=ms" pairs. The reader only waits on
the terminal, so it takes no CPU from the dashboard (unlike polling tmux).

  startup.py OSPREY HOME
  startup.py - -      the same for /bin/echo, the cost of the harness itself
"""
import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time

import pyte

osprey, home = sys.argv[1], sys.argv[2]
# (name, text the screen shows, key sent once it does)
marks = [
    ("first_frame", " osprey ", None),
    ("pipeline_names", "bench-100", None),
    ("first_screen_whole", "POST /hooks/bench-100", None),
    ("all_pipelines", "pipelines (1000)", b"2"),
    ("all_jobs", "jobs (10000)", b"q"),
]

if osprey == "-":
    marks = marks[:1]
screen = pyte.Screen(120, 40)
stream = pyte.ByteStream(screen)
fd, tty = os.openpty()
fcntl.ioctl(tty, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
argv = ["/bin/echo", " osprey "] if osprey == "-" else [osprey, "dashboard"]
env = dict(os.environ, OSPREY_HOME=home, TERM="xterm-256color")
t0 = time.monotonic()
# vfork and exec (no preexec_fn), so that the harness costs little
child = subprocess.Popen(argv, stdin=tty, stdout=tty, stderr=subprocess.DEVNULL, env=env,
                         start_new_session=True)
os.close(tty)

got = []
deadline = t0 + 20
while len(got) < len(marks):
    ready, _, _ = select.select([fd], [], [], max(deadline - time.monotonic(), 0))
    if not ready:
        sys.exit("never saw: " + marks[len(got)][1])
    stream.feed(os.read(fd, 1 << 16))
    now = time.monotonic()
    text = "\n".join(screen.display)
    while len(got) < len(marks) and marks[len(got)][1] in text:
        name, _, key = marks[len(got)]
        got.append("%s=%d" % (name, (now - t0) * 1000))
        if key:
            os.write(fd, key)
try:
    while os.read(fd, 1 << 16):
        pass
except OSError:
    pass
child.wait()
print(" ".join(got))
