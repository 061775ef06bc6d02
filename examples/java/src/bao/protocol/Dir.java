package bao.protocol;

/** The direction of the first sowing, seen from the mover. */
public enum Dir {
  L,
  R
}
