"""The engine process bao_oracle.check gives `bao-oracle check`: it relays
the protocol between its standard input and output and the Unix socket on
which the test process serves the engine object (bao_oracle/_check.py).
Run as a script, the standard library only:

    python3 _relay.py SOCKET
"""

import os
import select
import socket
import sys


def main() -> int:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(sys.argv[1])
    stdin, stdout = sys.stdin.fileno(), sys.stdout.fileno()
    inputs = [stdin, sock.fileno()]
    while True:
        for fd in select.select(inputs, [], [])[0]:
            if fd == stdin:
                data = os.read(stdin, 65536)
                if data:
                    sock.sendall(data)
                else:  # the checker closed our input: the session's end of input
                    sock.shutdown(socket.SHUT_WR)
                    inputs.remove(stdin)
            else:
                data = sock.recv(65536)
                if not data:  # the session ended (quit, or the end of input)
                    return 0
                view = memoryview(data)
                while view:
                    view = view[os.write(stdout, view):]


if __name__ == "__main__":
    sys.exit(main())
