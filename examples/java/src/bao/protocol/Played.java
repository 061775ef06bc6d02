package bao.protocol;

import java.util.List;

/**
 * What {@link Engine#play} returns: the engine's state after the move, and
 * the {@code trace} answer as a list of items ({@code ["lift A6 2", "sow
 * A5", ...]}), or null when the engine gives no trace.
 */
public record Played<S>(S state, List<String> trace) {}
