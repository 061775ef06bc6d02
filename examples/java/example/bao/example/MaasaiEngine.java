package bao.example;

import bao.protocol.Server;

/**
 * An example Bao engine for the ruleset {@code site-maasai}, speaking the Bao
 * engine protocol on standard input and output:
 *
 * <pre>java -cp out bao.example.MaasaiEngine</pre>
 *
 * <p>See README.md: {@code bao.protocol} is the protocol side, SiteMaasai the
 * rules; an engine of your own replaces the second and keeps the first.
 */
public final class MaasaiEngine {
  private MaasaiEngine() {}

  public static void main(String[] args) {
    Server.serveAndExit(new SiteMaasai());
  }
}
