package bao.protocol;

import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Serves the protocol on a byte stream: the request loop, framing and line limits. */
public final class Server {
  /** A request may be up to this many bytes, a '\r' before the '\n' included. */
  public static final int MAX_LINE_BYTES = 65536;

  private Server() {}

  /**
   * Serves {@code engine} on standard input and output until {@code quit} or
   * the end of input, then exits with status 0 (1 when the output failed).
   */
  public static <S> void serveAndExit(Engine<S> engine) {
    // The streams of the descriptors themselves: System.out would swallow a
    // write error (a peer that has gone), which must end the session.
    System.exit(serve(engine, new FileInputStream(FileDescriptor.in), new FileOutputStream(FileDescriptor.out)));
  }

  /**
   * Serves the protocol on {@code input} and {@code output}; returns the exit
   * status. Bytes are read as Latin-1, so no input can fail to decode. Each
   * answer is flushed before the next read that could wait, so a peer
   * waiting for an answer always has it.
   */
  public static <S> int serve(Engine<S> engine, InputStream input, OutputStream output) {
    Session<S> session = new Session<>(engine);
    byte[] buffer = new byte[65536];
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    ByteArrayOutputStream answers = new ByteArrayOutputStream();
    boolean tooLong = false; // the line being read is past MAX_LINE_BYTES
    try {
      for (;;) {
        int n = input.read(buffer);
        if (n < 0) {
          // End of input: a last line without '\n' is still answered.
          if (line.size() > 0 || tooLong) answer(session, line, tooLong, answers);
          flush(answers, output);
          return 0;
        }
        int start = 0;
        while (start < n) {
          int nl = start;
          while (nl < n && buffer[nl] != '\n') nl++;
          if (!tooLong) {
            if (line.size() + (nl - start) > MAX_LINE_BYTES) {
              // The rest of this line is read and thrown away, never stored.
              tooLong = true;
              line.reset();
            } else {
              line.write(buffer, start, nl - start);
            }
          }
          if (nl == n) break;
          answer(session, line, tooLong, answers);
          line.reset();
          tooLong = false;
          start = nl + 1;
          if (session.done()) {
            flush(answers, output);
            return 0;
          }
        }
        // Nothing more read yet: the peer may be waiting for our answers.
        flush(answers, output);
      }
    } catch (IOException e) {
      return 1;
    }
  }

  private static <S> void answer(Session<S> session, ByteArrayOutputStream line, boolean tooLong,
      ByteArrayOutputStream answers) {
    String response = tooLong || line.size() > MAX_LINE_BYTES ? "? line too long"
        : session.handle(line.toString(StandardCharsets.ISO_8859_1));
    answers.writeBytes(response.getBytes(StandardCharsets.ISO_8859_1));
    answers.write('\n');
  }

  private static void flush(ByteArrayOutputStream answers, OutputStream output) throws IOException {
    if (answers.size() == 0) return;
    answers.writeTo(output);
    output.flush();
    answers.reset();
  }
}
